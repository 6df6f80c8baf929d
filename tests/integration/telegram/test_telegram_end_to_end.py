"""End to end: the real python-telegram-bot Application (long polling) against the fake Bot
API, the real application service, a real SQLite database."""
from __future__ import annotations

from telegram import Message

from bot.channels.telegram import texts
from bot.channels.telegram.render import CALLBACK_DATA_LIMIT
from bot.channels.telegram.translate import message_to_incoming
from tests.fakes.telegram_api import ApiCall
from tests.integration.telegram.records import live_records, stored_reply
from tests.integration.telegram.updates import FRIEND, GROUP, MOM, button_press, text_message

SEED_SLEEP = ("昨晚睡眠7个小时", "差不多，醒1次", "8点到3点")


def buttons_of(call: ApiCall) -> dict[str, str]:
    """{action-ish label: callback data} of a sent message's inline keyboard."""
    rows = (call.params.get("reply_markup") or {}).get("inline_keyboard", [])
    return {button["text"]: button["callback_data"] for row in rows for button in row}


def callback_data(call: ApiCall, action: str) -> str:
    """The callback data of the button for `action` (undo | confirm | cancel)."""
    def names(data: str) -> bool:
        return data.startswith("u") if action == "undo" else data.endswith(f".{action}")
    (data,) = [d for d in buttons_of(call).values() if names(d)]
    return data


async def sleep_confirmation(bot) -> ApiCall:
    """Say the seed sleep conversation; return the sendMessage that asks to confirm."""
    for text in SEED_SLEEP:
        before = len(bot.fake.calls_of("sendMessage"))
        await bot.say(text)
        last = await bot.sent_after(before)
    return last


async def test_start_sets_up_the_family_with_the_sender_as_parent(harness_factory, real_service, sessions):
    async with harness_factory(real_service) as bot:
        await bot.start_family()
        welcome = bot.fake.calls_of("sendMessage")[0]
        family_id = await real_service.families.family_id("telegram", str(GROUP["id"]))
        await bot.start_family()
        again = bot.fake.calls_of("sendMessage")[1]
    members = await real_service.families.members(family_id)
    assert welcome.params["text"] == texts.WELCOME_NEW and again.params["text"] == texts.WELCOME_BACK
    assert [(m.sender_id, m.role) for m in members] == [(str(MOM["id"]), "parent")]


async def test_a_formula_feed_is_recorded_and_offers_undo(harness_factory, real_service, sessions):
    async with harness_factory(real_service) as bot:
        await bot.start_family()
        _, result = await bot.say("刚刚喝了91ml配方奶")
        sent = await bot.sent_after(1)
    (record,) = await live_records(sessions)
    assert record.type == "feeding" and record.data["amount_ml"] == 91 and record.data["kind"] == "formula"
    undo = callback_data(sent, "undo")
    assert len(undo.encode()) <= CALLBACK_DATA_LIMIT and str(record.id) in undo
    assert (await stored_reply(sessions, result.reply_id)).platform_message_id == str(sent.result["message_id"])


async def test_the_undo_button_removes_the_record_and_the_buttons(harness_factory, real_service, sessions):
    async with harness_factory(real_service) as bot:
        await bot.start_family()
        await bot.say("刚刚喝了91ml配方奶")
        sent = await bot.sent_after(1)
        await bot.deliver(button_press(callback_data(sent, "undo"), pressed=sent.result))
        edited = (await bot.fake.wait_for_call("editMessageText"))[0]
        answered = (await bot.fake.wait_for_call("answerCallbackQuery"))[0]
    assert await live_records(sessions) == []
    assert "text" not in answered.params
    assert edited.params["message_id"] == str(sent.result["message_id"]) and "reply_markup" not in edited.params


async def test_the_seed_sleep_conversation_is_confirmed_by_a_button_and_written_once(
        harness_factory, real_service, sessions):
    async with harness_factory(real_service) as bot:
        await bot.start_family()
        ask = await sleep_confirmation(bot)
        confirm = callback_data(ask, "confirm")
        cancel = callback_data(ask, "cancel")
        assert all(len(data.encode()) <= CALLBACK_DATA_LIMIT for data in (confirm, cancel))
        assert await live_records(sessions) == []
        await bot.deliver(button_press(confirm, pressed=ask.result))
        answered = (await bot.fake.wait_for_call("answerCallbackQuery"))[0]
        edited = (await bot.fake.wait_for_call("editMessageText"))[0]
    (sleep,) = await live_records(sessions)
    assert sleep.type == "sleep" and sleep.data.get("night_wakings") == 1
    assert (sleep.end - sleep.start).total_seconds() == 7 * 3600
    assert "text" not in answered.params and edited.params["message_id"] == str(ask.result["message_id"])
    assert edited.params["text"] != ask.params["text"]
    assert confirm not in buttons_of(edited).values() and cancel not in buttons_of(edited).values()


