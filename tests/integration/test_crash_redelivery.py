"""The crash test: `fawn run` (webhook mode, SQLite) as a real process, fed a stream of Telegram
updates by a simulated Telegram that redelivers every update until it gets a 200 — and SIGKILLed at
chosen and random points: while a turn runs, when its reply reaches the Bot API (lost on the way, or
shown and then killed before the process hears back). After each restart the stream goes on.

At the end every update has exactly its effects (one record per message, one stored incoming
message each) and its reply was shown at least once; more than once only where the process was
killed after the Bot API had shown it and before it could mark it sent — the one duplicate the
platform makes impossible to rule out (README, "What Fawn guarantees")."""
from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import sqlite3
import sys
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest

from bot.channels.telegram.webhook import SECRET_HEADER
from tests.fakes.telegram_api import FakeTelegramApi
from tests.integration.serving import free_port, wait_until_serving
from tests.integration.telegram.updates import text_message

pytestmark = pytest.mark.slow           # fawn run as a process, killed and restarted

SECRET = "crash-test-secret"
ROOT = Path(__file__).resolve().parents[2]
SEED = int(os.environ.get("FAWN_CRASH_SEED", "20261201"))
UPDATES = int(os.environ.get("FAWN_CRASH_UPDATES", "8"))   # FAWN_CRASH_UPDATES=100 for a long run
# Where each update's first delivery is cut: every kind at least once, the rest drawn from the seed.
KINDS = ("none", "during", "lost", "shown")


class FawnProcess:
    def __init__(self, config: Path, port: int, log: Path) -> None:
        self.config, self.port, self.log = config, port, log
        self.process: asyncio.subprocess.Process | None = None
        self.kills = 0
        self.killed = False
        self.events: list[str] = []      # start, kill, and each failed delivery: for the failure message

    async def ensure_running(self) -> None:
        if self.process is not None and not self.killed and self.process.returncode is None:
            return
        if self.process is not None:
            await self.process.wait()           # a kill's exit status may not have been collected yet
        self.killed = False
        self.events.append("start")
        with self.log.with_suffix(f".{len(self.events)}.log").open("ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot.cli", "run", "--config", str(self.config), cwd=ROOT,
                stdout=log, stderr=log, env={**os.environ, "PYTHONPATH": str(ROOT)})
        await wait_until_serving(f"http://127.0.0.1:{self.port}", attempts=600, process=self.process)

    async def kill(self) -> None:
        if self.process is not None and not self.killed and self.process.returncode is None:
            self.process.send_signal(signal.SIGKILL)
            self.killed = True
            await self.process.wait()
            self.events.append("kill")
            self.kills += 1

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            await asyncio.wait_for(self.process.wait(), 20)


def weight(n: int) -> float:
    return round(5 + n / 10, 1)


def weight_text(n: int) -> str:
    return f"体重{weight(n):.1f}公斤"


def armed_weight(text: str) -> float | None:
    """The weight a reply reports as recorded."""
    said = re.match(r"已记录：体重 ([\d.]+)", text)
    return float(said.group(1)) if said else None


def plan(rng: random.Random) -> list[str]:
    kinds = list(KINDS) + [rng.choice(KINDS) for _ in range(UPDATES - len(KINDS))]
    rng.shuffle(kinds)
    return kinds


async def test_a_fawn_killed_at_any_point_ends_with_each_update_applied_once_and_answered(tmp_path):
    rng = random.Random(SEED)
    kinds = plan(rng)
    fake = FakeTelegramApi()
    await fake.start()
    port = free_port()
    data = tmp_path / "data"
    config = tmp_path / "config.toml"
    config.write_text(
        f'data_dir = "{data}"\nlog_level = "INFO"\n[web]\nport = {port}\n'
        f'[telegram]\ntoken = "{fake.token}"\nmode = "webhook"\nwebhook_url = "https://fawn.test/hook"\n'
        f'webhook_secret = "{SECRET}"\nbase_url = "{fake.base_url}"\nbase_file_url = "{fake.base_file_url}"\n'
        f'rate_limit_retries = 0\n')
    fawn = FawnProcess(config, port, tmp_path / "fawn.log")
    armed: dict[float, str] = {}        # the weight whose reply to cut (5.3) → how
    cut: list[str] = []

    def armed_for(method: str, params: dict) -> str | None:
        said = armed_weight(params.get("text", "")) if method == "sendMessage" else None
        return armed.get(said) if said is not None else None

    async def on_arrival(method: str, params: dict) -> bool:
        if armed_for(method, params) == "lost":
            cut.append("lost")
            armed.clear()
            await fawn.kill()            # the request never reached Telegram
            return True
        return False

    async def on_recorded(method: str, params: dict) -> None:
        if armed_for(method, params) == "shown":
            cut.append("shown")
            armed.clear()
            await fawn.kill()            # Telegram showed it; the process never heard back

    fake.on_arrival, fake.on_recorded = on_arrival, on_recorded
    stream = [text_message("/start", at=datetime.now(UTC))] + \
             [text_message(weight_text(n), at=datetime.now(UTC)) for n in range(UPDATES)]
    deliveries = 0
    after_shown = 0


    def reply_shown(n: int) -> bool:
        return any(armed_weight(c.params.get("text", "")) == weight(n) for c in fake.calls_of("sendMessage"))

    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30,
                                     limits=httpx.Limits(max_keepalive_connections=0)) as client:
            for index, update in enumerate(stream, start=0):
                kind = "none" if index == 0 else kinds[index - 1]
                first = True
                while True:
                    await fawn.ensure_running()
                    if first and kind in ("lost", "shown"):
                        armed[weight(index - 1)] = kind
                    body = {"update_id": index + 1, **update}
                    post = asyncio.create_task(client.post("/telegram/webhook", json=body,
                                                           headers={SECRET_HEADER: SECRET}))
                    deliveries += 1
                    if first and kind == "during":
                        await asyncio.sleep(rng.uniform(0.0, 0.05))    # the kill point, not a wait
                        await fawn.kill()
                        cut.append("during")
                        if reply_shown(index - 1):    # the kill fell after Telegram showed the reply
                            after_shown += 1
                    first = False
                    try:
                        answer = await post
                    except httpx.TransportError as failed:   # the process died: Telegram delivers it again
                        fawn.events.append(type(failed).__name__)
                        continue
                    fawn.events.append(str(answer.status_code))
                    if answer.status_code == 200:
                        break
        await fawn.stop()
    finally:
        await fawn.kill()
        await fake.stop()

    with sqlite3.connect(data / "fawn.db") as db:
        weights = sorted(row[0] for row in db.execute(
            "SELECT json_extract(data, '$.weight_kg') FROM records WHERE type = 'growth' AND deleted_at IS NULL"))
        incoming = db.execute("SELECT count(*) FROM messages WHERE direction = 'in'").fetchone()[0]
        replies = [row[0] for row in db.execute(
            "SELECT text FROM messages WHERE direction = 'out' ORDER BY id")]
    shown = [c.params["text"] for c in fake.calls_of("sendMessage")]
    story = ",".join(fawn.events)
    assert sorted(cut) == sorted(k for k in kinds if k != "none") and fawn.kills == len(cut), story
    assert len(stream) <= deliveries <= len(stream) + len(cut), story     # a kill costs one redelivery
    assert weights == [weight(n) for n in range(UPDATES)]
    assert incoming == len(stream)              # /start is a stored turn too
    for reply in replies:
        assert shown.count(reply) >= 1, reply
    duplicates = sum(shown.count(reply) - 1 for reply in set(replies))
    assert duplicates <= kinds.count("shown") + after_shown, story
