"""The webhook's quick reader (bot/channels/telegram/quick.py) against python-telegram-bot's own reading:
on generated updates, whatever it reads is what `Update.de_json` plus the Application's handler choice plus
translate.py would have made of it, and it reads the common shapes at all."""
from __future__ import annotations

import copy
from datetime import UTC, datetime
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from telegram import Bot, Message, Update, User
from telegram.ext import Application

from bot.channels.telegram.application import install_handlers
from bot.channels.telegram.handlers import Pressed, on_message, on_press
from bot.channels.telegram.quick import quick_update
from bot.channels.telegram.translate import message_to_incoming, press_to_incoming

BOT_ID, BOT_NAME = 7000001, "fawn_bot"
NOW = datetime(2026, 5, 4, 12, 15, tzinfo=UTC)
TOKEN = "7000001:quick-reader-test"


def _application() -> Application:
    application = Application.builder().token(TOKEN).updater(None).build()
    install_handlers(application)
    return application


APPLICATION = _application()
BOT: Bot = APPLICATION.bot
BOT._bot_user = User(BOT_ID, "Fawn", is_bot=True, username=BOT_NAME)   # as get_me at initialize() would set it


def quick(data: Any):
    return quick_update(data, bot_id=BOT_ID, bot_username=BOT_NAME, now=lambda: NOW)


def slow(data: Any) -> tuple[str, Any]:
    """What the webhook did before the quick reader: ("400", None), ("no handler", None),
    ("failed", error) or (handler's name, (incoming, pressed))."""
    try:
        update = Update.de_json(copy.deepcopy(data), BOT)
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError, OSError):
        return "400", None
    if update.effective_message is not None and update.effective_message.date is None:
        return "400", None
    handler = next((h for h in APPLICATION.handlers[0] if h.check_update(update) not in (None, False)), None)
    if handler is None:
        return "no handler", None
    try:
        if handler.callback is on_message:
            message = update.message or update.edited_message
            return "on_message", (message_to_incoming(message, bot_id=BOT_ID, bot_username=BOT_NAME,
                                                      edited=update.edited_message is not None), None)
        if handler.callback is on_press:
            query = update.callback_query
            pressed = Pressed(query.message.message_id, bool(query.message.photo)) if isinstance(
                query.message, Message) else None
            return "on_press", (press_to_incoming(query, NOW), pressed)
    except Exception as error:     # noqa: BLE001 - the handler would fail: the Application's error handler
        return "failed", error
    return handler.callback.__name__, None


# -- generated updates ------------------------------------------------------------------------------------

WORDS = st.sampled_from(["喝了90ml", "@fawn_bot", "@FAWN_BOT", "@someone", "😀", "𝐁", " ", "/undo", "醒了",
                         "fed 4oz", "\u200b", "@fawn_bot_2", "好"])
TEXT = st.lists(WORDS, min_size=0, max_size=5).map("".join)
NAME = st.sampled_from(["妈妈", "Anna", "", "Zhang Wei"])


def mostly(usual: st.SearchStrategy, *odd: Any) -> st.SearchStrategy:
    """The usual value about seven times in eight, else one of the odd ones."""
    return st.sampled_from(range(8)).flatmap(lambda n: st.sampled_from(odd) if n == 7 else usual)


DATES = mostly(st.integers(1_600_000_000, 1_900_000_000), 0, 10**20, -(10**18), 1.5e9, "tomorrow", None, True)


