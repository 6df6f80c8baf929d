"""Fawn's files are the family's, not every local user's: `fawn run` and `fawn chat`, as real processes, leave
the data folder 0700 (even one an earlier version made 0755) and the database with its -wal and -shm 0600;
an export file is written 0600 under a name nobody can guess and deleted once the platform took it; one
that never went out is swept after an hour."""
from __future__ import annotations

import asyncio
import os
import re
import stat
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest

from bot.channels.telegram.webhook import SECRET_HEADER
from bot.family import export_files
from tests.fakes.telegram_api import FakeTelegramApi
from tests.integration.serving import (
    ROOT,
    WEBHOOK_SECRET,
    fawn_run,
    free_port,
    stop,
    telegram_webhook_config,
    wait_until_serving,
)
from tests.integration.telegram.updates import text_message

pytestmark = pytest.mark.slow           # fawn run and fawn chat as processes

DATABASE_FILES = ("fawn.db", "fawn.db-wal", "fawn.db-shm")
EXPORT_NAME = re.compile(r"fawn-family-\d+-\d{8}-\d{6}-[0-9a-f]{12}\.json")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def left_open(data: Path) -> None:
    """A data folder and database an earlier version made readable by everyone."""
    data.mkdir()
    data.chmod(0o755)


async def until(condition, seconds: float = 10) -> bool:
    """Poll a condition a running process makes true, with a deadline."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


async def test_fawn_run_keeps_its_files_private_and_deletes_an_export_once_the_platform_took_it(tmp_path) -> None:
    fake = FakeTelegramApi()
    await fake.start()
    data, port = tmp_path / "data", free_port()
    left_open(data)
    exports = data / export_files.EXPORTS
    at_send: list[tuple[str, int, int]] = []

    async def on_arrival(method: str, params: dict) -> bool:
        if method == "sendDocument":                 # the file as the platform is handed it
            at_send.extend((p.name, mode(p), mode(exports)) for p in exports.iterdir())
        return False

    fake.on_arrival = on_arrival
    process = await fawn_run(telegram_webhook_config(tmp_path / "config.toml", data, port, fake), tmp_path / "run.log")
    try:
        await wait_until_serving(f"http://127.0.0.1:{port}", attempts=600, process=process)
        at_start = {name: mode(data / name) for name in DATABASE_FILES}
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
            for n, words in enumerate(("/start", "刚刚喝了90ml配方奶", "导出数据"), 1):
                update = {"update_id": n, **text_message(words, at=datetime.now(UTC))}
                answer = await client.post("/telegram/webhook", json=update, headers={SECRET_HEADER: WEBHOOK_SECRET})
                assert answer.status_code == 200
        await fake.wait_for_call("sendDocument")
        gone = await until(lambda: not any(exports.iterdir()))
    finally:
        await stop(process)
        await fake.stop()
    assert mode(data) == 0o700
    assert at_start == dict.fromkeys(DATABASE_FILES, 0o600)
    [(name, file_mode, folder_mode)] = at_send
    assert EXPORT_NAME.fullmatch(name) and file_mode == 0o600 and folder_mode == 0o700
    assert gone


async def test_fawn_chat_keeps_its_files_private_and_so_is_its_export(tmp_path) -> None:
    data = tmp_path / "data"
    left_open(data)
    chat = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.cli", "chat", "--demo", "--data-dir", str(data), cwd=ROOT,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    out, _ = await asyncio.wait_for(chat.communicate("刚刚喝了90ml配方奶\n/export json\n/quit\n".encode()), 60)
    assert chat.returncode == 0, out.decode()
    exported = [p for p in data.iterdir() if p.suffix == ".json"]
    assert mode(data) == 0o700 and mode(data / "fawn.db") == 0o600
    assert exported and all(mode(p) == 0o600 for p in exported)


def test_an_export_that_never_went_out_is_swept_after_an_hour(tmp_path) -> None:
    now = datetime(2026, 5, 4, 12, 0, tzinfo=UTC)
    old, fresh = (export_files.export_path(tmp_path, 7, now) for _ in range(2))
    for path in (old, fresh):
        export_files.write_private(path, b"[]")
    hour_and_a_bit = export_files.KEPT.total_seconds() + 60
    os.utime(old, (time.time() - hour_and_a_bit, time.time() - hour_and_a_bit))
    assert export_files.sweep(old.parent) == 1
    assert not old.exists() and fresh.exists() and mode(fresh) == 0o600 and mode(fresh.parent) == 0o700
