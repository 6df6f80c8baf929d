"""跟上次一样 / same as last time: a new record (or an answer to a task) with the values of the last one.

A record or supply reading that names the latest record of its type (`Extraction.reference`, which "latest")
and the words it repeats it from (`Extraction.estimated`) repeats that record: the values the message left
unsaid — a feed's kind, method and amount, a pumping's amount and side, a medicine and its dose — come from
the same baby's latest live record of that type (of the kind or medicine the message names, when it names
one). Nothing is written from here: the words in `estimated` make the decision that follows read the record
back. With no such record on file, or no baby to look one up for, nothing is filled and the bot asks for what
is missing.
"""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from domain.babies import baby_named
from domain.extraction import Intent, Slots
from domain.turn import RecordView, Turn
from domain.vocabulary import RecordType

REPEATED: dict[RecordType, tuple[str, ...]] = {
    RecordType.FEEDING: ("kind", "method", "amount_ml", "amount_g", "food", "duration_min"),
    RecordType.PUMPING: ("amount_ml", "side"),
    RecordType.HEALTH: ("kind", "medication", "dose", "dose_unit"),
}
_NAMES = ("kind", "method", "medication")         # said in the message: the last record must match them


def with_the_last_values(turn: Turn) -> Turn:
    """The turn with the repeated record's values filled in and the reference spent; any other turn as it is."""
    e = turn.extraction
    ref = e.reference
    if e.intent not in (Intent.RECORD, Intent.SUPPLY) or ref is None or ref.which != "latest" or not e.estimated \
            or ref.record_type not in REPEATED or e.record_type not in (None, ref.record_type):
        return turn
    last = last_like(turn, ref.record_type, e.slots)
    filled = {} if last is None else {name: last.fields[name] for name in REPEATED[ref.record_type]
                                      if getattr(e.slots, name) is None and last.fields.get(name) is not None}
    slots = e.slots.model_copy(update=filled)
    return replace(turn, extraction=e.model_copy(update={"slots": slots, "reference": None}))


def last_like(turn: Turn, record_type: RecordType, said: Slots) -> RecordView | None:
    """The baby's latest live record of `record_type` that agrees with what the message named."""
    baby = _baby_id(turn)
    if baby is None:
        return None
    named = {name: getattr(said, name) for name in _NAMES if getattr(said, name) is not None}
    fits = [r for r in turn.recent_records if r.type is record_type and r.baby_id == baby and not r.deleted
            and all(r.fields.get(k) in (v, None) for k, v in named.items())]
    return max(fits, key=_when, default=None)


def _baby_id(turn: Turn) -> int | None:
    named = baby_named(turn.babies, turn.extraction.baby)
    if named is not None:
        return named.id
    if turn.active_task is not None and turn.active_task.baby_id is not None:
        return turn.active_task.baby_id
    return turn.babies[0].id if len(turn.babies) == 1 else None


def _when(record: RecordView) -> datetime:
    said = record.fields.get("start") or record.fields.get("time")
    return said if isinstance(said, datetime) else record.created_at
