"""`fawn bench charts`: how much CPU one picture takes — the week chart, the 作息图 and a growth curve —
drawn from a synthetic week, after one warm-up (fonts loaded, hatches and markers made), in a folder
removed afterwards. CPU time, not wall time: a neighbour on a shared machine slows the clock on the wall,
not the work. Each is compared with the 30 ms a picture may take (issue 13's limit)."""
from __future__ import annotations

import argparse
import random
import tempfile
import time as clock
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from bot.devtools.bench.report import emit
from bot.devtools.bench.synthetic import synthetic_week
from domain.summary.days import summarise_days
from domain.summary.rhythm import day_rhythm

LIMIT_MS = 30.0


def bench_charts(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="fawn bench charts")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--language", default="zh")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from bot.push.charts import GrowthChartData
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
    with tempfile.TemporaryDirectory(prefix="fawn-bench-charts-") as folder:
        result = _draw(Path(folder), args.repeat, args.language, week, rhythm, growth)
    emit({"bench": "charts", "repeat": args.repeat, "limit_ms": LIMIT_MS, **result}, args.json)
    return 0


def _draw(out: Path, repeat: int, language: str, week, rhythm, growth) -> dict[str, Any]:
    from bot.push.charts import render_growth_chart, render_rhythm_chart, render_week_chart

    charts = {"week chart": lambda: render_week_chart(week, out / "week.png", language),
              "rhythm chart": lambda: render_rhythm_chart(rhythm, out / "rhythm.png", language, "小满"),
              "growth chart": lambda: render_growth_chart(growth, out / "growth.png", language)}
    result = {}
    for name, draw in charts.items():
        draw()
        began, began_cpu = clock.perf_counter(), clock.process_time()
        for _ in range(repeat):
            draw()
        cpu_ms = (clock.process_time() - began_cpu) / repeat * 1000
        result[name] = {"cpu_ms": round(cpu_ms, 2), "wall_ms": round((clock.perf_counter() - began) / repeat * 1000, 2),
                        "ratio_to_limit": round(cpu_ms / LIMIT_MS, 2)}
    return result
