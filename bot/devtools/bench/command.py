"""`fawn bench NAME [ARGS]`: timed benchmarks. Add one by adding a function to BENCHMARKS."""
from __future__ import annotations

import sys
from collections.abc import Callable

from bot.devtools.bench.charts import bench_charts
from bot.devtools.bench.history import bench_history
from bot.devtools.bench.messages import bench_messages
from bot.devtools.bench.summaries import bench_summaries
from bot.devtools.bench.turns import bench_turns
from bot.devtools.bench.webhook import bench_webhook

BENCHMARKS: dict[str, Callable[[list[str]], int]] = {
    "summaries": bench_summaries,
    "turns": bench_turns,
    "history": bench_history,
    "webhook": bench_webhook,
    "charts": bench_charts,
    "messages": bench_messages,
}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in BENCHMARKS:
        print(f"usage: fawn bench {{{'|'.join(BENCHMARKS)}}} [ARGS]", file=sys.stderr)
        return 2
    return BENCHMARKS[argv[0]](argv[1:])
