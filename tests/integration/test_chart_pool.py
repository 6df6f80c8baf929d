"""The chart workers of a fawn run end with it, even when it is killed with SIGKILL (no orphaned drawers)."""
from __future__ import annotations

import os
import select
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow           # chart worker processes

ROOT = Path(__file__).resolve().parents[2]

KILLED_PARENT = textwrap.dedent("""
    import asyncio, os, signal, sys
    sys.path.insert(0, sys.argv[1])
    from bot.push.chart_pool import ChartPool

    async def main():
        pool = ChartPool()
        print(await pool(os.getpid), flush=True)        # the worker's pid, drawn "in" the worker
        os.kill(os.getpid(), signal.SIGKILL)

    if __name__ == "__main__":
        asyncio.run(main())
""")


@pytest.mark.skipif(not sys.platform.startswith("linux") or not hasattr(os, "pidfd_open"),
                    reason="the parent-death signal is Linux's")
def test_a_chart_worker_ends_when_its_fawn_run_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "killed_parent.py"
    script.write_text(KILLED_PARENT)
    run = subprocess.run([sys.executable, str(script), str(ROOT)], capture_output=True, text=True, timeout=60)
    assert run.returncode == -9, run.stderr
    worker = int(run.stdout.split()[0])
    try:
        handle = os.pidfd_open(worker)
    except ProcessLookupError:
        return                                          # already gone
    try:
        ended, _, _ = select.select([handle], [], [], 30)   # readable when the process has exited
        assert ended, f"chart worker {worker} outlived its killed parent"
    finally:
        os.close(handle)


def test_the_chat_process_loads_no_drawing_library_until_a_picture_is_drawn() -> None:
    """Pillow and matplotlib are imported in the chart workers, not by fawn run's start-up (its RSS)."""
    probe = ("import sys; sys.path.insert(0, sys.argv[1]); import bot.composition, bot.push.charts; "
             "print(sorted(m for m in ('PIL', 'matplotlib') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe, str(ROOT)], capture_output=True, text=True, timeout=60,
                          check=True)
    assert done.stdout.strip() == "[]"
