"""/start, /help, /settings and /export. Family rules live behind the family port (bot/family/);
these handlers only translate and render."""
from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.channels.telegram import texts
from bot.channels.telegram.handlers import FawnTelegram, fawn_of, on_message
from bot.channels.telegram.translate import PLATFORM, chat_kind, sender_language, sender_name
from bot.protocol import MemberSetup
from domain.decide.settings import SETTING_NAMES
from domain.vocabulary import Role


async def on_start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Set up the family for a new chat (the person who sends /start is its parent); then /start is a turn
    like any other — stored with its reply, the welcome."""
    fawn, message = fawn_of(context), update.effective_message
    if message is None or message.from_user is None:
        return
    chat_id = str(message.chat.id)
    if await fawn.families.family_id(PLATFORM, chat_id) is None:
        founder = MemberSetup(sender_id=str(message.from_user.id), name=sender_name(message.from_user),
                              title=None, role=Role.PARENT.value)
        await fawn.families.start_family(PLATFORM, chat_id, chat_kind(message.chat), founder,
                                         sender_language(message.from_user))
    await on_message(update, context)


async def on_help(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A turn like any other in a family's chat (the domain's help, in the family's language); before the
    chat has a family, the help in both languages (there is no family to store it with)."""
    fawn, message = fawn_of(context), update.effective_message
    if message is None:
        return
    if await fawn.families.family_id(PLATFORM, str(message.chat.id)) is not None:
        await on_message(update, context)
        return
    await message.reply_text(texts.help_text(None))


async def on_settings(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/settings shows them; /settings NAME VALUE changes one (parents only)."""
    fawn, message = fawn_of(context), update.effective_message
    family_id = await _family_of(fawn, update)
    if message is None or family_id is None:
        return
    args = context.args or []
    if not args:
        await message.reply_text(texts.settings_text(await fawn.families.settings(family_id)))
        return
    if len(args) != 2 or args[0] not in (*SETTING_NAMES, "units"):       # /settings units oz: every unit at once
        await message.reply_text(texts.SETTINGS_USAGE)
        return
    await on_message(update, context)   # a change is a chat turn: the domain decides who may


async def on_export(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/export sends every record as JSON (/export csv: CSV), to parents only."""
    fawn, message = fawn_of(context), update.effective_message
    family_id = await _family_of(fawn, update)
    if message is None or family_id is None:
        return
    user = update.effective_user
    as_csv = bool(context.args) and context.args[0].lower() == "csv"
    made = await fawn.families.export(family_id, str(user.id) if user else "", "csv" if as_csv else "json")
    if not made.allowed:
        await message.reply_text(texts.PARENTS_ONLY)
        return
    await message.reply_document(document=made.body, filename=made.filename,
                                 caption=texts.EXPORT_CAPTION.format(count=made.count))


async def _family_of(fawn: FawnTelegram, update: Update) -> int | None:
    chat = update.effective_chat
    family_id = await fawn.families.family_id(PLATFORM, str(chat.id)) if chat else None
    if family_id is None and update.effective_message is not None:
        await update.effective_message.reply_text(texts.NO_FAMILY)
    return family_id
