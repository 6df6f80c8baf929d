"""/start, /help, /settings and /export. Family rules live in the service and family_admin;
these handlers only translate and render."""
from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.channels.telegram import texts
from bot.channels.telegram.handlers import FawnTelegram, fawn_of, on_message
from bot.channels.telegram.translate import PLATFORM, chat_kind, sender_name
from bot.family import admin as family_admin
from bot.protocol import FamilySetup, MemberSetup
from domain.permissions import Permission, may
from domain.vocabulary import Role


async def on_start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Set up the family for a new chat; the person who sends /start is its parent."""
    fawn, message = fawn_of(context), update.effective_message
    if message is None or message.from_user is None:
        return
    chat_id = str(message.chat.id)
    if await fawn.service.find_family_id(PLATFORM, chat_id) is not None:
        await message.reply_text(texts.WELCOME_BACK)
        return
    founder = MemberSetup(sender_id=str(message.from_user.id), name=sender_name(message.from_user),
                          title=None, role=Role.PARENT.value)
    await fawn.service.setup_family(FamilySetup(platform=PLATFORM, chat_id=chat_id,
                                                chat_kind=chat_kind(message.chat), members=(founder,)))
    await message.reply_text(texts.WELCOME_NEW)


async def on_help(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The domain's help text, in the family's language (both languages before a family exists)."""
    fawn, message = fawn_of(context), update.effective_message
    if message is None:
        return
    family_id = await fawn.service.find_family_id(PLATFORM, str(message.chat.id))
    settings = await family_admin.family_settings(fawn.sessions, family_id) if family_id else {}
    await message.reply_text(texts.help_text(settings.get("language")))


async def on_settings(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/settings shows them; /settings NAME VALUE changes one (parents only)."""
    fawn, message = fawn_of(context), update.effective_message
    family_id = await _family_of(fawn, update)
    if message is None or family_id is None:
        return
    args = context.args or []
    if not args:
        await message.reply_text(texts.settings_text(await family_admin.family_settings(fawn.sessions, family_id)))
        return
    if len(args) != 2 or args[0] not in family_admin.SETTING_NAMES:
        await message.reply_text(texts.SETTINGS_USAGE)
        return
    await on_message(update, context)   # a change is a chat turn: the domain decides who may


async def on_export(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/export sends every record as JSON (/export csv: CSV), to parents only."""
    fawn, message = fawn_of(context), update.effective_message
    family_id = await _family_of(fawn, update)
    if message is None or family_id is None:
        return
    if not await _may_manage(fawn, family_id, update):
        await message.reply_text(texts.PARENTS_ONLY)
        return
    rows = await family_admin.export_records(fawn.sessions, family_id)
    as_csv = bool(context.args) and context.args[0].lower() == "csv"
    body = family_admin.rows_as_csv(rows) if as_csv else family_admin.rows_as_json(rows)
    await message.reply_document(document=body.encode("utf-8"),
                                 filename="fawn-records.csv" if as_csv else "fawn-records.json",
                                 caption=texts.EXPORT_CAPTION.format(count=len(rows)))


async def _family_of(fawn: FawnTelegram, update: Update) -> int | None:
    chat = update.effective_chat
    family_id = await fawn.service.find_family_id(PLATFORM, str(chat.id)) if chat else None
    if family_id is None and update.effective_message is not None:
        await update.effective_message.reply_text(texts.NO_FAMILY)
    return family_id


async def _may_manage(fawn: FawnTelegram, family_id: int, update: Update) -> bool:
    """The domain's permission matrix decides; unknown people are friends."""
    user = update.effective_user
    role = await family_admin.member_role(fawn.sessions, family_id, str(user.id)) if user else None
    return may(Role(role) if role else Role.FRIEND, Permission.MANAGE)
