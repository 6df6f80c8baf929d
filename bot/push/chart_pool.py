"""Charts off the chat path: drawn in worker processes, so a turn never waits behind a picture (a picture
is ~10 ms of mostly Python that holds the interpreter lock — a thread would not help). `fawn run` makes one; the
summaries and the chat's own summary answers send their pictures through it. Without one (tests, the
terminal chat) a picture is drawn in a thread, as before.

Workers are started on first use with the spawn method (no inherited event loop or sockets) and keep
their fonts between pictures."""
from __future__ import annotations

import asyncio
import ctypes
import multiprocessing
import signal
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

Draw = Callable[..., Path]
PR_SET_PDEATHSIG = 1            # linux/prctl.h


def _die_with_parent() -> None:
    """A worker ends when its fawn run does, even one killed with SIGKILL (no orphaned drawers)."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        except (OSError, AttributeError):
            pass


async def draw_in_thread(draw: Draw, *args: Any) -> Path:
    return await asyncio.to_thread(draw, *args)


class ChartPool:
    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def __call__(self, draw: Draw, *args: Any) -> Path:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_die_with_parent)
        return await asyncio.get_running_loop().run_in_executor(self._pool, draw, *args)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
