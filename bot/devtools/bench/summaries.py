"""`fawn bench summaries`: the evening — N families (one baby, a plausible week each, four zones) in the
database, every family's summary read and written as at 21:00 local, families due in the same minute
loaded together (one read of babies and one of records per batch), each week chart drawn in a process
pool off the chat path — while a stream of chat turns runs in the same event loop, whose latencies are
reported too (they must not suffer at 21:00). Then `fawn run`'s start-up on all these families (the
application opened, the summary scheduler's jobs rebuilt from the families table) runs in a fresh
process, whose peak RSS is reported."""
from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import tempfile
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, date, datetime
from datetime import time as clock_time
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from bot.clock import utc_now
from bot.composition import open_fawn
from bot.devtools.bench.report import Timings, emit, peak_rss_mb
from bot.devtools.bench.synthetic import ZONES, synthetic_week
from bot.devtools.bench.turns import WARM_UP, Driver, open_bench
from bot.push.charts import WeekChartData, render_week_chart
from bot.push.scheduler import SummaryScheduler
from bot.push.summaries import SummaryBuilder, chart_data, daily_text
from storage.bulk import FamilySpec, add_families

LOCAL_DATE = date(2025, 6, 8)
BATCH = 50                  # families read together (one read of their babies, one of their records)
TURN_EVERY_S = 0.02         # the concurrent chat stream: a message every 20 ms (50 a second)


def timed_chart(data: WeekChartData, path: Path, language: str) -> float:
    """In a worker process: draw one week chart; returns the seconds it took."""
    began = time.perf_counter()
    render_week_chart(data, path, language)
    return time.perf_counter() - began


