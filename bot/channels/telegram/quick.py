"""The common Telegram updates — a text message, a button press — read straight from their JSON into the
`IncomingMessage` that `translate.py` makes of python-telegram-bot's objects, without building them.

`quick_update` answers only for an update whose every field it knows and whose every value has the type
the Bot API gives it; for anything else — a command, a photo, an edit, a forum topic, a field it has not
been told about, a value of an odd type, a date no calendar holds — it answers None and the update goes
through python-telegram-bot (`Update.de_json` and the Application's handlers), which decides as before.
So an update read here is one python-telegram-bot would also have accepted and given to `on_message` or
`on_press`, and the message read here is the one `translate.py` would have made of it
(tests/unit/test_telegram_quick.py checks both on generated updates). Translation only, no decisions."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.channels.telegram.translate import PLATFORM
from bot.protocol import ButtonPress, IncomingMessage
from domain.vocabulary import ChatKind


@dataclass(frozen=True)
class QuickUpdate:
    """An update's id and its turn's message; for a press, the query to answer and the pressed message."""

    update_id: int
    incoming: IncomingMessage
    query_id: str | None = None
    pressed_id: int | None = None         # the message that carried the button (never a photo here)


_USER = {"id": int, "is_bot": bool, "first_name": str, "last_name": str, "username": str, "language_code": str,
         "is_premium": bool, "added_to_attachment_menu": bool}
_CHAT = {"id": int, "type": str, "title": str, "username": str, "first_name": str, "last_name": str,
         "is_forum": bool}
_ENTITY = {"type": str, "offset": int, "length": int, "url": str, "language": str, "custom_emoji_id": str}
_BUTTON = {"text": str, "callback_data": str, "url": str}
_SAID = frozenset({"message_id", "date", "chat", "from", "text", "entities", "reply_to_message"})
_SHOWN = frozenset({"message_id", "date", "chat", "from", "text", "entities", "edit_date", "reply_markup"})
_QUERY = {"id": str, "from": dict, "chat_instance": str, "data": str, "message": dict}


def quick_update(data: Any, *, bot_id: int, bot_username: str | None,
                 now: Callable[[], datetime]) -> QuickUpdate | None:
    """The update as a turn's message, or None: python-telegram-bot reads it (see the module's text)."""
    if type(data) is not dict or len(data) != 2 or type(data.get("update_id")) is not int:
        return None
    try:
        if "message" in data:
            incoming = _said(data["message"], bot_id, bot_username)
            return QuickUpdate(data["update_id"], incoming) if incoming is not None else None
        if "callback_query" in data:
            return _pressed(data["update_id"], data["callback_query"], now)
    except (ValueError, OverflowError, OSError, UnicodeDecodeError):
        return None          # a date beyond any calendar, an entity cutting a character in two: the slow path's
    return None


def _said(message: Any, bot_id: int, bot_username: str | None) -> IncomingMessage | None:
    if not _fits(message, _SAID) or "from" in message and not _user(message["from"]):
        return None
    text, entities = message.get("text"), message.get("entities", [])
    if type(text) is not str or not text or not _entities(entities):
        return None
    if any(entity["type"] == "bot_command" for entity in entities):
        return None                                   # a command: python-telegram-bot's CommandHandlers
    replied = message.get("reply_to_message")
    if replied is not None and not _shown(replied):
        return None
    chat, sender = message["chat"], message.get("from")
    return IncomingMessage(
        platform=PLATFORM, chat_id=str(chat["id"]),
        sender_id=str(sender["id"]) if sender else "", sender_name=_name(sender),
        message_id=str(message["message_id"]), sent_at=datetime.fromtimestamp(message["date"], UTC),
        text=text, chat_kind=_kind(chat),
        addressed_to_bot=_addressed(chat, text, entities, replied, bot_id, bot_username),
        sender_language=sender.get("language_code") or None if sender else None)


def _pressed(update_id: int, query: Any, now: Callable[[], datetime]) -> QuickUpdate | None:
    if type(query) is not dict or set(query) != set(_QUERY) or any(
            type(query[key]) is not kind for key, kind in _QUERY.items()):
        return None
    pressed, sender = query["message"], query["from"]
    if not _user(sender) or not _shown(pressed):
        return None
    chat = pressed["chat"]
    incoming = IncomingMessage(
        platform=PLATFORM, chat_id=str(chat["id"]), sender_id=str(sender["id"]), sender_name=_name(sender),
        message_id=f"cb:{query['id']}", sent_at=now(), chat_kind=_kind(chat),
        press=ButtonPress(token=query["data"], bot_message_id=str(pressed["message_id"])), addressed_to_bot=True)
    return QuickUpdate(update_id, incoming, query["id"], pressed["message_id"])


def _shown(message: Any) -> bool:
    """A message as the bot sent it (what a button was on, what was replied to), known field by field."""
    if not _fits(message, _SHOWN) or "from" in message and not _user(message["from"]):
        return False
    if "text" in message and type(message["text"]) is not str or not _entities(message.get("entities", [])):
        return False
    if "edit_date" in message and not _date(message["edit_date"]):
        return False
    markup = message.get("reply_markup")
    return markup is None or (type(markup) is dict and set(markup) == {"inline_keyboard"}
                              and type(markup["inline_keyboard"]) is list
                              and all(type(row) is list and all(_typed(b, _BUTTON) and "text" in b for b in row)
                                      for row in markup["inline_keyboard"]))


def _fits(message: Any, known: frozenset[str]) -> bool:
    return (type(message) is dict and known.issuperset(message) and type(message.get("message_id")) is int
            and _date(message.get("date")) and _typed(message.get("chat"), _CHAT)
            and "id" in message["chat"] and "type" in message["chat"])


def _date(value: Any) -> bool:
    """A Unix time python-telegram-bot can read (0: a message too old to be shown)."""
    if type(value) is not int:
        return False
    datetime.fromtimestamp(value, UTC)                # raises beyond any calendar: the caller answers None
    return True


def _user(user: Any) -> bool:
    return _typed(user, _USER) and {"id", "is_bot", "first_name"}.issubset(user)


def _entities(entities: Any) -> bool:
    return type(entities) is list and all(
        _typed(e, _ENTITY) and {"type", "offset", "length"}.issubset(e) for e in entities)


def _typed(value: Any, fields: dict[str, type]) -> bool:
    """A JSON object of only these fields, each of its type (an int is not a bool)."""
    return type(value) is dict and all(key in fields and type(v) is fields[key] for key, v in value.items())


def _kind(chat: dict[str, Any]) -> ChatKind:
    return ChatKind.PRIVATE if chat["type"] == "private" else ChatKind.GROUP


def _name(user: dict[str, Any] | None) -> str:
    if user is None:
        return "?"
    first, last = user["first_name"], user.get("last_name")
    full = (f"{first} {last}" if last else first) if first else None
    return full or user.get("username") or str(user["id"])


def _addressed(chat: dict[str, Any], text: str, entities: list[dict[str, Any]], replied: dict[str, Any] | None,
               bot_id: int, bot_username: str | None) -> bool:
    """A private chat, a reply to one of the bot's messages, or a mention of the bot (commands go the slow way)."""
    if chat["type"] == "private":
        return True
    if replied is not None and replied.get("from") and replied["from"]["id"] == bot_id:
        return True
    mentions = [entity for entity in entities if entity["type"] == "mention"]
    if not mentions:
        return False
    utf16 = text.encode("utf-16-le")        # Telegram counts offsets in UTF-16 code units
    said = [utf16[e["offset"] * 2:(e["offset"] + e["length"]) * 2].decode("utf-16-le") for e in mentions]
    return bot_username is not None and f"@{bot_username}".lower() in (s.lower() for s in said)
