"""Records arriving from elsewhere (`fawn import`), without stopping the family.

Every row goes through the domain's own rules (importing/checks.py). Rows are written in batches of a
thousand, each batch its own short transaction, with a pause between them: a chat turn, the
scheduler or another instance waiting for SQLite's write lock gets it within one batch (tens of
milliseconds), never after the whole import. A row is checked before its batch's transaction opens,
so a transaction only writes.

Each record carries an import key — a digest of what it says — so a second run writes nothing (an
import stopped half-way is finished by running it again), and a row identical to a record the family
already has is skipped too. Imported records are history: `created_at` is when the source says the
record was written, else the record's own time — never the moment of the import, so a family that
moved 100,000 records in is not "100,000 records written in the last 24 hours" to the next turn.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import Enum
from itertools import islice
from typing import Any

from bot.clock import Clock
from bot.family.importing.babies import BabyMap, add_baby, match_babies
from bot.family.importing.checks import check_row
from bot.family.importing.report import ImportReport
from bot.family.importing.settings import restorable
from bot.family.sources import Rejected, Source, SourceRow
from domain.records import TIME_FIELD
from domain.vocabulary import RecordType
from storage.engine import Database
from storage.repositories.records import ImportedRecord

KEY_VERSION = "v1"
BATCH_ROWS = 1_000        # one batch checked, then written in one executemany: ~40 ms of write lock on SQLite
                          # (2,000 rows: ~90 ms, and 350 ms when a WAL checkpoint falls in it)
PAUSE_S = 0.02            # between batches: a writer waiting in its busy handler takes the lock
IMPORTED_AUTHOR = "imported_author"   # who wrote a record, as the source names them, when no member is them


@dataclass(frozen=True)
class ImportOptions:
    with_settings: bool = False       # a Fawn export's zone, language, units, summary time and reminders


@dataclass
class _Plan:
    """What every row of one import needs: the babies, the authors, the keys already there, now."""

    now: datetime
    babies: BabyMap
    authors: dict[str, int]
    seen: set[str]
    added: dict[str, int] = field(default_factory=dict)


class Importer:
    def __init__(self, database: Database, clock: Clock, *, batch_rows: int = BATCH_ROWS,
                 pause_s: float = PAUSE_S) -> None:
        self.database, self.clock = database, clock
        self.batch_rows, self.pause_s = batch_rows, pause_s

    async def run(self, family_id: int, source: Source, origin: str,
                  options: ImportOptions | None = None) -> ImportReport:
        report = ImportReport(ignored_files=list(source.ignored))
        plan = await self._begin(family_id, source, options or ImportOptions(), report)
        for batch in _batches(source.rows, self.batch_rows):
            records = [r for item in batch if (r := await self._row(family_id, plan, source, item, report))]
            await self._write(family_id, records, report)
            await asyncio.sleep(self.pause_s)
        report.not_kept = list(source.not_kept)      # known once every row was read
        await self._finish(family_id, origin, report)
        return report

    async def _begin(self, family_id: int, source: Source, options: ImportOptions, report: ImportReport) -> _Plan:
        """Babies matched (profiles applied, missing ones added), settings restored: one short transaction."""
        now = self.clock()
        async with self.database.unit_of_work() as uow:
            if options.with_settings and source.family is not None:
                report.settings = restorable(source.family)
                await uow.families.restore_settings(family_id, report.settings)
            babies = await match_babies(uow, family_id, source.babies, full_export=source.family is not None)
            members = await uow.families.members(family_id)
            seen = await uow.records.import_keys(family_id)
            family = await uow.families.get(family_id)
            seen |= {record_key(r.type, r.baby_id, r.fields) for r in await uow.records.live(family_id, family.tz)}
            await uow.commit()
        report.babies_added, report.babies_changed = list(babies.added), list(babies.changes)
        authors = {m.display_name: m.id for m in members} | {m.title: m.id for m in members if m.title}
        return _Plan(now, babies, authors, seen)

    async def _row(self, family_id: int, plan: _Plan, source: Source, item: SourceRow | Rejected,
                   report: ImportReport) -> ImportedRecord | None:
        report.read += 1
        checked = item if isinstance(item, Rejected) else check_row(item, plan.now, source.hint)
        if isinstance(checked, Rejected):
            report.rejected.append(checked)
            return None
        baby_id = await self._baby(family_id, plan, item, report)
        if baby_id is None:
            return None
        key = record_key(item.record_type, baby_id, checked.fields)
        if key in plan.seen:
            report.skipped += 1
            return None
        plan.seen.add(key)
        report.warnings += checked.warnings
        report.amount_unknown += checked.amount_unknown
        author, fields = self._author(plan, item.created_by, report), dict(checked.fields)
        if item.created_by and author is None:
            fields[IMPORTED_AUTHOR] = item.created_by
        happened = fields[TIME_FIELD[item.record_type]]
        written = min(item.created_at or happened, plan.now)
        return ImportedRecord(baby_id, item.record_type, fields, author, written, key)

    async def _baby(self, family_id: int, plan: _Plan, item: SourceRow, report: ImportReport) -> int | None:
        found = plan.babies.find(item)
        if found is not None:
            return found
        if item.baby is None:
            report.rejected.append(Rejected(item.file, item.line, "which baby? add child.csv, or import into a "
                                            "family with one baby", "child_id", item.baby_key or ""))
            return None
        async with self.database.unit_of_work() as uow:          # a child only the rows name: added now
            baby_id = await add_baby(uow, family_id, item.baby, plan.babies)
            await uow.commit()
        report.babies_added.append(item.baby.name)
        return baby_id

    @staticmethod
    def _author(plan: _Plan, name: str | None, report: ImportReport) -> int | None:
        if not name:
            return None
        member = plan.authors.get(name)
        report.authors.setdefault(name, "a member of this family" if member else "kept as imported from the source")
        return member

    async def _write(self, family_id: int, records: list[ImportedRecord], report: ImportReport) -> None:
        if not records:
            return
        started = time.perf_counter()
        async with self.database.unit_of_work() as uow:
            await uow.records.add_imported(family_id, records)
            await uow.commit()
        report.batches += 1
        report.written += len(records)
        report.longest_batch_ms = max(report.longest_batch_ms, (time.perf_counter() - started) * 1000)

    async def _finish(self, family_id: int, origin: str, report: ImportReport) -> None:
        async with self.database.unit_of_work() as uow:
            uow.audit.add(family_id, None, "family_import", self.clock(), after={"source": origin, **report.summary()})
            await uow.commit()


def _batches(rows: Iterable[SourceRow | Rejected], size: int) -> Iterator[list[SourceRow | Rejected]]:
    it = iter(rows)
    while batch := list(islice(it, size)):
        yield batch


def record_key(record_type: RecordType | str, baby_id: int, fields: dict[str, Any]) -> str:
    """A digest of what a record says (type, baby, fields; times in UTC): the same row, the same key."""
    canonical = {k: _canonical(v) for k, v in sorted(fields.items()) if v is not None and k != IMPORTED_AUTHOR}
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
