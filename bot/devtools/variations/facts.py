"""Base facts: a message a family would send and its known effect, read from the YAML files in `bases/`.

A file names its family (`zh`, `en_us`, `en_metric`: language, zone and units) and a default clock; each base:

    - id: formula-just
      say: 刚喝了90ml配方奶                 # the message that is varied
      write: [{type: feeding, kind: formula, amount_ml: 90, start: "15:00"}]
      orders: [配方奶刚喝了90ml]             # the same fact in another word order (optional)
      before: [喝了配方奶]                   # said first by the same member, two minutes apart (optional)
      given: [{type: sleep, start: "13:00"}] # records on file before (optional)
      clock: 2026-05-04T07:30               # when the message is said (optional)
      fails: wrote the coffee as a feed      # marked: the base itself does not give its effect (optional)

The effect is one of `write` / `update` (written at once), `confirm` / `confirm_update` (confirmed first:
health events, sleeps across midnight, corrections; the records are those written after the confirm) or
`answer: true` (a question, answered). Times are `HH:MM` on the clock's day or `YYYY-MM-DDTHH:MM`; a string
field starting with `~` matches any value containing the rest; amounts may carry a unit (`4oz`, `100.4F`,
`14lb5oz`, `24in`), converted to the vocabulary's metric fields.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml

from bot.devtools.scenarios.model import ExpectedRecord
from bot.devtools.variations.families import FAMILIES, language_of
from domain.records import FIELDS
from domain.units import INCH_CM, LB_KG, OZ_KG, OZ_ML, fahrenheit_to_c
from domain.vocabulary import RecordType

BASES = Path(__file__).resolve().parent / "bases"
EFFECTS = ("write", "update", "confirm", "confirm_update", "answer")
FILE_KEYS = frozenset({"family", "clock", "bases", "shared"})
BASE_KEYS = frozenset({"id", "say", "before", "given", "clock", "orders", "fails", *EFFECTS})
TIME_FIELDS = frozenset({"start", "end", "time"})


@dataclass(frozen=True)
class Effect:
    """What the base message does: `kind` (one of EFFECTS) and the records it writes or updates."""

    kind: str
    records: tuple[ExpectedRecord, ...] = ()

    @property
    def confirmed(self) -> bool:
        return self.kind.startswith("confirm")

    @property
    def updates(self) -> bool:
        return self.kind.endswith("update")

    @property
    def writes_at_once(self) -> bool:
        return self.kind in ("write", "update")


@dataclass(frozen=True)
class BaseFact:
    id: str                                    # "zh_feeding/formula-just": file and id
    family: str                                # a key of FAMILIES
    clock: datetime                            # naive local: when the message is said
    text: str
    effect: Effect
    before: tuple[str, ...] = ()
    given: tuple[ExpectedRecord, ...] = ()
    orders: tuple[str, ...] = ()
    fails: str | None = None

    @property
    def language(self) -> str:
        return language_of(self.family)

    @property
    def topic(self) -> str:
        """What the base is about, for the report: a record type, or `question`."""
        return "question" if self.effect.kind == "answer" else self.effect.records[0].type


class BaseFileError(ValueError):
    pass


def load_bases(folder: Path = BASES) -> list[BaseFact]:
    bases = [base for path in sorted(folder.glob("*.yaml")) for base in load_file(path)]
    seen: set[str] = set()
    for base in bases:
        if base.id in seen:
            raise BaseFileError(f"base {base.id}: the id is used twice")
        seen.add(base.id)
    return bases


def load_file(path: Path) -> list[BaseFact]:
    return parse_bases(path.read_text(encoding="utf-8"), path.stem)


def parse_bases(text: str, name: str) -> list[BaseFact]:
    """Every base of one file. YAML's BaseLoader keeps every scalar a string (`yes`, `15:00` stay words)."""
    data = yaml.load(text, Loader=yaml.BaseLoader)
    unknown = set(data) - FILE_KEYS if isinstance(data, dict) else {"(not a mapping)"}
    if unknown or data.get("family") not in FAMILIES or data.get("clock") is None:
        raise BaseFileError(f"{name}: a base file names its family ({', '.join(FAMILIES)}) and clock, "
                            f"then its bases (and `shared:` lists for YAML anchors); unknown keys {sorted(unknown)}")
    clock = datetime.fromisoformat(data["clock"])
    return [_base(name, data["family"], clock, item) for item in data.get("bases") or ()]


