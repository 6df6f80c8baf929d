"""Reading a Fawn JSON export (`fawn export --format json`, or the chat's /export list of records)
back into a source: the babies with their profiles, the family's settings (applied with
`--with-settings`), and the records with who wrote them and when. For JSON the "line" of a rejected
row is the record's position (1 = first) and its "column" the record's key."""
from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime, tzinfo
from pathlib import Path
from typing import Any

from bot.family.sources import BabyRef, Cell, Rejected, Source, SourceRow
from domain.records import FIELDS
from domain.vocabulary import RecordType

TIME_KEYS = ("start", "end", "time")
PROFILE_KEYS = ("nicknames", "birth_date", "sex", "birth_weight_kg", "birth_height_cm")


class NotAnExport(ValueError):
    """The file is not JSON, or not a Fawn export."""


def read_fawn_json(path: Path, zone: tzinfo) -> Source:
    try:
        document = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as problem:
        raise NotAnExport(f"{path.name}: not a JSON file ({problem})") from None
    whole = isinstance(document, dict)
    records = document.get("records") if whole else document
    if not isinstance(records, list):
        raise NotAnExport(f"{path.name}: no list of records")
    babies = document.get("babies", []) if whole else []
    refs = [BabyRef(str(b["name"]), b.get("birth_date"), {k: b.get(k) for k in PROFILE_KEYS if b.get(k)})
            for b in babies if isinstance(b, dict) and b.get("name")]
    family = document.get("family") if whole and isinstance(document.get("family"), dict) else None
    return Source(babies=refs, rows=_rows(path.name, records, zone), family=family)


def _rows(file: str, records: list[Any], zone: tzinfo) -> Iterator[SourceRow | Rejected]:
    for position, item in enumerate(records, start=1):
        if not isinstance(item, dict):
            yield Rejected(file, position, "not a record (an object with a type)")
            continue
        try:
            yield _row(file, position, item, zone)
        except _Unreadable as problem:
            yield Rejected(file, position, problem.reason, problem.key, str(item.get(problem.key, "")))


class _Unreadable(ValueError):
    def __init__(self, key: str, reason: str) -> None:
        super().__init__(reason)
        self.key, self.reason = key, reason


def _row(file: str, position: int, item: dict[str, Any], zone: tzinfo) -> SourceRow:
    try:
        record_type = RecordType(item.get("type"))
    except ValueError:
        raise _Unreadable("type", f"not one of {', '.join(t.value for t in RecordType)}") from None
    slots = {k: v for k, v in item.items() if k in FIELDS[record_type]}
    for key in TIME_KEYS:
        if isinstance(slots.get(key), str):
            slots[key] = _time(key, slots[key], zone)
    baby = BabyRef(str(item["baby"])) if item.get("baby") else None
    written = _time("created_at", item["created_at"], zone) if isinstance(item.get("created_at"), str) else None
    cells = {k: Cell(k, "" if v is None else str(v)) for k, v in item.items()}
    return SourceRow(file, position, baby, None, record_type, slots, item.get("created_by"), cells, written)


def _time(key: str, text: str, zone: tzinfo) -> datetime:
    try:
        t = datetime.fromisoformat(text)
    except ValueError:
        raise _Unreadable(key, "not a time like 2026-05-01T14:30:00+08:00") from None
    return t.replace(tzinfo=zone) if t.tzinfo is None else t
