"""Telegram update → the common `IncomingMessage`. Translation only, no decisions."""
from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from telegram import CallbackQuery, Chat, Message, MessageEntity, Update, User

from bot.protocol import Attachment, ButtonPress, IncomingMessage
from domain.vocabulary import ChatKind

PLATFORM = "telegram"


def chat_kind(chat: Chat) -> ChatKind:
    return ChatKind.PRIVATE if chat.type == Chat.PRIVATE else ChatKind.GROUP


def sender_name(user: User | None) -> str:
    if user is None:
        return "?"
    return user.full_name or user.username or str(user.id)


def sender_language(user: User | None) -> str | None:
    """The language Telegram says the user's app is in (an IETF tag: en, zh-hans), if it says."""
    return user.language_code if user is not None and user.language_code else None


def message_to_incoming(message: Message, *, bot_id: int, bot_username: str | None,
                        edited: bool = False, photo_path: Path | None = None) -> IncomingMessage:
    """A text or photo message (or its edit) as an `IncomingMessage`."""
    text = command_text(message, bot_username) if is_command(message) else (
        message.text or message.caption or "")
    return IncomingMessage(
        platform=PLATFORM,
        chat_id=str(message.chat.id),
        sender_id=str(message.from_user.id) if message.from_user else "",
        sender_name=sender_name(message.from_user),
        message_id=str(message.message_id),
        sent_at=_aware(message.edit_date if edited and message.edit_date else message.date),
        text=text,
        chat_kind=chat_kind(message.chat),
        attachments=photo_attachments(message, photo_path),
        addressed_to_bot=is_addressed_to_bot(message, bot_id, bot_username),
        edited=edited,
        sender_language=sender_language(message.from_user),
    )


def press_to_incoming(query: CallbackQuery, now: datetime) -> IncomingMessage:
    """A button press: its callback data, verbatim, and the message that carried the button."""
    message = query.message
    chat = message.chat if message is not None else None
    return IncomingMessage(
        platform=PLATFORM,
        chat_id=str(chat.id) if chat else "",
        sender_id=str(query.from_user.id),
        sender_name=sender_name(query.from_user),
        message_id=f"cb:{query.id}",
        sent_at=now,
        chat_kind=chat_kind(chat) if chat else ChatKind.GROUP,
        press=ButtonPress(token=query.data or "",
                          bot_message_id=str(message.message_id) if message else None),
        addressed_to_bot=True,
    )


def photo_attachments(message: Message, local_path: Path | None) -> tuple[Attachment, ...]:
    if not message.photo:
        return ()
    largest = message.photo[-1]
    return (Attachment(kind="photo", file_id=largest.file_id, local_path=local_path),)


def is_command(message: Message) -> bool:
    entities = message.entities or ()
    return bool(entities) and entities[0].type == MessageEntity.BOT_COMMAND and entities[0].offset == 0


def command_text(message: Message, bot_username: str | None) -> str:
    """`/undo@fawn_bot now` → `undo now`: a command is its word, said to the bot."""
    text = message.text or ""
    command, _, rest = text.partition(" ")
    name, _, target = command.partition("@")
    if target and bot_username and target.lower() != bot_username.lower():
        return text
    return f"{name.lstrip('/')} {rest}".strip()


def is_addressed_to_bot(message: Message, bot_id: int, bot_username: str | None) -> bool:
    """A private chat, a command, a mention of the bot, or a reply to one of its messages."""
    if message.chat.type == Chat.PRIVATE or is_command(message):
        return True
    replied = message.reply_to_message
    if replied is not None and replied.from_user is not None and replied.from_user.id == bot_id:
        return True
    mention = f"@{bot_username}".lower() if bot_username else None
    entities = message.parse_entities([MessageEntity.MENTION]) if message.text else {}
    if message.caption:
        entities = message.parse_caption_entities([MessageEntity.MENTION])
    return mention is not None and any(value.lower() == mention for value in entities.values())


def is_relevant_message(update: Update) -> bool:
    """Updates that carry something a family said (text, caption or photo)."""
    message = update.message or update.edited_message
    return message is not None and bool(message.text or message.caption or message.photo)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
