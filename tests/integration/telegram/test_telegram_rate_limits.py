"""429 with retry_after: the rate limiter waits and retries; a send that still fails goes to
the outbox and is retried from there, never by re-running the turn."""
from __future__ import annotations

from datetime import timedelta

from sqlmodel import select

from bot.delivery.outbox import Outbox
from storage.tables import OutboxItem
from tests.integration.telegram.services import ScriptedService, scripted_reply

TOO_MANY = ("Too Many Requests: retry after 1", {"retry_after": 1})


async def outbox_items(sessions) -> list[OutboxItem]:
    async with sessions() as session:
        return list((await session.exec(select(OutboxItem))).all())


async def test_the_rate_limiter_honours_retry_after_and_sends_once_more(harness_factory, sessions):
    service = ScriptedService(by_text={"hi": scripted_reply("你好")})
    async with harness_factory(service, rate_limit_retries=1) as bot:
        bot.fake.fail_next("sendMessage", 429, *TOO_MANY)
        await bot.say("hi")
        calls = await bot.fake.wait_for_call("sendMessage", count=2, timeout=10)
    assert [c.params["text"] for c in calls] == ["你好", "你好"]
    assert len(service.seen) == 1
    assert await outbox_items(sessions) == []


async def test_a_send_that_still_fails_waits_in_the_outbox_until_retry_after(harness_factory, database, sessions,
                                                                            clock):
    service = ScriptedService(by_text={"hi": scripted_reply("你好")})
    async with harness_factory(service, rate_limit_retries=0) as bot:
        bot.fake.fail_next("sendMessage", 429, *TOO_MANY)
        await bot.say("hi")
        await bot.flush()
        (queued,) = await outbox_items(sessions)
        senders = {"telegram": bot.fawn.sender(bot.application.bot)}
        too_early = await Outbox(database, clock).retry_due(senders, clock())
        sent = await Outbox(database, clock).retry_due(senders, queued.next_attempt_at)
        again = await Outbox(database, clock).retry_due(senders, queued.next_attempt_at + timedelta(hours=2))
    assert queued.payload["text"] == "你好" and queued.attempts == 1
    assert queued.next_attempt_at >= clock() + timedelta(seconds=1)
    assert (too_early, sent, again) == (0, 1, 0)
    texts = [c.params["text"] for c in bot.fake.calls_of("sendMessage")]
    assert texts.count("你好") == 2               # the failed try and the retry
    assert len([msg for msg, _ in bot.service.turns if msg.text == "hi"]) == 1   # the turn ran once
    (delivered,) = await outbox_items(sessions)
    assert delivered.sent_at is not None


async def test_an_outbox_retry_that_fails_again_backs_off_further(harness_factory, database, sessions, clock):
    service = ScriptedService(by_text={"hi": scripted_reply("你好")})
    async with harness_factory(service, rate_limit_retries=0) as bot:
        bot.fake.fail_next("sendMessage", 502, "Bad Gateway")
        await bot.say("hi")
        await bot.flush()
        (first,) = await outbox_items(sessions)
        bot.fake.fail_next("sendMessage", 502, "Bad Gateway")
        senders = {"telegram": bot.fawn.sender(bot.application.bot)}
        sent = await Outbox(database, clock).retry_due(senders, first.next_attempt_at)
        (second,) = await outbox_items(sessions)
    assert sent == 0 and second.attempts == 2 and second.sent_at is None
    assert second.next_attempt_at - first.next_attempt_at >= first.next_attempt_at - clock()
