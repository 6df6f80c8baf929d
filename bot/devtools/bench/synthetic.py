"""A plausible week of one baby's records, for the benchmarks (the same seed gives the same week)."""
from __future__ import annotations

import random
from datetime import UTC, date, datetime, time, timedelta, tzinfo

from domain.summary.days import RecordView

ZONES = ("Asia/Shanghai", "America/New_York", "Europe/London", "Australia/Sydney")


def synthetic_week(rng: random.Random, tz: tzinfo, last_day: date, days: int = 9
                   ) -> list[RecordView]:
    """A plausible week of one baby's records ending on `last_day`, with the night before."""
    records: list[RecordView] = []
    for offset in range(days - 1, -1, -1):
        day = last_day - timedelta(days=offset)
        records += _feeds(rng, tz, day) + _sleeps(rng, tz, day) + _diapers(rng, tz, day)
        if rng.random() < 0.15:
            at = _at(tz, day, rng.randint(8, 20))
            records.append(RecordView("health", at, None, {
                "kind": "medication", "medication": "维生素D", "dose": 1, "dose_unit": "drops"}))
        if rng.random() < 0.1:
            records.append(RecordView("growth", _at(tz, day, 10), None,
                                      {"weight_kg": round(rng.uniform(5, 8), 2)}))
    return records


def _at(tz: tzinfo, day: date, hour: int, minute: int = 0) -> datetime:
    """A local wall time as aware UTC, the way records come out of storage."""
    return datetime.combine(day, time(hour % 24, minute), tzinfo=tz).astimezone(UTC)


def _feeds(rng: random.Random, tz: tzinfo, day: date) -> list[RecordView]:
    feeds = []
    for hour in range(1, 24, 3):
        start = _at(tz, day, hour, rng.randint(0, 40))
        if rng.random() < 0.3:
            feeds.append(RecordView("feeding", start, start + timedelta(minutes=15), {
                "kind": "breast_milk", "method": rng.choice(["left_breast", "right_breast"]),
                "duration_min": rng.randint(8, 20)}))
        else:
            feeds.append(RecordView("feeding", start, None, {
                "kind": rng.choice(["formula", "breast_milk"]), "method": "bottle",
                "amount_ml": rng.choice([60, 90, 120, 150])}))
    return feeds


def _sleeps(rng: random.Random, tz: tzinfo, day: date) -> list[RecordView]:
    night = _at(tz, day, 20, rng.randint(0, 59))
    sleeps = [RecordView("sleep", night, night + timedelta(hours=rng.uniform(8, 10)),
                         {"nap": False, "night_wakings": rng.randint(0, 3)})]
    for hour in (9, 13, 16):
        start = _at(tz, day, hour, rng.randint(0, 30))
        sleeps.append(RecordView("sleep", start, start + timedelta(minutes=rng.randint(30, 100)),
                                 {"nap": True}))
    return sleeps


def _diapers(rng: random.Random, tz: tzinfo, day: date) -> list[RecordView]:
    return [RecordView("diaper", _at(tz, day, hour, rng.randint(0, 59)), None,
                       {"wet": True, "solid": rng.random() < 0.3}) for hour in range(2, 24, 3)]
