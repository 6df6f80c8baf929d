"""When a reading may be wrong, the bot shows what it understood and asks instead of writing.

A reading is uncertain (`uncertain_reading`) when
- the extractor left a number, a time expression or a word of the message unused (`unaccounted`: the 3 of
  "fed at 3", the "bath done" of "bath done, she drank 4 oz"), or a part of it it could not read (`unread`),
- the extraction proposes a record under a label that proposes none (a "chat" or a "query" that
  carries a diaper), or
- a clock time said without a day was filed under yesterday although that time today is still
  ahead (下午四点 said at 14:40 → yesterday 16:00, more than 12 hours back): the date is shown.
Only what the current message contributed can make it uncertain; a button press never does.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from domain.extraction import Intent
from domain.turn import Turn

READING_INTENTS = frozenset({Intent.RECORD, Intent.SUPPLY, Intent.CORRECT})
CLOCK_LOOKBACK = timedelta(hours=12)


def doubts(turn: Turn, fields: dict[str, Any], contributed: bool) -> dict[str, Any]:
    """Why this reading is uncertain (for the read-back), or {} when it is not."""
    e = turn.extraction
    if not contributed or turn.press is not None:
        return {}
    found: dict[str, Any] = {}
    if e.unaccounted:
        found["unaccounted"] = list(e.unaccounted)
    if e.unread:
        found["unread"] = list(e.unread)        # a part of the message nobody understood (quoted by the reply)
    if e.intent not in READING_INTENTS and (e.record_type is not None or e.slots.given()):
        found["label"] = e.intent.value
    yesterday = clock_filed_under_yesterday(turn, fields)
    if yesterday is not None:
        found["clock_yesterday"] = yesterday
    return found


def clock_filed_under_yesterday(turn: Turn, fields: dict[str, Any]) -> datetime | None:
    """The record's time when it is a day-less clock time put more than 12 h back while today's is ahead."""
    said = turn.extraction.clock_without_day
    if not said:
        return None
    for name in ("start", "time"):
        t = fields.get(name)
        if not isinstance(t, datetime):
            continue
        local = t.astimezone(turn.now.tzinfo)
        today = local + timedelta(days=1)
        if f"{local:%H:%M}" == said and turn.now - local > CLOCK_LOOKBACK and \
                today > turn.now and today.date() == turn.now.date():
            return local
    return None
