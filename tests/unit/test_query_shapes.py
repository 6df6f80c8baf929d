"""A question's reply says what was asked: an average, naps only, a count, the time since, this stretch."""
from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime

from domain.extraction import Extraction, Intent, Query, QueryMetric, QueryPeriod, QueryShape
from domain.queries.answer import answer_query
from domain.replies.render import render, sentences
from domain.turn import BabyView, MemberView, RecordView, Turn
from domain.vocabulary import Language, RecordType, Role
from tests.unit.test_queries import ZONE

NOW = datetime(2026, 5, 6, 16, 0, tzinfo=ZONE)          # a Wednesday
MI = BabyView(1, "小米", (), date(2026, 1, 1), "female")
MOM = MemberView(1, Role.PARENT, "妈妈")


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 5, day, hour, minute, tzinfo=ZONE)


def rec(rid: int, rtype: RecordType, **fields) -> RecordView:
    return RecordView(rid, rtype, 1, fields, created_at=NOW)


def answer(query: Query, records: list[RecordView], lang: Language = Language.ZH, **turn_fields) -> str:
    turn = Turn(member=MOM, extraction=Extraction(intent=Intent.QUERY, query=query), now=NOW, babies=(MI,),
                language=lang, query_records=tuple(records))
    turn = replace(turn, **turn_fields)
    return render(answer_query(query, turn), lang, NOW)


def test_the_weekly_average_divides_by_the_days_with_milk_feeds_and_leaves_solids_out() -> None:
    records = [rec(1, RecordType.FEEDING, start=at(4, 8), kind="formula", amount_ml=600),
               rec(2, RecordType.FEEDING, start=at(6, 8), kind="formula", amount_ml=200),
               rec(3, RecordType.FEEDING, start=at(6, 12), kind="solid_food", food="蛋黄")]
    query = Query(metric=QueryMetric.FEEDING_TOTAL, period=QueryPeriod.WEEK, shape=QueryShape.DAILY_AVERAGE)
    assert answer(query, records) == "这周平均每天 400ml（2天有记录，共 800ml，2次），辅食1次。"


def test_naps_only_leave_the_night_out() -> None:
    records = [rec(1, RecordType.SLEEP, start=at(6, 0), end=at(6, 6), nap=False),
               rec(2, RecordType.SLEEP, start=at(6, 13), end=at(6, 14), nap=True)]
    query = Query(metric=QueryMetric.SLEEP_TOTAL, sleep_kind="nap")
    assert answer(query, records, Language.EN) == "Today: 1 nap, 1 h in all."


def test_a_count_of_doses_names_each_dose_of_the_period() -> None:
    records = [rec(1, RecordType.HEALTH, time=at(6, 8), kind="medication", medication="美林"),
               rec(2, RecordType.HEALTH, time=at(6, 9), kind="temperature", temperature_c=38.2)]
    query = Query(metric=QueryMetric.RECORD_COUNT, record_type=RecordType.HEALTH, detail="medication")
    text = answer(query, records)
    assert text.startswith("今天用药1次：") and "08:00" in text and "38.2" not in text


def test_the_time_since_comes_first() -> None:
    records = [rec(1, RecordType.DIAPER, time=at(6, 13, 45), wet=True)]
    query = Query(metric=QueryMetric.LAST_RECORD, record_type=RecordType.DIAPER, shape=QueryShape.TIME_SINCE)
    assert answer(query, records).startswith("距离上一次已经 2小时15分钟")


def test_how_long_asleep_while_asleep_is_this_stretch_and_otherwise_says_not_asleep() -> None:
    asleep = rec(1, RecordType.SLEEP, start=at(6, 14, 30))
    query = Query(metric=QueryMetric.SLEEP_TOTAL, shape=QueryShape.CURRENT)
    assert answer(query, [asleep], open_sleep=asleep) == "已经睡了 1小时30分钟（14:30 睡着的）。"
    done = rec(2, RecordType.SLEEP, start=at(6, 13), end=at(6, 14), nap=True)
    assert answer(query, [done]).startswith("现在没在睡。今天一共睡了 1小时")


def test_one_stretch_of_sleep_is_singular() -> None:
    records = [rec(1, RecordType.SLEEP, start=at(6, 13), end=at(6, 14), nap=True)]
    assert answer(Query(metric=QueryMetric.SLEEP_TOTAL), records, Language.EN) == "Today: 1 h of sleep (1 stretch)."


def test_an_english_reply_line_starts_with_a_capital_and_chinese_is_left_alone() -> None:
    said = "formula or breast milk?\n• formula 4 oz"
    assert sentences(said, Language.EN) == "Formula or breast milk?\n• formula 4 oz"
    assert sentences("emma 喝了", Language.ZH) == "emma 喝了"
