"""The command menu Telegram shows beside the text box (`setMyCommands`): one list for groups and one for
private chats, each in Chinese (the default, for every user without a list of their own language) and
English (for users whose Telegram is in English). The descriptions are catalogue entries (`command.*`)."""
from __future__ import annotations

import logging

from telegram import Bot, BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats
from telegram.error import TelegramError

from domain.replies.catalog import text
from domain.vocabulary import Language

log = logging.getLogger(__name__)

GROUP_COMMANDS = ("summary", "undo", "reminders", "page", "invite", "export", "settings", "help", "start")
PRIVATE_COMMANDS = ("summary", "undo", "reminders", "page", "join", "export", "settings", "help", "start")
MENU_LANGUAGES = ((Language.ZH, None), (Language.EN, "en"))     # None: the default list


def commands(names: tuple[str, ...], lang: Language) -> list[BotCommand]:
    return [BotCommand(name, text(lang, f"command.{name}")) for name in names]


async def set_command_menu(bot: Bot) -> bool:
    """Sets the four lists; a Bot API that refuses leaves the old menu (logged), it never stops the bot."""
    try:
        for lang, code in MENU_LANGUAGES:
            await bot.set_my_commands(commands(GROUP_COMMANDS, lang), scope=BotCommandScopeAllGroupChats(),
                                      language_code=code)
            await bot.set_my_commands(commands(PRIVATE_COMMANDS, lang), scope=BotCommandScopeAllPrivateChats(),
                                      language_code=code)
    except TelegramError as refused:
        log.warning("the command menu was not set: %s", type(refused).__name__)
        return False
    return True
