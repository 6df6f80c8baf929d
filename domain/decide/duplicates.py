"""Before a write: did someone record this already? Is it the same medicine again too soon?

Compared with the same baby's live records the shell loaded (`Turn.recent_records`, about a day):
- a feed of the same kind within 30 minutes, amounts within 10% (no amount on either: same method
  and food) → `possible_duplicate`;
- a diaper within 10 minutes → `possible_duplicate`;
- a sleep that overlaps one on record (an open one runs until now) → `possible_duplicate`;
- the same medicine again before its interval (the earlier dose's next_dose_after_h, else this
  one's, else 4 hours) → `dose_too_soon`.
A possible duplicate is asked with `choose:same` (nothing is written, the task is closed) and
`choose:another` (written); a dose too soon is confirmed or cancelled (the question: create.twin_question;
the answer: twin_answers.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from domain.turn import RecordView, Turn
from domain.vocabulary import ConfirmReason, HealthKind, RecordType

FEED_WINDOW = timedelta(minutes=30)
DIAPER_WINDOW = timedelta(minutes=10)
AMOUNT_TOLERANCE = 0.10
DEFAULT_DOSE_INTERVAL_H = 4.0
TWIN_REASONS = frozenset({ConfirmReason.POSSIBLE_DUPLICATE, ConfirmReason.DOSE_TOO_SOON})


@dataclass(frozen=True)
class Twin:
    """A record on file that the new one may repeat, and why it matters."""

    record: RecordView
    reason: ConfirmReason
    interval_h: float | None = None


def earlier_twin(turn: Turn, record_type: RecordType, baby_id: int | None, fields: dict[str, Any]) -> Twin | None:
    same_baby = [r for r in turn.recent_records
                 if not r.deleted and r.baby_id == baby_id and r.type is record_type]
    for record in sorted(same_baby, key=lambda r: r.created_at, reverse=True):
        twin = _twin(turn.now, record_type, record, fields)
        if twin is not None:
            return twin
    return None


def _twin(now: datetime, record_type: RecordType, old: RecordView, new: dict[str, Any]) -> Twin | None:
    if record_type is RecordType.FEEDING and _same_feed(old.fields, new):
        return Twin(old, ConfirmReason.POSSIBLE_DUPLICATE)
    if record_type is RecordType.DIAPER and _apart(old.fields, new, "time") <= DIAPER_WINDOW:
        return Twin(old, ConfirmReason.POSSIBLE_DUPLICATE)
    if record_type is RecordType.SLEEP and _overlap(old.fields, new, now):
        return Twin(old, ConfirmReason.POSSIBLE_DUPLICATE)
    if record_type is RecordType.HEALTH:
        interval = _dose_interval(old.fields, new)
        if interval is not None and _apart(old.fields, new, "time") < timedelta(hours=interval):
            return Twin(old, ConfirmReason.DOSE_TOO_SOON, interval)
    return None


def _apart(old: dict[str, Any], new: dict[str, Any], key: str) -> timedelta:
    if not isinstance(old.get(key), datetime) or not isinstance(new.get(key), datetime):
        return timedelta.max
    return abs(new[key] - old[key])


def _same_feed(old: dict[str, Any], new: dict[str, Any]) -> bool:
    if old.get("kind") != new.get("kind") or _apart(old, new, "start") > FEED_WINDOW:
        return False
    if any(old.get(k) and new.get(k) and old[k] != new[k] for k in ("method", "food")):
        return False
    a, b = old.get("amount_ml"), new.get("amount_ml")
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= AMOUNT_TOLERANCE * max(a, b)


def _overlap(old: dict[str, Any], new: dict[str, Any], now: datetime) -> bool:
    if not isinstance(old.get("start"), datetime) or not isinstance(new.get("start"), datetime):
        return False
    old_end, new_end = old.get("end") or now, new.get("end") or now
    return old["start"] < new_end and new["start"] < old_end


def _dose_interval(old: dict[str, Any], new: dict[str, Any]) -> float | None:
    """The hours the earlier dose of the same medicine asks to wait; None when it is another medicine."""
    if old.get("kind") != HealthKind.MEDICATION.value or new.get("kind") != HealthKind.MEDICATION.value:
        return None
    a, b = _medicine(old.get("medication")), _medicine(new.get("medication"))
    if not a or not b or (a not in b and b not in a):
        return None
    return old.get("next_dose_after_h") or new.get("next_dose_after_h") or DEFAULT_DOSE_INTERVAL_H


def _medicine(name: Any) -> str:
    return "".join(str(name or "").casefold().split())


def writer_title(turn: Turn, record: RecordView) -> str | None:
    writer = next((m for m in turn.members if m.id == record.created_by), None)
    return (writer.title or writer.name) if writer else None
