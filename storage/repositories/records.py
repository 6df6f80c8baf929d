"""Records: the family's log. Reads return domain views with times in the family's zone."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any

from sqlalchemy import Integer, Row, Text, and_, bindparam, cast, or_, text, union
from sqlalchemy import select as core_select
from sqlmodel import select

from domain.records import SLEEP_MAX
from domain.summary.model import RecordView as SummaryRecord
from domain.turn import RecordView
from domain.vocabulary import RecordType
from storage.convert import record_columns, record_view
from storage.kept_views import window_records
from storage.prepared import Prepared
from storage.repositories.base import Repository
from storage.tables import OPEN_SLEEP, Record

FUTURE_SLACK = timedelta(minutes=5)


_RECORDS = Record.__table__
_C = _RECORDS.c
_FAMILY = _C.family_id == bindparam("family")
_OPEN_SLEEPS = core_select(_C.id).where(_FAMILY, text(OPEN_SLEEP))
# a union of range scans (an OR of two columns would read the family's whole history): what was written
# or happened since a time, and the open sleeps (their partial index) — newest first
# what a record view reads, `data` as its JSON text on every database: a row of plain values, kept between turns
# (storage/kept_views.py)
_VIEWED = [cast(_C[name], Text).label(name) if name == "data" else _C[name]
           for name in ("id", "baby_id", "type", "start", "end", "data", "created_by", "created_at", "deleted_at",
                        "source_message_id", "task_id")]
_SINCE_AND_OPEN = Prepared(core_select(*_VIEWED).where(_C.id.in_(union(
    core_select(_C.id).where(_FAMILY, _C.created_at >= bindparam("since")),
    core_select(_C.id).where(_FAMILY, _C.start >= bindparam("since")),
    _OPEN_SLEEPS))).order_by(_C.created_at.desc(), _C.id.desc()), raw=True)
# what starts in the window or reaches into it (no record lasts longer than SLEEP_MAX), and the open sleeps
_IN_WINDOW = Prepared(core_select(_RECORDS).where(_C.id.in_(union(
    core_select(_C.id).where(_FAMILY, _C.deleted_at.is_(None), _C.start >= bindparam("reach"),
                             _C.start < bindparam("end"),
                             or_(_C.start >= bindparam("start"),
                                 and_(_C.end.is_not(None), _C.end > bindparam("start")))),
    _OPEN_SLEEPS.where(_C.start < bindparam("end"))))).order_by(_C.start, _C.id))
_OPEN_SLEEP = Prepared(core_select(_RECORDS).where(_FAMILY, text(OPEN_SLEEP)).order_by(_C.start.desc()).limit(1))
_BY_ID = Prepared(core_select(_RECORDS).where(_FAMILY, _C.id == bindparam("id")))
_LATEST = Prepared(core_select(_RECORDS).where(_FAMILY, _C.baby_id == bindparam("baby"), _C.type == bindparam("type"),
                                       _C.deleted_at.is_(None), _C.start >= bindparam("since"),
                                       _C.start <= bindparam("until"))
           .order_by(_C.start.desc(), _C.id.desc()).limit(bindparam("limit", type_=Integer, literal_execute=True)))
_INSERT = Prepared(_RECORDS.insert().returning(_C.id))
_GROWTH = Prepared(core_select(_RECORDS).where(_C.baby_id == bindparam("baby"), _C.type == "growth",
                                               _C.deleted_at.is_(None))
           .order_by(_C.start))


@dataclass(frozen=True)
class ImportedRecord:
    """A record arriving from elsewhere (`fawn import`), checked by the domain: written with the others of
    its batch, `created_at` the time the source says it was written (else the record's own time)."""

    baby_id: int
    record_type: RecordType
    fields: dict[str, Any]
    created_by: int | None
    created_at: datetime
    import_key: str


def summary_record(row: Record | Row) -> SummaryRecord:
    return SummaryRecord(row.type, row.start, row.end, dict(row.data or {}), row.id)


class RecordRepository(Repository):
    async def since(self, family_id: int, since: datetime, zone: tzinfo) -> list[RecordView]:
        """Records created or happening since `since`, newest first (deleted ones included)."""
        return (await self.since_and_open_sleeps(family_id, since, zone))[0]

    async def since_and_open_sleeps(self, family_id: int, since: datetime,
                                    zone: tzinfo) -> tuple[list[RecordView], list[RecordView]]:
        """`since(…)` and `open_sleeps(…)` in one read (a chat turn reads both); the first open sleep
        is `open_sleep(…)`."""
        found = window_records(await self.rows(_SINCE_AND_OPEN, {"family": family_id, "since": since}), zone)
        at = since.astimezone(UTC)      # the rows' times are UTC: compared with a UTC time, no zone is looked up
        recent = [r.view for r in found if r.created_at >= at or r.start >= at]
        latest: dict[int, RecordView] = {}
        for record in sorted((r for r in found if r.open_sleep), key=lambda r: r.start, reverse=True):
            latest.setdefault(record.view.baby_id, record.view)
        return recent, list(latest.values())

    async def in_window(self, family_id: int, start: datetime, end: datetime, zone: tzinfo) -> list[RecordView]:
        """Live records inside [start, end), and sleeps reaching into it (an open sleep too)."""
        rows = await self.rows(_IN_WINDOW, {"family": family_id, "start": start, "end": end,
                                            "reach": start - SLEEP_MAX})
        return [record_view(r, zone) for r in rows]

    async def by_id(self, family_id: int, record_id: int, zone: tzinfo) -> RecordView | None:
        row = await self.row(_BY_ID, {"family": family_id, "id": record_id})
        return record_view(row, zone) if row else None

    async def open_sleep(self, family_id: int, zone: tzinfo) -> RecordView | None:
        row = await self.row(_OPEN_SLEEP, {"family": family_id})
        return record_view(row, zone) if row else None

    async def open_sleeps(self, family_id: int, zone: tzinfo) -> list[RecordView]:
        """Each baby's open sleep (its latest), newest first — twins may both be asleep."""
        q = (select(Record).where(Record.family_id == family_id, Record.type == "sleep",
                                  Record.end.is_(None), Record.deleted_at.is_(None))
             .order_by(Record.start.desc()).limit(50))
        found: dict[int, RecordView] = {}
        for row in (await self.session.exec(q)).all():
            found.setdefault(row.baby_id, record_view(row, zone))
        return list(found.values())

    async def latest(self, family_id: int, baby_id: int, record_type: RecordType, since: datetime,
                     now: datetime, limit: int, zone: tzinfo) -> list[RecordView]:
        """The newest `limit` live records of a type for one baby, newest first."""
        rows = await self.rows(_LATEST, {"family": family_id, "baby": baby_id, "type": record_type.value,
                                         "since": since, "until": now + FUTURE_SLACK, "limit": limit})
        return [record_view(r, zone) for r in rows]

    async def from_message(self, family_id: int, message_id: int, zone: tzinfo) -> RecordView | None:
        """The live record the message wrote (the newest, if it wrote several)."""
        q = (select(Record).where(Record.family_id == family_id, Record.source_message_id == message_id,
                                  Record.deleted_at.is_(None)).order_by(Record.id.desc()).limit(1))
        row = (await self.session.exec(q)).first()
        return record_view(row, zone) if row else None

    async def live(self, family_id: int, zone: tzinfo, order_by_time: bool = False) -> list[RecordView]:
        """Every live record of the family (export, read-back), by id or by time."""
        order = (Record.start, Record.id) if order_by_time else (Record.id,)
        q = select(Record).where(Record.family_id == family_id, Record.deleted_at.is_(None)).order_by(*order)
        return [record_view(r, zone) for r in (await self.session.exec(q)).all()]

    async def latest_happened(self, family_id: int, until: datetime, limit: int, zone: tzinfo) -> list[RecordView]:
        """The `limit` live records that happened last, up to `until`, newest first (the family page's
        "latest": by when each happened, not when it was written — an import writes many at once)."""
        q = (select(Record).where(Record.family_id == family_id, Record.deleted_at.is_(None), Record.start <= until)
             .order_by(Record.start.desc(), Record.id.desc()).limit(limit))
        return [record_view(r, zone) for r in (await self.session.exec(q)).all()]

    async def import_keys(self, family_id: int) -> set[str]:
        """Every import key the family's records carry, deleted ones too (a deleted import stays deleted)."""
        q = select(Record.import_key).where(Record.family_id == family_id, Record.import_key.is_not(None))
        return set((await self.session.exec(q)).all())

    async def add(self, *, family_id: int, baby_id: int, record_type: RecordType, fields: dict[str, Any],
                  now: datetime, created_by: int | None = None, message_id: int | None = None,
                  task_id: int | None = None, import_key: str | None = None) -> int:
        return await self.insert_row(_INSERT, dict(
            family_id=family_id, baby_id=baby_id, type=record_type.value, created_by=created_by, created_at=now,
            source_message_id=message_id, task_id=task_id, import_key=import_key, updated_at=None, deleted_at=None,
            **record_columns(record_type, fields)))

    async def add_imported(self, family_id: int, records: Sequence[ImportedRecord]) -> None:
        """Many imported records in one executemany (no ids read back)."""
        if records:
            await self._execute(_RECORDS.insert(), [dict(
                family_id=family_id, baby_id=r.baby_id, type=r.record_type.value, created_by=r.created_by,
                created_at=r.created_at, source_message_id=None, task_id=None, import_key=r.import_key,
                updated_at=None, deleted_at=None, **record_columns(r.record_type, r.fields)) for r in records])

    async def babies_with_records(self, family_id: int) -> set[int]:
        """The family's babies that have any record (deleted ones too)."""
        q = core_select(_C.baby_id).where(_FAMILY).distinct()
        return {row.baby_id for row in await self.rows(q, {"family": family_id})}

    async def update(self, family_id: int, record_id: int, fields: dict[str, Any], now: datetime) -> None:
        row = await self._row(family_id, record_id)
        columns = record_columns(RecordType(row.type), fields)
        row.start, row.end, row.data, row.updated_at = columns["start"], columns["end"], columns["data"], now
        self.session.add(row)

    async def set_deleted(self, family_id: int, record_id: int, at: datetime | None) -> None:
        """Soft delete (at a time) or restore (None): nothing is ever lost."""
        row = await self._row(family_id, record_id)
        row.deleted_at = at
        self.session.add(row)

    async def touching(self, family_ids: Sequence[int], since: datetime, until: datetime,
                       types: Iterable[str] | None = None) -> dict[int, dict[int, list[SummaryRecord]]]:
        """Live records touching [since, until), as family id → baby id → summary views (UTC times).

        A sleep may start up to a day before `since` and still reach into the range."""
        q = core_select(_RECORDS).where(_C.family_id.in_(list(family_ids)), _C.deleted_at.is_(None),
                                        _C.start >= since - SLEEP_MAX, _C.start < until).order_by(_C.start)
        if types is not None:
            q = q.where(_C.type.in_(list(types)))
        grouped: dict[int, dict[int, list[SummaryRecord]]] = defaultdict(lambda: defaultdict(list))
        for row in await self.rows(q):
            if row.start < since and row.type != "sleep":
                continue
            grouped[row.family_id][row.baby_id].append(summary_record(row))
        return grouped

    async def growth(self, baby_id: int) -> list[SummaryRecord]:
        return [summary_record(row) for row in await self.rows(_GROWTH, {"baby": baby_id})]

    async def _row(self, family_id: int, record_id: int) -> Record | None:
        q = select(Record).where(Record.family_id == family_id, Record.id == record_id)
        return (await self.session.exec(q)).first()
