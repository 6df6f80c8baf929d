"""Photos, edits, redeliveries, the bot joining or leaving, and a group becoming a supergroup."""
from __future__ import annotations

from pathlib import Path

from bot.channels.telegram import texts
from bot.protocol import OutgoingReply, TurnResult
from domain.vocabulary import ReplyKind
from tests.integration.telegram.seed import family_chat_ids, seed_family
from tests.integration.telegram.services import ScriptedService, scripted_reply
from tests.integration.telegram.updates import (
    GROUP,
    SUPERGROUP_ID,
    bot_membership,
    edited_message,
    migration_messages,
    photo_message,
    text_message,
)

JPEG = b"\xff\xd8\xff\xe0fake-jpeg-bytes"


async def test_a_photo_is_downloaded_through_get_file_into_the_data_folder(harness_factory, clock):
    async with harness_factory(ScriptedService()) as bot:
        bot.fake.add_file("ph-1", JPEG)
        msg, _ = await bot.deliver(photo_message("ph-1", "第一次翻身", at=clock()))
    (attachment,) = msg.attachments
    assert msg.text == "第一次翻身"
    assert attachment.kind == "photo" and attachment.file_id == "ph-1"
    assert attachment.local_path is not None and attachment.local_path.read_bytes() == JPEG
    assert [call.params["file_id"] for call in bot.fake.calls_of("getFile")] == ["ph-1"]


async def test_a_reply_with_an_image_is_sent_as_a_photo(harness_factory, tmp_path: Path):
    image = tmp_path / "recent.jpg"
    image.write_bytes(JPEG)
    reply = OutgoingReply(kind=ReplyKind.ANSWER, text="最近的照片", image=image)
    async with harness_factory(ScriptedService(by_text={"看看照片": TurnResult(reply, "t")})) as bot:
        await bot.say("看看照片")
        sent = (await bot.fake.wait_for_call("sendPhoto"))[0]
    assert sent.params["caption"] == "最近的照片" and sent.files["photo"] == JPEG


async def test_an_edit_reaches_the_service_as_an_edit_of_the_same_message(harness_factory, clock):
    async with harness_factory(ScriptedService()) as bot:
        original = text_message("刚刚喝了90ml配方奶", at=clock())
        first, _ = await bot.deliver(original)
        edit, _ = await bot.deliver(edited_message(original, "刚刚喝了91ml配方奶", at=clock()))
    assert (first.edited, edit.edited) == (False, True)
    assert edit.message_id == first.message_id and edit.text == "刚刚喝了91ml配方奶"


async def test_a_redelivered_update_sends_nothing_twice(harness_factory, clock):
    service = ScriptedService(by_text={"刚刚喝了91ml配方奶": scripted_reply("记下了")})
    async with harness_factory(service) as bot:
        update = text_message("刚刚喝了91ml配方奶", at=clock())
        _, first = await bot.deliver(update)
        _, again = await bot.deliver(update)
        await bot.flush()
    assert (first.duplicate, again.duplicate) == (False, True)
    assert [c.params["text"] for c in bot.fake.calls_of("sendMessage")] == ["记下了", texts.help_text(None)]


async def test_a_migration_moves_the_family_to_the_supergroup_id(harness_factory, sessions, clock):
    await seed_family(sessions, str(GROUP["id"]), {"111": "parent"}, clock())
    async with harness_factory(ScriptedService()) as bot:
        for update in migration_messages(at=clock()):
            await bot.fake.push_update(update)
        await bot.flush()
    assert await family_chat_ids(sessions) == [str(SUPERGROUP_ID)]


async def test_a_send_to_a_migrated_group_moves_the_family_and_goes_to_the_new_chat(harness_factory, sessions, clock):
    await seed_family(sessions, str(GROUP["id"]), {"111": "parent"}, clock())
    async with harness_factory(ScriptedService(by_text={"hi": scripted_reply("你好")})) as bot:
        bot.fake.fail_next("sendMessage", 400, "Bad Request: group chat was upgraded to a supergroup chat",
                           {"migrate_to_chat_id": SUPERGROUP_ID})
        await bot.say("hi")
        calls = await bot.fake.wait_for_call("sendMessage", count=2)
    assert [c.params["chat_id"] for c in calls] == [str(GROUP["id"]), str(SUPERGROUP_ID)]
    assert await family_chat_ids(sessions) == [str(SUPERGROUP_ID)]


async def test_the_bot_added_back_to_its_family_chat_keeps_the_data(harness_factory, sessions, clock):
    service = ScriptedService(families={("telegram", str(GROUP["id"])): 1})
    await seed_family(sessions, str(GROUP["id"]), {"111": "parent"}, clock())
    async with harness_factory(service) as bot:
        await bot.fake.push_update(bot_membership("member", "left", at=clock()))
        await bot.fake.push_update(bot_membership("left", "member", at=clock()))
        calls = await bot.fake.wait_for_call("sendMessage")
        await bot.flush()
    assert calls[0].params["text"] == texts.ADDED_BACK
    assert len([c for c in bot.fake.calls_of("sendMessage") if c.params["text"] not in texts.HELP_TEXTS]) == 1
    assert await family_chat_ids(sessions) == [str(GROUP["id"])]


async def test_the_bot_added_to_a_new_chat_asks_for_start(harness_factory, clock):
    async with harness_factory(ScriptedService()) as bot:
        await bot.fake.push_update(bot_membership("left", "member", at=clock()))
        calls = await bot.fake.wait_for_call("sendMessage")
    assert calls[0].params["text"] == texts.ADDED_NEW
