"""End to end at the edges: webhook, 429 and the outbox, migration, settings and export,
photos and edits — the real Application, the fake Bot API, the real service."""
from __future__ import annotations

import json
from datetime import timedelta

import httpx

from bot.channels.telegram import texts
from bot.channels.telegram.webhook import SECRET_HEADER, build_webhook_app
from tests.integration.telegram.records import family_of_chat, live_records, stored_reply
from tests.integration.telegram.updates import (
    FRIEND,
    GROUP,
    SUPERGROUP_ID,
    edited_message,
    migration_messages,
    photo_message,
    text_message,
)

SECRET = "s3cret-for-tests"



def feed_turns(bot) -> list:
    """The turns of the test's own messages (/start and /help are turns too)."""
    return [(msg, result) for msg, result in bot.service.turns if msg.text not in ("start", "help")]

async def test_a_webhook_update_with_the_right_secret_is_recorded(harness_factory, real_service, sessions, clock):
    async with harness_factory(real_service, webhook=True) as bot:
        app = build_webhook_app(bot.application, secret=SECRET, path="/hook")
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as client:
            start = await client.post("/hook", json={"update_id": 1, **text_message("/start", at=clock())},
                                      headers={SECRET_HEADER: SECRET})
            await bot.fake.wait_for_call("sendMessage")
            feed = {"update_id": 2, **text_message("刚刚喝了91ml配方奶", at=clock())}
            wrong = await client.post("/hook", json=feed, headers={SECRET_HEADER: "wrong"})
            missing = await client.post("/hook", json=feed)
            right = await client.post("/hook", json=feed, headers={SECRET_HEADER: SECRET})
            await bot.fake.wait_for_call("sendMessage", count=2)
    assert [r.status_code for r in (start, wrong, missing, right)] == [200, 403, 403, 200]
    assert len(await live_records(sessions)) == 1 and len(feed_turns(bot)) == 1


async def test_a_429_reply_goes_to_the_outbox_and_is_delivered_once_later(harness_factory, real_service, sessions,
                                                                         clock):
    async with harness_factory(real_service, rate_limit_retries=0) as bot:
        await bot.start_family()
        bot.fake.fail_next("sendMessage", 429, "Too Many Requests: retry after 3", {"retry_after": 3})
        _, result = await bot.say("刚刚喝了91ml配方奶")
        await bot.flush()
        undelivered = await stored_reply(sessions, result.reply_id)
        senders = {"telegram": bot.fawn.sender(bot.application.bot)}
        early = await real_service.outbox.retry_due(senders, clock() + timedelta(seconds=2))
        later = await real_service.outbox.retry_due(senders, clock() + timedelta(minutes=1))
    sends = [c for c in bot.fake.calls_of("sendMessage") if c.params["text"] == result.reply.text]
    assert undelivered.platform_message_id is None and (early, later) == (0, 1)
    assert len(sends) == 2 and sends[1].result is not None
    assert (await stored_reply(sessions, result.reply_id)).platform_message_id == str(sends[1].result["message_id"])
    assert len(await live_records(sessions)) == 1 and len(feed_turns(bot)) == 1


async def test_after_a_migration_the_family_records_in_the_supergroup(harness_factory, real_service, sessions, clock):
    supergroup = {"id": SUPERGROUP_ID, "type": "supergroup", "title": GROUP["title"]}
    async with harness_factory(real_service) as bot:
        await bot.start_family()
        family_id = await real_service.families.family_id("telegram", str(GROUP["id"]))
        for update in migration_messages(at=clock()):
            await bot.fake.push_update(update)
        _, result = await bot.say("刚刚喝了91ml配方奶", chat=supergroup)
    assert result.family_id == family_id and len(result.written) == 1
    assert await real_service.families.family_id("telegram", str(GROUP["id"])) is None
    assert (await family_of_chat(sessions, str(SUPERGROUP_ID))).id == family_id


async def test_settings_change_for_a_parent_and_not_for_a_friend(harness_factory, real_service, sessions, clock):
    async with harness_factory(real_service) as bot:
        await bot.start_family()
        await bot.fake.push_update(text_message("/settings timezone Europe/Berlin", at=clock()))
        await bot.fake.push_update(text_message("/settings language en", sender=FRIEND, at=clock()))
        await bot.fake.push_update(text_message("/settings summary_time 25:00", at=clock()))
        calls = await bot.fake.wait_for_call("sendMessage", count=4)
    family = await family_of_chat(sessions, str(GROUP["id"]))
    assert (family.timezone, family.language, family.summary_time) == ("Europe/Berlin", "zh", "21:00")
    assert calls[2].params["text"].startswith("只有家长可以管理成员和设置")   # the domain's refusal
    assert calls[3].params["text"].startswith("这个设置值不对")


async def test_export_sends_the_records_with_vocabulary_names_to_a_parent_only(harness_factory, real_service, clock):
    async with harness_factory(real_service) as bot:
        await bot.start_family()
        await bot.say("刚刚喝了91ml配方奶")
        await bot.fake.push_update(text_message("/export", sender=FRIEND, at=clock()))
        await bot.fake.push_update(text_message("/export", at=clock()))
        (document,) = await bot.fake.wait_for_call("sendDocument")
        refused = await bot.fake.wait_for_call("sendMessage", where=lambda c: c.params["text"] == texts.PARENTS_ONLY)
    (row,) = json.loads(document.files["document"])
    assert row["type"] == "feeding" and row["amount_ml"] == 91 and row["kind"] == "formula"
    assert {"start", "baby", "created_by", "source_message"} <= set(row) and len(refused) == 1



async def test_a_photo_with_a_caption_becomes_a_photo_record(harness_factory, real_service, sessions, clock):
    async with harness_factory(real_service) as bot:
        await bot.start_family()
        bot.fake.add_file("ph-1", b"\xff\xd8jpeg")
        msg, _ = await bot.deliver(photo_message("ph-1", "第一次翻身", at=clock()))
    assert msg.attachments[0].local_path.read_bytes() == b"\xff\xd8jpeg"
    (record,) = await live_records(sessions)
    assert record.type == "photo" and record.data.get("caption") == "第一次翻身"



async def test_an_edited_message_amends_its_record_through_confirmation(harness_factory, real_service, sessions, clock):
    async with harness_factory(real_service) as bot:
        await bot.start_family()
        original = text_message("刚刚喝了90ml配方奶", at=clock())
        await bot.deliver(original)
        _, amended = await bot.deliver(edited_message(original, "刚刚喝了91ml配方奶", at=clock()))
    assert not amended.duplicate and amended.kind.value == "confirm"
    (record,) = await live_records(sessions)
    assert record.data["amount_ml"] == 90      # unchanged until confirmed
