"""Storage access for summaries and reminders: families, babies, records, claims."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from domain.records import SLEEP_MAX
from domain.summary.days import RecordView
from storage.tables import Baby, Family, OutboxItem, Record, SummaryClaim

DEFAULT_SUMMARY_TIME = time(21)


@dataclass(frozen=True)
class FamilySchedule:
    """What the scheduler needs to know about a family."""

    id: int
    timezone: str
    language: str
    summary_time: str
    platform: str = ""
    chat_id: str = ""
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    @property
    def summary_clock_time(self) -> time:
        """The stored "HH:MM"; 21:00 when it cannot be read (one bad row must not stop
        every family's jobs from being built)."""
        try:
            hour, minute = (int(part) for part in self.summary_time.split(":"))
            return time(hour, minute)
        except (ValueError, AttributeError):
            return DEFAULT_SUMMARY_TIME


@dataclass(frozen=True)
class BabyView:
    id: int
    name: str
    birth_date: date | None = None
    sex: str | None = None


def _family_schedule(row: Family) -> FamilySchedule:
    return FamilySchedule(row.id, row.timezone or "Asia/Shanghai", row.language or "zh",
                          row.summary_time or "21:00", row.platform, row.chat_id,
                          dict(row.settings or {}))


async def load_families(session: AsyncSession, family_ids: Iterable[int] | None = None
                        ) -> list[FamilySchedule]:
    query = select(Family).order_by(Family.id)
    if family_ids is not None:
        query = query.where(Family.id.in_(list(family_ids)))
    rows = (await session.exec(query)).all()
    return [_family_schedule(row) for row in rows]


async def load_family(session: AsyncSession, family_id: int) -> FamilySchedule | None:
    row = await session.get(Family, family_id)
    return _family_schedule(row) if row is not None else None


async def load_babies(session: AsyncSession, family_id: int) -> list[BabyView]:
    query = select(Baby).where(Baby.family_id == family_id).order_by(Baby.id)
    rows = (await session.exec(query)).all()
    return [BabyView(b.id, b.name, b.birth_date, b.sex) for b in rows]


def record_view(row: Record) -> RecordView:
    return RecordView(row.type, row.start, row.end, dict(row.data or {}), row.id)


async def load_records(session: AsyncSession, family_ids: Sequence[int], since: datetime,
                       until: datetime, types: Iterable[str] | None = None
                       ) -> dict[int, dict[int, list[RecordView]]]:
    """Live records touching [since, until), as family id → baby id → views.

    A sleep may start up to a day before `since` and still reach into the range.
    """
    query = select(Record).where(
        Record.family_id.in_(list(family_ids)), Record.deleted_at.is_(None),
        Record.start >= since - SLEEP_MAX, Record.start < until,
    ).order_by(Record.start)
    if types is not None:
        query = query.where(Record.type.in_(list(types)))
    grouped: dict[int, dict[int, list[RecordView]]] = defaultdict(lambda: defaultdict(list))
    for row in (await session.exec(query)):
        if row.start < since and row.type != "sleep":
            continue
        grouped[row.family_id][row.baby_id].append(record_view(row))
    return grouped


async def load_growth(session: AsyncSession, baby_id: int) -> list[RecordView]:
    query = select(Record).where(Record.baby_id == baby_id, Record.type == "growth",
                                 Record.deleted_at.is_(None)).order_by(Record.start)
    return [record_view(row) for row in (await session.exec(query))]


def _insert_for(session: AsyncSession):
    dialect = session.bind.dialect.name if session.bind is not None else "sqlite"
    return postgresql.insert if dialect == "postgresql" else sqlite.insert


CLAIM_LEASE = timedelta(minutes=10)
"""How long a claim that was never sent keeps others off: after it, the claimer is taken
to have died between claiming and sending, and another instance may claim it again."""


async def claim(session: AsyncSession, family_id: int, local_date: date, kind: str,
                instance_id: str, now: datetime, lease: timedelta = CLAIM_LEASE) -> bool:
    """True when this instance won the claim. Commits.

    The first claim is an insert that loses on the unique key. A claim whose `sent_at` is
    still NULL a lease after it was made is taken over by one conditional UPDATE: the row
    lock (PostgreSQL re-checks the WHERE after a concurrent update commits) or the database
    write lock (SQLite) lets exactly one instance see `claimed_at < now - lease`.
    """
    insert = _insert_for(session)
    statement = insert(SummaryClaim).values(
        family_id=family_id, local_date=local_date, kind=kind, claimed_by=instance_id,
        claimed_at=now,
    ).on_conflict_do_nothing(index_elements=["family_id", "local_date", "kind"]
                             ).returning(SummaryClaim.id)
    won = (await session.exec(statement)).first() is not None
    if not won:
        taken = await session.exec(update(SummaryClaim).where(
            SummaryClaim.family_id == family_id, SummaryClaim.local_date == local_date,
            SummaryClaim.kind == kind, SummaryClaim.sent_at.is_(None),
            SummaryClaim.claimed_at < now - lease,
        ).values(claimed_by=instance_id, claimed_at=now))
        won = taken.rowcount == 1
    await session.commit()
    return won


async def mark_sent(session: AsyncSession, family_id: int, local_date: date, kind: str,
                    now: datetime) -> None:
    """The reply left this job: sent, or handed to the outbox (which retries it itself)."""
    await session.exec(update(SummaryClaim).where(
        SummaryClaim.family_id == family_id, SummaryClaim.local_date == local_date,
        SummaryClaim.kind == kind).values(sent_at=now))
    await session.commit()


async def stale_claims(session: AsyncSession, kinds: Iterable[str], claimed_before: datetime,
                       claimed_since: datetime) -> list[tuple[int, date, str]]:
    """(family id, local date, kind) of unsent claims made in [claimed_since, claimed_before)."""
    query = select(SummaryClaim.family_id, SummaryClaim.local_date, SummaryClaim.kind).where(
        SummaryClaim.kind.in_(list(kinds)), SummaryClaim.sent_at.is_(None),
        SummaryClaim.claimed_at < claimed_before, SummaryClaim.claimed_at >= claimed_since,
    ).order_by(SummaryClaim.id)
    return [(f, d, k) for f, d, k in (await session.exec(query)).all()]


async def claims_for(session: AsyncSession, family_id: int) -> list[SummaryClaim]:
    query = select(SummaryClaim).where(SummaryClaim.family_id == family_id).order_by(SummaryClaim.id)
    return list((await session.exec(query)).all())


async def enqueue_outbox(session: AsyncSession, family: FamilySchedule, payload: dict[str, Any],
                         error: str, now: datetime) -> int:
    """Keep a reply whose send failed, for the outbox worker to retry. Commits."""
    item = OutboxItem(family_id=family.id, platform=family.platform, chat_id=family.chat_id,
                      payload=payload, attempts=1, next_attempt_at=now + timedelta(minutes=1),
                      last_error=error[:500], created_at=now)
    session.add(item)
    await session.commit()
    return item.id  # type: ignore[return-value]
