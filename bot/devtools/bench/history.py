"""`fawn bench history`: the same turns in families with 100, 10,000 and 100,000 records (and as many
messages) in one database — a turn reads a window, so its cost must not grow with a family's age.
Reported per family size like `fawn bench turns` (on SQLite with each family's raw sqlite3 floor), and the
largest family's CPU a turn over the smallest's — the target (≤ 1.25×) is judged on CPU, which a neighbour
on a shared machine does not move; the p50 wall-time ratio is printed beside it. Seeding prints its
progress as it goes (to stderr).

`--imported`: the records arrive the way a family moving in brings them — through `fawn import`'s own
importer (checked, batched), all of them just now — and no messages; the import's time and its longest
write transaction are reported too."""
from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from bot.devtools.bench.report import emit, peak_rss_mb, progress
from bot.devtools.bench.turns import PLATFORM, BenchFamily, another_family, measure, open_bench
from bot.family.sources import Source, SourceRow
from domain.vocabulary import RecordType
from storage.bulk import STEP, add_history

SIZES = (100, 10_000, 100_000)
FLAT = 1.25


def bench_history(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="fawn bench history")
    parser.add_argument("--turns", type=int, default=260, help="measured turns per family")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), help="records per family")
    parser.add_argument("--database", help="a database URL (e.g. postgresql+asyncpg://…); a SQLite file by default")
    parser.add_argument("--imported", action="store_true",
                        help="the records come in through `fawn import` just now (a family that moved in)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    emit({"bench": "history", "seeded": "imported" if args.imported else "written over time",
          **asyncio.run(_run(args.turns, args.sizes, args.database, args.imported))}, args.json)
    return 0


async def _run(count: int, sizes: list[int], database_url: str | None, imported: bool = False) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="fawn-bench-") as folder:
        first = await open_bench(database_url, Path(folder))
        try:
            families, seeding, imports = [], time.perf_counter(), {}
            for n, size in enumerate(sizes):
                progress(f"seeding a family of {size:,} records ({time.perf_counter() - seeding:.0f} s so far)")
                bench = first if n == 0 else await another_family(first)
                if imported:
                    imports[size] = await _import(bench, size)
                else:
                    await _seed(bench, size)
                families.append((size, bench))
            seeding = time.perf_counter() - seeding
            progress(f"seeded in {seeding:.1f} s")
            results = []
            for size, bench in families:
                progress(f"{count} turns in the family of {size:,} records")
                measured = await measure(bench, count, Path(folder), every_floor=False)
                results.append({"records": size, **imports.get(size, {}), **measured})
        finally:
            await first.fawn.close()
    by_size = {r["records"]: r for r in results}
    smallest, largest = by_size[min(by_size)], by_size[max(by_size)]
    cpu = round(largest["cpu_ms_per_turn"] / smallest["cpu_ms_per_turn"], 2)
    return {"database": results[0]["database"], "seeding_s": round(seeding, 1), "families": results,
            "p50_ratio_largest_to_smallest": round(largest["p50_ms"] / smallest["p50_ms"], 2),
            "cpu_ratio_largest_to_smallest": cpu,
            "flat": f"{'met' if cpu <= FLAT else 'NOT met'}: CPU a turn ×{cpu} from the smallest to the largest "
                    f"(target ≤ {FLAT}×)",
            "peak_rss_mb": round(peak_rss_mb(), 1)}


async def _seed(bench, size: int) -> None:
    async with bench.database.unit_of_work() as uow:
        member = (await uow.families.members(bench.family_id))[0]
        baby = (await uow.families.babies(bench.family_id))[0]
    await add_history(bench.database, family_id=bench.family_id, baby_id=baby.id, member_id=member.id,
                      platform=PLATFORM, chat_id=bench.chat_id, count=size, before=bench.clock())


async def _import(bench: BenchFamily, size: int) -> dict[str, Any]:
    """`size` records through the importer, written now: what a family that moved in has."""
    began = time.perf_counter()
    report = await bench.fawn.families.import_records(bench.family_id, Source(rows=_rows(size, bench.clock())),
                                                      "bench")
    if report.written != size:
        raise RuntimeError(f"the bench's import wrote {report.written} of {size} records: {report.rejected[:3]}")
    return {"import_s": round(time.perf_counter() - began, 1), "import_batches": report.batches,
            "longest_write_ms": round(report.longest_batch_ms, 1)}


def _rows(count: int, now: datetime):
    """Feeds, diapers and naps every 47 minutes back in time, ending a day before `now` (as `add_history`)."""
    last = now - timedelta(days=1)
    for n in range(count):
        at = last - STEP * (count - n)
        kind = n % 3
        if kind == 0:
            slots = {"start": at, "kind": "formula", "method": "bottle", "amount_ml": 90 + n % 5 * 10}
            yield SourceRow("bench", n + 1, None, None, RecordType.FEEDING, slots)
        elif kind == 1:
            yield SourceRow("bench", n + 1, None, None, RecordType.DIAPER, {"time": at, "wet": True,
                                                                           "solid": n % 2 == 0})
        else:
            yield SourceRow("bench", n + 1, None, None, RecordType.SLEEP,
                            {"start": at, "end": at + timedelta(minutes=40), "nap": True})
