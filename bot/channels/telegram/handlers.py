"""Telegram handlers for chat turns: translate, call the service, render. No decisions here."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from telegram import Bot, Message, Update
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bot.channels.telegram import texts
from bot.channels.telegram.aiohttp_request import call_api
from bot.channels.telegram.quick import QuickUpdate
from bot.channels.telegram.render import toast_text
from bot.channels.telegram.sending import TelegramSender, show_outcome
from bot.channels.telegram.translate import PLATFORM, message_to_incoming, press_to_incoming
from bot.protocol import ChatPort, Clock, DeliveryPort, FamilyPort, IncomingMessage, TurnResult

log = logging.getLogger(__name__)

APOLOGY = texts.APOLOGY


@dataclass
class FawnTelegram:
    """The adapter's state, shared by every handler (kept in `application.bot_data`)."""

    chat: ChatPort
    families: FamilyPort
    delivery: DeliveryPort
    clock: Clock
    photos_dir: Path
    unfinished: set[int] = field(default_factory=set)   # updates to leave unacknowledged (database down)

    async def turn(self, update_id: int, incoming: IncomingMessage) -> TurnResult:
        """The service's turn; an update whose turn could not run is remembered as unfinished, so the
        webhook answers 503 and the poller does not acknowledge it: Telegram delivers it again."""
        result = await self.chat.handle(incoming)
        if result.retry_later:
            self.unfinished.add(update_id)
        return result

    def finished(self, update_id: int) -> bool:
        """Whether the update was handled (and may be acknowledged); forgets it either way."""
        if update_id in self.unfinished:
            self.unfinished.discard(update_id)
            return False
        return True

    def sender(self, bot: Bot) -> TelegramSender:
        return TelegramSender(bot, self.migrate_chat)

    async def migrate_chat(self, old_chat_id: str, new_chat_id: str) -> None:
        moved = await self.families.move_chat(PLATFORM, old_chat_id, new_chat_id)
        log.info("chat %s became %s (family moved: %s)", old_chat_id, new_chat_id, moved)

    async def send_result(self, bot: Bot, chat_id: str, result: TurnResult) -> str | None:
        """Send the turn's reply (through the outbox, which remembers its platform id)."""
        return await self.delivery.send_reply(self.sender(bot), PLATFORM, chat_id, result)


def fawn_of(context: ContextTypes.DEFAULT_TYPE) -> FawnTelegram:
    return context.application.bot_data["fawn"]


async def on_message(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A text or photo message, or an edit of one: one chat turn."""
    fawn = fawn_of(context)
    message = update.message or update.edited_message
    if message is None:
        return
    photo_path = await download_photo(context.bot, message, fawn.photos_dir)
    incoming = message_to_incoming(message, bot_id=context.bot.id, bot_username=context.bot.username,
                                   edited=update.edited_message is not None, photo_path=photo_path)
    await message_turn(fawn, context.bot, update.update_id, incoming)


async def message_turn(fawn: FawnTelegram, bot: Bot, update_id: int, incoming: IncomingMessage) -> None:
    """A message's turn and its reply (from python-telegram-bot's Message, or read straight from the JSON)."""
    result = await fawn.turn(update_id, incoming)
    if result.reply is None:      # silence, a redelivery whose reply was already sent, or not run
        return
    await fawn.send_result(bot, incoming.chat_id, result)


@dataclass(frozen=True)
class Pressed:
    """The message that carried the pressed button."""

    message_id: int
    carried_photo: bool


async def on_press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A button press: answer the callback query; unless refused, edit the pressed message."""
    fawn = fawn_of(context)
    query = update.callback_query
    if query is None:
        return
    incoming = press_to_incoming(query, fawn.clock())
    message = query.message
    pressed = Pressed(message.message_id, bool(message.photo)) if isinstance(message, Message) else None
    await press_turn(fawn, context.bot, update.update_id, incoming, query.id, pressed)


