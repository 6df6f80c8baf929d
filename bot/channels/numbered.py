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

# The two language templates (to move into the text catalogue): a line of choices, one item per button.
CHOICE_TEMPLATES: dict[str, tuple[str, str, str]] = {
    #       line          item              separator
    "zh": ("回复 {items}", "{number} {label}", "，"),
    "en": ("Reply {items}", "{number} to {label}", ", "),
}

_CJK = re.compile(r"[\u3400-\u9fff]")
_DECORATION = re.compile(r"^[^\w]+\s*")          # leading emoji / symbols of a label: "✅ 确认" → "确认"
_NUMBER_ONLY = re.compile(r"^\s*(\d{1,2})\s*[.。!！]?\s*$")


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


def language_of(reply: OutgoingReply) -> str:
    """The reply's language, read from its own words (replies carry no language field)."""
    words = reply.text + "".join(b.label for b in reply.buttons)
    return "zh" if _CJK.search(words) else "en"


def plain_label(label: str, language: str) -> str:
    bare = _DECORATION.sub("", label).strip() or label.strip()
    return bare.lower() if language == "en" else bare


def choices_line(buttons: tuple[OutgoingButton, ...], language: str) -> str:
    line, item, separator = CHOICE_TEMPLATES.get(language, CHOICE_TEMPLATES["en"])
    items = separator.join(item.format(number=n, label=plain_label(b.label, language))
                           for n, b in enumerate(buttons, start=1))
    return line.format(items=items)


def numbered_text(reply: OutgoingReply) -> str:
    """The reply's text with its buttons appended as numbered choices."""
    if not reply.buttons:
        return reply.text
    line = choices_line(reply.buttons, language_of(reply))
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
