"""What the logs may hold: no message text and no names (at INFO, tracebacks included), and no secrets
and no SQL parameters at any level — the process's own logging set-up (bot/logs.py), real turns."""
from __future__ import annotations

import asyncio
import io
import json
import logging
import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from apscheduler.schedulers.asyncio import AsyncIOScheduler

from bot.clock import FrozenClock
from bot.composition import assemble
from bot.logs import configure_logging
from bot.protocol import FamilySetup, IncomingMessage, MemberSetup
from bot.understanding.extractor import ExtractionOutcome, Extractor
from bot.understanding.request import ExtractionRequest
from domain.vocabulary import ReplyKind
from storage.engine import Database

SHANGHAI = ZoneInfo("Asia/Shanghai")
TOKEN = "123456789:AAFakeTokenForTheLogsTest_abcdefghijkl"
SECRET = "webhook-secret-never-logged"
SECRET_WORDS = "宝宝今天在外婆家喝了七十毫升"
NAME = "王秀兰奶奶"


class Exploding(Extractor):
    """The rules, except that a message with the secret words fails inside understanding."""

    async def extract(self, request: ExtractionRequest) -> ExtractionOutcome:
        if SECRET_WORDS in request.text:
            raise ValueError(f"could not read {request.text!r} from {NAME}")
        return await super().extract(request)


@pytest.fixture
def captured():
    """Everything the root logger writes, through the process's own handler, filter and formatter."""
    stream = io.StringIO()

    def capture(level: str, log_format: str = "text") -> io.StringIO:
        configure_logging(level, [TOKEN, SECRET], log_format)
        logging.getLogger().handlers[0].stream = stream
        return stream

    yield capture
    logging.getLogger().handlers.clear()


async def _family(database):
    clock = FrozenClock(datetime(2026, 5, 4, 20, 0, tzinfo=SHANGHAI))
    app = assemble(Database(database.engine), Exploding(), clock=clock)
    await app.families.setup_family(FamilySetup("t", "c", members=(MemberSetup("nai", NAME, "奶奶", "parent"),)))
    return app, clock


async def _say(app, clock, text: str, n: int):
    clock.advance(timedelta(minutes=1))
    return await app.chat.handle(IncomingMessage("t", "c", "nai", NAME, f"m{n}", clock(), text))


async def test_a_failed_turn_is_logged_with_its_trace_id_and_no_words_or_names(database, captured) -> None:
    logs = captured("INFO")
    app, clock = await _family(database)
    await _say(app, clock, "刚刚喝了90ml配方奶", 1)
    failed = await _say(app, clock, SECRET_WORDS, 2)

    written = logs.getvalue()
    assert failed.failed and failed.kind is ReplyKind.ERROR and failed.trace_id in written
    assert "ValueError" in written and "Traceback" in written          # where it failed is still there
    assert SECRET_WORDS not in written and NAME not in written and "90ml" not in written


async def test_at_debug_no_token_no_secret_and_no_sql_parameters_are_logged(database, captured) -> None:
    logs = captured("DEBUG")
    app, clock = await _family(database)
    logging.getLogger("sqlalchemy.engine").setLevel(logging.INFO)      # even if someone turns SQL logging on
    logging.getLogger("httpx").info(f"HTTP Request: POST https://api.telegram.org/bot{TOKEN}/getUpdates")
    logging.getLogger("fawn").debug("webhook set with secret %s", SECRET)
    logging.getLogger("fawn").debug("a token we were never told of: 987654321:BBanotherTokenThatLooksLikeOne_xyz12")
    await _say(app, clock, "刚刚喝了91ml配方奶，王秀兰奶奶喂的", 1)
    await _say(app, clock, SECRET_WORDS, 2)

    written = logs.getvalue()
    assert TOKEN not in written and SECRET not in written and "BBanotherToken" not in written
    assert "***" in written
    assert "王秀兰奶奶喂的" not in written          # the statement's parameters are hidden


async def test_json_logs_are_one_object_a_line_with_the_turns_trace_id_and_still_no_words(database,
                                                                                         captured) -> None:
    logs = captured("INFO", "json")
    app, clock = await _family(database)
    await _say(app, clock, "刚刚喝了90ml配方奶", 1)
    failed = await _say(app, clock, SECRET_WORDS, 2)
    logging.getLogger("fawn").info("outside any turn")

    lines = [json.loads(line) for line in logs.getvalue().splitlines()]
    failure = next(line for line in lines if line["level"] == "ERROR")
    assert failure["trace_id"] == failed.trace_id and "ValueError" in failure["exception"]
    assert lines[-1]["trace_id"] is None and lines[-1]["message"] == "outside any turn"
    assert SECRET_WORDS not in logs.getvalue() and NAME not in logs.getvalue()


async def test_at_info_a_turn_is_one_line_of_trace_id_channel_reply_kind_and_milliseconds(database, captured) -> None:
    logs = captured("INFO")
    app, clock = await _family(database)
    recorded = await _say(app, clock, "刚刚喝了90ml配方奶", 1)
    question = await _say(app, clock, "今天喝了多少奶", 2)

    turns = [line for line in logs.getvalue().splitlines() if "fawn.service: turn " in line]
    assert len(turns) == 2
    assert re.search(rf"INFO fawn\.service: turn {recorded.trace_id} t recorded \d+ ms$", turns[0])
    assert re.search(rf"INFO fawn\.service: turn {question.trace_id} t {question.kind.value} \d+ ms$", turns[1])
    # the message's words stay out: what follows the logger's name, less the trace ids and the milliseconds
    # (a timestamp, a trace id or a duration may hold a 90 by chance)
    said = " ".join(re.sub(r"\d+ ms$", "ms", line.split("fawn.service: ", 1)[1]) for line in turns)
    assert "90" not in said.replace(recorded.trace_id, "").replace(question.trace_id, "")
    assert NAME not in logs.getvalue()


async def _set(event: asyncio.Event) -> None:
    event.set()


async def test_the_schedulers_routine_lines_show_only_at_debug(captured) -> None:
    for level, shown in (("INFO", False), ("DEBUG", True)):
        logs = captured(level)
        ran = asyncio.Event()
        scheduler = AsyncIOScheduler()
        scheduler.add_job(_set, "date", args=[ran], run_date=datetime.now(ZoneInfo("UTC")), id="slot")
        scheduler.start()
        await asyncio.wait_for(ran.wait(), 10)
        scheduler.shutdown(wait=False)
        await asyncio.sleep(0)                         # the executor logs "executed successfully" after the job
        written = logs.getvalue()
        assert ("Running job" in written) is shown and ("Added job" in written) is shown
        logging.getLogger("apscheduler.executors.default").warning("Run time of job was missed by 0:00:05")
        assert "was missed by" in logs.getvalue()      # its warnings show at every level
