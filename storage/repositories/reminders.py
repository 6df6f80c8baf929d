"""One-off reminders asked for in chat: stored with the chat they were asked in, listed, cancelled,
found when due, and closed once they went out (the send itself is claimed in `summary_claims`)."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, tzinfo

from sqlalchemy import update
from sqlmodel import select

from domain.reminders import ReminderView
from storage.repositories.base import Repository
from storage.tables import OneOffReminder

PENDING, SENT, CANCELLED, MISSED = "pending", "sent", "cancelled", "missed"


@dataclass(frozen=True)
class DueReminder:
    """A pending reminder whose time has come, with where it goes."""

    id: int
    family_id: int
    platform: str
    chat_id: str
    due_at: datetime
    about: str | None
    member_id: int | None
    created_at: datetime
    record_id: int | None = None


class ReminderRepository(Repository):
    async def add(self, *, family_id: int, member_id: int, platform: str, chat_id: str, due_at: datetime,
                  about: str | None, message_id: int | None, record_id: int | None, now: datetime) -> int:
        row = OneOffReminder(family_id=family_id, member_id=member_id, platform=platform, chat_id=chat_id,
                             due_at=due_at, about=about, message_id=message_id, record_id=record_id,
                             created_at=now)
        self.session.add(row)
        await self.flush()
        return row.id

    async def pending(self, family_id: int, zone: tzinfo, now: datetime | None = None) -> list[ReminderView]:
        """The family's reminders still to go, soonest first: one whose time has passed is not (it is being
        sent, or it will be closed as missed), however long ago that was."""
        to_go = [OneOffReminder.due_at > now] if now is not None else []
        q = select(OneOffReminder).where(OneOffReminder.family_id == family_id, OneOffReminder.state == PENDING,
                                         *to_go).order_by(OneOffReminder.due_at, OneOffReminder.id)
        return [ReminderView(r.id, r.due_at.astimezone(zone), r.about, r.member_id, r.created_at.astimezone(zone),
                             r.record_id)
                for r in (await self.session.exec(q)).all()]

    async def cancel(self, family_id: int, ids: Iterable[int], by: int, now: datetime) -> int:
        """Cancel those of the family's pending reminders; returns how many were cancelled."""
        ids = list(ids)
        if not ids:
            return 0
        done = await self.session.exec(update(OneOffReminder).where(
            OneOffReminder.family_id == family_id, OneOffReminder.id.in_(ids),
            OneOffReminder.state == PENDING).values(state=CANCELLED, closed_at=now, closed_by=by))
        return done.rowcount or 0

    async def due(self, now: datetime, limit: int = 200) -> list[DueReminder]:
        q = select(OneOffReminder).where(OneOffReminder.state == PENDING, OneOffReminder.due_at <= now
                                         ).order_by(OneOffReminder.due_at, OneOffReminder.id).limit(limit)
        return [DueReminder(r.id, r.family_id, r.platform, r.chat_id, r.due_at, r.about, r.member_id,
                            r.created_at, r.record_id) for r in (await self.session.exec(q)).all()]

    async def close(self, reminder_id: int, state: str, now: datetime) -> bool:
        """Sent (or handed to the outbox) or missed; False when it was no longer pending (cancelled)."""
        done = await self.session.exec(update(OneOffReminder).where(
            OneOffReminder.id == reminder_id, OneOffReminder.state == PENDING).values(state=state, closed_at=now))
        return (done.rowcount or 0) == 1

    async def state_of(self, reminder_id: int) -> str | None:
        return (await self.session.exec(select(OneOffReminder.state).where(OneOffReminder.id == reminder_id))).first()

    async def with_records(self, record_ids: Iterable[int]) -> set[int]:
        """Which of these records a one-off reminder was set with (their standing dose reminder is left out)."""
        ids = list(record_ids)
        if not ids:
            return set()
        q = select(OneOffReminder.record_id).where(OneOffReminder.record_id.in_(ids))
        return {r for r in (await self.session.exec(q)).all() if r is not None}
