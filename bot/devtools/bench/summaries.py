"""`fawn bench summaries`: the evening — N families (one baby, a plausible week each, four zones) in the
database, every family's summary sent by the summary scheduler's own slot jobs as at 21:00 local (families
due in the same minute claimed and read together, a batch at a time), each week chart drawn in a process
pool off the chat path — while a stream of chat turns runs in the same event loop, whose latencies are
reported too (they must not suffer at 21:00). Then `fawn run`'s start-up on all these families (the
application opened, the summary scheduler's jobs rebuilt from the families table) runs in a fresh
process, whose peak RSS is reported."""
from __future__ import annotations

import argparse
import asyncio
import gc
import multiprocessing
import random
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, date, datetime
from datetime import time as clock_time
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from bot.clock import FrozenClock, utc_now
from bot.composition import open_fawn
from bot.devtools.bench.report import Timings, emit, peak_rss_mb, progress
from bot.devtools.bench.synthetic import ZONES, synthetic_week
from bot.devtools.bench.turns import WARM_UP, Driver, open_bench
from bot.push.charts import WeekChartData, render_week_chart
from bot.push.scheduler import SummaryScheduler
from storage.bulk import FamilySpec, add_families

LOCAL_DATE = date(2025, 6, 6)            # a Friday: the daily summary alone (--sunday: with the weekly report)
SUNDAY = date(2025, 6, 8)
TURN_EVERY_S = 0.02         # the concurrent chat stream: a message every 20 ms (50 a second)


def timed_chart(draw, *args) -> tuple[Path, float]:
    """In a worker process: draw one picture; returns it and the seconds it took."""
    began = time.perf_counter()
    path = draw(*args)
    return path, time.perf_counter() - began


def bench_summaries(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="fawn bench summaries")
    parser.add_argument("--families", type=int, default=10_000)
    parser.add_argument("--charts", type=int, default=None, help="draw this many charts (default: every family's)")
    parser.add_argument("--workers", type=int, default=2, help="chart processes")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--database", help="a database URL (e.g. postgresql+asyncpg://…); a SQLite file by default")
    parser.add_argument("--sunday", action="store_true", help="a Sunday evening: the weekly report goes out too")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    charts = args.families if args.charts is None else min(args.charts, args.families)
    result = asyncio.run(_run(args.families, charts, args.workers, args.seed, args.database,
                              SUNDAY if args.sunday else LOCAL_DATE))
    emit({"bench": "summaries", **result}, args.json)
    return 0


def _specs(count: int, seed: int, day: date) -> list[FamilySpec]:
    rng = random.Random(seed)
    specs = []
    for n in range(count):
        zone = ZONES[n % len(ZONES)]
        week = synthetic_week(rng, ZoneInfo(zone), day)
        specs.append(FamilySpec(zone, "en" if n % 5 == 0 else "zh", [(r.type, r.start, r.end, r.fields) for r in week]))
    return specs


async def _run(count: int, charts: int, workers: int, seed: int, database_url: str | None,
               day: date) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="fawn-bench-") as folder:
        bench = await open_bench(database_url, Path(folder))
        try:
            seeding = time.perf_counter()
            progress(f"seeding {count:,} families (a week of records each)")
            specs = _specs(count, seed, day)
            progress(f"made up in {time.perf_counter() - seeding:.1f} s; writing them")
            ids = await add_families(bench.database, specs, platform="evening", created_at=datetime.now(UTC))
            records = sum(len(s.records) for s in specs)
            del specs                       # the seed data is not the chat process's: no 800 MB heap to collect
            gc.collect()
            seeding = time.perf_counter() - seeding
            progress(f"seeded {records:,} records in {seeding:.1f} s; the evening begins")
            async with bench.database.unit_of_work() as uow:
                families = await uow.families.all(ids)
            driver = Driver(bench)
            await driver.run(0, WARM_UP)
            with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
                result = await _evening(families, charts, pool, driver, Path(folder), day)
            progress("the evening is over; `fawn run`'s start-up (with its catch-up) in a fresh process")
            result["fawn_run_start_up"] = await asyncio.to_thread(_start_up_in_a_process, bench.database.engine.url
                                                                  .render_as_string(hide_password=False))
        finally:
            await bench.fawn.close()
    return {"database": bench.database.dialect, "evening": f"{day:%A} {day}", "families": count,
            "records": records, "seeding_s": round(seeding, 1), **result,
            "chat_process_peak_rss_mb": round(peak_rss_mb(), 1)}


