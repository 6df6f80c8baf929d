"""The webhook route: the secret is checked before any update is built; a text message and a press are read
straight from their JSON, everything else by python-telegram-bot."""
from __future__ import annotations

import json

import httpx
import pytest

from bot.channels.telegram import texts, webhook
from bot.channels.telegram.webhook import SECRET_HEADER, build_webhook_app
from bot.protocol import OutgoingButton
from domain.vocabulary import ReplyKind
from tests.integration.telegram.services import ScriptedService, scripted_reply
from tests.integration.telegram.updates import GROUP, button_press, text_message

SECRET = "s3cret-for-tests"
PATH = "/telegram/webhook"
UNDO = OutgoingButton(action="undo", label="撤销", token="t:41:undo")


def _client(application) -> httpx.AsyncClient:
    app = build_webhook_app(application, secret=SECRET, path=PATH)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://fawn.test")


async def test_only_an_update_with_the_right_secret_reaches_the_service(harness_factory, clock):
    service = ScriptedService(by_text={"right": scripted_reply("ok")})
    async with harness_factory(service, webhook=True) as bot, _client(bot.application) as client:
        wrong = await client.post(PATH, json={"update_id": 1, **text_message("wrong", at=clock())},
                                  headers={SECRET_HEADER: "guess"})
        missing = await client.post(PATH, json={"update_id": 2, **text_message("missing", at=clock())})
        right = await client.post(PATH, json={"update_id": 3, **text_message("right", at=clock())},
                                  headers={SECRET_HEADER: SECRET})
        turns = await bot.service.wait_for_turns(1)
        await bot.fake.wait_for_call("sendMessage")
    assert (wrong.status_code, missing.status_code, right.status_code) == (403, 403, 200)
    assert [msg.text for msg, _ in turns] == ["right"]


async def test_a_wrong_secret_is_refused_before_the_body_is_read_as_an_update(harness_factory):
    async with harness_factory(ScriptedService(), webhook=True) as bot, _client(bot.application) as client:
        forbidden = await client.post(PATH, content=b"not json", headers={SECRET_HEADER: "nope"})
        bad_body = await client.post(PATH, content=b"not json", headers={SECRET_HEADER: SECRET})
        not_update = await client.post(PATH, content=json.dumps([1, 2]), headers={SECRET_HEADER: SECRET})
    assert forbidden.status_code == 403
    assert bad_body.status_code == 400 and not_update.status_code == 400
    assert bot.service.turns == []


async def test_an_update_dated_beyond_any_calendar_gets_a_4xx_never_a_500(harness_factory, clock):
    async with harness_factory(ScriptedService(), webhook=True) as bot, _client(bot.application) as client:
        answers = []
        for n, date in enumerate((1e20, -1e20, 10**30, "tomorrow", None), 1):
            update = {"update_id": n, **text_message("hi", at=clock())}
            update["message"]["date"] = date
            answers.append((await client.post(PATH, json=update, headers={SECRET_HEADER: SECRET})).status_code)
        edited = {"update_id": 9, **text_message("hi", at=clock())}
        edited["edited_message"] = dict(edited.pop("message"), edit_date=1e20)
        answers.append((await client.post(PATH, json=edited, headers={SECRET_HEADER: SECRET})).status_code)
    assert all(400 <= status < 500 for status in answers), answers
    assert bot.service.turns == []


class Unread:
    """python-telegram-bot's Update, refusing to read: proves an update went the quick way (quick.py)."""

    @staticmethod
    def de_json(data, bot):
        raise AssertionError("read by python-telegram-bot")


class Failing(ScriptedService):
    async def handle(self, msg):
        if msg.text == "boom":
            raise RuntimeError("a bug in the turn")
        return await super().handle(msg)


async def test_a_text_message_and_a_press_are_answered_without_python_telegram_bot_reading_them(
        harness_factory, clock, monkeypatch):
    service = ScriptedService(by_text={"刚刚喝了91ml配方奶": scripted_reply("记下了", buttons=(UNDO,))},
                              press_results=[scripted_reply("已撤销", kind=ReplyKind.UNDONE)])
    monkeypatch.setattr(webhook, "Update", Unread)
    async with harness_factory(service, webhook=True) as bot, _client(bot.application) as client:
        said = await client.post(PATH, json={"update_id": 1, **text_message("刚刚喝了91ml配方奶", at=clock())},
                                 headers={SECRET_HEADER: SECRET})
        sent = (await bot.fake.wait_for_call("sendMessage"))[0]
        pressed = await client.post(PATH, json={"update_id": 2, **button_press("t:41:undo", pressed=sent.result)},
                                    headers={SECRET_HEADER: SECRET})
        answered = await bot.fake.wait_for_call("answerCallbackQuery")
        edited = await bot.fake.wait_for_call("editMessageText")
    assert (said.status_code, pressed.status_code) == (200, 200)
    assert sent.params["reply_markup"] == {"inline_keyboard": [[{"text": "撤销", "callback_data": "t:41:undo"}]]}
    (msg, _), (press, _) = bot.service.turns
    assert msg.text == "刚刚喝了91ml配方奶" and msg.chat_id == str(GROUP["id"]) and msg.sender_name == "妈妈"
    assert press.press.token == "t:41:undo" and press.press.bot_message_id == str(sent.result["message_id"])
    assert "text" not in answered[0].params
    assert edited[0].params["text"] == "已撤销" and edited[0].params["message_id"] == str(sent.result["message_id"])


async def test_a_command_still_goes_through_python_telegram_bot(harness_factory, clock, monkeypatch):
    async with harness_factory(ScriptedService(), webhook=True) as bot, _client(bot.application) as client:
        monkeypatch.setattr(webhook, "Update", Unread)
        with pytest.raises(AssertionError, match="read by python-telegram-bot"):
            await client.post(PATH, json={"update_id": 1, **text_message("/help", at=clock())},
                              headers={SECRET_HEADER: SECRET})
        monkeypatch.undo()
        helped = await client.post(PATH, json={"update_id": 2, **text_message("/help", at=clock())},
                                   headers={SECRET_HEADER: SECRET})
        await bot.fake.wait_for_call("sendMessage")
    assert helped.status_code == 200 and [msg.text for msg, _ in bot.service.turns] == []


async def test_a_turn_that_fails_on_the_quick_way_is_logged_and_the_chat_told_as_before(
        harness_factory, clock, caplog):
    async with harness_factory(Failing(), webhook=True) as bot, _client(bot.application) as client:
        answer = await client.post(PATH, json={"update_id": 41, **text_message("boom", at=clock())},
                                   headers={SECRET_HEADER: SECRET})
        apology = (await bot.fake.wait_for_call("sendMessage"))[0]
    assert answer.status_code == 200          # as python-telegram-bot's Application did: the error handler ran
    assert apology.params["text"] == texts.APOLOGY and apology.params["chat_id"] == str(GROUP["id"])
    assert any(r.getMessage() == "update 41 failed" and r.exc_info for r in caplog.records)
