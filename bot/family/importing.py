"""Records arriving from elsewhere (`fawn import`): every row goes through the domain's own rules
(`fields_for`, `missing_fields`, `problems`); an impossible value, a missing required field or a time
in the future rejects the row (with its file and line); an implausible value is imported and named.
Each written record carries an import key — a digest of what it says — so a second run writes
nothing, and a row identical to a record the family already has is skipped too. One transaction,
one audit entry."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from enum import Enum
from typing import Any

from bot.family.sources import BabyRef, Rejected, Source, SourceRow
from domain.records import fields_for, missing_fields, problems
from domain.turn import BabyView
from domain.vocabulary import RecordType
from storage.unit_of_work import UnitOfWork

KEY_VERSION = "v1"


@dataclass
class ImportReport:
    written: int = 0
    skipped: int = 0                                     # already there (an earlier import, or the same record)
    rejected: list[Rejected] = field(default_factory=list)
    warnings: list[Rejected] = field(default_factory=list)
    babies_added: list[str] = field(default_factory=list)
    ignored_files: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        return {"written": self.written, "skipped": self.skipped, "rejected": len(self.rejected),
                "warnings": len(self.warnings), "babies_added": self.babies_added}


async def import_source(uow: UnitOfWork, family_id: int, source: Source, origin: str, now: datetime) -> ImportReport:
    """Validate and write a source's rows into the family (the caller commits)."""
    family = await uow.families.get(family_id)
    report = ImportReport(ignored_files=list(source.ignored))
    babies = _BabyChooser(await uow.families.babies(family_id), source.babies)
    authors = {m.title or m.display_name: m.id for m in await uow.families.members(family_id)}
    seen = await uow.records.import_keys(family_id)
    seen |= {record_key(r.type, r.baby_id, r.fields) for r in await uow.records.live(family_id, family.tz)}
    local_now = now.astimezone(family.tz)
    for item in source.rows:
        if isinstance(item, Rejected):
            report.rejected.append(item)
            continue
        baby_id = await babies.choose(uow, family_id, item, report)
        if baby_id is None:
            continue
        await _write(uow, family_id, baby_id, item, authors.get(item.created_by or ""), local_now, seen, report)
    uow.audit.add(family_id, None, "family_import", now, after={"source": origin, **report.summary()})
    return report


async def _write(uow: UnitOfWork, family_id: int, baby_id: int, item: SourceRow, author: int | None,
                 now: datetime, seen: set[str], report: ImportReport) -> None:
    fields = fields_for(item.record_type, item.slots)
    reason = _refusal(item.record_type, fields, now)
    if reason:
        report.rejected.append(Rejected(item.file, item.line, reason))
        return
    key = record_key(item.record_type, baby_id, fields)
    if key in seen:
        report.skipped += 1
        return
    seen.add(key)
    if any(p.code == "implausible" for p in problems(item.record_type, fields, now)):
        report.warnings.append(Rejected(item.file, item.line, "implausible value, imported: check it"))
    await uow.records.add(family_id=family_id, baby_id=baby_id, record_type=item.record_type, fields=fields,
                          now=now, created_by=author, import_key=key)
    report.written += 1


def _refusal(record_type: RecordType, fields: dict[str, Any], now: datetime) -> str | None:
    missing = missing_fields(record_type, fields)
    if missing:
        return f"{record_type.value}: missing {', '.join(missing)}"
    found = [p for p in problems(record_type, fields, now) if p.fatal or p.code == "future_time"]
    if found:
        return "; ".join(f"{p.field}: {p.code.replace('_', ' ')}" +
                         (f" ({p.values['value']})" if "value" in p.values else "") for p in found)
    return None


def record_key(record_type: RecordType | str, baby_id: int, fields: dict[str, Any]) -> str:
    """A digest of what a record says (type, baby, fields; times in UTC): the same row, the same key."""
    canonical = {k: _canonical(v) for k, v in sorted(fields.items()) if v is not None}
    text = json.dumps([str(RecordType(record_type).value), baby_id, canonical], sort_keys=True, ensure_ascii=False)
    return f"{KEY_VERSION}:{hashlib.sha256(text.encode()).hexdigest()[:40]}"


def _canonical(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.astimezone(UTC).replace(microsecond=0).isoformat()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return round(float(value), 3)
    return value.strip() if isinstance(value, str) else value


class _BabyChooser:
    """Which of the family's babies a row is about: by name (or nickname); a family of one baby takes
    every row of a one-child source; a named child the family does not have yet is added."""

    def __init__(self, babies: list[BabyView], named: list[BabyRef]) -> None:
        self.babies = list(babies)
        self.only = len(self.babies) == 1 and len({b.name for b in named}) <= 1

    async def choose(self, uow: UnitOfWork, family_id: int, item: SourceRow, report: ImportReport) -> int | None:
        ref = item.baby
        found = next((b for b in self.babies if ref and ref.name in (b.name, *b.nicknames)), None)
        if found is None and self.only:
            found = self.babies[0]
        if found is not None:
            return found.id
        if ref is None:
            report.rejected.append(Rejected(item.file, item.line, f"which baby is child {item.baby_key}? "
                                            "add child.csv, or import into a family with one baby"))
            return None
        spec = {**ref.profile, "name": ref.name[:64], "birth_date": _date(ref.birth_date)}
        baby_id = await uow.families.add_baby(family_id, spec)
        self.babies.append(BabyView(baby_id, ref.name))
        report.babies_added.append(ref.name)
        return baby_id


def _date(text: str | None) -> date | None:
    try:
        return date.fromisoformat(text) if text else None
    except ValueError:
        return None
