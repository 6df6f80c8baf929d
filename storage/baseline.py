"""The floor a benchmark compares Fawn with: the very statements a run sent (storage/metrics.py), with
their parameters and transaction ends, replayed on a copy of the database taken before the run —
with raw sqlite3 in the calling thread, the same sqlite3 code as ONE worker-thread hop per turn, and
aiosqlite with one await per statement. Same schema, same data, same reads and writes."""
from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

from storage.engine import SQLITE_BUSY_TIMEOUT_MS
from storage.metrics import COMMIT, ROLLBACK, Statement

PRAGMAS = ("PRAGMA journal_mode=WAL", f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}", "PRAGMA foreign_keys=ON",
           "PRAGMA synchronous=NORMAL")


@dataclass(frozen=True)
class Replayed:
    """Per turn: CPU seconds of the whole process and wall seconds."""

    cpu: list[float]
    wall: list[float]


def snapshot(source: Path, target: Path) -> None:
    """A consistent copy of a SQLite database (the WAL folded in), for replaying on later."""
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
    src.close()
    dst.close()


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, check_same_thread=False)
    for pragma in PRAGMAS:
        conn.execute(pragma)
    return conn


def _run_turn(conn: sqlite3.Connection, turn: Sequence[Statement]) -> None:
    for statement in turn:
        if statement.sql == COMMIT:
            conn.commit()
        elif statement.sql == ROLLBACK:
            conn.rollback()
        elif statement.many:
            conn.executemany(statement.sql, statement.parameters)
        else:
            conn.execute(statement.sql, statement.parameters).fetchall()


def replay_raw(path: Path, turns: Sequence[Sequence[Statement]]) -> Replayed:
    """Raw sqlite3, in this thread."""
    conn, cpu, wall = _connect(path), [], []
    try:
        for turn in turns:
            began, began_cpu = time.perf_counter(), time.process_time()
            _run_turn(conn, turn)
            cpu.append(time.process_time() - began_cpu)
            wall.append(time.perf_counter() - began)
    finally:
        conn.close()
    return Replayed(cpu, wall)


async def replay_one_hop(path: Path, turns: Sequence[Sequence[Statement]]) -> Replayed:
    """The same sqlite3 code, each turn as one `asyncio.to_thread` hop (what a one-hop unit of work costs)."""
    conn, cpu, wall = _connect(path), [], []
    try:
        for turn in turns:
            began, began_cpu = time.perf_counter(), time.process_time()
            await asyncio.to_thread(_run_turn, conn, turn)
            cpu.append(time.process_time() - began_cpu)
            wall.append(time.perf_counter() - began)
    finally:
        conn.close()
    return Replayed(cpu, wall)


async def replay_aiosqlite(path: Path, turns: Sequence[Sequence[Statement]]) -> Replayed:
    """aiosqlite, one await per statement (the driver's hops without SQLAlchemy)."""
    cpu, wall = [], []
    async with aiosqlite.connect(path) as conn:
        for pragma in PRAGMAS:
            await conn.execute(pragma)
        for turn in turns:
            began, began_cpu = time.perf_counter(), time.process_time()
            for statement in turn:
                if statement.sql == COMMIT:
                    await conn.commit()
                elif statement.sql == ROLLBACK:
                    await conn.rollback()
                elif statement.many:
                    await conn.executemany(statement.sql, statement.parameters)
                else:
                    await (await conn.execute(statement.sql, statement.parameters)).fetchall()
            cpu.append(time.process_time() - began_cpu)
            wall.append(time.perf_counter() - began)
    return Replayed(cpu, wall)
