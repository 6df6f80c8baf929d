"""Records: the family's log. Reads return domain views with times in the family's zone."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta, tzinfo
from typing import Any

from sqlalchemy import and_, or_, text, union
from sqlmodel import select

from domain.records import SLEEP_MAX
from domain.summary.model import RecordView as SummaryRecord
from domain.turn import RecordView
from domain.vocabulary import RecordType
from storage.convert import record_columns, record_view
from storage.repositories.base import Repository
from storage.tables import OPEN_SLEEP, Record

FUTURE_SLACK = timedelta(minutes=5)


def summary_record(row: Record) -> SummaryRecord:
    return SummaryRecord(row.type, row.start, row.end, dict(row.data or {}), row.id)


class RecordRepository(Repository):
    async def since(self, family_id: int, since: datetime, zone: tzinfo) -> list[RecordView]:
        """Records created or happening since `since`, newest first (deleted ones included)."""
        # a union of two range scans (an OR of two columns would read the family's whole history)
        ids = union(select(Record.id).where(Record.family_id == family_id, Record.created_at >= since),
                    select(Record.id).where(Record.family_id == family_id, Record.start >= since))
        q = select(Record).where(Record.id.in_(ids)).order_by(Record.created_at.desc(), Record.id.desc())
        return [record_view(r, zone) for r in (await self.session.exec(q)).all()]

    async def in_window(self, family_id: int, start: datetime, end: datetime, zone: tzinfo) -> list[RecordView]:
        """Live records inside [start, end), and sleeps reaching into it (an open sleep too)."""
        # two range scans: what starts in the window or reaches into it (no record lasts longer than
        # SLEEP_MAX), and the open sleeps (their partial index) — never the family's whole history
        reaching = select(Record).where(Record.family_id == family_id, Record.deleted_at.is_(None),
                                        Record.start >= start - SLEEP_MAX, Record.start < end,
                                        or_(Record.start >= start, and_(Record.end.is_not(None), Record.end > start)))
        open_sleeps = select(Record).where(Record.family_id == family_id, text(OPEN_SLEEP), Record.start < end)
        rows = {r.id: r for r in (await self.session.exec(reaching)).all()}
        rows.update((r.id, r) for r in (await self.session.exec(open_sleeps)).all())
        return [record_view(r, zone) for r in sorted(rows.values(), key=lambda r: (r.start, r.id))]

    async def by_id(self, family_id: int, record_id: int, zone: tzinfo) -> RecordView | None:
        row = await self._row(family_id, record_id)
        return record_view(row, zone) if row else None

    async def open_sleep(self, family_id: int, zone: tzinfo) -> RecordView | None:
        q = select(Record).where(Record.family_id == family_id, text(OPEN_SLEEP)).order_by(Record.start.desc()).limit(1)
        row = (await self.session.exec(q)).first()
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
        q = (select(Record).where(Record.family_id == family_id, Record.baby_id == baby_id,
                                  Record.type == record_type.value, Record.deleted_at.is_(None),
                                  Record.start >= since, Record.start <= now + FUTURE_SLACK)
             .order_by(Record.start.desc(), Record.id.desc()).limit(limit))
        return [record_view(r, zone) for r in (await self.session.exec(q)).all()]

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

    async def recent(self, family_id: int, limit: int, zone: tzinfo) -> list[RecordView]:
        """The newest `limit` live records by when they were written (the family page's "latest")."""
        q = (select(Record).where(Record.family_id == family_id, Record.deleted_at.is_(None))
             .order_by(Record.created_at.desc(), Record.id.desc()).limit(limit))
        return [record_view(r, zone) for r in (await self.session.exec(q)).all()]

    async def import_keys(self, family_id: int) -> set[str]:
        """Every import key the family's records carry, deleted ones too (a deleted import stays deleted)."""
        q = select(Record.import_key).where(Record.family_id == family_id, Record.import_key.is_not(None))
        return set((await self.session.exec(q)).all())

    async def add(self, *, family_id: int, baby_id: int, record_type: RecordType, fields: dict[str, Any],
                  now: datetime, created_by: int | None = None, message_id: int | None = None,
                  task_id: int | None = None, import_key: str | None = None) -> int:
        row = Record(family_id=family_id, baby_id=baby_id, type=record_type.value, created_by=created_by,
                     created_at=now, source_message_id=message_id, task_id=task_id, import_key=import_key,
                     **record_columns(record_type, fields))
        self.session.add(row)
        await self.flush()
        return row.id

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
        q = select(Record).where(Record.family_id.in_(list(family_ids)), Record.deleted_at.is_(None),
                                 Record.start >= since - SLEEP_MAX, Record.start < until).order_by(Record.start)
        if types is not None:
            q = q.where(Record.type.in_(list(types)))
        grouped: dict[int, dict[int, list[SummaryRecord]]] = defaultdict(lambda: defaultdict(list))
        for row in await self.session.exec(q):
            if row.start < since and row.type != "sleep":
                continue
            grouped[row.family_id][row.baby_id].append(summary_record(row))
        return grouped

    async def growth(self, baby_id: int) -> list[SummaryRecord]:
        q = select(Record).where(Record.baby_id == baby_id, Record.type == "growth",
                                 Record.deleted_at.is_(None)).order_by(Record.start)
        return [summary_record(row) for row in await self.session.exec(q)]

    async def _row(self, family_id: int, record_id: int) -> Record | None:
        q = select(Record).where(Record.family_id == family_id, Record.id == record_id)
        return (await self.session.exec(q)).first()
