"""Twins with ten days of records, in Chinese (Shanghai, metric) or US English (New York: oz, lb, in, °F, a
12-hour clock) — the family page at 360 px is looked at and checked with these (nights across midnight,
mixed diapers, a 1.25 ml dose, weight, length and head against WHO bands)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from bot.clock import FrozenClock
from bot.family.operations import FamilyOperations
from bot.family.page import FamilyPages
from bot.protocol import FamilySetup, MemberSetup
from domain.units import OZ_ML
from storage.engine import Database, sqlite_url

DAYS = 10
US_UNITS = {"volume": "oz", "weight": "lb", "length": "in", "temperature": "f"}


@dataclass(frozen=True)
class Twins:
    language: str
    zone: ZoneInfo
    names: tuple[str, str]
    members: tuple[MemberSetup, MemberSetup]
    units: dict
    now: datetime


ZH = Twins("zh", ZoneInfo("Asia/Shanghai"), ("小满", "小米"),
           (MemberSetup("1001", "Lin", "妈妈", "parent"), MemberSetup("1002", "Wang", "奶奶", "caregiver")), {},
           datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai")))
EN = Twins("en", ZoneInfo("America/New_York"), ("Mia", "Leo"),
           (MemberSetup("2001", "Kate", "Mom", "parent"), MemberSetup("2002", "Ann", "Grandma", "caregiver")),
           US_UNITS, datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("America/New_York")))


@dataclass
class SeededTwins:
    database: Database
    pages: FamilyPages
    family_id: int
    mom_id: int
    clock: FrozenClock


def _day(twins: Twins, baby: str, day: date, today: bool, shift: int) -> list[dict]:
    def at(hour: int, minute: int = 0, days: int = 0) -> datetime:
        return datetime(day.year, day.month, day.day, hour, minute, tzinfo=twins.zone) + timedelta(days=days)

    oz = OZ_ML if twins.units else 30.0
    records = [{"type": "sleep", "baby": baby, "start": at(20, 35 + shift, -1), "end": at(5, 50 + shift),
                "nap": False, "night_wakings": 1, "created_by": twins.members[0].sender_id},
               {"type": "sleep", "baby": baby, "start": at(13), "end": at(14, 30 - shift), "nap": True,
                "created_by": twins.members[1].sender_id}]
    for i, hour in enumerate((6, 9, 12, 15, 18)):
        if today and hour > twins.now.hour:
            break
        records.append({"type": "feeding", "baby": baby, "start": at(hour, 10), "kind": "formula" if i % 2 else
                        "breast_milk", "method": "bottle", "amount_ml": (4.5 + (shift % 2) * 0.5) * oz,
                        "created_by": twins.members[i % 2].sender_id})
    for hour, wet, solid in ((7, True, False), (10, True, True), (14, False, True), (17, True, False),
                             (19, True, True)):
        records.append({"type": "diaper", "baby": baby, "time": at(hour, 20), "wet": wet, "solid": solid,
                        "created_by": twins.members[hour % 2].sender_id})
    return records


def records_of(twins: Twins) -> list[dict]:
    today = twins.now.date()
    records: list[dict] = []
    for shift, baby in enumerate(twins.names):
        for back in range(DAYS):
            records += _day(twins, baby, today - timedelta(days=back), back == 0, shift)
        birth = today - timedelta(days=150)
        for days_old, kg, cm, head in ((0, 3.2, 50, 34), (30, 4.3, 54.5, 37), (61, 5.4, 58, 39), (92, 6.2, 61, 40.5),
                                       (122, 6.8, 63.5, 41.5), (148, 7.2 - shift * 0.4, 65, 42.2)):
            when = datetime.combine(birth + timedelta(days=days_old), datetime.min.time(), twins.zone).replace(hour=10)
            records.append({"type": "growth", "baby": baby, "time": when, "weight_kg": kg, "height_cm": cm,
                            "head_cm": head})
    records.append({"type": "health", "baby": twins.names[0], "time": twins.now.replace(hour=9, minute=5),
                    "kind": "medication", "medication": "Tylenol" if twins.units else "泰诺林", "dose": 1.25,
                    "dose_unit": "ml", "next_dose_after_h": 4, "next_dose_up_to_h": 6,
                    "created_by": twins.members[0].sender_id})
    return records


async def seed_twins(path: Path, twins: Twins) -> SeededTwins:
    clock = FrozenClock(twins.now - timedelta(days=DAYS + 1))
    database = Database.at(sqlite_url(path))
    await database.upgrade()
    families = FamilyOperations(database, clock)
    birth = twins.now.date() - timedelta(days=150)
    babies = tuple({"name": name, "birth_date": birth, "sex": sex}
                   for name, sex in zip(twins.names, ("female", "male"), strict=True))
    family_id = await families.setup_family(FamilySetup("telegram", f"-100{len(twins.language)}",
                                                        language=twins.language, timezone=str(twins.zone),
                                                        babies=babies, members=twins.members, units=twins.units))
    await families.add_records(family_id, records_of(twins))
    clock.set(twins.now)
    pages = FamilyPages(database, clock)
    mom = await pages.viewer_by_platform("telegram", family_id, twins.members[0].sender_id)
    return SeededTwins(database, pages, family_id, mom.member_id, clock)
