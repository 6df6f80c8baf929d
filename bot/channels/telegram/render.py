"""`OutgoingReply` → Telegram: message text plus an inline keyboard, or a photo with a caption."""
from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.protocol import OutgoingButton, OutgoingReply

CALLBACK_DATA_LIMIT = 64          # bytes, a Bot API limit
MESSAGE_TEXT_LIMIT = 4096
CAPTION_LIMIT = 1024
TOAST_LIMIT = 200
BUTTONS_PER_ROW = 3


class CallbackDataTooLong(ValueError):
    """A button token longer than Telegram allows; the service must keep tokens short."""


def _check(buttons: tuple[OutgoingButton, ...]) -> None:
    for button in buttons:
        if len(button.token.encode("utf-8")) > CALLBACK_DATA_LIMIT:
            raise CallbackDataTooLong(f"callback data of {button.action!r} is over 64 bytes")


def keyboard(buttons: tuple[OutgoingButton, ...]) -> InlineKeyboardMarkup | None:
    """One inline keyboard for the reply's buttons; None when it has none."""
    if not buttons:
        return None
    _check(buttons)
    row_of = [InlineKeyboardButton(b.label, callback_data=b.token) for b in buttons]
    rows = [row_of[i:i + BUTTONS_PER_ROW] for i in range(0, len(row_of), BUTTONS_PER_ROW)]
    return InlineKeyboardMarkup(rows)


def keyboard_json(buttons: tuple[OutgoingButton, ...]) -> dict | None:
    """The same keyboard as the Bot API's JSON, without building python-telegram-bot's objects."""
    if not buttons:
        return None
    _check(buttons)
    row_of = [{"text": b.label, "callback_data": b.token} for b in buttons]
    return {"inline_keyboard": [row_of[i:i + BUTTONS_PER_ROW] for i in range(0, len(row_of), BUTTONS_PER_ROW)]}


def message_body(chat_id: str, reply: OutgoingReply) -> dict:
    """`sendMessage`'s parameters as plain JSON values: what `bot.send_message` would send."""
    body: dict = {"chat_id": chat_id, "text": _clip(reply.text or "…", MESSAGE_TEXT_LIMIT)}
    if reply.buttons:
        body["reply_markup"] = keyboard_json(reply.buttons)
    return body


def message_kwargs(reply: OutgoingReply) -> dict:
    """Keyword arguments for `bot.send_message` (without chat_id)."""
    return {"text": _clip(reply.text or "…", MESSAGE_TEXT_LIMIT), "reply_markup": keyboard(reply.buttons)}


def photo_caption(reply: OutgoingReply) -> str | None:
    return _clip(reply.text, CAPTION_LIMIT) if reply.text else None


def toast_text(reply: OutgoingReply | None) -> str | None:
    """The short text a refused press shows as a toast."""
    if reply is None or not reply.text:
        return None
    return _clip(reply.text, TOAST_LIMIT)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
