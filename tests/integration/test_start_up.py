"""Start-up serves first, and any number of instances start together: `fawn run` as real processes.

- With 500 summaries overdue (their time passed half an hour ago, within the grace period), `fawn run`
  answers /healthz while the catch-up has not finished, and a webhook turn within a second; the 500 then go
  out, each once.
- Three instances started together on an empty PostgreSQL database all migrate (one at a time, under an
  advisory lock) and all serve."""
from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import httpx
import pytest
from sqlalchemy import String, cast, update

from bot.channels.telegram.webhook import SECRET_HEADER
from storage.bulk import FamilySpec, add_families
from storage.engine import Database
from storage.migrate import current_revision
from storage.tables import Family, FamilyChat
from tests.databases import drop_postgres, empty_postgres, migrated_sqlite
from tests.fakes.telegram_api import FakeTelegramApi
from tests.integration.serving import (
    WEBHOOK_SECRET,
    fawn_run,
    free_port,
    stop,
    telegram_webhook_config,
    wait_until_serving,
)
from tests.integration.telegram.updates import text_message

pytestmark = pytest.mark.slow           # fawn run as processes

SHANGHAI = ZoneInfo("Asia/Shanghai")
OVERDUE = 500
GROUP = {"id": -4242, "type": "group", "title": "新的一家"}
FAMILY_CHATS = 1_000_000          # family n's group is chat -1,000,000 - n


async def overdue_families(path: Path, count: int) -> None:
    """`count` families whose summary fell due half an hour ago, each with a bottle and a diaper today."""
    database = Database.at(await migrated_sqlite(path))
    now = datetime.now(UTC)
    due = (now - timedelta(minutes=30)).astimezone(SHANGHAI)
    records = [("feeding", now - timedelta(hours=2), None, {"kind": "formula", "method": "bottle", "amount_ml": 90}),
               ("diaper", now - timedelta(hours=1), None, {"wet": True})]
    try:
        await add_families(database, [FamilySpec("Asia/Shanghai", "zh", records)] * count, platform="telegram",
                           created_at=now - timedelta(days=1))
        async with database.engine.begin() as conn:
            await conn.execute(update(Family).values(summary_time=due.strftime("%H:%M")))
            await conn.execute(update(FamilyChat).values(chat_id=cast(-FAMILY_CHATS - FamilyChat.family_id, String)))
    finally:
        await database.dispose()


TURN_WITHIN_S = 3.0


def summaries_sent(fake: FakeTelegramApi) -> int:
    """How many of the families got their summary (a chart, and its text)."""
    return len({int(c.params["chat_id"]) for method in ("sendPhoto", "sendMessage") for c in fake.calls_of(method)
                if int(c.params["chat_id"]) <= -FAMILY_CHATS})


async def test_with_500_summaries_overdue_fawn_run_serves_a_webhook_turn_while_it_catches_up(tmp_path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    await overdue_families(data / "fawn.db", OVERDUE)
    fake = FakeTelegramApi()
    await fake.start()
    port = free_port()
    process = await fawn_run(telegram_webhook_config(tmp_path / "config.toml", data, port, fake), tmp_path / "run.log")
    try:
        await wait_until_serving(f"http://127.0.0.1:{port}", attempts=2000, process=process)
        when_serving = summaries_sent(fake)
        # alone, this first turn of a fresh process answers in 0.46-0.70 s while the catch-up draws charts on both
        # cores; with another test's worker beside it on a 2-core CI machine it passed 1 s. What is promised is that
        # the turn is not queued behind the catch-up (its 500 summaries take ~30 s): asserted below.
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=TURN_WITHIN_S) as client:
            began = time.monotonic()
            update_ = {"update_id": 1, **text_message("/start", chat=GROUP, at=datetime.now(UTC))}
            answer = await client.post("/telegram/webhook", json=update_, headers={SECRET_HEADER: WEBHOOK_SECRET})
            turn_seconds = time.monotonic() - began
        during_the_turn = summaries_sent(fake)
        await fake.wait_for_call("sendMessage", where=lambda c: c.params.get("chat_id") in (-4242, "-4242"))
        all_sent = await _until(lambda: summaries_sent(fake) >= OVERDUE, seconds=600)
    finally:
        await stop(process)
        await fake.stop()
    assert answer.status_code == 200 and turn_seconds < TURN_WITHIN_S
    assert when_serving < OVERDUE and during_the_turn < OVERDUE     # the catch-up had not finished
    assert all_sent and summaries_sent(fake) == OVERDUE


async def _until(condition, seconds: float) -> bool:
    """Poll what a running process makes true, with a deadline."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.1)
    return True


async def test_three_instances_started_together_on_an_empty_postgresql_database_all_run(tmp_path) -> None:
    made = await empty_postgres()
    if isinstance(made, str):
        pytest.skip(made)
    url, name = made
    fake = FakeTelegramApi()
    await fake.start()
    ports = [free_port() for _ in range(3)]
    processes = []
    try:
        for n, port in enumerate(ports):
            config = telegram_webhook_config(tmp_path / f"config-{n}.toml", tmp_path / f"data-{n}", port, fake,
                                             database_url=url)
            processes.append(await fawn_run(config, tmp_path / f"run-{n}.log"))
        await asyncio.gather(*(wait_until_serving(f"http://127.0.0.1:{port}", attempts=2000, process=process)
                               for port, process in zip(ports, processes, strict=True)))
        running = [process.returncode is None for process in processes]
        database = Database.at(url)
        try:
            revision = await current_revision(database.engine)
        finally:
            await database.dispose()
    finally:
        codes = [await stop(process) for process in processes]
        await fake.stop()
        await drop_postgres(name)
    assert running == [True, True, True] and codes == [0, 0, 0]
    assert revision is not None
