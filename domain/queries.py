"""Questions answered from records, without a model: totals, last times, today's timeline."""
from __future__ import annotations

from datetime import datetime, timedelta

from domain.extraction import Query, QueryMetric, QueryPeriod
from domain.turn import RecordView, Reply, Turn
from domain.vocabulary import BREAST_METHODS, RecordType, ReplyKind

LAST_LOOKBACK = timedelta(days=7)


def query_window(query: Query, now: datetime) -> tuple[datetime, datetime]:
    """The local-time window a query covers (now must be in the family's zone)."""
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    if query.metric in (QueryMetric.LAST_FEEDING, QueryMetric.LAST_SLEEP, QueryMetric.SUMMARY):
        return now - LAST_LOOKBACK, now
    if query.period is QueryPeriod.YESTERDAY:
        return midnight - timedelta(days=1), midnight
    if query.period is QueryPeriod.WEEK:
        return midnight - timedelta(days=midnight.weekday()), now
    return midnight, now


def answer_query(query: Query, turn: Turn) -> Reply:
    start, end = query_window(query, turn.now)
    records = [r for r in turn.query_records if not r.deleted]
    values: dict[str, object] = {"period": query.period, "metric": query.metric}
    if query.metric is QueryMetric.SUMMARY:
        return Reply(ReplyKind.ANSWER, "query_summary", values)   # built by the summary service
    if query.metric is QueryMetric.FEEDING_TOTAL:
        values.update(feeding_totals([r for r in records if r.type is RecordType.FEEDING]))
    elif query.metric is QueryMetric.SLEEP_TOTAL:
        values.update(sleep_totals([r for r in records if r.type is RecordType.SLEEP], start, end))
    elif query.metric in (QueryMetric.LAST_FEEDING, QueryMetric.LAST_SLEEP):
        wanted = RecordType.FEEDING if query.metric is QueryMetric.LAST_FEEDING else RecordType.SLEEP
        last = max((r for r in records if r.type is wanted), key=lambda r: r.fields["start"], default=None)
        values.update({"last": last, "now": turn.now})
    else:
        values["records"] = sorted(records, key=lambda r: r.fields.get("start") or r.fields.get("time"))
    return Reply(ReplyKind.ANSWER, f"query_{query.metric.value}", values)


def feeding_totals(feedings: list[RecordView]) -> dict[str, object]:
    by_kind: dict[str, float] = {}
    breast_sessions, breast_minutes, solid_g = 0, 0.0, 0.0
    for r in feedings:
        f = r.fields
        if f.get("amount_ml"):
            by_kind[f.get("kind", "formula")] = by_kind.get(f.get("kind", "formula"), 0) + f["amount_ml"]
        if f.get("method") in {m.value for m in BREAST_METHODS}:
            breast_sessions += 1
            breast_minutes += f.get("duration_min") or 0
        if f.get("amount_g"):
            solid_g += f["amount_g"]
    return {"count": len(feedings), "ml_by_kind": by_kind, "total_ml": sum(by_kind.values()),
            "breast_sessions": breast_sessions, "breast_minutes": breast_minutes, "solid_g": solid_g}


def sleep_totals(sleeps: list[RecordView], start: datetime, end: datetime) -> dict[str, object]:
    """Minutes asleep inside [start, end); a sleep crossing the boundary counts only its part."""
    total, naps, open_since = 0.0, 0, None
    for r in sleeps:
        s, e = r.fields["start"], r.fields.get("end")
        if e is None:
            open_since = s
            e = end
        overlap = (min(e, end) - max(s, start)).total_seconds() / 60
        total += max(overlap, 0)
        naps += 1 if r.fields.get("nap") else 0
    return {"total_min": total, "count": len(sleeps), "naps": naps, "open_since": open_since}
