"""The bot added to or removed from a chat, and a group that became a supergroup.
The family's data always stays; only its chat id moves."""
from __future__ import annotations

import logging

from telegram import ChatMember, ChatMemberUpdated, Update
from telegram.ext import ContextTypes

from bot.channels.telegram import texts
from bot.channels.telegram.handlers import fawn_of
from bot.channels.telegram.translate import PLATFORM

log = logging.getLogger(__name__)

PRESENT = frozenset({ChatMember.MEMBER, ChatMember.ADMINISTRATOR, ChatMember.OWNER, ChatMember.RESTRICTED})


def bot_joined(change: ChatMemberUpdated) -> bool | None:
    """True when the bot was added, False when removed, None for other changes (promotion…)."""
    was = change.old_chat_member.status in PRESENT
    is_ = change.new_chat_member.status in PRESENT
    if was == is_:
        return None
    return is_


async def on_my_chat_member(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    change = update.my_chat_member
    if change is None:
        return
    joined = bot_joined(change)
    chat_id = str(change.chat.id)
    if joined is None:
        return
    if not joined:
        log.info("bot removed from chat %s; the family's data is kept", chat_id)
        return
    fawn = fawn_of(context)
    family_id = await fawn.families.family_id(PLATFORM, chat_id)
    text = texts.ADDED_BACK if family_id is not None else texts.ADDED_NEW
    await context.bot.send_message(chat_id=chat_id, text=text)


async def on_migration(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Both service messages of a migration move the family; the second finds it moved."""
    message = update.effective_message
    if message is None:
        return
    if message.migrate_to_chat_id:
        old, new = str(message.chat.id), str(message.migrate_to_chat_id)
    elif message.migrate_from_chat_id:
        old, new = str(message.migrate_from_chat_id), str(message.chat.id)
    else:
        return
    await fawn_of(context).migrate_chat(old, new)
