"""aiosqlite without a thread hop per call, unless the database makes us wait.

aiosqlite runs every sqlite3 call — a cursor, an execute, a fetch, a commit — on its worker thread and
wakes the event loop with the result: about 4 hops per statement, ~70 per chat turn. Measured on this
machine (docs/performance.md) the hops, not SQLite, were most of a turn's cost. A statement of a turn
takes tens of microseconds in SQLite itself, less than one hop, so `InlineConnection` runs each call on
the loop's own thread with SQLite's busy timeout at 0: it either completes at once or fails with
"database is locked" before doing anything — and only then is the same call handed to the worker
thread, with the usual busy timeout, so a held write lock (another process writing, a migration) is
waited for without blocking the loop. Nothing else changes: the same aiosqlite API for SQLAlchemy,
the same sqlite3 connection, the same transactions.
"""
from __future__ import annotations

import sqlite3
from functools import partial
from typing import Any

import aiosqlite

LOCKED = ("database is locked", "database table is locked")


def _busy(error: sqlite3.OperationalError) -> bool:
    return any(words in str(error) for words in LOCKED)


class InlineConnection(aiosqlite.Connection):
    """An aiosqlite connection that calls sqlite3 in place and hops to its thread only when SQLite is busy."""

    def __init__(self, path: str, wait_ms: int, **kwargs: Any) -> None:
        super().__init__(partial(sqlite3.connect, path, check_same_thread=False, timeout=0, **kwargs), 64)
        self._wait_ms = wait_ms
        self._stopping: Any = None

    def stop(self):
        self._stopping = super().stop()
        return self._stopping

    async def _connect(self):
        """A file that cannot be opened: aiosqlite stops its thread without waiting for it, and the thread
        then reports to a loop that may be closed (a traceback after the one-line error). Wait for it."""
        try:
            return await super()._connect()
        except BaseException:
            if self._stopping is not None:
                await self._stopping
            raise

    async def _execute(self, fn, *args, **kwargs):
        if not self._running or not self._connection:
            raise ValueError("Connection closed")
        try:
            return fn(*args, **kwargs)
        except sqlite3.OperationalError as error:
            if not _busy(error):
                raise
        return await super()._execute(self._patiently, fn, args, kwargs)

    def _patiently(self, fn, args, kwargs):
        """On the worker thread: the call again, waiting up to the busy timeout for the lock."""
        self._conn.execute(f"PRAGMA busy_timeout={self._wait_ms}")
        try:
            return fn(*args, **kwargs)
        finally:
            self._conn.execute("PRAGMA busy_timeout=0")


async def connect_inline(path: str, wait_ms: int) -> InlineConnection:
    return await InlineConnection(path, wait_ms)
