"""Reading a Fawn JSON export (`fawn export --format json`, or the chat's /export list of records)
back into source rows. For JSON the "line" of a rejected row is the record's position (1 = first)."""
from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime, tzinfo
from pathlib import Path
from typing import Any

from bot.family.sources import BabyRef, Rejected, Source, SourceRow
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
    records = document.get("records") if isinstance(document, dict) else document
    if not isinstance(records, list):
        raise NotAnExport(f"{path.name}: no list of records")
    babies = document.get("babies", []) if isinstance(document, dict) else []
    refs = [BabyRef(str(b["name"]), b.get("birth_date"), {k: b.get(k) for k in PROFILE_KEYS if b.get(k)})
            for b in babies if isinstance(b, dict) and b.get("name")]
    return Source(babies=refs, rows=_rows(path.name, records, zone))


def _rows(file: str, records: list[Any], zone: tzinfo) -> Iterator[SourceRow | Rejected]:
    for position, item in enumerate(records, start=1):
        try:
            yield _row(file, position, item, zone)
        except (KeyError, TypeError, ValueError) as problem:
            yield Rejected(file, position, f"not a record: {problem}")


def _row(file: str, position: int, item: dict[str, Any], zone: tzinfo) -> SourceRow:
    record_type = RecordType(item["type"])
    slots = {k: v for k, v in item.items() if k in FIELDS[record_type]}
    for key in TIME_KEYS:
        if isinstance(slots.get(key), str):
            slots[key] = _aware(datetime.fromisoformat(slots[key]), zone)
    baby = BabyRef(str(item["baby"])) if item.get("baby") else None
    return SourceRow(file, position, baby, None, record_type, slots, item.get("created_by"))


def _aware(t: datetime, zone: tzinfo) -> datetime:
    return t.replace(tzinfo=zone) if t.tzinfo is None else t
