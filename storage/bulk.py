"""A family's history in bulk, for the benchmarks (`fawn bench history`): records and the messages that
wrote them, one executemany per table per batch — years of a family in seconds."""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import insert

from storage.engine import Database
from storage.tables import Message, Record

BATCH = 5_000
STEP = timedelta(minutes=47)     # one record every 47 minutes, back in time: 100,000 records ≈ 9 years


def _record(n: int, at: datetime, family_id: int, baby_id: int, member_id: int) -> dict:
    kind = n % 3
    if kind == 0:
        return dict(family_id=family_id, baby_id=baby_id, type="feeding", start=at, end=None,
                    data={"kind": "formula", "method": "bottle", "amount_ml": 90 + n % 5 * 10},
                    created_by=member_id, created_at=at)
    if kind == 1:
        return dict(family_id=family_id, baby_id=baby_id, type="diaper", start=at, end=None,
                    data={"wet": True, "solid": n % 2 == 0}, created_by=member_id, created_at=at)
    return dict(family_id=family_id, baby_id=baby_id, type="sleep", start=at, end=at + timedelta(minutes=40),
                data={"nap": True}, created_by=member_id, created_at=at)


def _message(n: int, at: datetime, family_id: int, member_id: int, platform: str, chat_id: str) -> dict:
    return dict(family_id=family_id, platform=platform, chat_id=chat_id, platform_message_id=f"history-{n}",
                direction="in", member_id=member_id, sender_name="history", text="喝了90ml", kind="text",
                payload={}, sent_at=at)


async def add_history(database: Database, *, family_id: int, baby_id: int, member_id: int, platform: str,
                      chat_id: str, count: int, before: datetime) -> None:
    """`count` records (feeds, diapers, naps) and as many messages, ending a day before `before`."""
    last = before - timedelta(days=1)
    for first in range(0, count, BATCH):
        numbers = range(first, min(count, first + BATCH))
        times = [last - STEP * (count - n) for n in numbers]
        async with database.engine.begin() as conn:
            await conn.execute(insert(Message), [_message(n, at, family_id, member_id, platform, chat_id)
                                                 for n, at in zip(numbers, times, strict=True)])
            await conn.execute(insert(Record), [_record(n, at, family_id, baby_id, member_id)
                                                for n, at in zip(numbers, times, strict=True)])
