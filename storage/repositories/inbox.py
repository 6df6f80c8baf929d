"""The inbox: incoming updates stored before they are acknowledged, finished (turn run, answer sent) later."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import select

from storage.repositories.base import Repository
from storage.tables import InboxItem

PENDING, DONE = "pending", "done"


@dataclass(frozen=True)
class InboxEntry:
    id: int
    platform: str
    delivery_key: str
    payload: dict[str, Any]
    attempts: int
    received_at: datetime
    next_attempt_at: datetime
    done: bool = False


def entry(row: InboxItem) -> InboxEntry:
    return InboxEntry(row.id, row.platform, row.delivery_key, dict(row.payload), row.attempts, row.received_at,
                      row.next_attempt_at, row.state == DONE)


class InboxRepository(Repository):
    async def add(self, *, platform: str, delivery_key: str, payload: dict[str, Any], now: datetime,
                  held_until: datetime) -> tuple[InboxEntry, bool]:
        """The update stored once: (its entry, True) the first time, (the stored entry, False) after that."""
        insert = postgresql.insert if self.session.bind.dialect.name == "postgresql" else sqlite.insert
        statement = insert(InboxItem).values(
            platform=platform, delivery_key=delivery_key, payload=payload, state=PENDING, attempts=0,
            received_at=now, next_attempt_at=held_until,
        ).on_conflict_do_nothing(index_elements=["platform", "delivery_key"]).returning(InboxItem.id)
        new = (await self.session.exec(statement)).first() is not None
        row = (await self.session.exec(select(InboxItem).where(
            InboxItem.platform == platform, InboxItem.delivery_key == delivery_key))).one()
        return entry(row), new

    async def due(self, platforms: Iterable[str], now: datetime, limit: int) -> list[InboxEntry]:
        q = (select(InboxItem)
             .where(InboxItem.state == PENDING, InboxItem.next_attempt_at <= now,
                    InboxItem.platform.in_(list(platforms)))
             .order_by(InboxItem.next_attempt_at, InboxItem.id).limit(limit))
        return [entry(row) for row in (await self.session.exec(q)).all()]

    async def take(self, item: InboxEntry, until: datetime) -> bool:
        """Hold the entry until `until` (compare-and-set), so no other instance finishes it meanwhile."""
        result = await self.session.exec(
            update(InboxItem)
            .where(InboxItem.id == item.id, InboxItem.state == PENDING,
                   InboxItem.next_attempt_at == item.next_attempt_at)
            .values(next_attempt_at=until))
        return result.rowcount == 1

    async def finish(self, item_id: int, now: datetime) -> None:
        await self.session.exec(update(InboxItem).where(InboxItem.id == item_id).values(state=DONE, finished_at=now))

    async def put_off(self, item_id: int, attempts: int, next_attempt_at: datetime, error: str) -> None:
        await self.session.exec(update(InboxItem).where(InboxItem.id == item_id, InboxItem.state == PENDING).values(
            attempts=attempts, next_attempt_at=next_attempt_at, last_error=error[:200]))

    async def forget_done(self, before: datetime) -> int:
        """Finished entries older than `before` (kept meanwhile, so a late redelivery is still recognised)."""
        result = await self.session.exec(delete(InboxItem).where(InboxItem.state == DONE,
                                                                  InboxItem.finished_at < before))
        return result.rowcount
