"""Rows in bulk, for the benchmarks: a family's history (`fawn bench history`: records and the messages
that wrote them — years of a family in seconds) and an evening's families with their week
(`fawn bench summaries`), one executemany per table per batch."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import insert

from storage.engine import Database
from storage.tables import Baby, Family, FamilyChat, Member, Message, Record

BATCH = 5_000
FAMILY_BATCH = 500
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


@dataclass(frozen=True)
class FamilySpec:
    """One family of the evening benchmark: its zone and language, one baby, its records as
    (type, start, end, data) with aware times."""

    timezone: str
    language: str
    records: list[tuple[str, datetime, datetime | None, dict]]


async def add_families(database: Database, families: list[FamilySpec], *, platform: str,
                       created_at: datetime) -> list[int]:
    """Families with one chat, one parent and one baby each, and their records; returns their ids."""
    ids: list[int] = []
    for first in range(0, len(families), FAMILY_BATCH):
        batch = families[first:first + FAMILY_BATCH]
        async with database.engine.begin() as conn:
            family_ids = [row[0] for row in await conn.execute(
                insert(Family).returning(Family.id, sort_by_parameter_order=True),
                [dict(timezone=f.timezone, language=f.language, summary_time="21:00", settings={},
                      created_at=created_at) for f in batch])]
            await conn.execute(insert(FamilyChat), [dict(family_id=i, platform=platform, chat_id=f"evening-{i}",
                                                         kind="group", linked_at=created_at) for i in family_ids])
            member_ids = [row[0] for row in await conn.execute(
                insert(Member).returning(Member.id, sort_by_parameter_order=True),
                [dict(family_id=i, platform_user_id="mom", display_name="妈妈", role="parent", created_at=created_at)
                 for i in family_ids])]
            baby_ids = [row[0] for row in await conn.execute(
                insert(Baby).returning(Baby.id, sort_by_parameter_order=True),
                [dict(family_id=i, name="宝宝", nicknames=[]) for i in family_ids])]
            rows = [dict(family_id=family_id, baby_id=baby_id, type=kind, start=start, end=end, data=data,
                         created_by=member_id, created_at=start)
                    for f, family_id, member_id, baby_id in zip(batch, family_ids, member_ids, baby_ids, strict=True)
                    for kind, start, end, data in f.records]
            for at in range(0, len(rows), BATCH):
                await conn.execute(insert(Record), rows[at:at + BATCH])
        ids += family_ids
    return ids
