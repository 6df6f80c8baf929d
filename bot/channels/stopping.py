"""Long-running channel loops (Telegram polling, iLink's long poll, WeCom's long connection) stop
promptly: a wait that ends when the loop is told to stop, and a pause that does too."""
from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable
from typing import TypeVar

T = TypeVar("T")


async def unless_stopped(work: Awaitable[T], stop: asyncio.Event) -> asyncio.Future[T] | None:
    """Wait for `work` or for `stop`, whichever comes first. The finished future (read its result or
    exception), or None when `stop` came first — then `work` is cancelled."""
    running = asyncio.ensure_future(work)
    stopping = asyncio.ensure_future(stop.wait())
    await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
    stopping.cancel()
    if stop.is_set():
        running.cancel()
        await asyncio.gather(running, return_exceptions=True)
        return None
    return running


async def pause(stop: asyncio.Event, seconds: float) -> None:
    """Wait `seconds`, or less when `stop` is set meanwhile."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)
