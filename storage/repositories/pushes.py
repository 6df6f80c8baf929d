"""Claims on what the bot sends by itself (a family's daily summary, weekly report, a reminder):
the first instance to claim a (family, local date, kind) sends it, however many instances run."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import select

from storage.repositories.base import Repository
from storage.tables import SummaryClaim

SUMMARY_CLAIM_LEASE = timedelta(minutes=10)
"""How long a claim that was never sent keeps other instances off: after it, the claimer is
taken to have died between claiming and sending, and another instance may claim it again."""
MAX_SEND_ATTEMPTS = 2
"""A claim whose send was attempted (the platform may have shown it) is taken over at most once more:
a crash between the platform's acceptance and the sent mark leads to at most one duplicate, and the
claim's `attempts` says it may have happened."""


@dataclass(frozen=True)
class ClaimInfo:
    family_id: int
    local_date: date
    kind: str
    claimed_by: str
    claimed_at: datetime
    sent_at: datetime | None
    attempted_at: datetime | None = None
    attempts: int = 0


class PushRepository(Repository):
    async def claim(self, family_id: int, local_date: date, kind: str, instance_id: str, now: datetime,
                    lease: timedelta = SUMMARY_CLAIM_LEASE) -> bool:
        """True when this instance won the claim (the caller commits at once).

        The first claim is an insert that loses on the unique key. A claim whose `sent_at` is
        still NULL a lease after it was made is taken over by one conditional UPDATE: the row
        lock (PostgreSQL re-checks the WHERE after a concurrent update commits) or the database
        write lock (SQLite) lets exactly one instance see `claimed_at < now - lease`."""
        insert = postgresql.insert if self.session.bind.dialect.name == "postgresql" else sqlite.insert
        statement = insert(SummaryClaim).values(
            family_id=family_id, local_date=local_date, kind=kind, claimed_by=instance_id, claimed_at=now,
        ).on_conflict_do_nothing(index_elements=["family_id", "local_date", "kind"]).returning(SummaryClaim.id)
        if (await self.session.exec(statement)).first() is not None:
            return True
        taken = await self.session.exec(update(SummaryClaim).where(
            SummaryClaim.family_id == family_id, SummaryClaim.local_date == local_date,
            SummaryClaim.kind == kind, SummaryClaim.sent_at.is_(None), SummaryClaim.claimed_at < now - lease,
            SummaryClaim.attempts < MAX_SEND_ATTEMPTS,
        ).values(claimed_by=instance_id, claimed_at=now))
        return taken.rowcount == 1

    async def attempting(self, family_id: int, local_date: date, kind: str, now: datetime) -> int:
        """Record a send attempt before the platform is called (the caller commits at once); returns
        how many attempts there were before this one — more than 0 means an earlier attempt's outcome
        is unknown, and this send may be a duplicate."""
        where = (SummaryClaim.family_id == family_id, SummaryClaim.local_date == local_date,
                 SummaryClaim.kind == kind)
        before = (await self.session.exec(select(SummaryClaim.attempts).where(*where))).first() or 0
        await self.session.exec(update(SummaryClaim).where(*where).values(
            attempted_at=now, attempts=SummaryClaim.attempts + 1))
        return before

    async def mark_sent(self, family_id: int, local_date: date, kind: str, now: datetime) -> None:
        """The push left its job: sent, or handed to the outbox (which retries it itself)."""
        await self.session.exec(update(SummaryClaim).where(
            SummaryClaim.family_id == family_id, SummaryClaim.local_date == local_date,
            SummaryClaim.kind == kind).values(sent_at=now))

    async def stale(self, kinds: Iterable[str], claimed_before: datetime,
                    claimed_since: datetime) -> list[tuple[int, date, str]]:
        """(family id, local date, kind) of unsent claims made in [claimed_since, claimed_before)."""
        q = select(SummaryClaim.family_id, SummaryClaim.local_date, SummaryClaim.kind).where(
            SummaryClaim.kind.in_(list(kinds)), SummaryClaim.sent_at.is_(None),
            SummaryClaim.claimed_at < claimed_before, SummaryClaim.claimed_at >= claimed_since,
            SummaryClaim.attempts < MAX_SEND_ATTEMPTS,
        ).order_by(SummaryClaim.id)
        return [(f, d, k) for f, d, k in (await self.session.exec(q)).all()]

    async def for_family(self, family_id: int) -> list[ClaimInfo]:
        q = select(SummaryClaim).where(SummaryClaim.family_id == family_id).order_by(SummaryClaim.id)
        return [ClaimInfo(c.family_id, c.local_date, c.kind, c.claimed_by, c.claimed_at, c.sent_at,
                          c.attempted_at, c.attempts)
                for c in (await self.session.exec(q)).all()]
