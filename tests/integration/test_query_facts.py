"""Questions' records and facts loaded from a real database: the latest records per baby, WHO percentiles."""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.family.operations import FamilyOperations
from bot.protocol import FamilySetup
from bot.push.growth import percentile_of
from bot.turn.loading import TurnContext, query_facts, query_records
from domain.extraction import Extraction, Intent, Query, QueryMetric, QueryPeriod
from domain.queries.latest import FACTS_PERCENTILES
from domain.vocabulary import Language
from storage.engine import Database
from storage.unit_of_work import UnitOfWork

ZONE = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 20, 15, tzinfo=ZONE)
TWINS = ({"name": "小米", "birth_date": "2026-03-01", "sex": "female"},
         {"name": "小麦", "birth_date": "2026-03-01", "sex": "male"})


def at(month: int, day: int, hour: int = 10) -> datetime:
    return datetime(2026, month, day, hour, tzinfo=ZONE)


def asking(metric: QueryMetric, **fields) -> Extraction:
    return Extraction(intent=Intent.QUERY, query=Query(metric=metric, **fields))


async def family_with(database, records: list[dict]) -> tuple[Database, int]:
    db = Database(database.engine)
    families = FamilyOperations(db, clock=lambda: NOW)
    family_id = await families.setup_family(FamilySetup(platform="test", chat_id="q1", babies=TWINS))
    await families.add_records(family_id, records)
    return db, family_id


async def context(uow: UnitOfWork, family_id: int) -> TurnContext:
    family = await uow.families.get(family_id)
    chat = (await uow.families.chats(family_id))[0]
    return TurnContext(family, chat, "mom", ZONE, Language.ZH, NOW, NOW, None, await uow.families.members(family_id),
                       tuple(await uow.families.babies(family_id)))


@pytest.mark.parametrize(("sex", "birth", "on", "kg", "expected"), [
    ("female", date(2026, 1, 1), date(2026, 1, 1), 3.2322, 50),     # WHO girls, birth median
    ("male", date(2026, 1, 1), date(2026, 1, 1), 3.3464, 50),       # WHO boys, birth median
    ("female", date(2026, 1, 1), date(2026, 1, 1), 4.2, 97),        # WHO girls, birth P97 ≈ 4.2 kg
    ("male", date(2026, 1, 1), date(2026, 1, 1), 2.5, 3),           # WHO boys, birth P3 ≈ 2.5 kg
])
def test_known_who_weight_percentiles_for_a_girl_and_a_boy(sex: str, birth: date, on: date, kg: float,
                                                            expected: int) -> None:
    assert round(percentile_of("weight_kg", sex, birth, on, kg)) == expected


async def test_growth_facts_are_the_who_percentiles_of_each_babys_latest_measures(database) -> None:
    db, family_id = await family_with(database, [
        {"type": "growth", "baby": "小米", "time": at(5, 1), "weight_kg": 6.2, "height_cm": 58},
        {"type": "growth", "baby": "小麦", "time": at(5, 1), "weight_kg": 5.6},
        {"type": "growth", "baby": "小麦", "time": at(4, 1), "head_cm": 37},
    ])
    async with db.unit_of_work() as uow:
        ctx = await context(uow, family_id)
        facts = await query_facts(uow, ctx, asking(QueryMetric.GROWTH))
        records = await query_records(uow, ctx, asking(QueryMetric.GROWTH))
    by_baby = {r.fields.get("weight_kg"): r.id for r in records}
    percentiles = facts[FACTS_PERCENTILES]
    girl = percentiles[by_baby[6.2]]
    assert round(girl["weight_kg"]) == 93 and round(girl["height_cm"]) == 67
    boy = percentiles[by_baby[5.6]]
    assert boy["weight_kg"] == pytest.approx(percentile_of("weight_kg", "male", date(2026, 3, 1),
                                                           date(2026, 5, 1), 5.6))
    assert len(records) == 3


async def test_no_facts_for_other_questions(database) -> None:
    db, family_id = await family_with(database, [])
    async with db.unit_of_work() as uow:
        ctx = await context(uow, family_id)
        assert await query_facts(uow, ctx, asking(QueryMetric.FEEDING_TOTAL)) == {}
        assert await query_facts(uow, ctx, Extraction(intent=Intent.CHAT)) == {}


async def test_latest_records_are_per_baby_and_of_the_type_asked(database) -> None:
    photos = [{"type": "photo", "baby": "小米", "time": at(5, d), "file": f"p/{d}.jpg"} for d in range(1, 4)]
    db, family_id = await family_with(database, photos + [
        {"type": "photo", "baby": "小麦", "time": at(3, 1), "file": "p/old.jpg"},
        {"type": "photo", "baby": "小麦", "time": at(5, 5), "file": "p/future.jpg"},
        {"type": "feeding", "baby": "小米", "start": at(5, 4, 8), "kind": "formula", "amount_ml": 90},
    ])
    async with db.unit_of_work() as uow:
        ctx = await context(uow, family_id)
        records = await query_records(uow, ctx, asking(QueryMetric.PHOTOS))
    files = sorted(r.fields["file"] for r in records)
    assert files == ["p/1.jpg", "p/2.jpg", "p/3.jpg", "p/old.jpg"]      # not tomorrow's, not the feed


async def test_a_days_records_are_loaded_for_a_date(database) -> None:
    db, family_id = await family_with(database, [
        {"type": "diaper", "baby": "小米", "time": at(5, 3, 9), "wet": True},
        {"type": "diaper", "baby": "小米", "time": at(5, 4, 9), "wet": True},
        {"type": "feeding", "baby": "小米", "start": at(5, 3, 8), "kind": "formula", "amount_ml": 90},
    ])
    query = asking(QueryMetric.DIAPER_COUNT, period=QueryPeriod.DATE, day=date(2026, 5, 3))
    async with db.unit_of_work() as uow:
        ctx = await context(uow, family_id)
        records = await query_records(uow, ctx, query)
    assert [(r.type.value, r.fields["time"].day) for r in records] == [("diaper", 3)]
