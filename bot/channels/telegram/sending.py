"""Sending replies through the Bot API: new messages, photos, and a pressed message's outcome."""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from telegram import Bot
from telegram.error import BadRequest, ChatMigrated

from bot.channels.telegram.aiohttp_request import call_api
from bot.channels.telegram.render import keyboard, message_body, message_kwargs, photo_caption
from bot.protocol import OutgoingReply

log = logging.getLogger(__name__)

MigratedFn = Callable[[str, str], Awaitable[None]]


class TelegramSender:
    """`await sender(chat_id, reply)` → the sent message's id. A `SendFn` for the outbox.

    When Telegram says the group became a supergroup, the family is moved and the send
    is repeated once to the new chat id.
    """

    def __init__(self, bot: Bot, on_migrated: MigratedFn) -> None:
        self.bot = bot
        self.on_migrated = on_migrated

    async def __call__(self, chat_id: str, reply: OutgoingReply) -> str:
        try:
            return await self._send(chat_id, reply)
        except ChatMigrated as moved:
            new_chat_id = str(moved.new_chat_id)
            await self.on_migrated(chat_id, new_chat_id)
            return await self._send(new_chat_id, reply)

    async def _send(self, chat_id: str, reply: OutgoingReply) -> str:
        if reply.document is not None:
            with reply.document.open("rb") as document:
                sent = await self.bot.send_document(chat_id=chat_id, document=document,
                                                    filename=reply.document.name, caption=reply.text)
        elif reply.image is not None:
            with reply.image.open("rb") as photo:
                sent = await self.bot.send_photo(chat_id=chat_id, photo=photo,
                                                 caption=photo_caption(reply),
                                                 reply_markup=keyboard(reply.buttons))
        else:
            # `sendMessage` as one JSON body through the bot's session and rate limiter, with PTB's errors
            # (ChatMigrated, RetryAfter, Forbidden …), and only the sent message's id read back: no Message built
            sent = await call_api(self.bot, "sendMessage", message_body(chat_id, reply))
            return str(sent["message_id"])
        return str(sent.message_id)


async def show_outcome(bot: Bot, chat_id: str, message_id: int, reply: OutgoingReply | None,
                       carried_photo: bool) -> bool:
    """Edit the pressed message to show the outcome and the reply's buttons (usually none).

    Returns False when Telegram refused the edit (the caller then sends a new message).
    """
    try:
        if reply is None:
            await bot.edit_message_reply_markup(chat_id=chat_id, message_id=message_id, reply_markup=None)
        elif carried_photo:
            await bot.edit_message_caption(chat_id=chat_id, message_id=message_id,
                                           caption=photo_caption(reply), reply_markup=keyboard(reply.buttons))
        else:
            await bot.edit_message_text(chat_id=chat_id, message_id=message_id, **message_kwargs(reply))
    except BadRequest as refused:
        if "not modified" in refused.message.lower():
            return True
        log.warning("could not edit message %s in %s: %s", message_id, chat_id, refused.message)
        return False
    return True
