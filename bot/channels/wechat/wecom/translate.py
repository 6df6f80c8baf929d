"""A WeCom AI bot callback body (plain JSON: decrypted, or a long-connection frame's body) →
the common `IncomingMessage`. Translation only, no decisions.

Message bodies carry msgid, aibotid, chatid (groups only), chattype single|group, from.userid,
response_url and msgtype text | image | mixed | voice (voice.content is the transcript) | file |
video, maybe with a quote. Events have msgtype "event" and event.eventtype; a click on a template
card is a template_card_event with the button's key and the card's task_id.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from bot.protocol import ButtonPress, IncomingMessage
from domain.vocabulary import ChatKind

PLATFORM = "wecom"
INERT_KEY = "fawn.done"        # the key of the one button an outcome card without buttons shows
_LEADING_MENTION = re.compile(r"^\s*@\S+\s*")


@dataclass(frozen=True)
class WeComCallback:
    """One decoded callback: what a family said or clicked, and where an answer can go."""

    kind: Literal["message", "click", "other"]
    incoming: IncomingMessage | None
    response_url: str | None = None
    task_id: str | None = None          # the card a click came from

    @property
    def message_id(self) -> str:
        return self.incoming.message_id if self.incoming else ""


def read_callback(body: dict[str, Any], now: datetime, bot_name: str | None = None) -> WeComCallback:
    """The callback `body` as a `WeComCallback` (kind "other" for anything that is not a turn)."""
    if body.get("msgtype") == "event":
        return _event(body, now)
    text = message_text(body, bot_name)
    if not text:
        return WeComCallback("other", None, body.get("response_url"))
    incoming = IncomingMessage(
        platform=PLATFORM, chat_id=chat_id_of(body), sender_id=sender_of(body), sender_name=sender_of(body),
        message_id=str(body.get("msgid") or ""), sent_at=sent_at(body, now), text=text,
        chat_kind=chat_kind_of(body), addressed_to_bot=True)
    return WeComCallback("message", incoming, body.get("response_url"))


def _event(body: dict[str, Any], now: datetime) -> WeComCallback:
    event = body.get("event") or {}
    if event.get("eventtype") != "template_card_event":
        return WeComCallback("other", None, body.get("response_url"))
    detail = event.get("template_card_event") or event      # the doc nests it; the Node SDK reads it flat
    key, task_id = str(detail.get("event_key") or ""), str(detail.get("task_id") or "") or None
    if not key or key == INERT_KEY:
        return WeComCallback("other", None, body.get("response_url"), task_id)
    incoming = IncomingMessage(
        platform=PLATFORM, chat_id=chat_id_of(body), sender_id=sender_of(body), sender_name=sender_of(body),
        message_id=f"card:{body.get('msgid') or ''}", sent_at=sent_at(body, now), chat_kind=chat_kind_of(body),
        press=ButtonPress(token=key, bot_message_id=task_id), addressed_to_bot=True)
    return WeComCallback("click", incoming, body.get("response_url"), task_id)


def message_text(body: dict[str, Any], bot_name: str | None) -> str:
    """The words of a message: text, a voice transcript, or the text parts of a mixed message."""
    kind = body.get("msgtype")
    if kind == "text":
        text = str((body.get("text") or {}).get("content") or "")
    elif kind == "voice":
        text = str((body.get("voice") or {}).get("content") or "")
    elif kind == "mixed":
        items = (body.get("mixed") or {}).get("msg_item") or []
        text = " ".join(str((i.get("text") or {}).get("content") or "") for i in items if i.get("msgtype") == "text")
    else:
        return ""                    # pictures, files and videos are not read (yet)
    return without_mention(text, bot_name).strip() if body.get("chattype") == "group" else text.strip()


def without_mention(text: str, bot_name: str | None) -> str:
    """A group message reaches the bot only when it @-mentions it: the mention is not part of what was said."""
    if bot_name:
        stripped = re.sub(rf"@{re.escape(bot_name)}(?=\s|$)", " ", text, count=1)
        if stripped != text:
            return re.sub(r"\s{2,}", " ", stripped).strip()
    return _LEADING_MENTION.sub("", text, count=1)


def chat_kind_of(body: dict[str, Any]) -> ChatKind:
    return ChatKind.GROUP if body.get("chattype") == "group" else ChatKind.PRIVATE


def chat_id_of(body: dict[str, Any]) -> str:
    """A group's chatid; a one-to-one chat is named by the member's userid (as proactive pushes name it)."""
    if body.get("chattype") == "group" and body.get("chatid"):
        return str(body["chatid"])
    return sender_of(body)


def sender_of(body: dict[str, Any]) -> str:
    return str((body.get("from") or {}).get("userid") or "")


def sent_at(body: dict[str, Any], now: datetime) -> datetime:
    stamp = body.get("create_time")
    if isinstance(stamp, int | float) and stamp > 0:
        return datetime.fromtimestamp(stamp / 1000 if stamp > 1e11 else stamp, UTC)
    return now
