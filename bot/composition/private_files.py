"""Fawn's files are the family's: nobody else on the machine reads them. Every `fawn` command runs with
umask 077 (bot/cli.py), so what it creates — the data folder, the SQLite file and its -wal and -shm, charts,
photos, exports — is the owner's alone; `fawn run` and `fawn chat` also close what an earlier version (or
another tool) left open: the data folder 0700, the database files 0600."""
from __future__ import annotations

import os
from pathlib import Path

from storage.engine import sqlite_file

PRIVATE_UMASK = 0o077
FOLDER, FILE = 0o700, 0o600
SQLITE_COMPANIONS = ("", "-wal", "-shm", "-journal")


def private_from_now_on() -> None:
    """Files and folders this process creates are the owner's alone."""
    os.umask(PRIVATE_UMASK)


def make_private(data_dir: Path, database_url: str | None = None) -> None:
    """The data folder and the folders in it 0700; the SQLite database (and its -wal, -shm) 0600."""
    data_dir.mkdir(mode=FOLDER, parents=True, exist_ok=True)
    data_dir.chmod(FOLDER)
    for folder in (p for p in data_dir.iterdir() if p.is_dir()):
        folder.chmod(FOLDER)
    database = sqlite_file(database_url) if database_url else None
    for path in ([Path(f"{database}{suffix}") for suffix in SQLITE_COMPANIONS] if database else []):
        if path.exists():
            path.chmod(FILE)
