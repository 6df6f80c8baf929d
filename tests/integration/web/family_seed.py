"""A family with a week of records, for the family page's tests (a frozen clock: the page's "today")."""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from bot.clock import FrozenClock
from bot.family.operations import FamilyOperations
from bot.family.page import FamilyPages
from bot.protocol import FamilySetup, MemberSetup
from bot.web.access import sign_init_data
from storage.engine import Database, sqlite_url

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 15, 30, tzinfo=TZ)
TODAY = NOW.date()
BOT_TOKEN = "123456:TEST-token-for-loopback-only"
LINK_SECRET = b"test-link-secret-0123456789abcdef"
MOM, GRANDMA = MemberSetup("1001", "Lin", "妈妈", "parent"), MemberSetup("1002", "Wang", "奶奶", "caregiver")


def at(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=TZ)


def week_of_records() -> list[dict]:
    records: list[dict] = []
    for back in range(1, 7):
        day = TODAY - timedelta(days=back)
        records += [{"type": "sleep", "start": at(day - timedelta(days=1), 20, 30), "end": at(day, 6, 10)},
                    {"type": "sleep", "start": at(day, 9, 30), "end": at(day, 10, 45), "nap": True},
                    {"type": "sleep", "start": at(day, 13), "end": at(day, 15, 5), "nap": True}]
        records += [{"type": "feeding", "start": at(day, h), "kind": "formula", "method": "bottle",
                     "amount_ml": 110 + 5 * back} for h in (6, 9, 12, 15, 18, 21)]
        records += [{"type": "diaper", "time": at(day, h, 20), "wet": True, "solid": h == 10} for h in (7, 10, 14, 19)]
    return records


TODAYS = [
    {"type": "sleep", "start": at(TODAY - timedelta(days=1), 20, 40), "end": at(TODAY, 5, 50), "created_by": "1001"},
    {"type": "sleep", "start": at(TODAY, 9, 40), "end": at(TODAY, 10, 50), "nap": True, "created_by": "1002"},
    {"type": "feeding", "start": at(TODAY, 6, 5), "kind": "formula", "method": "bottle", "amount_ml": 120,
     "created_by": "1001"},
    {"type": "feeding", "start": at(TODAY, 9, 10), "kind": "breast_milk", "method": "bottle", "amount_ml": 90,
     "created_by": "1002"},
    {"type": "feeding", "start": at(TODAY, 12, 15), "kind": "formula", "method": "bottle", "amount_ml": 130,
     "created_by": "1002"},
    {"type": "diaper", "time": at(TODAY, 7, 0), "wet": True, "solid": False, "created_by": "1001"},
    {"type": "diaper", "time": at(TODAY, 11, 30), "wet": True, "solid": True, "color": "yellow", "created_by": "1002"},
    {"type": "sleep", "start": at(TODAY, 13, 20), "end": at(TODAY, 14, 55), "nap": True, "created_by": "1002"},
]
TODAYS_MILK_ML = 340
TODAYS_SLEEPS = 3           # the night that ended this morning, and two naps
GROWTH = [{"type": "growth", "time": at(date(2026, 1, 1), 10), "weight_kg": 3.3},
          {"type": "growth", "time": at(date(2026, 2, 1), 10), "weight_kg": 4.4},
          {"type": "growth", "time": at(date(2026, 3, 3), 10), "weight_kg": 5.5},
          {"type": "growth", "time": at(date(2026, 4, 2), 10), "weight_kg": 6.3},
          {"type": "growth", "time": at(date(2026, 5, 2), 10), "weight_kg": 6.9}]


@dataclass
class SeededFamily:
    database: Database
    pages: FamilyPages
    family_id: int
    other_family_id: int
    mom_id: int
    clock: FrozenClock


async def seed(path: Path, language: str = "zh") -> SeededFamily:
    clock = FrozenClock(NOW)
    database = Database.at(sqlite_url(path))
    await database.upgrade()
    families = FamilyOperations(database, clock)
    baby = {"name": "小满", "birth_date": date(2026, 1, 1), "sex": "female"}
    family_id = await families.setup_family(FamilySetup("telegram", "-100200", language=language, babies=(baby,),
                                                        members=(MOM, GRANDMA)))
    clock.set(at(TODAY, 0))
    await families.add_records(family_id, GROWTH + week_of_records())
    for record in TODAYS:                         # written a few minutes after each happened
        clock.set((record.get("end") or record.get("start") or record["time"]) + timedelta(minutes=3))
        await families.add_records(family_id, [record])
    clock.set(NOW)
    other = await families.setup_family(FamilySetup("telegram", "-100300", babies=({"name": "Leo"},),
                                                    members=(MemberSetup("2001", "Sam", "Dad", "parent"),)))
    pages = FamilyPages(database, clock)
    mom = await pages.viewer_by_platform("telegram", family_id, MOM.sender_id)
    return SeededFamily(database, pages, family_id, other, mom.member_id, clock)


def init_data(user_id: str, auth_date: datetime, token: str = BOT_TOKEN, **extra: str) -> str:
    fields = {"user": json.dumps({"id": int(user_id), "first_name": "Lin"}),
              "auth_date": str(int(auth_date.timestamp())), "query_id": "AAHdF6IQAAAAAN0XohDhrOrc", **extra}
    return sign_init_data(fields, token)
