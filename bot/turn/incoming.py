"""Incoming messages are made safe once, before anything else reads them.

Text and names are NFKC-normalised (full-width digits and units become plain ones), and NUL, other
control characters (line breaks and tabs stay) and lone surrogates are removed — from the text, the
sender's name, the button data and the ids. A text longer than `MAX_TEXT` is not read at all: it is
stored (cut to the cap) as every message is, the sender gets a polite refusal, and nothing changes.
"""
from __future__ import annotations

import unicodedata
from dataclasses import replace

from bot.protocol import ButtonPress, IncomingMessage
from domain.turn import Decision, Reply
from domain.vocabulary import ReplyKind

MAX_TEXT = 2000


def safe_text(text: str) -> str:
    """Lone surrogates and control characters out, then NFKC."""
    kept = "".join(c for c in text if c in "\n\t" or unicodedata.category(c) not in ("Cs", "Cc"))
    return unicodedata.normalize("NFKC", kept)


def _safe_id(value: str) -> str:
    """Ids keep their characters (no NFKC), only what no database or encoder accepts goes."""
    return "".join(c for c in value if unicodedata.category(c) not in ("Cs", "Cc"))


def normalised(msg: IncomingMessage) -> IncomingMessage:
    """The message as the service may read it."""
    press = ButtonPress(_safe_id(msg.press.token), msg.press.bot_message_id) if msg.press else None
    return replace(msg, text=safe_text(msg.text), sender_name=safe_text(msg.sender_name).strip()[:128],
                   chat_id=_safe_id(msg.chat_id), sender_id=_safe_id(msg.sender_id),
                   message_id=_safe_id(msg.message_id), press=press)


def too_long(msg: IncomingMessage) -> bool:
    return len(msg.text) > MAX_TEXT


def too_long_decision(heard: bool) -> Decision:
    """The polite refusal where the bot would answer (a private chat, or addressed in a group); in a
    group's chatter a long message is not read and not answered."""
    if not heard:
        return Decision(None, note="message too long: not read (group chatter)")
    return Decision(Reply(ReplyKind.REFUSED, "message_too_long"), note="message too long: not read")
