"""One source row through the domain's own rules (`fields_for`, `missing_fields`, `problems`): the fields
to write, or why not — said in the source's words (the file's column and the text in it), with a hint
when the value would make sense in other units. An implausible value is imported with a warning that
names it — unless it is an ordinary value in the units the source's hint names (a height of 24 "cm" is
24 inches): that row is refused, naming the flag that reads it right. A bottle feed without an amount
(BabyBuddy allows one) is imported: its amount is unknown."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from bot.family.sources import Cell, Hint, Rejected, SourceRow
from domain.records import ENUM_FIELDS, TIME_FIELD, Problem, fields_for, missing_fields, problems
from domain.vocabulary import RecordType

# how a field is named and measured in a reason
WHAT = {"amount_ml": ("amount", "ml"), "amount_g": ("amount", "g"), "duration_min": ("duration", "min"),
        "weight_kg": ("weight", "kg"), "height_cm": ("height", "cm"), "head_cm": ("head circumference", "cm"),
        "temperature_c": ("temperature", "°C"), "dose": ("dose", ""), "next_dose_after_h": ("dose interval", "h"),
        "night_wakings": ("number of wakings", "")}
FATAL_FOR_IMPORT = ("future_time",)      # a time in the future is a mistake in a history, not a question


@dataclass(frozen=True)
class Checked:
    """A row the domain lets in: its fields, and what is worth a look."""

    fields: dict[str, Any]
    warnings: list[Rejected] = field(default_factory=list)
    amount_unknown: bool = False


def check_row(item: SourceRow, now: datetime, hint: Hint | None = None) -> Checked | Rejected:
    fields = fields_for(item.record_type, item.slots)
    amount_unknown = _bottle_without_amount(item.record_type, fields)
    missing = [m for m in missing_fields(item.record_type, fields) if not (amount_unknown and m == "amount_ml")]
    if missing:
        return _rejected(item, missing[0], "missing (a " + item.record_type.value.replace("_", " ") +
                         " needs it)")
    found = problems(item.record_type, fields, now)
    fatal = [p for p in found if p.fatal or p.code in FATAL_FOR_IMPORT or _advice(p, hint)]
    if fatal:
        return _rejected(item, _field_of(item.record_type, fatal[0].field, fields),
                         _reason(item.record_type, fatal[0], hint))
    warnings = [_rejected(item, _field_of(item.record_type, p.field, fields), _reason(item.record_type, p, hint))
                for p in found if p.code == "implausible"]
    if amount_unknown and fields.get("end") and not fields.get("duration_min"):
        minutes = (fields["end"] - fields["start"]) / timedelta(minutes=1)
        fields["duration_min"] = round(minutes, 1) if minutes >= 0.5 else None
        fields = {k: v for k, v in fields.items() if v is not None}
    return Checked(fields, warnings, amount_unknown)


def _bottle_without_amount(record_type: RecordType, fields: dict[str, Any]) -> bool:
    return record_type is RecordType.FEEDING and fields.get("amount_ml") is None and \
        "amount_ml" in missing_fields(record_type, fields)


def _field_of(record_type: RecordType, name: str, fields: dict[str, Any]) -> str:
    """The domain names a time problem `start`; a record kept at one time calls it `time`."""
    return TIME_FIELD[record_type] if name == "start" and "start" not in fields else name


def _rejected(item: SourceRow, name: str, reason: str) -> Rejected:
    cell = item.cells.get(name) or Cell(name, _text(item.slots.get(name)))
    return Rejected(item.file, item.line, reason, cell.column, cell.text)


def _advice(problem: Problem, hint: Hint | None) -> str | None:
    """What the source's hint says of an odd value (a length that is ordinary in inches): such a value is
    not imported as it stands — the operator reruns with the units it was typed in."""
    value = problem.values.get("value")
    if hint is None or problem.code not in ("implausible", "absurd") or not isinstance(value, (int, float)):
        return None
    return hint(problem.field, float(value))


def _reason(record_type: RecordType, problem: Problem, hint: Hint | None) -> str:
    what, unit = WHAT.get(problem.field, (problem.field.replace("_", " "), ""))
    value = problem.values.get("value")
    said = f"{_number(value)} {unit}".strip() if isinstance(value, (int, float)) else ""
    advice = _advice(problem, hint)
    if advice:
        return f"{said} is an unusual {what} ({advice})"
    phrase = _PHRASES.get((problem.code, problem.field)) or _PHRASES.get(problem.code) or problem.code
    reason = phrase.format(what=what, said=said, choices=_choices(record_type, problem.field))
    return f"{reason} ({advice})" if advice else reason


_PHRASES: dict[str | tuple[str, str], str] = {
    ("implausible", "end"): "longer than 14 hours; imported, check it",
    "negative": "a negative {what}",
    "absurd": "{said} is not a possible {what}",
    "implausible": "{said} is an unusual {what}; imported, check it",
    "unknown_value": "not one of {choices}",
    "end_before_start": "does not end after it starts",
    "too_long": "longer than 24 hours",
    "future_time": "in the future",
}


def _choices(record_type: RecordType, name: str) -> str:
    enum = ENUM_FIELDS.get((record_type, name))
    return ", ".join(e.value for e in enum) if enum else "the known values"


def _number(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _text(value: Any) -> str:
    if value is None:
        return ""
    return value.isoformat() if isinstance(value, datetime) else str(value)