def optional(fields: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({}, optional=fields)


USERS = st.builds(lambda required, extra: {**required, **extra},
                  st.fixed_dictionaries({"id": st.one_of(st.integers(1, 10**10), st.just(BOT_ID)),
                                         "is_bot": st.booleans(), "first_name": NAME}),
                  optional({"last_name": NAME, "username": st.sampled_from(["mom", "", "fawn_bot"]),
                            "language_code": st.sampled_from(["en", "zh-hans", ""]), "is_premium": st.booleans()}))
ODD_USERS = mostly(USERS, {}, {"id": "111", "is_bot": False, "first_name": "x"}, {"id": 1, "first_name": "no is_bot"})
CHATS = st.builds(lambda required, extra: {**required, **extra},
                  st.fixed_dictionaries({"id": mostly(st.integers(-10**13, 10**10), True, "-4001"),
                                         "type": st.sampled_from(["private", "group", "supergroup", "channel"])}),
                  optional({"title": st.sampled_from(["宝宝一家", ""]), "is_forum": st.booleans()}))


@st.composite
def entities(draw, text: str) -> list[dict[str, Any]]:
    width = len(text.encode("utf-16-le")) // 2
    return draw(st.lists(st.fixed_dictionaries({
        "type": st.sampled_from(["mention", "mention", "bot_command", "bold", "url", "hashtag"]),
        "offset": st.integers(-1, width + 1), "length": st.integers(0, width + 2)}), max_size=3))


@st.composite
def shown(draw) -> dict[str, Any]:
    """A message the bot sent (a press's message, what a reply quotes)."""
    text = draw(TEXT)
    message = {"message_id": draw(st.integers(1, 10**6)), "date": draw(DATES), "chat": draw(CHATS)}
    message |= draw(optional({"from": mostly(st.just({"id": BOT_ID, "is_bot": True, "first_name": "Fawn"}),
                                             {"id": 5, "is_bot": False, "first_name": "Lin"}, {}),
                              "text": st.just(text), "entities": entities(text), "edit_date": DATES,
                              "reply_markup": st.sampled_from([
                                  {"inline_keyboard": [[{"text": "确认", "callback_data": "t12.3.confirm"}]]},
                                  {"inline_keyboard": []}, {"inline_keyboard": [[{"callback_data": "x"}]]}])}))
    message |= draw(mostly(st.just({}), {"photo": [{"file_id": "f", "file_unique_id": "u", "width": 9, "height": 9}]},
                           {"caption": "a chart"}, {"reply_markup": {"inline_keyboard": "no"}}))
    return message


@st.composite
def said(draw) -> dict[str, Any]:
    """A message a family member sent."""
    text = draw(TEXT)
    message = {"message_id": draw(st.integers(1, 10**6)), "date": draw(DATES), "chat": draw(CHATS), "text": text}
    message |= draw(optional({"from": ODD_USERS, "entities": entities(text), "reply_to_message": shown()}))
    message |= draw(mostly(st.just({}), {"caption": "a caption"}, {"sender_chat": {"id": -1, "type": "channel"}},
                           {"message_thread_id": 5}, {"text": None}, {"entities": None}, {"reply_to_message": None}))
    return message


@st.composite
def updates(draw) -> dict[str, Any]:
    update: dict[str, Any] = {"update_id": draw(mostly(st.integers(1, 10**9), "7", True))}
    kind = draw(st.sampled_from(["message", "message", "callback_query", "callback_query", "edited_message"]))
    if kind == "callback_query":
        update[kind] = {"id": draw(st.sampled_from(["q1", "4382"])), "from": draw(ODD_USERS),
                        "chat_instance": "ci-1", "data": draw(st.sampled_from(["t12.3.confirm", "u45", ""])),
                        "message": draw(shown())}
        update[kind] |= draw(mostly(st.just({}), {"inline_message_id": "im1"}, {"data": None},
                                    {"game_short_name": "g"}))
    else:
        update[kind] = draw(said())
    update |= draw(mostly(st.just({}), {"my_chat_member": {}}, {"edited_message": None}))
    return update


@settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow])
@given(updates())
def test_what_the_quick_reader_reads_is_what_python_telegram_bot_would_have_handed_the_turn(data):
    read = quick(data)
    if read is None:
        return                                   # the slow path, exactly as before
    outcome, translated = slow(data)
    if read.query_id is None:
        assert outcome == "on_message"
        assert read.incoming == translated[0]
    else:
        assert outcome == "on_press"
        incoming, pressed = translated
        assert read.incoming == incoming
        assert (read.query_id, read.pressed_id) == (data["callback_query"]["id"], pressed.message_id)
        assert not pressed.carried_photo
    assert read.update_id == data["update_id"]


