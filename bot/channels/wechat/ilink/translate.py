"""An iLink `WeixinMessage` → the common `IncomingMessage`. Translation only, no decisions.

Only messages from a person (message_type 1) are turns. Their words are the text items, or a
voice message's transcript (voice_item.text). Every iLink chat is one-to-one: the chat is named
by the person's user id.
"""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from bot.channels.wechat.ilink.api import ITEM_TEXT, ITEM_VOICE, MESSAGE_TYPE_USER
from bot.protocol import IncomingMessage
from domain.vocabulary import ChatKind

PLATFORM = "wechat"


def message_to_incoming(msg: dict[str, Any], now: datetime) -> IncomingMessage | None:
    if msg.get("message_type") != MESSAGE_TYPE_USER or not msg.get("from_user_id"):
        return None
    text = message_text(msg.get("item_list") or [])
    if not text:
        return None                                  # pictures, files and videos are not read (yet)
    user = str(msg["from_user_id"])
    return IncomingMessage(platform=PLATFORM, chat_id=user, sender_id=user, sender_name=user,
                           message_id=message_id_of(msg), sent_at=sent_at(msg, now), text=text,
                           chat_kind=ChatKind.PRIVATE, addressed_to_bot=True)


def message_text(items: list[dict[str, Any]]) -> str:
    parts = []
    for item in items:
        if item.get("type") == ITEM_TEXT:
            parts.append(str((item.get("text_item") or {}).get("text") or ""))
        elif item.get("type") == ITEM_VOICE:
            parts.append(str((item.get("voice_item") or {}).get("text") or ""))
    return " ".join(p.strip() for p in parts if p.strip())


def message_id_of(msg: dict[str, Any]) -> str:
    for key in ("message_id", "seq", "client_id"):
        if msg.get(key) not in (None, "", 0):
            return str(msg[key])
    return f"t{msg.get('create_time_ms', '')}"


def sent_at(msg: dict[str, Any], now: datetime) -> datetime:
    stamp = msg.get("create_time_ms")
    return datetime.fromtimestamp(stamp / 1000, UTC) if isinstance(stamp, int | float) and stamp > 0 else now
