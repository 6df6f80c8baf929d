"""`fawn bench turns`: whole chat turns through the real service — the message stored, read, decided,
written, the reply stored and marked delivered — on a SQLite file (or `--database URL`).

A family's day of messages: complete feeds, fragments, a cross-day sleep with confirmation, a
correction, a question, a sleep opened and closed, chatter. Reported: turns per second, p50 / p95 / p99,
CPU ms per turn (every thread of the process), SQL statements per turn, peak RSS — and, on SQLite,
the very statements the run sent replayed on a copy of the database taken before it: with raw
sqlite3, as one worker-thread hop per turn, and with aiosqlite one await per statement; the ratio is
Fawn's CPU per turn over raw sqlite3's. A turn's CPU is also split in two: understanding (the extractor's
calls) and the rest, each over the same floor — understanding alone is a lower bound no storage work can move.
"""
from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from bot.clock import FrozenClock
from bot.composition import Fawn, open_fawn
from bot.devtools.bench.report import Timings, emit, floor_summary, peak_rss_mb
from bot.protocol import ButtonPress, FamilySetup, IncomingMessage, MemberSetup, OutgoingReply
from storage.baseline import replay_aiosqlite, replay_one_hop, replay_raw, snapshot
from storage.engine import sqlite_url
from storage.metrics import StatementLog, count_statements

SCRIPT = ("刚刚喝了91ml配方奶", "昨晚睡眠7个小时", "差不多，醒1次", "8点到3点", "#confirm",
          "刚刚喝了90", "配方奶", "不是，91", "对", "今天喝了多少奶？", "睡着了", "醒了", "大家早上好")
PLATFORM = "bench"
WARM_UP = len(SCRIPT)
# the clock's step between two turns: `busy` (a minute) fills the 24-hour window with ~160 records, 4–5
# times a real day; `realistic` (6 minutes) holds about 40 in it, a real family's day of feeds, sleeps
# and diapers
DAYS = {"busy": timedelta(minutes=1), "realistic": timedelta(minutes=6)}


@dataclass
class BenchFamily:
    """A Fawn on a database with one family (a parent, a baby) reached from one chat."""

    fawn: Fawn
    clock: FrozenClock
    chat_id: str
    family_id: int
    sqlite_path: Path | None      # the database file, when it is SQLite

    @property
    def database(self):
        return self.fawn.database


async def open_bench(database_url: str | None, folder: Path) -> BenchFamily:
    clock = FrozenClock(datetime(2026, 5, 4, 20, 0, tzinfo=ZoneInfo("Asia/Shanghai")))
    path = folder / "bench.db" if database_url is None else None
    fawn = await open_fawn(database_url or sqlite_url(path), clock=clock)
    return await another_family(BenchFamily(fawn, clock, "", 0, path))


async def another_family(bench: BenchFamily) -> BenchFamily:
    """A new family on the same Fawn, in a fresh chat (fresh on a shared PostgreSQL database too)."""
    chat_id = f"c-{uuid.uuid4().hex[:12]}"
    mom = MemberSetup("mom", "妈妈", "妈妈", "parent")
    family_id = await bench.fawn.families.setup_family(FamilySetup(PLATFORM, chat_id, members=(mom,)))
    return BenchFamily(bench.fawn, bench.clock, chat_id, family_id, bench.sqlite_path)


