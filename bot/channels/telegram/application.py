"""Build the python-telegram-bot `Application` with Fawn's handlers and rate limiter."""
from __future__ import annotations

from dataclasses import dataclass

from telegram import Update
from telegram.ext import (
    AIORateLimiter,
    Application,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    MessageHandler,
    filters,
)

from bot.channels.telegram.aiohttp_request import AiohttpRequest
from bot.channels.telegram.chat_events import on_migration, on_my_chat_member
from bot.channels.telegram.commands import on_export, on_help, on_settings, on_start
from bot.channels.telegram.handlers import FawnTelegram, on_error, on_message, on_press

ALLOWED_UPDATES = [Update.MESSAGE, Update.EDITED_MESSAGE, Update.CALLBACK_QUERY, Update.MY_CHAT_MEMBER]


@dataclass(frozen=True)
class BotApiEndpoint:
    """Where the Bot API is: Telegram by default; a local Bot API server or a test fake."""

    base_url: str | None = None        # e.g. http://127.0.0.1:8081/bot
    base_file_url: str | None = None   # e.g. http://127.0.0.1:8081/file/bot


def build_application(token: str, fawn: FawnTelegram, *, endpoint: BotApiEndpoint = BotApiEndpoint(),
                      webhook: bool = False, rate_limit_retries: int = 3) -> Application:
    """The Application, without PTB's Updater: updates reach `process_update` from our own poller or
    webhook route, each acknowledged only after its turn. (`webhook` is kept for the callers' sake.)"""
    builder = (Application.builder().token(token).request(AiohttpRequest())
               .get_updates_request(AiohttpRequest(connection_pool_size=1))
               .rate_limiter(AIORateLimiter(max_retries=rate_limit_retries)))
    if endpoint.base_url:
        builder = builder.base_url(endpoint.base_url)
    if endpoint.base_file_url:
        builder = builder.base_file_url(endpoint.base_file_url)
    builder = builder.updater(None)
    application = builder.build()
    application.bot_data["fawn"] = fawn
    install_handlers(application)
    return application


def install_handlers(application: Application) -> None:
    new_messages = filters.UpdateType.MESSAGE
    application.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, on_migration))
    application.add_handler(ChatMemberHandler(on_my_chat_member, ChatMemberHandler.MY_CHAT_MEMBER))
    application.add_handler(CommandHandler("start", on_start, filters=new_messages))
    application.add_handler(CommandHandler("help", on_help, filters=new_messages))
    application.add_handler(CommandHandler("settings", on_settings, filters=new_messages))
    application.add_handler(CommandHandler("export", on_export, filters=new_messages))
    application.add_handler(CallbackQueryHandler(on_press))
    application.add_handler(MessageHandler(
        (filters.TEXT | filters.PHOTO) & filters.UpdateType.MESSAGES, on_message))
    application.add_error_handler(on_error)
