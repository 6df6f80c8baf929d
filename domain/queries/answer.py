"""Questions answered from records, without a model: totals, last times, timelines, growth, doses, photos.

`answer_query` returns Reply(ANSWER, "query_<metric>", values) with `values["sections"]`: one
section per baby asked about (one unnamed section in a one-baby family), each built by a
pure function of the records the shell loaded (`Turn.query_records`) and the facts it
computed (`Turn.query_facts`, e.g. WHO percentiles).
"""
from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from typing import Any

from domain.babies import baby_named
from domain.extraction import Query, QueryMetric, QueryPeriod, QueryShape
from domain.queries.latest import (
    growth,
    highest_temperature,
    last_feeding,
    last_record,
    next_doses,
    photos,
    temperature,
)
from domain.queries.totals import (
    daily_average,
    day_totals,
    diaper_counts,
    feeding_totals,
    night_totals,
    pumping_totals,
    sleep_totals,
    tummy_totals,
)
from domain.summary.nights import night_of, night_window
from domain.turn import BabyView, RecordView, Reply, Turn
from domain.vocabulary import RecordType, ReplyKind

LAST_LOOKBACK = timedelta(days=7)
LONG_LOOKBACK = timedelta(days=3650)
DAY_START, DAY_END = 6, 18          # 白天 06:00–18:00; the night runs 18:00–06:00

#: the record type a "latest" question reads (None: the query's own record_type)
LATEST: dict[QueryMetric, RecordType | None] = {
    QueryMetric.LAST_FEEDING: RecordType.FEEDING, QueryMetric.LAST_SLEEP: RecordType.SLEEP,
    QueryMetric.LAST_RECORD: None, QueryMetric.GROWTH: RecordType.GROWTH,
    QueryMetric.TEMPERATURE: RecordType.HEALTH, QueryMetric.NEXT_DOSE: RecordType.HEALTH,
    QueryMetric.PHOTOS: RecordType.PHOTO,
}
#: the record type a total over a period reads (None: every type)
TOTALS: dict[QueryMetric, RecordType | None] = {
    QueryMetric.FEEDING_TOTAL: RecordType.FEEDING, QueryMetric.SLEEP_TOTAL: RecordType.SLEEP,
    QueryMetric.DIAPER_COUNT: RecordType.DIAPER, QueryMetric.PUMPING_TOTAL: RecordType.PUMPING,
    QueryMetric.TUMMY_TOTAL: RecordType.TUMMY_TIME, QueryMetric.TIMELINE: None,
    QueryMetric.RECORD_COUNT: None,
}


def wanted_type(query: Query) -> RecordType | None:
    """The one record type a query reads, or None when it reads every type (timeline, summary)."""
    if query.metric in LATEST:
        return LATEST[query.metric] or query.record_type
    if query.metric is QueryMetric.RECORD_COUNT:
        return query.record_type
    return TOTALS.get(query.metric)


def is_latest(query: Query) -> bool:
    """A question about the most recent records of a type, whenever they were."""
    return query.metric in LATEST


def query_window(query: Query, now: datetime) -> tuple[datetime, datetime]:
    """The local-time window a query covers (now must be in the family's zone)."""
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    if query.metric in (QueryMetric.LAST_FEEDING, QueryMetric.LAST_SLEEP, QueryMetric.SUMMARY):
        return now - LAST_LOOKBACK, now
    if query.metric in LATEST and query.detail != "highest":      # the day's highest asks of its period
        return now - LONG_LOOKBACK, now
    if query.period is QueryPeriod.WEEK:
        return midnight - timedelta(days=midnight.weekday()), now
    day = query_day(query, now)
    if query.daypart == "day":
        return _at(day, DAY_START, now), min(_at(day, DAY_END, now), now)
    if query.daypart == "night":
        if query.period is QueryPeriod.TODAY and now.hour < 12:
            day -= timedelta(days=1)            # 晚上睡了多久, asked in the morning: last night
        if query.metric is QueryMetric.SLEEP_TOTAL and query.sleep_kind is None:
            start, end = night_window(day, now.tzinfo)        # the night as the summary counts it
            return start, max(min(end, now), start)
        start = _at(day, DAY_END, now)
        return start, max(min(_at(day + timedelta(days=1), DAY_START, now), now), start)
    if query.metric is QueryMetric.SLEEP_TOTAL and query.shape is not QueryShape.CURRENT:
        start = night_window(day - timedelta(days=1), now.tzinfo)[0]    # the night that ended that morning
        return start, max(min(_at(day + timedelta(days=1), 0, now), now), start)
    start = _at(day, 0, now)
    return start, min(_at(day + timedelta(days=1), 0, now), now)


def query_day(query: Query, now: datetime) -> date:
    if query.period is QueryPeriod.YESTERDAY:
        return now.date() - timedelta(days=1)
    if query.period is QueryPeriod.DATE and query.day is not None:
        return query.day
    return now.date()


def _at(day: date, hour: int, now: datetime) -> datetime:
    return datetime.combine(day, time(hour), tzinfo=now.tzinfo)


CHARTS = ("week", "sleep", "feeding", "diapers", "rhythm")


def chart_of(detail: str | None) -> str:
    """The picture a chart question asks for; anything else is the whole week chart."""
    return detail if detail in CHARTS else "week"


