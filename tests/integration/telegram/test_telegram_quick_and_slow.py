"""Real-shaped Telegram updates posted to the webhook twice — read straight from their JSON where quick.py is
sure (the way the webhook takes), and with the quick reader switched off (python-telegram-bot's `Update.de_json`
and the Application's handlers, as before it) — must give the turn the same message and leave the same Bot API
calls behind. Where the quick reader is not sure (a forward, a photo, an edit, a quote, a topic, an anonymous
admin, a link preview …) it must leave the update to python-telegram-bot: the table says which way each goes."""
from __future__ import annotations

from typing import Any

import httpx
import pytest

from bot.channels.telegram import webhook
from bot.channels.telegram.webhook import SECRET_HEADER, build_webhook_app
from bot.protocol import IncomingMessage, OutgoingButton, TurnResult
from domain.vocabulary import ReplyKind
from tests.fakes.telegram_api import BOT_USER
from tests.integration.telegram.services import ScriptedService, scripted_reply

SECRET = "s3cret-quick-and-slow"
PATH = "/telegram/webhook"
DATE = 1_777_900_000

MOM = {"id": 111, "is_bot": False, "first_name": "妈妈", "language_code": "zh-hans"}
DAD = {"id": 222, "is_bot": False, "first_name": "Wei", "last_name": "Zhang", "username": "zhangwei",
       "language_code": "en", "is_premium": True}
NAMELESS = {"id": 333, "is_bot": False, "first_name": ""}            # no last name, username or language
OTHER_BOT = {"id": 444, "is_bot": True, "first_name": "Helper", "username": "helper_bot"}
GROUP = {"id": -4001, "type": "group", "title": "宝宝一家"}
SUPERGROUP = {"id": -1009994001, "type": "supergroup", "title": "宝宝一家"}
PRIVATE = {"id": 111, "type": "private", "first_name": "妈妈"}
PRIVATE_DAD = {"id": 222, "type": "private", "first_name": "Wei", "last_name": "Zhang", "username": "zhangwei"}
KEYBOARD = {"inline_keyboard": [[{"text": "确认", "callback_data": "t12.3.confirm"},
                                 {"text": "撤销", "callback_data": "t12.3.undo"}]]}
BOT_CARD = {"message_id": 900, "date": DATE - 60, "chat": GROUP, "from": BOT_USER, "text": "记下了：21:14 配方奶 90ml",
            "reply_markup": KEYBOARD}


def said(text: str, *, chat: dict = GROUP, sender: dict | None = MOM, **extra: Any) -> dict[str, Any]:
    message = {"message_id": 0, "date": DATE, "chat": chat, "text": text, **extra}
    if sender is not None:
        message["from"] = sender
    return {"message": message}


