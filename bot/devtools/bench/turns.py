"""`fawn bench turns`: whole chat turns through the real service on a SQLite file.

Measures per-turn latency (p50 / p95 / max) and the process's peak RSS for a family's day of
messages: complete feeds, fragments, a cross-day sleep with confirmation, queries.
"""
from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from bot.clock import FrozenClock
from bot.composition import open_fawn
from bot.protocol import ButtonPress, FamilySetup, IncomingMessage, MemberSetup
from storage.engine import sqlite_url

SCRIPT = ("刚刚喝了91ml配方奶", "昨晚睡眠7个小时", "差不多，醒1次", "8点到3点", "#confirm",
          "刚刚喝了90", "配方奶", "不是，91", "对", "今天喝了多少奶？", "睡着了", "醒了", "大家早上好")
P95_BUDGET_MS = 50.0


def bench_turns(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="fawn bench turns")
    parser.add_argument("--turns", type=int, default=650)
    args = parser.parse_args(argv)
    return asyncio.run(_run(args.turns))


async def _run(count: int) -> int:
    with tempfile.TemporaryDirectory() as folder:
        clock = FrozenClock(datetime(2026, 5, 4, 20, 0, tzinfo=ZoneInfo("Asia/Shanghai")))
        fawn = await open_fawn(sqlite_url(Path(folder) / "bench.db"), clock=clock)
        mom = MemberSetup("mom", "妈妈", "妈妈", "parent")
        await fawn.families.setup_family(FamilySetup("bench", "c1", members=(mom,)))
        latencies = await _drive(fawn.chat, clock, count)
        await fawn.close()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024   # Linux reports KiB
    p50, p95 = statistics.median(latencies), statistics.quantiles(latencies, n=20)[18]
    print(f"turns: {len(latencies)}  p50 {p50:.2f} ms  p95 {p95:.2f} ms  max {max(latencies):.2f} ms  "
          f"peak RSS of the process {peak_mb:.0f} MB  (budget p95 < {P95_BUDGET_MS:.0f} ms)")
    return 0 if p95 < P95_BUDGET_MS else 1


async def _drive(service, clock: FrozenClock, count: int) -> list[float]:
    latencies, last_buttons = [], ()
    for n in range(count):
        line = SCRIPT[n % len(SCRIPT)]
        clock.advance(timedelta(minutes=1))
        press = None
        if line == "#confirm":
            token = next((b.token for b in last_buttons if b.action == "confirm"), None)
            press, line = (ButtonPress(token) if token else None), ""
        msg = IncomingMessage("bench", "c1", "mom", "妈妈", f"m{n}", clock(), text=line, press=press)
        began = time.perf_counter()
        result = await service.handle(msg)
        latencies.append((time.perf_counter() - began) * 1000)
        if result.reply and result.reply.buttons:
            last_buttons = result.reply.buttons
    return latencies
