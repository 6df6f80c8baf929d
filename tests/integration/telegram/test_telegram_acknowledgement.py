"""At-least-once in: an update is acknowledged to Telegram only after its turn ran. A database that
is locked (here: another connection holds SQLite's write lock past the busy timeout) leaves the update
unacknowledged — polling fetches it again, the webhook answers 503 — and once the lock is gone the
turn runs exactly once. The real Application, the fake Bot API, the real service on a real file."""
from __future__ import annotations

import httpx
import pytest

from bot.channels.telegram import texts
from bot.channels.telegram.webhook import SECRET_HEADER, build_webhook_app
from bot.composition import open_fawn
from storage.engine import sqlite_url
from tests.integration.locks import impatient, write_lock
from tests.integration.telegram.records import live_records
from tests.integration.telegram.updates import text_message

SECRET = "s3cret-for-tests"
FEED = "刚刚喝了91ml配方奶"


@pytest.fixture
async def impatient_service(tmp_path, clock, database, monkeypatch):
    """The application on the test database, giving up on a held write lock after 50 ms, not 5 s."""
    impatient(monkeypatch)
    fawn = await open_fawn(sqlite_url(tmp_path / "fawn.db"), clock=clock, migrate=False)
    yield fawn
    await fawn.close()


def replies_to_feeds(bot) -> list[str]:
    fixed = (*texts.HELP_TEXTS, texts.WELCOME_NEW)
    return [c.params["text"] for c in bot.fake.calls_of("sendMessage") if c.params["text"] not in fixed]


async def test_polling_leaves_an_update_whose_turn_could_not_run_and_runs_it_once_when_it_can(
        harness_factory, impatient_service, sessions, clock, tmp_path):
    async with harness_factory(impatient_service) as bot:
        await bot.start_family()
        turns_before = len(bot.service.turns)
        with write_lock(tmp_path / "fawn.db"):
            await bot.fake.push_update(text_message(FEED, at=clock()))
            (_, blocked), *_ = (await bot.service.wait_for_turns(turns_before + 1))[turns_before:]
            assert blocked.retry_later and blocked.reply is None
            assert replies_to_feeds(bot) == []
        sent = await bot.fake.wait_for_call("sendMessage", where=lambda c: c.params["text"] not in
                                            (*texts.HELP_TEXTS, texts.WELCOME_NEW))
        await bot.flush()
    runs = [result for msg, result in bot.service.turns[turns_before:] if msg.text == FEED]
    assert [r.retry_later for r in runs][-1] is False and all(r.retry_later for r in runs[:-1])
    assert len(replies_to_feeds(bot)) == 1 and sent[-1].params["text"].startswith("已记录")
    assert len(await live_records(sessions)) == 1


async def test_the_webhook_answers_503_while_the_turn_cannot_run_and_200_once_it_ran(
        harness_factory, impatient_service, sessions, clock, tmp_path):
    async with harness_factory(impatient_service, webhook=True) as bot:
        app = build_webhook_app(bot.application, secret=SECRET, path="/hook")
        headers = {SECRET_HEADER: SECRET}
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as client:
            start = await client.post("/hook", json={"update_id": 1, **text_message("/start", at=clock())},
                                      headers=headers)
            feed = {"update_id": 2, **text_message(FEED, at=clock())}
            with write_lock(tmp_path / "fawn.db"):
                locked = await client.post("/hook", json=feed, headers=headers)
                records_while_locked = len(await live_records(sessions))
            retried = await client.post("/hook", json=feed, headers=headers)
            again = await client.post("/hook", json=feed, headers=headers)    # a redelivery after the 200
    assert [r.status_code for r in (start, locked, retried, again)] == [200, 503, 200, 200]
    assert records_while_locked == 0 and len(await live_records(sessions)) == 1
    assert len(replies_to_feeds(bot)) == 1