def mention(text: str, name: str, kind: str = "mention", **extra: Any) -> dict[str, Any]:
    utf16 = text.encode("utf-16-le")
    offset = utf16.find(name.encode("utf-16-le")) // 2
    return {"type": kind, "offset": offset, "length": len(name.encode("utf-16-le")) // 2, **extra}


def pressed(data: str, message: dict, *, sender: dict = MOM, **extra: Any) -> dict[str, Any]:
    return {"callback_query": {"id": "", "from": sender, "chat_instance": "-77", "data": data, "message": message,
                               **extra}}


QUICK, SLOW = "quick", "slow"
TEXT_AT = "😀 @fawn_test_bot 喝了90ml"
UPDATES: list[tuple[str, str, dict[str, Any]]] = [
    ("private text", QUICK, said("喝了90ml", chat=PRIVATE)),
    ("private text, a user with username, language and premium", QUICK, said("fed 4oz", chat=PRIVATE_DAD,
                                                                            sender=DAD)),
    ("group text, a user without username or language", QUICK, said("醒了", sender=NAMELESS)),
    ("group text, no sender at all", QUICK, said("醒了", sender=None)),
    ("supergroup text mentioning the bot after an emoji", QUICK,
     said(TEXT_AT, chat=SUPERGROUP, entities=[mention(TEXT_AT, "@fawn_test_bot")])),
    ("group text mentioning the bot in capitals", QUICK,
     said("@FAWN_TEST_BOT 睡了", entities=[mention("@FAWN_TEST_BOT 睡了", "@FAWN_TEST_BOT")])),
    ("group text mentioning someone else", QUICK,
     said("@zhangwei 你喂了吗", entities=[mention("@zhangwei 你喂了吗", "@zhangwei")])),
    ("bold, italic and a custom emoji", QUICK,
     said("喝了 90ml 🍼", entities=[{"type": "bold", "offset": 3, "length": 4},
                                   {"type": "custom_emoji", "offset": 8, "length": 2, "custom_emoji_id": "5368"}])),
    ("a reply to the bot's card", QUICK, said("改成100ml", reply_to_message=BOT_CARD)),
    ("a reply to the bot's edited card", QUICK, said("不对", reply_to_message=BOT_CARD | {"edit_date": DATE - 30})),
    ("a reply to another parent", QUICK,
     said("好的", reply_to_message={"message_id": 5, "date": DATE - 9, "chat": GROUP, "from": DAD, "text": "我喂了"})),
    ("the bot's own message", QUICK, said("记下了", sender=BOT_USER)),
    ("another bot's message in the group", QUICK, said("Reminder: vitamin D", sender=OTHER_BOT)),
    ("another bot's message mentioning us", QUICK,
     said("@fawn_test_bot ping", sender=OTHER_BOT, entities=[mention("@fawn_test_bot ping", "@fawn_test_bot")])),
    ("a press on the bot's card", QUICK, pressed("t12.3.confirm", BOT_CARD)),
    ("a press from a user without username", QUICK, pressed("t12.3.undo", BOT_CARD, sender=NAMELESS)),
    ("a press in a private chat", QUICK, pressed("t12.3.confirm", BOT_CARD | {"chat": PRIVATE_DAD}, sender=DAD)),
    ("a press on a message too old to be shown", QUICK,
     pressed("t12.3.confirm", {"message_id": 901, "date": 0, "chat": GROUP})),
    # python-telegram-bot's way: the quick reader is not sure
    ("a command", SLOW, said("/help", entities=[{"type": "bot_command", "offset": 0, "length": 5}])),
    ("a text mention of a user without username", SLOW,
     said("Wei 喂了", entities=[{"type": "text_mention", "offset": 0, "length": 3, "user": DAD}])),
    ("an edited message", SLOW, {"edited_message": said("喝了100ml")["message"] | {"edit_date": DATE + 60}}),
    ("a forwarded message", SLOW,
     said("喝了90ml", forward_origin={"type": "user", "sender_user": DAD, "date": DATE - 600})),
    ("a forwarded message, the old fields", SLOW, said("喝了90ml", forward_from=DAD, forward_date=DATE - 600)),
    ("a photo with a caption", SLOW,
     {"message": {"message_id": 0, "date": DATE, "chat": GROUP, "from": MOM, "caption": "宝宝的疹子",
                  "photo": [{"file_id": "p1", "file_unique_id": "u1", "width": 90, "height": 90}]}}),
    ("a reply quoting part of the card", SLOW,
     said("这个不对", reply_to_message=BOT_CARD, quote={"text": "90ml", "position": 14, "is_manual": True})),
    ("a reply to a chart", SLOW,
     said("好看", reply_to_message={"message_id": 6, "date": DATE - 9, "chat": GROUP, "from": BOT_USER,
                                   "photo": [{"file_id": "c", "file_unique_id": "uc", "width": 9, "height": 9}]})),
    ("a text with a link preview", SLOW,
     said("https://example.com 看看", link_preview_options={"url": "https://example.com"},
          entities=[{"type": "url", "offset": 0, "length": 19}])),
    ("a forum topic's message", SLOW,
     said("睡了", chat=SUPERGROUP | {"is_forum": True}, message_thread_id=3, is_topic_message=True)),
    ("an anonymous admin", SLOW, said("睡了", sender=None, sender_chat=SUPERGROUP, chat=SUPERGROUP)),
    ("a message sent via a bot", SLOW, said("喝了90ml", via_bot=OTHER_BOT)),
    ("a press on a chart", SLOW,
     pressed("t12.3.confirm", {"message_id": 7, "date": DATE, "chat": GROUP, "from": BOT_USER,
                               "photo": [{"file_id": "c", "file_unique_id": "uc", "width": 9, "height": 9}],
                               "caption": "本周", "reply_markup": KEYBOARD})),
    ("a press on an inline message", SLOW,
     {"callback_query": {"id": "", "from": MOM, "chat_instance": "-77", "data": "x", "inline_message_id": "im"}}),
]


class Answering(ScriptedService):
    """Every message gets a reply with a button; a press on "t12.3.undo" is refused, any other is confirmed."""

    async def handle(self, msg: IncomingMessage) -> TurnResult:
        if msg.press is not None:
            refused = msg.press.token == "t12.3.undo"
            return scripted_reply("已经撤销过了" if refused else "好的", kind=ReplyKind.CHAT, press_rejected=refused)
        return scripted_reply(f"收到：{msg.text}", buttons=(OutgoingButton("undo", "撤销", "t9.1.undo"),))


class Counted:
    """python-telegram-bot's Update, counting how often the webhook asked it to read."""

    reads = 0

    @classmethod
    def de_json(cls, data, bot):
        cls.reads += 1
        return webhook.Update.__wrapped_update__.de_json(data, bot)


async def _post_all(harness_factory, updates: list[dict[str, Any]]) -> tuple[list[IncomingMessage], list, list]:
    async with harness_factory(Answering(), webhook=True) as bot:
        app = build_webhook_app(bot.application, secret=SECRET, path=PATH)
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://fawn.test") as client:
            first = len(bot.fake.calls)
            statuses = [(await client.post(PATH, json=update, headers={SECRET_HEADER: SECRET})).status_code
                        for update in updates]
        calls = [(call.method, call.params) for call in bot.fake.calls[first:]]
        return [msg for msg, _ in bot.service.turns], calls, statuses


def _numbered(updates: list[dict[str, Any]]) -> list[dict[str, Any]]:
    numbered = []
    for n, update in enumerate(updates, 1):
        update = {"update_id": 1000 + n, **{key: dict(value) for key, value in update.items()}}
        body = next(iter(v for k, v in update.items() if k != "update_id"))
        if "message_id" in body:
            body["message_id"] = 50 + n
        if "id" in body:
            body["id"] = f"q{n}"
        numbered.append(update)
    return numbered


@pytest.mark.parametrize(("name", "way", "update"), UPDATES, ids=[name for name, _, _ in UPDATES])
async def test_the_quick_way_and_python_telegram_bots_give_the_same_turn_and_calls(
        harness_factory, monkeypatch, name, way, update) -> None:
    (numbered,) = _numbered([update])
    real_update = webhook.Update
    Counted.reads = 0
    monkeypatch.setattr(Counted, "__wrapped_update__", real_update, raising=False)
    monkeypatch.setattr(webhook, "Update", Counted)
    quick_turns, quick_calls, quick_statuses = await _post_all(harness_factory, [numbered])
    quick_reads = Counted.reads
    monkeypatch.setattr(webhook, "quick_update", lambda *args, **kwargs: None)
    slow_turns, slow_calls, slow_statuses = await _post_all(harness_factory, [numbered])
    assert ("quick" if quick_reads == 0 else "slow") == way
    assert quick_statuses == slow_statuses == [200]
    assert quick_turns == slow_turns
    assert quick_calls == slow_calls
    if way == QUICK:
        assert len(quick_turns) == 1 and quick_calls            # a turn ran and was answered


async def test_all_of_them_one_after_another_the_same_both_ways(harness_factory, monkeypatch) -> None:
    updates = _numbered([update for _, _, update in UPDATES])
    quick = await _post_all(harness_factory, updates)
    monkeypatch.setattr(webhook, "quick_update", lambda *args, **kwargs: None)
    slow = await _post_all(harness_factory, updates)
    assert quick == slow
    assert len(quick[0]) >= len([u for _, way, u in UPDATES if way == QUICK])
