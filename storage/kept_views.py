"""The last day's records (and the recent messages) as domain values, converted once per row, not once per turn.

Every chat turn reads the family's last 24 hours (what a message may refer to, duplicates, corrections),
and converting each row — its times to the family's zone, its JSON fields — was the one cost of a turn
that grew with the day. On SQLite the window comes back as the driver's own tuples (storage/prepared.py),
and a tuple is the record exactly as stored: a view built from it is kept under that tuple (and the zone),
so the next turn finds it instead of building it again. An edit, a delete or an undo changes the row,
hence the tuple, hence the key: a stale view cannot be found. The domain treats views as values (it copies
`fields` before changing anything), which is what makes sharing them between turns safe.

The recent context (the last 20 messages) is kept the same way: a message's row changes only when its
reply is marked delivered, which changes the tuple.

On PostgreSQL the same statements come back through SQLAlchemy (times already aware, UTC) with the JSON
column read as its text (`CAST … AS TEXT`), so a row's values are as hashable as SQLite's and its view is kept
the same way: converting the window every turn had been a third of a PostgreSQL turn (issue 28)."""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from functools import partial
from typing import Any

from domain.records import TIME_FIELD
from domain.turn import RecordView
from domain.vocabulary import RecordType

KEPT = 5_000            # rows kept per kind (and zone) before the store starts afresh: ~10 MB at most
_RECORD_TYPES = {kind.value: kind for kind in RecordType}
_TIME_KEY = {kind.value: TIME_FIELD[kind] for kind in RecordType}
_fromisoformat = datetime.fromisoformat


@dataclass(frozen=True, slots=True)
class WindowRecord:
    """A record of the window: its view, and what the window's filters ask (UTC times)."""

    view: RecordView
    start: datetime
    created_at: datetime
    open_sleep: bool          # a live sleep with no end yet


_kept: dict[Any, dict[tuple, Any]] = {}


def kept_conversions(rows: list[Any], convert: Callable[[tuple], Any], kind: Any) -> list[Any]:
    """Each row converted by `convert` from its plain tuple of values (SQLite's driver gives tuples; another
    driver's rows through SQLAlchemy are made one), found in the store of `kind` when it was converted before."""
    if not rows:
        return []
    kept = _kept.get(kind)
    if kept is None or len(kept) > KEPT:
        kept = _kept[kind] = {}
    plain = type(rows[0]) is tuple
    out = []
    for row in rows:
        raw = row if plain else tuple(row)
        found = kept.get(raw)
        if found is None:
            found = kept[raw] = convert(raw)
        out.append(found)
    return out


def window_records(rows: list[Any], zone: tzinfo) -> list[WindowRecord]:
    """Rows of (id, baby_id, type, start, end, data, created_by, created_at, deleted_at, source_message_id,
    task_id) as window records (`data` as JSON text)."""
    return kept_conversions(rows, partial(_from_raw, zone=zone), ("records", zone))


def utc(value: str | datetime | None) -> datetime | None:
    """A stored time as an aware UTC datetime: SQLite's driver gives UTC text, SQLAlchemy's type an aware time."""
    if value is None:
        return None
    if type(value) is not str:
        return value.astimezone(UTC)
    found = _fromisoformat(value)
    return found.replace(tzinfo=UTC) if found.tzinfo is None else found.astimezone(UTC)


def _from_raw(raw: tuple, zone: tzinfo) -> WindowRecord:
    record_id, baby_id, kind, start, end, data, created_by, created_at, deleted_at, message_id, task_id = raw
    start, end, created_at = utc(start), utc(end), utc(created_at)
    fields = json.loads(data) if data else {}
    key = _TIME_KEY[kind]
    fields[key] = start.astimezone(zone)
    if end is not None:
        fields["end"] = end.astimezone(zone)
    elif key == "start":
        fields["end"] = None
    view = RecordView(id=record_id, type=_RECORD_TYPES[kind], baby_id=baby_id, fields=fields,
                      created_at=created_at.astimezone(zone), created_by=created_by, deleted=deleted_at is not None,
                      source_message=message_id, task=task_id)
    return WindowRecord(view, start, created_at, kind == "sleep" and end is None and deleted_at is None)