# -- the common shapes are read --------------------------------------------------------------------------

MOM = {"id": 111, "is_bot": False, "first_name": "妈妈", "language_code": "zh-hans"}
GROUP = {"id": -4001, "type": "group", "title": "宝宝一家"}
DATE = int(NOW.timestamp())


def test_a_private_text_message_is_read_as_translate_would_read_it():
    data = {"update_id": 5, "message": {"message_id": 9, "date": DATE, "chat": {"id": 111, "type": "private",
                                                                              "first_name": "妈妈"},
                                        "from": MOM, "text": "喝了90ml"}}
    read = quick(data)
    assert read is not None and read.query_id is None
    assert read.incoming == slow(data)[1][0]
    assert read.incoming.addressed_to_bot and read.incoming.sent_at == NOW
    assert read.incoming.sender_language == "zh-hans"


def test_a_mention_counts_in_utf16_and_a_reply_to_the_bot_addresses_it():
    text = "😀@Fawn_Bot 喝了90"
    mention = {"type": "mention", "offset": 2, "length": 9}          # the emoji is two UTF-16 units
    data = {"update_id": 6, "message": {"message_id": 10, "date": DATE, "chat": GROUP, "from": MOM, "text": text,
                                        "entities": [mention]}}
    assert quick(data).incoming.addressed_to_bot and quick(data).incoming == slow(data)[1][0]
    data["message"]["entities"] = [{"type": "mention", "offset": 0, "length": 9}]
    assert not quick(data).incoming.addressed_to_bot
    replied = {"message_id": 3, "date": DATE, "chat": GROUP, "text": "记下了",
               "from": {"id": BOT_ID, "is_bot": True, "first_name": "Fawn"}}
    data["message"] |= {"entities": [], "reply_to_message": replied}
    assert quick(data).incoming.addressed_to_bot and quick(data).incoming == slow(data)[1][0]


def test_a_press_on_the_bots_message_is_read_with_the_query_and_the_pressed_message():
    pressed = {"message_id": 1001, "date": DATE, "chat": GROUP, "text": "确认？",
               "from": {"id": BOT_ID, "is_bot": True, "first_name": "Fawn"},
               "reply_markup": {"inline_keyboard": [[{"text": "确认", "callback_data": "t12.3.confirm"}]]}}
    data = {"update_id": 7, "callback_query": {"id": "q7", "from": MOM, "chat_instance": "ci-1",
                                               "data": "t12.3.confirm", "message": pressed}}
    read = quick(data)
    assert read is not None and (read.query_id, read.pressed_id) == ("q7", 1001)
    assert read.incoming == slow(data)[1][0] and read.incoming.press.token == "t12.3.confirm"


def test_commands_photos_edits_and_unknown_fields_go_through_python_telegram_bot():
    base = {"message_id": 9, "date": DATE, "chat": GROUP, "from": MOM, "text": "/undo"}
    command = {"update_id": 1, "message": base | {"entities": [{"type": "bot_command", "offset": 0, "length": 5}]}}
    photo = {"update_id": 2, "message": base | {"text": "x", "photo": [{"file_id": "f", "file_unique_id": "u",
                                                                        "width": 1, "height": 1}]}}
    edited = {"update_id": 3, "edited_message": base | {"text": "x", "edit_date": DATE}}
    topic = {"update_id": 4, "message": base | {"text": "x", "message_thread_id": 5}}
    beyond = {"update_id": 5, "message": base | {"text": "x", "date": 10**20}}
    odd_id = {"update_id": 6, "message": base | {"text": "x", "chat": {"id": "-4001", "type": "group"}}}
    assert [quick(u) for u in (command, photo, edited, topic, beyond, odd_id)] == [None] * 6
