"""Numbered buttons: where a messenger has no buttons, a reply's buttons are numbered text, and a
member's bare number presses the button of the latest reply shown in that chat."""
from __future__ import annotations

from datetime import UTC, datetime

from bot.channels.numbered import InMemoryShownChoices, as_press, chosen_number, numbered_text
from bot.protocol import IncomingMessage, OutgoingButton, OutgoingReply
from domain.vocabulary import ChatKind, ReplyKind

CONFIRM = (OutgoingButton("confirm", "✅ 确认", "t7.1.confirm"), OutgoingButton("cancel", "✖ 取消", "t7.1.cancel"))
CONFIRM_EN = (OutgoingButton("confirm", "✅ Confirm", "t7.1.confirm"),
              OutgoingButton("cancel", "✖ Cancel", "t7.1.cancel"))


def said(text: str, chat: str = "mom") -> IncomingMessage:
    return IncomingMessage("wechat", chat, "mom", "妈妈", "m1", datetime(2026, 5, 4, tzinfo=UTC), text,
                           chat_kind=ChatKind.PRIVATE)


def test_chinese_buttons_become_a_numbered_line_after_the_text():
    reply = OutgoingReply(ReplyKind.CONFIRM, "请确认：昨晚 20:00–03:00 睡眠", CONFIRM)
    assert numbered_text(reply) == "请确认：昨晚 20:00–03:00 睡眠\n\n回复 1 确认，2 取消"


def test_english_buttons_become_a_numbered_line_after_the_text():
    reply = OutgoingReply(ReplyKind.CONFIRM, "Please confirm: sleep 8pm–3am", CONFIRM_EN, language="en")
    assert numbered_text(reply).endswith("\n\nReply 1 to confirm, 2 to cancel")


def test_a_reply_without_buttons_is_its_text():
    assert numbered_text(OutgoingReply(ReplyKind.CHAT, "好的")) == "好的"


def test_only_a_bare_number_is_a_choice():
    assert [chosen_number(t) for t in ("1", " 2 ", "1。", "12", "1ml", "喝了1瓶", "")] == [1, 2, 1, 12, None, None,
                                                                                          None]


async def test_a_number_presses_the_button_of_the_latest_reply():
    shown = InMemoryShownChoices()
    await shown.remember("wechat", "mom", CONFIRM)
    press = await as_press(said("2"), shown)
    assert press.press.token == "t7.1.cancel" and press.message_id == "m1"


async def test_a_number_answers_only_the_latest_reply():
    shown = InMemoryShownChoices()
    await shown.remember("wechat", "mom", CONFIRM)
    await shown.remember("wechat", "mom", ())                  # a later reply without buttons
    assert (await as_press(said("1"), shown)).press is None


async def test_a_number_outside_the_choices_or_in_another_chat_is_text():
    shown = InMemoryShownChoices()
    await shown.remember("wechat", "mom", CONFIRM)
    assert (await as_press(said("3"), shown)).press is None
    assert (await as_press(said("1", chat="dad"), shown)).press is None