def answer_query(query: Query, turn: Turn) -> Reply:
    values: dict[str, Any] = {"period": query.period, "metric": query.metric, "day": query_day(query, turn.now),
                              "daypart": query.daypart, "detail": query.detail,
                              "record_type": query.record_type, "shape": query.shape,
                              "sleep_kind": query.sleep_kind}
    if query.metric is QueryMetric.GROWTH_CURVE:
        return Reply(ReplyKind.ANSWER, "query_growth_curve", {**values, "measure": query.detail or "weight_kg"})
    if query.metric is QueryMetric.CHART:
        return Reply(ReplyKind.ANSWER, "query_chart", {**values, "chart": chart_of(query.detail)})
    if query.metric is QueryMetric.SUMMARY:
        return Reply(ReplyKind.ANSWER, "query_summary", values)   # built by the summary service
    start, end = query_window(query, turn.now)
    wanted = wanted_type(query)
    records = [r for r in turn.query_records if not r.deleted and (wanted is None or r.type is wanted)]
    sections = []
    for baby, named in targets(turn):
        mine = [r for r in records if baby is None or r.baby_id == baby.id]
        section = BUILDERS[query.metric](query, mine, baby, turn, start, end)
        sections.append({"baby": baby.name if named and baby else None, **section})
    values["sections"] = sections
    if query.metric is QueryMetric.PHOTOS:
        newest = max((p for s in sections for p in s["photos"]), key=_when, default=None)
        if newest is not None and newest.fields.get("file"):
            values["image"] = str(newest.fields["file"])
    return Reply(ReplyKind.ANSWER, f"query_{query.metric.value}", values)


def targets(turn: Turn) -> list[tuple[BabyView | None, bool]]:
    """The babies a question is about: the one named, else each of several (named), else the only one."""
    named = baby_named(turn.babies, turn.extraction.baby)
    if named:
        return [(named, len(turn.babies) > 1)]
    if len(turn.babies) > 1:
        return [(b, True) for b in turn.babies]
    return [(turn.babies[0] if turn.babies else None, False)]


def _when(r: RecordView) -> datetime:
    return r.fields.get("start") or r.fields.get("time")


def _in_window(records: list[RecordView], start: datetime, end: datetime) -> list[RecordView]:
    return [r for r in records if _when(r) is not None and start <= _when(r) < end]


Builder = Callable[[Query, list[RecordView], "BabyView | None", Turn, datetime, datetime], dict[str, Any]]


def _feeding(query: Query, records: list[RecordView], start: datetime, end: datetime) -> dict[str, Any]:
    feeds = _in_window(records, start, end)
    totals = feeding_totals(feeds)
    return daily_average(totals, feeds) if query.shape is QueryShape.DAILY_AVERAGE else totals


def _sleep(query: Query, records: list[RecordView], baby: BabyView | None, turn: Turn, start: datetime,
           end: datetime) -> dict[str, Any]:
    """The sleep in the window (naps only when 午睡 / nap was asked); 睡了多久了 also gets the open sleep."""
    if query.sleep_kind is not None:
        records = [r for r in records if bool(r.fields.get("nap")) == (query.sleep_kind == "nap")]
    if query.daypart == "night" and query.sleep_kind is None:
        totals = night_totals(records, night_of(start, start.tzinfo), turn.now)
    elif query.daypart is None and query.period is not QueryPeriod.WEEK and query.shape is not QueryShape.CURRENT:
        totals = day_totals(records, query_day(query, turn.now), turn.now)    # the day as the summary counts it
    else:
        totals = sleep_totals(records, start, end)
    if query.shape is QueryShape.CURRENT:
        asleep = turn.open_sleep
        mine = asleep is not None and (baby is None or asleep.baby_id == baby.id)
        totals["current"] = asleep if mine else None
    return totals


def _count(query: Query, records: list[RecordView], start: datetime, end: datetime) -> dict[str, Any]:
    """今天吃了几次药: the records of the type (and health kind) in the period, by time."""
    chosen = [r for r in _in_window(records, start, end)
              if not query.detail or r.fields.get("kind") == query.detail]
    return {"count": len(chosen), "records": sorted(chosen, key=_when)}


BUILDERS: dict[QueryMetric, Builder] = {
    QueryMetric.FEEDING_TOTAL: lambda q, rs, b, t, s, e: _feeding(q, rs, s, e),
    QueryMetric.SLEEP_TOTAL: _sleep,
    QueryMetric.RECORD_COUNT: lambda q, rs, b, t, s, e: _count(q, rs, s, e),
    QueryMetric.DIAPER_COUNT: lambda q, rs, b, t, s, e: diaper_counts(_in_window(rs, s, e)),
    QueryMetric.PUMPING_TOTAL: lambda q, rs, b, t, s, e: pumping_totals(_in_window(rs, s, e)),
    QueryMetric.TUMMY_TOTAL: lambda q, rs, b, t, s, e: tummy_totals(_in_window(rs, s, e)),
    QueryMetric.TIMELINE: lambda q, rs, b, t, s, e: {"records": sorted(_in_window(rs, s, e), key=_when)},
    QueryMetric.LAST_FEEDING: lambda q, rs, b, t, s, e: last_feeding(rs, q.detail, t.now),
    QueryMetric.LAST_SLEEP: lambda q, rs, b, t, s, e: last_record(rs, None, t.now),
    QueryMetric.LAST_RECORD: lambda q, rs, b, t, s, e: last_record(rs, q.detail, t.now),
    QueryMetric.GROWTH: lambda q, rs, b, t, s, e: growth(rs, b, t.query_facts),
    QueryMetric.TEMPERATURE: lambda q, rs, b, t, s, e: temperature(rs, t.now) if q.detail != "highest"
    else highest_temperature(_in_window(rs, s, e), t.now),
    QueryMetric.NEXT_DOSE: lambda q, rs, b, t, s, e: next_doses(rs, q.detail, t.now),
    QueryMetric.PHOTOS: lambda q, rs, b, t, s, e: photos(rs),
}
