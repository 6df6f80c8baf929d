"""Questions: which metric, which period. Answered later from the database, never by a model."""
from __future__ import annotations

from datetime import datetime

from bot.understanding import lexicon as lx
from domain.extraction import Query, QueryMetric, QueryPeriod


def read_query(text: str, now: datetime) -> Query | None:
    """The query a message asks, or None when it is not a question about records."""
    if lx.SUMMARY.search(text) and not lx.AMOUNT_ML.search(text):
        period = QueryPeriod.WEEK if lx.WEEK.search(text) else QueryPeriod.TODAY
        return Query(metric=QueryMetric.SUMMARY, period=period)
    if lx.QUERY.search(text):
        return _query(text)
    return None


def _query(text: str) -> Query:
    period = QueryPeriod.YESTERDAY if lx.YESTERDAY.search(text) else \
        QueryPeriod.WEEK if lx.WEEK.search(text) else QueryPeriod.TODAY
    sleep = bool(lx.SLEEP_WORDS.search(text))
    if lx.QUERY_LAST.search(text):
        return Query(metric=QueryMetric.LAST_SLEEP if sleep else QueryMetric.LAST_FEEDING, period=period)
    if lx.TIMELINE.search(text):
        return Query(metric=QueryMetric.TIMELINE, period=period)
    return Query(metric=QueryMetric.SLEEP_TOTAL if sleep else QueryMetric.FEEDING_TOTAL, period=period)
