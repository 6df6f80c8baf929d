"""The offline rules read questions (metric, period, day part, topic) and leave statements alone."""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.readers.questions import read_query
from domain.extraction import QueryMetric as M
from domain.extraction import QueryPeriod as P

NOW = datetime(2026, 5, 4, 20, 15, tzinfo=ZoneInfo("Asia/Shanghai"))


@pytest.mark.parametrize(("text", "metric", "period"), [
    ("今天喝了多少奶？", M.FEEDING_TOTAL, P.TODAY),
    ("昨天白天睡了多久", M.SLEEP_TOTAL, P.YESTERDAY),
    ("今天睡了多久", M.SLEEP_TOTAL, P.TODAY),
    ("这周换了几次尿布", M.DIAPER_COUNT, P.WEEK),
    ("今天拉了几次", M.DIAPER_COUNT, P.TODAY),
    ("吸了多少奶", M.PUMPING_TOTAL, P.TODAY),
    ("今天趴了多久", M.TUMMY_TOTAL, P.TODAY),
    ("上次喂奶是几点", M.LAST_FEEDING, P.TODAY),
    ("上次换尿布", M.LAST_RECORD, P.TODAY),
    ("上次吃药", M.LAST_RECORD, P.TODAY),
    ("last feed?", M.LAST_FEEDING, P.TODAY),
    ("when was the last diaper change?", M.LAST_RECORD, P.TODAY),
    ("今天的记录", M.TIMELINE, P.TODAY),
    ("今天都记了什么", M.TIMELINE, P.TODAY),
    ("宝宝多重了", M.GROWTH, P.TODAY),
    ("最近体重", M.GROWTH, P.TODAY),
    ("身高多少", M.GROWTH, P.TODAY),
    ("how heavy is she?", M.GROWTH, P.TODAY),
    ("最近一次体温", M.TEMPERATURE, P.TODAY),
    ("last temperature", M.TEMPERATURE, P.TODAY),
    ("下次什么时候吃药", M.NEXT_DOSE, P.TODAY),
    ("when is the next dose?", M.NEXT_DOSE, P.TODAY),
    ("看看照片", M.PHOTOS, P.TODAY),
    ("show photos", M.PHOTOS, P.TODAY),
    ("how many diapers this week", M.DIAPER_COUNT, P.WEEK),
    ("how much did I pump today", M.PUMPING_TOTAL, P.TODAY),
    ("how long did she sleep yesterday", M.SLEEP_TOTAL, P.YESTERDAY),
    ("体温怎么样", M.TEMPERATURE, P.TODAY),
    ("今天怎么样", M.SUMMARY, P.TODAY),
    ("这周怎么样", M.SUMMARY, P.WEEK),
])
def test_questions_are_read(text: str, metric: M, period: P) -> None:
    query = read_query(text, NOW)
    assert query is not None and query.metric is metric and query.period is period


@pytest.mark.parametrize(("text", "day"), [
    ("5月3日喝了多少奶", date(2026, 5, 3)), ("3号喝了多少奶", date(2026, 5, 3)),
    ("how much did she drink on May 3", date(2026, 5, 3)), ("前天拉了几次", date(2026, 5, 2)),
    ("12月30日睡了多久", date(2025, 12, 30)), ("28号换了几次尿布", date(2026, 4, 28)),
])
def test_a_date_is_the_latest_such_day_not_in_the_future(text: str, day: date) -> None:
    query = read_query(text, NOW)
    assert query is not None and query.period is P.DATE and query.day == day


def test_day_parts_topics_and_details() -> None:
    assert read_query("昨天白天睡了多久", NOW).daypart == "day"
    assert read_query("昨晚睡了多久", NOW).daypart == "night"
    assert read_query("今天拉了几次", NOW).detail == "solid"
    assert read_query("美林还要多久能再吃", NOW).detail == "美林"
    last_medicine = read_query("上次吃药", NOW)
    assert last_medicine.record_type.value == "health" and last_medicine.detail == "medication"


@pytest.mark.parametrize("text", [
    "刚刚喝了91ml配方奶", "体重6.2kg", "体温38度", "last night she slept 7 hours", "上次喝了90ml",
    "昨晚睡眠7个小时", "8点到3点", "宝宝今天好乖",
])
def test_statements_are_not_questions(text: str) -> None:
    assert read_query(text, NOW) is None