class TimedExtractor:
    """The service's extractor with the CPU its calls take added up (the process's clock, as a turn's is)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.cpu = 0.0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def extract(self, request: Any) -> Any:
        began = time.process_time()
        try:
            return await self.inner.extract(request)
        finally:
            self.cpu += time.process_time() - began


class Driver:
    """Sends the script's lines as one member, presses the confirm button when the line says so, and
    delivers every reply through the outbox (marked delivered, as a channel does)."""

    def __init__(self, bench: BenchFamily, step: timedelta = DAYS["busy"]) -> None:
        self.bench = bench
        self.step = step
        self.sent = 0
        self.failed = 0           # turns that failed (apologised): a benchmark of them would be a lie
        self.last_buttons: tuple = ()

    async def _send(self, _chat_id: str, _reply: OutgoingReply) -> str:
        self.sent += 1
        return f"p{self.sent}"

    async def turn(self, n: int) -> None:
        bench = self.bench
        line = SCRIPT[n % len(SCRIPT)]
        bench.clock.advance(self.step)
        press = None
        if line == "#confirm":
            token = next((b.token for b in self.last_buttons if b.action == "confirm"), None)
            press, line = (ButtonPress(token) if token else None), ""
        msg = IncomingMessage(PLATFORM, bench.chat_id, "mom", "妈妈", f"m{n}", bench.clock(), text=line, press=press)
        result = await bench.fawn.chat.handle(msg)
        self.failed += result.failed
        await bench.fawn.outbox.send_reply(self._send, PLATFORM, bench.chat_id, result)
        if result.reply and result.reply.buttons:
            self.last_buttons = result.reply.buttons

    async def run(self, first: int, count: int, log: StatementLog | None = None) -> Timings:
        timings = Timings()
        for n in range(first, first + count):
            if log is not None:
                log.next_turn()
            began, began_cpu = time.perf_counter(), time.process_time()
            await self.turn(n)
            timings.cpu.append(time.process_time() - began_cpu)
            timings.wall.append(time.perf_counter() - began)
        return timings


async def measure(bench: BenchFamily, count: int, folder: Path, floor: bool = True, every_floor: bool = True,
                  day: str = "busy") -> dict[str, Any]:
    """Warm up (one pass of the script), then `count` measured turns; on SQLite the replayed floors (raw
    sqlite3 alone unless `every_floor`)."""
    driver = Driver(bench, DAYS[day])
    await driver.run(0, WARM_UP)
    sqlite = bench.sqlite_path is not None
    copy = folder / f"floor-{uuid.uuid4().hex[:6]}.db"
    if sqlite and floor:
        snapshot(bench.sqlite_path, copy)
    chat = bench.fawn.chat
    timed = chat.extractor = TimedExtractor(chat.extractor)
    try:
        with count_statements(bench.database.engine, keep=sqlite and floor) as log:
            timings = await driver.run(WARM_UP, count, log)
    finally:
        chat.extractor = timed.inner
    result = {"database": bench.database.dialect, "day": day, "records_in_window": await _in_window(bench),
              **timings.summary(log.count), "understanding_cpu_ms_per_turn": round(timed.cpu / count * 1000, 3),
              "failed_turns": driver.failed}
    if sqlite and floor:
        turns = [t for t in log.turns if t]
        ways = {"raw_sqlite3": replay_raw, "sqlite3_one_thread_hop": replay_one_hop,
                "aiosqlite_per_statement": replay_aiosqlite}
        replays = {}
        for name, replay in list(ways.items())[:None if every_floor else 1]:
            fresh = _fresh(copy, folder)
            replayed = replay(fresh, turns)
            replays[name] = await replayed if asyncio.iscoroutine(replayed) else replayed
            _remove(fresh)
        result["floor"] = floor_summary(replays, result["cpu_ms_per_turn"], result["understanding_cpu_ms_per_turn"])
        _remove(copy)
    return result


async def _in_window(bench: BenchFamily) -> int:
    """How many records the turn's 24-hour window holds at the end of the run."""
    async with bench.database.unit_of_work() as uow:
        return len(await uow.records.since(bench.family_id, bench.clock() - timedelta(hours=24), UTC))


async def measure_together(bench: BenchFamily, count: int, chats: int, day: str = "busy") -> dict[str, Any]:
    """`chats` families sending the script at the same time (each its next line as soon as its last reply
    is out): the rate the process keeps up when turns overlap — on PostgreSQL one turn's round trips wait
    while another's Python runs. Latencies are each turn's own; CPU is the process's over all turns."""
    drivers = [Driver(bench if n == 0 else await another_family(bench), DAYS[day]) for n in range(chats)]
    for driver in drivers:
        await driver.run(0, WARM_UP)
    each = max(1, count // chats)
    with count_statements(bench.database.engine) as log:
        began, began_cpu = time.perf_counter(), time.process_time()
        runs = await asyncio.gather(*(driver.run(WARM_UP, each) for driver in drivers))
        wall, cpu = time.perf_counter() - began, time.process_time() - began_cpu
    timings = Timings(wall=[w for run in runs for w in run.wall])
    turns = len(timings.wall)
    summary = timings.summary(log.count)
    for key in ("cpu_ms_per_turn", "cpu_ms_p50", "cpu_turns_per_s"):
        summary.pop(key)
    return {"database": bench.database.dialect, "chats": chats, **summary, "msgs_per_s": round(turns / wall, 1),
            "cpu_ms_per_turn": round(cpu / turns * 1000, 3), "cpu_turns_per_s": round(turns / cpu, 1),
            "failed_turns": sum(d.failed for d in drivers)}


def _remove(database: Path) -> None:
    for path in (database, database.with_name(database.name + "-wal"), database.with_name(database.name + "-shm")):
        path.unlink(missing_ok=True)


def _fresh(copy: Path, folder: Path) -> Path:
    """Each floor replays on its own copy of the snapshot (the same inserts, the same ids)."""
    target = folder / f"replay-{uuid.uuid4().hex[:6]}.db"
    snapshot(copy, target)
    return target


def bench_turns(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="fawn bench turns")
    parser.add_argument("--turns", type=int, default=650)
    parser.add_argument("--database", help="a database URL (e.g. postgresql+asyncpg://…); a SQLite file by default")
    parser.add_argument("--chats", type=int, default=1,
                        help="families chatting at once (the --turns shared among them); 1: one turn at a time")
    parser.add_argument("--day", choices=tuple(DAYS), default="busy",
                        help="busy: a minute between turns (~160 records in the window); realistic: ~40")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = asyncio.run(_run(args.turns, args.database, max(1, args.chats), args.day))
    emit({"bench": "turns", **result}, args.json)
    return 1 if result["failed_turns"] else 0


async def _run(count: int, database_url: str | None, chats: int = 1, day: str = "busy") -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="fawn-bench-") as folder:
        bench = await open_bench(database_url, Path(folder))
        try:
            measured = measure(bench, count, Path(folder), day=day) if chats == 1 else \
                measure_together(bench, count, chats, day)
            result = await measured
        finally:
            await bench.fawn.close()
    result["peak_rss_mb"] = round(peak_rss_mb(), 1)
    return result
