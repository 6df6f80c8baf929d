"""A database that cannot be written for a while: another connection holds SQLite's write lock, and
the application under test gives up after 50 ms instead of 5 s (storage/engine.py's busy timeout)."""
from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from pathlib import Path

from storage import engine as storage_engine

IMPATIENT_MS = 50


def impatient(monkeypatch) -> None:
    """Engines made after this call wait IMPATIENT_MS for a held lock."""
    monkeypatch.setattr(storage_engine, "SQLITE_BUSY_TIMEOUT_MS", IMPATIENT_MS)


@contextmanager
def write_lock(path: Path):
    """Another process's transaction holding the database's write lock (reads still work: WAL)."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()