def _base(file: str, family: str, default_clock: datetime, item: dict[str, Any]) -> BaseFact:
    where = f"{file}: base {item.get('id')!r}"
    unknown = set(item) - BASE_KEYS
    if unknown or "id" not in item or "say" not in item:
        raise BaseFileError(f"{where}: needs id and say; unknown keys {sorted(unknown)}")
    clock = datetime.fromisoformat(item["clock"]) if "clock" in item else default_clock
    effects = [key for key in EFFECTS if key in item]
    if len(effects) != 1:
        raise BaseFileError(f"{where}: give exactly one effect of {', '.join(EFFECTS)}")
    kind = effects[0]
    records = () if kind == "answer" else tuple(_record(r, clock, where) for r in item[kind])
    if kind != "answer" and not records:
        raise BaseFileError(f"{where}: {kind} lists no record")
    return BaseFact(
        id=f"{file}/{item['id']}", family=family, clock=clock, text=item["say"],
        effect=Effect(kind, records), before=tuple(item.get("before") or ()),
        given=tuple(_record(r, clock, where, partial=False) for r in item.get("given") or ()),
        orders=tuple(item.get("orders") or ()), fails=item.get("fails"))


def _record(raw: dict[str, str], clock: datetime, where: str, partial: bool = True) -> ExpectedRecord:
    fields = dict(raw)
    kind = fields.pop("type", None)
    if kind not in {t.value for t in RecordType}:
        raise BaseFileError(f"{where}: record type {kind!r} is not in the vocabulary")
    unknown = set(fields) - set(FIELDS[RecordType(kind)])
    if unknown:
        raise BaseFileError(f"{where}: {kind} has no field {sorted(unknown)}")
    values = {name: field_value(name, value, clock) for name, value in fields.items()}
    if not partial and any(isinstance(v, str) and v.startswith("~") for v in values.values()):
        raise BaseFileError(f"{where}: a record on file has whole values, not `~` patterns")
    return ExpectedRecord(kind, values)


_NUMBER = re.compile(r"^-?\d+(?:\.\d+)?$")
_WEIGHT = re.compile(r"^(?:(\d+(?:\.\d+)?)lb)?(?:(\d+(?:\.\d+)?)oz)?$")


def field_value(name: str, value: str, clock: datetime) -> Any:
    """A field as written in a base file: a time, a bool, a number (possibly with a unit), or a string."""
    if value in ("null", "~"):
        return None
    if name in TIME_FIELDS:
        if re.fullmatch(r"\d{1,2}:\d{2}", value):
            hour, minute = map(int, value.split(":"))
            return clock.replace(hour=hour, minute=minute, second=0, microsecond=0)
        return datetime.fromisoformat(value)
    if value in ("true", "false"):
        return value == "true"
    if _NUMBER.match(value):
        return float(value) if "." in value else int(value)
    return _with_unit(name, value)


def _with_unit(name: str, value: str) -> Any:
    if name == "temperature_c" and value.endswith("F"):
        return fahrenheit_to_c(float(value[:-1]))
    if name == "amount_ml" and value.endswith("oz"):
        return round(float(value[:-2]) * OZ_ML, 2)
    if name in ("height_cm", "head_cm") and value.endswith("in"):
        return round(float(value[:-2]) * INCH_CM, 2)
    weight = _WEIGHT.match(value) if name == "weight_kg" else None
    if weight and any(weight.groups()):
        pounds, ounces = (float(g or 0) for g in weight.groups())
        return round(pounds * LB_KG + ounces * OZ_KG, 3)
    return value
