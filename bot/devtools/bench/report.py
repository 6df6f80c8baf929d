"""What every `fawn bench` subcommand reports, as text or JSON: messages per second, p50 / p95 / p99,
CPU ms per turn, peak RSS, SQL statements per turn, and the raw sqlite3 floor with the ratio to it."""
from __future__ import annotations

import json
import resource
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from storage.baseline import Replayed

STATUS = Path("/proc/self/status")


def peak_rss_mb() -> float:
    """The process's own peak resident set. Linux's VmHWM where there is one: getrusage's ru_maxrss is kept
    across fork and exec, so a fresh process spawned by a big one would report its parent's peak."""
    try:
        hwm = next(line for line in STATUS.read_text().splitlines() if line.startswith("VmHWM:"))
        return int(hwm.split()[1]) / 1024                      # "VmHWM:   123456 kB"
    except (OSError, StopIteration, ValueError, IndexError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def percentile(values: Sequence[float], p: float) -> float:
    """The p-th percentile (nearest rank) of values."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


@dataclass
class Timings:
    """Per turn: wall seconds and CPU seconds of the whole process (every thread)."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def summary(self, statements: int | None = None) -> dict[str, Any]:
        count = len(self.wall)
        total = sum(self.wall)
        out: dict[str, Any] = {
            "turns": count,
            "msgs_per_s": round(count / total, 1) if total else None,
            "p50_ms": round(percentile(self.wall, 50) * 1000, 2),
            "p95_ms": round(percentile(self.wall, 95) * 1000, 2),
            "p99_ms": round(percentile(self.wall, 99) * 1000, 2),
            "max_ms": round(max(self.wall, default=0) * 1000, 2),
            "cpu_ms_per_turn": round(statistics.fmean(self.cpu) * 1000, 3) if self.cpu else None,
            "cpu_ms_p50": round(percentile(self.cpu, 50) * 1000, 3) if self.cpu else None,   # steady under noise
            "cpu_turns_per_s": round(count / sum(self.cpu), 1) if sum(self.cpu) else None,
        }
        if statements is not None:
            out["sql_statements_per_turn"] = round(statements / count, 2) if count else None
        return out


def floor_summary(replays: dict[str, Replayed], fawn_cpu_ms: float | None,
                  understanding_ms: float | None = None) -> dict[str, Any]:
    """The replayed floors (raw sqlite3, one hop, aiosqlite per statement) and Fawn's ratio to raw sqlite3 —
    with `understanding_ms` (the extractor's CPU a turn), the ratio split into understanding alone and the rest."""
    out: dict[str, Any] = {}
    for name, replayed in replays.items():
        out[name] = {"cpu_ms_per_turn": round(statistics.fmean(replayed.cpu) * 1000, 3) if replayed.cpu else None,
                     "p50_ms": round(percentile(replayed.wall, 50) * 1000, 3)}
    raw = out.get("raw_sqlite3", {}).get("cpu_ms_per_turn")
    if raw and fawn_cpu_ms:
        out["ratio_to_raw_sqlite3"] = round(fawn_cpu_ms / raw, 2)
        if understanding_ms is not None:
            out["ratio_understanding_alone"] = round(understanding_ms / raw, 2)
            out["ratio_without_understanding"] = round((fawn_cpu_ms - understanding_ms) / raw, 2)
    return out


def progress(line: str) -> None:
    """A line of a long benchmark's progress, on stderr as it happens (its result goes to stdout at the end)."""
    print(f"… {line}", file=sys.stderr, flush=True)


def emit(result: dict[str, Any], as_json: bool) -> None:
    """Print the result: one JSON object, or indented `key: value` lines."""
    if as_json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return
    _lines(result, 0)
    sys.stdout.flush()


def _lines(value: dict[str, Any], depth: int) -> None:
    pad = "  " * depth
    for key, item in value.items():
        if isinstance(item, dict):
            print(f"{pad}{key}:")
            _lines(item, depth + 1)
        elif isinstance(item, list) and item and isinstance(item[0], dict):
            print(f"{pad}{key}:")
            for entry in item:
                print(f"{pad}  -")
                _lines(entry, depth + 2)
        else:
            print(f"{pad}{key}: {item}")