async def press_turn(fawn: FawnTelegram, bot: Bot, update_id: int, incoming: IncomingMessage, query_id: str,
                     pressed: Pressed | None) -> None:
    """A press's turn: the query answered (a toast when refused), the pressed message edited to show the outcome."""
    result = await fawn.turn(update_id, incoming)
    if result.retry_later:        # left unanswered: Telegram delivers the press again
        return
    if result.duplicate and result.reply is None:
        await _answer(bot, query_id)
        return
    if result.press_rejected:
        await _answer(bot, query_id, toast_text(result.reply))
        return
    await _answer(bot, query_id)
    await _show_press_outcome(fawn, bot, pressed, incoming.chat_id, result)


async def _show_press_outcome(fawn: FawnTelegram, bot: Bot, pressed: Pressed | None,
                              chat_id: str, result: TurnResult) -> None:
    if pressed is None:
        await fawn.send_result(bot, chat_id, result)
        return
    edited = await show_outcome(bot, chat_id, pressed.message_id, result.reply, carried_photo=pressed.carried_photo)
    if not edited:
        await fawn.send_result(bot, chat_id, result)
    elif result.reply_id is not None:
        # The edited message's own id belongs to the reply that carried the button; the outcome is
        # marked delivered as an edit of it, so a redelivered press is not shown again.
        await fawn.delivery.mark_delivered(result.reply_id, f"edit:{pressed.message_id}@{result.reply_id}")


async def _answer(bot: Bot, query_id: str, text: str | None = None) -> None:
    try:       # `answerCallbackQuery` as one JSON body (what `bot.answer_callback_query` would send)
        answer = {"callback_query_id": query_id} if text is None else {"callback_query_id": query_id, "text": text}
        await call_api(bot, "answerCallbackQuery", answer)
    except TelegramError as exc:   # e.g. a query too old to answer; nothing else to do
        log.info("callback query %s not answered: %s", query_id, exc)


async def quick_turn(fawn: FawnTelegram, bot: Bot, quick: QuickUpdate) -> None:
    """An update read straight from its JSON (quick.py): the handler python-telegram-bot would have chosen,
    wrapped as its Application wraps a handler (a failure is logged and the chat told, as by `on_error`)."""
    try:
        if quick.query_id is None:
            await message_turn(fawn, bot, quick.update_id, quick.incoming)
        else:
            pressed = Pressed(quick.pressed_id, carried_photo=False) if quick.pressed_id is not None else None
            await press_turn(fawn, bot, quick.update_id, quick.incoming, quick.query_id, pressed)
    except Exception as error:
        await apologise(bot, quick.update_id, error, query_id=quick.query_id,
                        chat_id=None if quick.query_id else quick.incoming.chat_id)


async def download_photo(bot: Bot, message: Message, photos_dir: Path) -> Path | None:
    """Fetch the largest size of a message's photo into the data folder (getFile)."""
    if not message.photo:
        return None
    largest = message.photo[-1]
    target = photos_dir / _safe(str(message.chat.id)) / f"{_safe(largest.file_unique_id)}.jpg"
    if target.exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    telegram_file = await bot.get_file(largest.file_id)
    await telegram_file.download_to_drive(target)
    return target


def _safe(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Every update is wrapped once: log it, and tell the chat briefly."""
    if not isinstance(update, Update):
        log.error("update %s failed", None, exc_info=context.error)
        return
    chat = update.effective_chat
    await apologise(context.bot, update.update_id, context.error,
                    query_id=update.callback_query.id if update.callback_query is not None else None,
                    chat_id=chat.id if chat is not None else None)


async def apologise(bot: Bot, update_id: int, error: BaseException | None, *, query_id: str | None,
                    chat_id: int | str | None) -> None:
    """A failed update: logged, and the press answered or the chat told briefly."""
    log.error("update %s failed", update_id, exc_info=error)
    try:
        if query_id is not None:
            await bot.answer_callback_query(callback_query_id=query_id, text=APOLOGY[:200])
        elif chat_id is not None:
            await bot.send_message(chat_id=chat_id, text=APOLOGY)
    except TelegramError:
        log.warning("could not send the apology for update %s", update_id)
