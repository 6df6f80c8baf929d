"""Export files (导出数据 in a chat that carries files): private, unguessable, and short-lived.

A file is written 0600 in `data/exports/` (0700) under a name with a random part, handed to the messenger
with the reply, and deleted as soon as the platform took it (bot/delivery/outbox.py); one the platform never
took is deleted an hour after it was written (`sweep`, run by `fawn run`). The family can ask again."""
from __future__ import annotations

import asyncio
import logging
import os
import secrets
import time
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger(__name__)

EXPORTS = "exports"
PREFIX = "fawn-family-"
KEPT = timedelta(hours=1)
SWEEP_EVERY = timedelta(minutes=5)


def export_path(data_dir: Path, family_id: int, now: datetime) -> Path:
    return data_dir / EXPORTS / f"{PREFIX}{family_id}-{now:%Y%m%d-%H%M%S}-{secrets.token_hex(6)}.json"


def write_private(path: Path, body: bytes) -> None:
    """Written readable by the owner alone, in a directory only the owner can list."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    path.parent.chmod(0o700)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as file:
        file.write(body)


def is_export(path: Path) -> bool:
    return path.parent.name == EXPORTS and path.name.startswith(PREFIX)


def forget(path: Path) -> None:
    """The platform took it: the copy here goes."""
    path.unlink(missing_ok=True)


def sweep(exports: Path, now: float | None = None) -> int:
    """Delete the export files written more than `KEPT` ago (never sent); returns how many."""
    if not exports.is_dir():
        return 0
    oldest = (time.time() if now is None else now) - KEPT.total_seconds()
    gone = 0
    for path in exports.glob(f"{PREFIX}*"):
        if path.stat().st_mtime < oldest:
            path.unlink(missing_ok=True)
            gone += 1
    if gone:
        log.info("%s export files older than an hour deleted", gone)
    return gone


async def sweep_until(exports: Path, stop: asyncio.Event, every: timedelta = SWEEP_EVERY) -> None:
    """`sweep` now and every `every` until `stop` is set (a `fawn run` loop)."""
    while not stop.is_set():
        try:
            await asyncio.to_thread(sweep, exports)
        except OSError:
            log.exception("export files could not be swept")
        try:
            await asyncio.wait_for(stop.wait(), every.total_seconds())
        except TimeoutError:
            pass