def bench_summaries(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="fawn bench summaries")
    parser.add_argument("--families", type=int, default=10_000)
    parser.add_argument("--charts", type=int, default=None, help="draw this many charts (default: every family's)")
    parser.add_argument("--workers", type=int, default=2, help="chart processes")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--database", help="a database URL (e.g. postgresql+asyncpg://…); a SQLite file by default")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    charts = args.families if args.charts is None else min(args.charts, args.families)
    result = asyncio.run(_run(args.families, charts, args.workers, args.seed, args.database))
    emit({"bench": "summaries", **result}, args.json)
    return 0


def _specs(count: int, seed: int) -> list[FamilySpec]:
    rng = random.Random(seed)
    specs = []
    for n in range(count):
        zone = ZONES[n % len(ZONES)]
        week = synthetic_week(rng, ZoneInfo(zone), LOCAL_DATE)
        specs.append(FamilySpec(zone, "en" if n % 5 == 0 else "zh", [(r.type, r.start, r.end, r.fields) for r in week]))
    return specs


async def _run(count: int, charts: int, workers: int, seed: int, database_url: str | None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="fawn-bench-") as folder:
        bench = await open_bench(database_url, Path(folder))
        try:
            seeding = time.perf_counter()
            specs = _specs(count, seed)
            ids = await add_families(bench.database, specs, platform="evening", created_at=datetime.now(UTC))
            seeding = time.perf_counter() - seeding
            async with bench.database.unit_of_work() as uow:
                families = await uow.families.all(ids)
            driver = Driver(bench)
            await driver.run(0, WARM_UP)
            with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
                result = await _evening(families, charts, pool, driver, Path(folder))
            result["fawn_run_start_up"] = await asyncio.to_thread(_start_up_in_a_process, bench.database.engine.url
                                                                  .render_as_string(hide_password=False))
        finally:
            await bench.fawn.close()
    return {"database": bench.database.dialect, "families": count,
            "records": sum(len(s.records) for s in specs), "seeding_s": round(seeding, 1), **result,
            "chat_process_peak_rss_mb": round(peak_rss_mb(), 1)}


async def _evening(families, charts: int, pool: ProcessPoolExecutor, driver: Driver, folder: Path) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    chart_dir = folder / "charts"
    chart_dir.mkdir()
    warm = [loop.run_in_executor(pool, timed_chart, WeekChartData((LOCAL_DATE,), ()), chart_dir / f"w{n}.png", "zh")
            for n in range(pool._max_workers)]
    await asyncio.gather(*warm, return_exceptions=True)     # workers started, fonts loaded
    due: dict[str, list] = defaultdict(list)                 # families due at the same minute: one zone at 21:00
    for family in families:
        due[family.timezone].append(family)
    stop, turns = asyncio.Event(), Timings()
    stream = asyncio.create_task(_chat_stream(driver, stop, turns))
    builder, drawn = SummaryBuilder(chart_dir), []
    began, began_cpu, texts = time.perf_counter(), time.process_time(), 0
    for zone, group in due.items():
        as_of = datetime.combine(LOCAL_DATE, clock_time(21), tzinfo=ZoneInfo(zone))
        for first in range(0, len(group), BATCH):
            batch = group[first:first + BATCH]
            async with driver.bench.database.unit_of_work() as uow:
                days = await builder.load_days_of(uow, batch, LOCAL_DATE, as_of)
            for family in batch:
                per_baby = days[family.id]
                texts += len("\n\n".join(daily_text(b, family) for b in per_baby)) > 0
                if len(drawn) < charts and per_baby:
                    drawn.append(loop.run_in_executor(pool, timed_chart, chart_data(per_baby, family.tz),
                                                      chart_dir / f"daily-{family.id}.png", family.language))
            await asyncio.sleep(0)              # the chat turns waiting get their turn between batches
    read_wall, read_cpu = time.perf_counter() - began, time.process_time() - began_cpu
    chart_seconds = await asyncio.gather(*drawn)
    total_wall = time.perf_counter() - began
    stop.set()
    await stream
    count = len(families)
    out: dict[str, Any] = {
        "summaries_written": texts,
        "read_and_text": {"wall_s": round(read_wall, 2), "chat_process_cpu_s": round(read_cpu, 2),
                          "ms_per_family": round(read_cpu / count * 1000, 3) if count else None},
        "charts": {"drawn": len(drawn), "workers": pool._max_workers,
                   "ms_per_chart": round(sum(chart_seconds) / len(chart_seconds) * 1000, 1) if chart_seconds else None},
        "evening_wall_s": round(total_wall, 1),
    }
    if drawn and len(drawn) < count:
        per_chart = sum(chart_seconds) / len(chart_seconds)
        out["evening_wall_s_all_charts_estimated"] = round(read_wall + per_chart * count / pool._max_workers, 1)
    summary = turns.summary()
    out["turns_meanwhile"] = {k: summary[k] for k in ("turns", "p50_ms", "p95_ms", "p99_ms", "max_ms")}
    out["turns_meanwhile"]["failed_turns"] = driver.failed
    return out


def _start_up_in_a_process(url: str) -> dict[str, Any]:
    """`fawn run`'s start-up on these families in a fresh process (every module of `fawn run` imported,
    the application opened, the summary scheduler's jobs rebuilt): its jobs and peak RSS."""
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(start_up, url).result()


def start_up(url: str) -> dict[str, Any]:
    """In the fresh process."""
    return asyncio.run(_start_up(url))


async def _start_up(url: str) -> dict[str, Any]:
    async def nowhere(*_args) -> None:
        return None

    fawn = await open_fawn(url, migrate=False)
    scheduler = SummaryScheduler(fawn.database, nowhere, utc_now, instance_id="bench")
    try:
        jobs = await scheduler.rebuild_jobs()
    finally:
        scheduler.shutdown()
        await fawn.close()
    return {"scheduler_jobs": jobs, "peak_rss_mb": round(peak_rss_mb(), 1), "modules": "bot.composition.serve"}


async def _chat_stream(driver: Driver, stop: asyncio.Event, timings: Timings) -> None:
    """A message every TURN_EVERY_S in one family, until the evening is over."""
    n = WARM_UP
    while not stop.is_set():
        began, began_cpu = time.perf_counter(), time.process_time()
        await driver.turn(n)
        timings.wall.append(time.perf_counter() - began)
        timings.cpu.append(time.process_time() - began_cpu)
        n += 1
        try:
            await asyncio.wait_for(stop.wait(), TURN_EVERY_S)
        except TimeoutError:
            pass
