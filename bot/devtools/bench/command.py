"""`fawn bench NAME [ARGS]`: timed benchmarks. Add one by adding a function to BENCHMARKS."""
from __future__ import annotations

import argparse
import gc
import random
import sys
import time as clock
from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from pathlib import Path
from zoneinfo import ZoneInfo

from domain.summary.days import RecordView, summarise_days, summarise_with_comparisons
from domain.summary.text import render_summary

SUMMARY_BUDGET_S = 10.0
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


def build_summary_text(records: list[RecordView], tz: tzinfo, local_date: date,
                       language: str = "zh") -> str:
    """What the evening job computes for one baby: the day until 21:00, the 7 days before
    up to 21:00 for the comparisons, the text."""
    as_of = datetime.combine(local_date, time(21), tzinfo=tz)
    today, comparisons = summarise_with_comparisons(records, tz, local_date, as_of)
    return render_summary(today, comparisons, language, "宝宝", tz)


def bench_summaries(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="fawn bench summaries")
    parser.add_argument("--families", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--sample", type=Path, help="also print one summary and write its chart here")
    args = parser.parse_args(argv)
    rng, local_date = random.Random(args.seed), date(2025, 6, 8)
    setup = clock.perf_counter()
    families = [(ZoneInfo(ZONES[i % len(ZONES)]), i % 5 == 0) for i in range(args.families)]
    weeks = [synthetic_week(rng, tz, local_date) for tz, _ in families]
    setup = clock.perf_counter() - setup
    gc.collect()
    gc.freeze()          # the synthetic week is set-up data, not the job's garbage
    started, cpu_started = clock.perf_counter(), clock.process_time()
    for (tz, english), records in zip(families, weeks, strict=True):
        build_summary_text(records, tz, local_date, "en" if english else "zh")
    elapsed, cpu = clock.perf_counter() - started, clock.process_time() - cpu_started
    gc.unfreeze()
    count = sum(len(w) for w in weeks)
    print(f"summaries: {args.families} families, {count} records (setup {setup:.2f} s)")
    print(f"built in {cpu:.2f} s of CPU on one core ({elapsed:.2f} s wall): "
          f"{args.families / cpu:,.0f} families/s (budget {SUMMARY_BUDGET_S:.0f} s)")
    if args.sample and weeks:
        _write_sample(weeks[0], families[0][0], local_date, args.sample)
    return 0 if cpu <= SUMMARY_BUDGET_S else 1


def _write_sample(records: list[RecordView], tz: tzinfo, local_date: date, path: Path) -> None:
    from bot.push.charts import render_week_chart, week_chart_data

    print("\n" + build_summary_text(records, tz, local_date))
    dates = [local_date - timedelta(days=i) for i in range(6, -1, -1)]
    as_of = datetime.combine(local_date, time(21), tzinfo=tz).astimezone(UTC)
    days = summarise_days(records, tz, dates, as_of)
    print(f"chart: {render_week_chart(week_chart_data(list(days.values())), path)}")


BENCHMARKS: dict[str, Callable[[list[str]], int]] = {
    "summaries": bench_summaries,
    "turns": lambda argv: _bench_turns(argv),
    "charts": lambda argv: _bench_charts(argv),
}


def _bench_turns(argv: list[str]) -> int:
    from bot.devtools.bench.turns import bench_turns
    return bench_turns(argv)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in BENCHMARKS:
        print(f"usage: fawn bench {{{'|'.join(BENCHMARKS)}}} [ARGS]", file=sys.stderr)
        return 2
    return BENCHMARKS[argv[0]](argv[1:])


def _bench_charts(argv: list[str]) -> int:
    from bot.devtools.bench.charts import bench_charts

    return bench_charts(argv)
