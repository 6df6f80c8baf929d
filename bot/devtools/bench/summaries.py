"""`fawn bench summaries`: the evening job's numbers and text for 10,000 families (charts: `fawn bench charts`)."""
from __future__ import annotations

import argparse
import gc
import random
import time as clock
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from pathlib import Path
from zoneinfo import ZoneInfo

from bot.devtools.bench.synthetic import ZONES, synthetic_week
from bot.push.charts import render_week_chart, week_chart_data
from domain.replies.summary import render_summary
from domain.summary.days import RecordView, summarise_days, summarise_with_comparisons

SUMMARY_BUDGET_S = 10.0


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
    print("\n" + build_summary_text(records, tz, local_date))
    dates = [local_date - timedelta(days=i) for i in range(6, -1, -1)]
    as_of = datetime.combine(local_date, time(21), tzinfo=tz).astimezone(UTC)
    days = summarise_days(records, tz, dates, as_of)
    print(f"chart: {render_week_chart(week_chart_data(list(days.values())), path)}")
