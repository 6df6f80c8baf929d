"""The adapter alone, against a scripted service: what Telegram sees for each kind of result."""
from __future__ import annotations

from bot.protocol import OutgoingButton
from domain.vocabulary import ReplyKind
from tests.integration.telegram.services import ScriptedService, scripted_reply
from tests.integration.telegram.updates import FRIEND, MOM, button_press

UNDO = OutgoingButton(action="undo", label="撤销", token="t:41:undo")


async def test_a_reply_with_a_button_becomes_an_inline_keyboard(harness_factory):
    service = ScriptedService(by_text={"刚刚喝了91ml配方奶": scripted_reply("记下了：配方奶 91ml", buttons=(UNDO,))})
    async with harness_factory(service) as bot:
        await bot.say("刚刚喝了91ml配方奶")
        sent = (await bot.fake.wait_for_call("sendMessage"))[0]
    assert sent.params["text"] == "记下了：配方奶 91ml"
    assert sent.params["reply_markup"] == {"inline_keyboard": [[{"text": "撤销", "callback_data": "t:41:undo"}]]}


async def test_an_accepted_press_is_answered_and_the_message_edited_without_buttons(harness_factory):
    service = ScriptedService(
        by_text={"x": scripted_reply("记下了", buttons=(UNDO,))},
        press_results=[scripted_reply("已撤销", kind=ReplyKind.UNDONE)])
    async with harness_factory(service) as bot:
        await bot.say("x")
        sent = (await bot.fake.wait_for_call("sendMessage"))[0]
        pressed = {"message_id": 1001, "date": 0, "chat": {"id": int(sent.params["chat_id"]), "type": "group"},
                   "from": {"id": 7000001, "is_bot": True, "first_name": "Fawn"}, "text": "记下了"}
        msg, _ = await bot.deliver(button_press("t:41:undo", pressed=pressed, sender=MOM))
        answered = await bot.fake.wait_for_call("answerCallbackQuery")
        edited = await bot.fake.wait_for_call("editMessageText")
    assert msg.press is not None and msg.press.token == "t:41:undo" and msg.press.bot_message_id == "1001"
    assert "text" not in answered[0].params
    assert edited[0].params["text"] == "已撤销" and edited[0].params["message_id"] == "1001"
    assert "reply_markup" not in edited[0].params


async def test_a_rejected_press_gets_a_toast_and_changes_no_message(harness_factory):
    service = ScriptedService(press_results=[
        scripted_reply("只有家长或照护人可以确认", kind=ReplyKind.REFUSED, press_rejected=True)])
    async with harness_factory(service) as bot:
        pressed = {"message_id": 1001, "date": 0, "chat": {"id": -4001, "type": "group"}, "text": "确认？"}
        await bot.deliver(button_press("t:7:confirm", pressed=pressed, sender=FRIEND))
        answered = await bot.fake.wait_for_call("answerCallbackQuery")
        await bot.flush()
    assert answered[0].params["text"] == "只有家长或照护人可以确认"
    assert bot.fake.calls_of("editMessageText") == [] and bot.fake.calls_of("editMessageReplyMarkup") == []