async def test_a_friends_press_gets_a_toast_and_changes_nothing(harness_factory, real_service, sessions):
    async with harness_factory(real_service) as bot:
        await bot.start_family()
        ask = await sleep_confirmation(bot)
        _, refused = await bot.deliver(button_press(callback_data(ask, "confirm"), pressed=ask.result, sender=FRIEND))
        toast = (await bot.fake.wait_for_call("answerCallbackQuery"))[0]
        await bot.flush()
        records_after_friend = await live_records(sessions)
        await bot.deliver(button_press(callback_data(ask, "confirm"), pressed=ask.result, sender=MOM))
        await bot.fake.wait_for_call("editMessageText")
    assert refused.press_rejected and toast.params.get("text")
    assert records_after_friend == [] and len(await live_records(sessions)) == 1


async def test_a_double_press_writes_once_and_the_second_gets_a_toast(harness_factory, real_service, sessions):
    async with harness_factory(real_service) as bot:
        await bot.start_family()
        ask = await sleep_confirmation(bot)
        confirm = callback_data(ask, "confirm")
        _, first = await bot.deliver(button_press(confirm, pressed=ask.result))
        _, second = await bot.deliver(button_press(confirm, pressed=ask.result))
        answers = await bot.fake.wait_for_call("answerCallbackQuery", count=2)
        await bot.flush()
    assert (first.press_rejected, second.press_rejected) == (False, True)
    assert "text" not in answers[0].params and answers[1].params.get("text")
    assert len(bot.fake.calls_of("editMessageText")) == 1
    assert len(await live_records(sessions)) == 1


async def test_a_redelivered_callback_query_is_answered_and_writes_once(harness_factory, real_service, sessions):
    async with harness_factory(real_service) as bot:
        await bot.start_family()
        ask = await sleep_confirmation(bot)
        press = button_press(callback_data(ask, "confirm"), pressed=ask.result, query_id="same-query")
        await bot.deliver(press)
        _, again = await bot.deliver(press)
        await bot.flush()
    assert again.duplicate
    assert len(bot.fake.calls_of("editMessageText")) == 1
    assert len(await live_records(sessions)) == 1


async def test_a_redelivered_message_is_recorded_and_answered_once(harness_factory, real_service, sessions, clock):
    async with harness_factory(real_service) as bot:
        await bot.start_family()
        update = text_message("刚刚喝了91ml配方奶", at=clock())
        await bot.deliver(update)
        _, again = await bot.deliver(update)
        await bot.flush()
    assert again.duplicate
    fixed = (*texts.HELP_TEXTS, texts.WELCOME_NEW)
    replies = [c for c in bot.fake.calls_of("sendMessage") if c.params["text"] not in fixed]
    assert len(replies) == 1
    assert len(await live_records(sessions)) == 1


async def test_a_reply_lost_to_a_stop_between_commit_and_send_is_sent_when_telegram_delivers_again(
        harness_factory, real_service, sessions, clock):
    update = text_message("刚刚喝了91ml配方奶", at=clock())
    async with harness_factory(real_service) as bot:
        await bot.start_family()
        await bot.flush()
        before = len(bot.fake.calls_of("sendMessage"))
        # The turn commits, then the process stops before anything is sent.
        crashed = await real_service.chat.handle(message_to_incoming(
            Message.de_json(update["message"], bot.application.bot), bot_id=bot.application.bot.id,
            bot_username=bot.application.bot.username))
        assert len(bot.fake.calls_of("sendMessage")) == before
        _, again = await bot.deliver(update)          # Telegram never got its 200: the same update
        sent = await bot.sent_after(before)
        _, third = await bot.deliver(update)
        await bot.flush()
    assert again.duplicate and again.written == () and again.reply_id == crashed.reply_id
    assert sent.params["text"] == crashed.reply.text
    assert third.duplicate and third.reply is None
    fixed = (*texts.HELP_TEXTS, texts.WELCOME_NEW)
    assert [c.params["text"] for c in bot.fake.calls_of("sendMessage") if c.params["text"] not in fixed] == \
        [crashed.reply.text]
    assert len(await live_records(sessions)) == 1
    assert (await stored_reply(sessions, crashed.reply_id)).platform_message_id == str(sent.result["message_id"])


async def test_the_undo_command_undoes_the_last_record(harness_factory, real_service, sessions):
    async with harness_factory(real_service) as bot:
        await bot.start_family()
        await bot.say("刚刚喝了91ml配方奶")
        msg, result = await bot.say("/undo@fawn_test_bot")
    assert msg.text == "undo" and msg.addressed_to_bot
    assert result.kind.value == "undone" and await live_records(sessions) == []
