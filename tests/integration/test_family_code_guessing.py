"""Family codes cannot be guessed: 1,000 wrong codes from one chat are refused after a few, the right
code is refused too while the chat is limited, one WARNING line (without any code) says so per hour, and
other chats are not locked out. On SQLite and PostgreSQL, through the real service."""
from __future__ import annotations

import logging
import random
import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.clock import FrozenClock
from bot.composition import assemble
from bot.protocol import FamilySetup, IncomingMessage, MemberSetup, TurnResult
from bot.understanding.extractor import Extractor
from domain.decide.invites import CODE_ALPHABET, CODE_LENGTH, WRONG_CODES_PER_WINDOW
from domain.replies.catalog import LINES, both_languages
from domain.vocabulary import ChatKind, ReplyKind
from storage.engine import Database

pytestmark = pytest.mark.slow           # a thousand turns on each database

SHANGHAI = ZoneInfo("Asia/Shanghai")
HOUR = datetime(2026, 5, 4, 20, 0, tzinfo=SHANGHAI)      # 12:00 UTC: the start of a window
LIMITED = both_languages("join.limited", LINES)
UNKNOWN = both_languages("join.unknown", LINES)
MOM = MemberSetup("mom", "妈妈", "妈妈", "parent")


class Chats:
    def __init__(self, app, clock: FrozenClock) -> None:
        self.app, self.clock, self.n = app, clock, 0

    async def say(self, chat: str, who: str, text: str) -> TurnResult:
        self.n += 1
        return await self.app.chat.handle(IncomingMessage("telegram", chat, who, who, f"m{self.n}", self.clock(),
                                                          text, chat_kind=ChatKind.PRIVATE))


def wrong_codes(right: str, count: int) -> list[str]:
    draw = random.Random(20261206)
    codes = ("".join(draw.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH)) for _ in range(count * 2))
    return [code for code in codes if code != right][:count]


async def test_a_thousand_wrong_codes_from_one_chat_are_refused_after_a_few_and_logged_once_an_hour(
        database, caplog) -> None:
    clock = FrozenClock(HOUR)
    app = assemble(Database(database.engine), Extractor(), clock=clock)
    await app.families.setup_family(FamilySetup("telegram", "-4001", members=(MOM,)))
    chats = Chats(app, clock)
    right = re.search(r"[A-Z2-9]{8}", (await chats.say("-4001", "mom", "邀请家人")).reply.text).group(0)
    guesses = wrong_codes(right, 1000)
    caplog.set_level(logging.WARNING, logger="fawn.joining")

    answers = []
    for code in guesses:                               # 1,000 in 50 minutes: one window
        clock.advance(timedelta(seconds=3))
        answers.append((await chats.say("guesser", "guesser", f"加入 {code}")).reply.text)
    right_while_limited = await chats.say("guesser", "guesser", f"加入 {right}")
    another_chat = await chats.say("nanny", "nanny", f"加入 {right}")      # not locked out
    warnings_in_the_first_hour = [r for r in caplog.records if r.levelno == logging.WARNING]
    clock.set(HOUR + timedelta(hours=1))              # the next window: codes are checked again
    next_hour_wrong = [(await chats.say("guesser", "guesser", f"加入 {code}")).reply.text for code in guesses[:7]]
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]

    assert answers[:WRONG_CODES_PER_WINDOW] == [UNKNOWN] * WRONG_CODES_PER_WINDOW
    assert answers[WRONG_CODES_PER_WINDOW:] == [LIMITED] * (1000 - WRONG_CODES_PER_WINDOW)
    assert right_while_limited.kind is ReplyKind.REFUSED and right_while_limited.reply.text == LIMITED
    assert await app.families.family_id("telegram", "guesser") is None
    assert another_chat.kind is ReplyKind.ANSWER and "家长" in another_chat.reply.text
    assert len(warnings_in_the_first_hour) == 1 and len(warnings) == 2
    assert next_hour_wrong == [UNKNOWN] * WRONG_CODES_PER_WINDOW + [LIMITED] * 2
    logged = caplog.text
    assert right not in logged and not any(code in logged for code in guesses)
