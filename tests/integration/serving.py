"""A web server started by a test (`fawn run` in-process or as a subprocess): a free port, its readiness, and
`fawn run` as a real process with a webhook configuration against the fake Bot API."""
from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from pathlib import Path

import httpx

from tests.fakes.telegram_api import FakeTelegramApi


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def wait_until_serving(base_url: str, attempts: int = 200, process=None) -> None:
    """Until /healthz answers; `process` (an asyncio subprocess) that exits first is an error."""
    async with httpx.AsyncClient(base_url=base_url) as client:
        for _ in range(attempts):
            if process is not None and process.returncode is not None:
                raise RuntimeError(f"the server exited with {process.returncode}")
            try:
                if (await client.get("/healthz")).status_code == 200:
                    return
            except httpx.TransportError:
                await asyncio.sleep(0.05)      # the server is still binding: poll its readiness, not a delay
    raise TimeoutError("the web server never answered /healthz")


ROOT = Path(__file__).resolve().parents[2]
WEBHOOK_SECRET = "serving-test-secret"


def telegram_webhook_config(path: Path, data: Path, port: int, fake: FakeTelegramApi, *,
                            database_url: str | None = None, extra: str = "") -> Path:
    """A config.toml for `fawn run` in webhook mode against the fake Bot API."""
    database = f'[database]\nurl = "{database_url}"\n' if database_url else ""
    path.write_text(
        f'data_dir = "{data}"\nlog_level = "INFO"\n{extra}{database}[web]\nport = {port}\n'
        f'[telegram]\ntoken = "{fake.token}"\nmode = "webhook"\nwebhook_url = "https://fawn.test/hook"\n'
        f'webhook_secret = "{WEBHOOK_SECRET}"\nbase_url = "{fake.base_url}"\nbase_file_url = "{fake.base_file_url}"\n'
        f'rate_limit_retries = 0\n')
    return path


async def fawn_run(config: Path, log: Path) -> asyncio.subprocess.Process:
    """`fawn run --config CONFIG` as a real process, through the console script's entry (bot/cli.py)."""
    with log.open("ab") as out:
        return await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cli", "run", "--config", str(config), cwd=ROOT, stdout=out, stderr=out,
            env={**os.environ, "PYTHONPATH": str(ROOT)})


async def stop(process: asyncio.subprocess.Process, timeout: float = 20) -> int:
    """SIGTERM, then SIGKILL if it does not end in time; the exit status."""
    if process.returncode is None:
        process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(process.wait(), timeout)
        except TimeoutError:
            process.kill()
            await process.wait()
    return process.returncode
