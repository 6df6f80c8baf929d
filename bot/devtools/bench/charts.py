"""`fawn bench charts`: how long one picture takes — the week chart, the 作息图 and a growth curve —
drawn from a synthetic week, after one warm-up (fonts loaded, hatches and markers made)."""
from __future__ import annotations

import argparse
import random
import tempfile
import time as clock
from datetime import date, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from bot.devtools.bench.synthetic import synthetic_week
from domain.summary.days import summarise_days
from domain.summary.rhythm import day_rhythm


def bench_charts(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="fawn bench charts")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--language", default="zh")
    args = parser.parse_args(argv)
    from bot.push.charts import GrowthChartData, render_growth_chart, render_rhythm_chart, render_week_chart
    from bot.push.charts import week_chart_data as week_data
    from bot.push.growth import percentile_lines

    tz, today = ZoneInfo("Asia/Shanghai"), date(2026, 5, 4)
    records = synthetic_week(random.Random(7), tz, today)
    dates = [today - timedelta(days=i) for i in range(6, -1, -1)]
    as_of = datetime.combine(today, time(15, 30), tzinfo=tz)
    week = week_data(list(summarise_days(records, tz, dates, as_of).values()), "小满", so_far=True)
    rhythm = day_rhythm(records, tz, dates, as_of)
    growth = GrowthChartData("weight_kg", ((0, 3.3), (30, 4.4), (60, 5.5), (90, 6.3), (120, 6.9)),
                             percentile_lines("weight_kg", "female", 150), "小满")
    out = Path(tempfile.mkdtemp(prefix="fawn-bench-charts-"))
    charts = {"week chart": lambda: render_week_chart(week, out / "week.png", args.language),
              "rhythm chart": lambda: render_rhythm_chart(rhythm, out / "rhythm.png", args.language, "小满"),
              "growth chart": lambda: render_growth_chart(growth, out / "growth.png", args.language)}
    for name, draw in charts.items():
        draw()
        started = clock.perf_counter()
        for _ in range(args.repeat):
            draw()
        print(f"{name}: {(clock.perf_counter() - started) / args.repeat * 1000:.1f} ms a picture "
              f"({args.repeat} runs, {out})")
    return 0
