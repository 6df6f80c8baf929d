"""Numbered buttons: the fallback where a messenger has no buttons (personal WeChat, the terminal).

A reply's buttons are appended to its text as numbered choices (`回复 1 确认，2 取消`), and a
member's answer that is just one of those numbers becomes the press of that button — of the
LATEST bot reply shown in that chat only. A number after a reply without buttons is ordinary
text. What was shown last in each chat lives behind `ShownChoices` (in memory here; a
database-backed one can take its place).
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Protocol

from bot.protocol import ButtonPress, IncomingMessage, OutgoingButton, OutgoingReply
from domain.replies.catalog import language_of, text

_DECORATION = re.compile(r"^[^\w]+\s*")          # leading emoji / symbols of a label: "✅ 确认" → "确认"
_NUMBER_ONLY = re.compile(r"^\s*(\d{1,2})\s*[.\u3002!\uff01]?\s*$")   # 1 / 1. / 1。 / 1！


class ShownChoices(Protocol):
    """What was shown last in each chat: the buttons of the latest bot reply (maybe none)."""

    async def remember(self, platform: str, chat_id: str, buttons: tuple[OutgoingButton, ...]) -> None: ...

    async def latest(self, platform: str, chat_id: str) -> tuple[OutgoingButton, ...]: ...


class InMemoryShownChoices:
    def __init__(self) -> None:
        self._shown: dict[tuple[str, str], tuple[OutgoingButton, ...]] = {}

    async def remember(self, platform: str, chat_id: str, buttons: tuple[OutgoingButton, ...]) -> None:
        self._shown[(platform, chat_id)] = tuple(buttons)

    async def latest(self, platform: str, chat_id: str) -> tuple[OutgoingButton, ...]:
        return self._shown.get((platform, chat_id), ())


def plain_label(label: str) -> str:
    """A button label without its decoration ("✅ 确认" → "确认"), lower-case inside a sentence."""
    bare = _DECORATION.sub("", label).strip() or label.strip()
    return bare[:1].lower() + bare[1:]


def choices_line(buttons: tuple[OutgoingButton, ...], language: str) -> str:
    lang = language_of(language)
    items = text(lang, "numbered.separator").join(
        text(lang, "numbered.choice", number=n, label=plain_label(b.label)) for n, b in enumerate(buttons, start=1))
    return text(lang, "numbered.choices", items=items)


def numbered_text(reply: OutgoingReply) -> str:
    """The reply's text with its buttons appended as numbered choices."""
    if not reply.buttons:
        return reply.text
    line = choices_line(reply.buttons, reply.language)
    return f"{reply.text}\n\n{line}" if reply.text else line


def chosen_number(text: str) -> int | None:
    match = _NUMBER_ONLY.match(text)
    return int(match.group(1)) if match else None


async def as_press(msg: IncomingMessage, shown: ShownChoices) -> IncomingMessage:
    """`msg` as the press of a button of the latest reply when its text is just that button's number."""
    number = chosen_number(msg.text) if msg.press is None else None
    if number is None:
        return msg
    buttons = await shown.latest(msg.platform, msg.chat_id)
    if not 1 <= number <= len(buttons):
        return msg
    return replace(msg, press=ButtonPress(token=buttons[number - 1].token), addressed_to_bot=True)
