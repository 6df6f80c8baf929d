"""The command menu (setMyCommands) against the fake Bot API: for groups and for private chats, in Chinese
(the default list) and English, every command one Fawn answers; a refusal never stops the bot."""
from __future__ import annotations

import json
import re
from datetime import datetime
from zoneinfo import ZoneInfo

from sqlmodel import select
from telegram import Bot

from bot.channels.telegram import texts
from bot.channels.telegram.menu import GROUP_COMMANDS, PRIVATE_COMMANDS, set_command_menu
from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Intent
from storage.tables import Message

HAN = re.compile(r"[\u4e00-\u9fff]")
HANDLED_BY_THE_ADAPTER = {"start", "help", "settings", "export"}


async def test_the_menu_is_set_for_groups_and_private_chats_in_chinese_and_english(fake_api):
    async with Bot(fake_api.token, base_url=fake_api.base_url) as bot:
        assert await set_command_menu(bot) is True
    assert set(fake_api.menus) == {("all_group_chats", ""), ("all_group_chats", "en"),
                                   ("all_private_chats", ""), ("all_private_chats", "en")}
    for scope, names in (("all_group_chats", GROUP_COMMANDS), ("all_private_chats", PRIVATE_COMMANDS)):
        chinese, english = fake_api.menus[(scope, "")], fake_api.menus[(scope, "en")]
        assert [c["command"] for c in chinese] == [c["command"] for c in english] == list(names)
        assert all(HAN.search(c["description"]) for c in chinese)
        assert not any(HAN.search(c["description"]) for c in english)
    assert "join" in PRIVATE_COMMANDS and "join" not in GROUP_COMMANDS and "invite" in GROUP_COMMANDS


def test_every_command_in_the_menu_is_one_fawn_answers():
    """A command reaches the rules as its word (command_text: /undo@fawn_bot → undo); none may fall through
    to general chat, unless the adapter answers it itself."""
    now = datetime(2026, 5, 4, 12, 0, tzinfo=ZoneInfo("Asia/Shanghai"))
    for name in set(GROUP_COMMANDS) | set(PRIVATE_COMMANDS):
        said = "join K7Q2MX" if name == "join" else name
        reading = extract(ExtractionRequest(text=said, now=now, timezone="Asia/Shanghai"))
        assert name in HANDLED_BY_THE_ADAPTER or reading.intent is not Intent.CHAT, name


async def test_a_bot_api_that_refuses_the_menu_leaves_the_bot_running(fake_api):
    fake_api.fail_next("setMyCommands", 400, "Bad Request: BOT_COMMAND_INVALID")
    async with Bot(fake_api.token, base_url=fake_api.base_url) as bot:
        assert await set_command_menu(bot) is False
        assert (await bot.get_me()).is_bot


async def test_start_and_help_are_stored_as_turns_with_their_replies(harness_factory, real_service, sessions):
    async with harness_factory(real_service) as bot:
        await bot.start_family()
        await bot.flush()                                      # /help
        await bot.start_family()                               # /start again: welcome back
    async with sessions() as s:
        rows = (await s.exec(select(Message).order_by(Message.id))).all()
    said = [(r.direction, r.text if r.direction == "in" else r.kind) for r in rows]
    assert said == [("in", "start"), ("out", "chat"), ("in", "help"), ("out", "chat"), ("in", "start"),
                    ("out", "chat")]
    replies = [r for r in rows if r.direction == "out"]
    assert [r.text for r in replies] == [texts.WELCOME_NEW, texts.help_text("zh"), texts.WELCOME_BACK]
    assert all(r.platform_message_id is not None for r in replies)        # each marked delivered
    assert all(r.family_id == rows[0].family_id is not None for r in rows)


async def test_export_said_in_words_on_telegram_sends_the_file_as_a_document(harness_factory, real_service):
    real_service.chat.replies.file_channels = frozenset({"telegram"})
    async with harness_factory(real_service) as bot:
        await bot.start_family()
        await bot.say("刚刚喝了91ml配方奶")
        await bot.say("导出数据")
        (document,) = await bot.fake.wait_for_call("sendDocument")
    rows = json.loads(next(iter(document.files.values())))
    assert [r["amount_ml"] for r in rows] == [91] and "1" in document.params["caption"]
