"""The outbox: replies, summaries and reminders whose send failed, waiting to be retried."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import update
from sqlmodel import select

from storage.repositories.base import Repository
from storage.tables import OutboxItem


@dataclass(frozen=True)
class OutboxEntry:
    id: int
    family_id: int | None
    platform: str
    chat_id: str
    payload: dict[str, Any]
    reply_id: int | None
    attempts: int
    next_attempt_at: datetime


def entry(row: OutboxItem) -> OutboxEntry:
    return OutboxEntry(row.id, row.family_id, row.platform, row.chat_id, dict(row.payload), row.reply_id,
                       row.attempts, row.next_attempt_at)


class OutboxRepository(Repository):
    async def enqueue(self, *, family_id: int | None, platform: str, chat_id: str, payload: dict[str, Any],
                      reply_id: int | None, next_attempt_at: datetime, error: str, now: datetime,
                      waiting_for: str | None = None) -> int:
        row = OutboxItem(family_id=family_id, platform=platform, chat_id=chat_id, payload=payload,
                         reply_id=reply_id, attempts=0 if waiting_for else 1, next_attempt_at=next_attempt_at,
                         last_error=error[:500], created_at=now, waiting_for=waiting_for)
        self.session.add(row)
        await self.flush()
        return row.id

    async def due(self, platforms: Iterable[str], now: datetime, max_attempts: int, limit: int) -> list[OutboxEntry]:
        q = (select(OutboxItem)
             .where(OutboxItem.sent_at.is_(None), OutboxItem.attempts < max_attempts,
                    OutboxItem.next_attempt_at <= now, OutboxItem.platform.in_(list(platforms)),
                    OutboxItem.waiting_for.is_(None))
             .order_by(OutboxItem.next_attempt_at, OutboxItem.id).limit(limit))
        return [entry(row) for row in (await self.session.exec(q)).all()]

    async def take(self, item: OutboxEntry, until: datetime) -> bool:
        """Move the item's next attempt to `until` first, so a second instance skips it."""
        result = await self.session.exec(
            update(OutboxItem)
            .where(OutboxItem.id == item.id, OutboxItem.next_attempt_at == item.next_attempt_at,
                   OutboxItem.sent_at.is_(None))
            .values(next_attempt_at=until))
        return result.rowcount == 1

    async def mark_sent(self, item_id: int, now: datetime) -> None:
        await self.session.exec(update(OutboxItem).where(OutboxItem.id == item_id).values(sent_at=now))

    async def mark_failed(self, item_id: int, attempts: int, next_attempt_at: datetime, error: str) -> None:
        await self.session.exec(update(OutboxItem).where(OutboxItem.id == item_id).values(
            attempts=attempts, next_attempt_at=next_attempt_at, last_error=error[:500]))

    async def wait_for(self, item_id: int, until: str, error: str) -> None:
        """The item waits for `until` (a member's message, a login); its attempts are not counted."""
        await self.session.exec(update(OutboxItem).where(OutboxItem.id == item_id).values(
            waiting_for=until, last_error=error[:500]))

    async def resume(self, platform: str, until: str, chat_id: str | None, now: datetime) -> int:
        """Every item of the platform (and chat) that waited for `until` is due now; how many."""
        q = update(OutboxItem).where(OutboxItem.platform == platform, OutboxItem.waiting_for == until,
                                     OutboxItem.sent_at.is_(None))
        if chat_id is not None:
            q = q.where(OutboxItem.chat_id == chat_id)
        return (await self.session.exec(q.values(waiting_for=None, next_attempt_at=now))).rowcount

    async def for_family(self, family_id: int) -> list[OutboxEntry]:
        q = select(OutboxItem).where(OutboxItem.family_id == family_id).order_by(OutboxItem.id)
        return [entry(row) for row in (await self.session.exec(q)).all()]