async def _evening(families, charts: int, pool: ProcessPoolExecutor, driver: Driver, folder: Path,
                   day: date) -> dict[str, Any]:
    """The summary scheduler's own slot jobs, fired one zone after another at 21:00 local: claims, batched
    reads, texts, charts drawn in the pool and pushes (to nowhere: the push counts)."""
    loop = asyncio.get_running_loop()
    chart_dir = folder / "charts"
    chart_dir.mkdir()
    warm = [loop.run_in_executor(pool, timed_chart, render_week_chart, WeekChartData((day,), ()),
                                 chart_dir / f"w{n}.png", "zh") for n in range(pool._max_workers)]
    await asyncio.gather(*warm, return_exceptions=True)     # workers started, fonts loaded
    zones = sorted({family.timezone for family in families})
    chart_seconds: list[float] = []
    pushed: list[int] = []

    async def drawn_in_the_pool(draw, *args) -> Path | None:
        if len(chart_seconds) >= charts:
            return None
        chart_seconds.append(0.0)
        path, seconds = await loop.run_in_executor(pool, timed_chart, draw, *args)
        chart_seconds.append(seconds)
        chart_seconds.remove(0.0)
        return path

    async def nowhere(family, reply, about) -> bool:
        pushed.append(family.id)
        return True

    clock = FrozenClock(datetime.combine(day, clock_time(21), tzinfo=ZoneInfo(zones[0])))
    scheduler = SummaryScheduler(driver.bench.database, nowhere, clock, "bench-evening", chart_dir=chart_dir)
    scheduler.builder.draw = drawn_in_the_pool
    await scheduler.rebuild_jobs()
    stop, turns = asyncio.Event(), Timings()
    stream = asyncio.create_task(_chat_stream(driver, stop, turns))
    began, began_cpu, sent = time.perf_counter(), time.process_time(), set()
    for zone in zones:
        clock.set(datetime.combine(day, clock_time(21), tzinfo=ZoneInfo(zone)))
        sent.update(await scheduler.fire_slot((zone, "21:00")))
        progress(f"21:00 in {zone}: {len(sent):,} summaries sent, {len(chart_seconds):,} charts drawn "
                 f"({time.perf_counter() - began:.0f} s)")
    wall, cpu = time.perf_counter() - began, time.process_time() - began_cpu
    stop.set()
    await stream
    count = len(families)
    drawn = [s for s in chart_seconds if s]
    out: dict[str, Any] = {
        "summaries_sent": len(sent & {family.id for family in families}), "pushes": len(pushed),
        "chat_process": {"cpu_s": round(cpu, 2), "ms_per_family": round(cpu / count * 1000, 3) if count else None},
        "charts": {"drawn": len(drawn), "workers": pool._max_workers,
                   "ms_per_chart": round(sum(drawn) / len(drawn) * 1000, 1) if drawn else None},
        "evening_wall_s": round(wall, 1),
    }
    if drawn and len(drawn) < count:
        out["evening_wall_s_all_charts_estimated"] = round(wall + sum(drawn) / len(drawn) * (count - len(drawn))
                                                           / pool._max_workers, 1)
    summary = turns.summary()
    out["turns_meanwhile"] = {k: summary[k] for k in ("turns", "p50_ms", "p95_ms", "p99_ms", "max_ms")}
    out["turns_meanwhile"]["failed_turns"] = driver.failed
    return out


def _start_up_in_a_process(url: str) -> dict[str, Any]:
    """`fawn run`'s start-up on these families in a fresh process (every module of `fawn run` imported,
    the application opened, the summary scheduler started and its catch-up of what fell due while the bot
    was down finished): its time, its jobs and peak RSS."""
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(start_up, url).result()


def start_up(url: str) -> dict[str, Any]:
    """In the fresh process."""
    return asyncio.run(_start_up(url))


async def _start_up(url: str) -> dict[str, Any]:
    async def nowhere(*_args) -> None:
        return None

    began, began_cpu = time.perf_counter(), time.process_time()
    fawn = await open_fawn(url, migrate=False)
    scheduler = SummaryScheduler(fawn.database, nowhere, utc_now, instance_id="bench")
    try:
        await scheduler.start()
        started = time.perf_counter() - began
        await scheduler.caught_up()
        wall, cpu = time.perf_counter() - began, time.process_time() - began_cpu
        jobs = scheduler.scheduler.get_jobs()
        slots, jobs = sum(job.id.startswith("summary:") for job in jobs), len(jobs)
    finally:
        scheduler.shutdown()
        await fawn.close()
    return {"slots": slots, "scheduler_jobs": jobs, "serving_after_s": round(started, 2),
            "caught_up_after_s": round(wall, 2), "cpu_s": round(cpu, 2), "peak_rss_mb": round(peak_rss_mb(), 1),
            "modules": "bot.composition.serve"}


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
