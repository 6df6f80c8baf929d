"""The LLM path of the extractor: the real pydantic-ai OpenAIChatModel and openai client
against a loopback fake endpoint (tests/fakes/openai_api.py). The fake plays the model: it
proposes an Extraction; the tests show what the model is shown and that the domain, not
the model, decides what is written. No request leaves 127.0.0.1."""
from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import datetime, timedelta
from urllib.parse import urlparse
from zoneinfo import ZoneInfo

import pytest
from pydantic_ai import models
from pydantic_ai.models import override_allow_model_requests
from sqlalchemy import func
from sqlmodel import select

from bot.clock import FrozenClock
from bot.composition import Fawn, assemble, open_fawn
from bot.config import UnderstandingConfig
from bot.protocol import FamilySetup, IncomingMessage, MemberSetup, TurnResult
from bot.understanding.extractor import Extractor, build_extractor
from bot.understanding.request import ContextLine, ExtractionRequest, TaskHint
from domain.extraction import Intent
from domain.vocabulary import ReplyKind
from storage.engine import Database, sqlite_url
from storage.tables import AgentTask, Record
from tests.fakes.openai_api import FakeOpenAI

SHANGHAI = ZoneInfo("Asia/Shanghai")
EVENING = datetime(2026, 5, 4, 20, 15, tzinfo=SHANGHAI)
PLATFORM, CHAT = "scenario", "llm-family"
MODEL = "gpt-test"

FORMULA_120 = {"intent": "record", "record_type": "feeding", "confidence": 0.9,
               "slots": {"kind": "formula", "method": "bottle", "amount_ml": 120,
                         "start": "2026-05-04T20:10:00"}}          # naive, as an LLM may answer
CROSS_DAY_SLEEP = {"intent": "record", "record_type": "sleep", "confidence": 0.9,
                   "slots": {"start": "2026-05-03T20:00:00", "end": "2026-05-04T03:00:00", "nap": False}}
ONE_WAKING = {"intent": "supply", "record_type": "sleep", "confidence": 0.9, "slots": {"night_wakings": 1}}


@pytest.fixture(autouse=True)
def loopback_model_requests_allowed() -> Iterator[None]:
    """Model requests stay allowed here: the only endpoint any test reaches is the fake."""
    with override_allow_model_requests(True):
        yield


@pytest.fixture
async def fake_openai() -> AsyncIterator[FakeOpenAI]:
    fake = FakeOpenAI(model=MODEL)
    await fake.start()
    assert urlparse(fake.base_url).hostname == "127.0.0.1"
    yield fake
    await fake.stop()


def llm_extractor(fake: FakeOpenAI) -> Extractor:
    """The model `build_extractor` wires for an LLM name, with the rule fast path off."""
    wired = build_extractor(UnderstandingConfig(model=MODEL, provider="openai-compatible", base_url=fake.base_url,
                                                api_key="x"))
    return Extractor(wired.model, rules_first=False, name=wired.model_name)


class Chat:
    def __init__(self, app: Fawn, clock: FrozenClock) -> None:
        self.app, self.clock, self.sent, self.family_id = app, clock, 0, 0

    async def setup(self) -> Chat:
        self.family_id = await self.app.families.setup_family(FamilySetup(PLATFORM, CHAT, members=(
            MemberSetup("mom", "妈妈", "妈妈", "parent"), MemberSetup("guest", "小王", None, "friend"))))
        return self

    async def say(self, who: str, text: str) -> TurnResult:
        self.sent += 1
        self.clock.advance(timedelta(minutes=1))
        return await self.app.chat.handle(IncomingMessage(PLATFORM, CHAT, who, who, f"m{self.sent}",
                                                          self.clock(), text))

    async def count(self, table) -> int:
        async with self.app.database.sessions() as s:
            return (await s.exec(select(func.count()).select_from(table))).one()


@pytest.fixture
async def llm_chat(database, fake_openai: FakeOpenAI) -> Chat:
    clock = FrozenClock(EVENING)
    app = assemble(Database(database.engine), llm_extractor(fake_openai), clock=clock)
    return await Chat(app, clock).setup()


# --- the extractor alone -------------------------------------------------------------------

def _request(text: str, **extra) -> ExtractionRequest:
    return ExtractionRequest(text=text, now=EVENING, timezone="Asia/Shanghai", babies=("宝宝",), **extra)


async def test_the_extraction_comes_from_the_model_endpoint_with_the_family_zone_attached(
        fake_openai: FakeOpenAI) -> None:
    fake_openai.answer_with(FORMULA_120)

    outcome = await llm_extractor(fake_openai).extract(_request("刚刚喝了90ml配方奶"))

    assert len(fake_openai.requests) == 1
    assert outcome.via_agent is True and outcome.model == f"openai-compatible:{MODEL}"
    extraction = outcome.extraction
    assert extraction.intent is Intent.RECORD
    assert (extraction.slots.kind, extraction.slots.amount_ml) == ("formula", 120)   # not the 90 it said
    assert extraction.slots.start == datetime(2026, 5, 4, 20, 10, tzinfo=SHANGHAI)
    assert extraction.slots.start.utcoffset() == timedelta(hours=8)


async def test_the_model_is_asked_through_pydantic_ais_output_tool_with_the_instructions(
        fake_openai: FakeOpenAI) -> None:
    fake_openai.answer_with(FORMULA_120)

    await llm_extractor(fake_openai).extract(_request("喝了一瓶"))

    (sent,) = fake_openai.requests
    assert sent.body["model"] == MODEL
    assert any(name.startswith("final_result") for name in sent.tool_names)
    assert "the harness decides" in sent.text("system") + sent.text("developer")


async def test_the_prompt_holds_the_recent_context_the_active_task_and_the_current_message(
        fake_openai: FakeOpenAI) -> None:
    fake_openai.answer_with(ONE_WAKING)
    earlier = (ContextLine(EVENING - timedelta(minutes=3), "3分钟前", "妈妈", "parent", "妈妈", "昨晚睡眠7个小时"),
               ContextLine(EVENING - timedelta(minutes=2), "2分钟前", "Fawn", None, None, "醒了几次？"))
    task = TaskHint("create", "sleep", "pending", {"duration_min": 420})

    await llm_extractor(fake_openai).extract(_request("醒1次", recent=earlier, task=task))

    prompt = fake_openai.requests[0].text("user")
    context = prompt.split("<recent-context>")[1].split("</recent-context>")[0]
    assert "[2026-05-04 20:12 | 3分钟前 | 妈妈/parent | 角色: 妈妈] 昨晚睡眠7个小时" in context
    assert "醒了几次？" in context
    assert "醒1次" not in context
    assert '"record_type": "sleep"' in prompt and '"state": "pending"' in prompt and "420" in prompt
    assert prompt.rstrip().endswith("Message: 醒1次")


async def test_with_model_requests_disallowed_the_extractor_never_reaches_the_endpoint(
        fake_openai: FakeOpenAI) -> None:
    fake_openai.answer_with(FORMULA_120)

    with override_allow_model_requests(False), pytest.raises(RuntimeError, match="not allowed"):
        await llm_extractor(fake_openai).extract(_request("喝了一瓶"))

    assert fake_openai.requests == []
    assert models.ALLOW_MODEL_REQUESTS is True


# --- full service turns: the model proposes, the domain decides -------------------------------

async def test_a_turn_with_the_llm_extractor_writes_the_formula_feed_the_model_proposed(
        llm_chat: Chat, fake_openai: FakeOpenAI) -> None:
    fake_openai.answer_with(FORMULA_120)

    result = await llm_chat.say("mom", "宝宝刚吃完一瓶")

    assert result.kind is ReplyKind.RECORDED and len(result.written) == 1
    (record,) = (await llm_chat.app.families.snapshot(llm_chat.family_id)).records
    assert (record["type"], record["kind"], record["amount_ml"]) == ("feeding", "formula", 120)
    assert record["start"] == datetime(2026, 5, 4, 20, 10, tzinfo=SHANGHAI)


async def test_a_record_the_model_proposes_for_a_friend_is_refused_and_nothing_is_written(
        llm_chat: Chat, fake_openai: FakeOpenAI) -> None:
    fake_openai.answer_with(FORMULA_120)

    result = await llm_chat.say("guest", "帮我记录120ml配方奶")

    assert len(fake_openai.requests) == 1            # the model was asked and said "record"
    assert result.kind is ReplyKind.REFUSED
    assert await llm_chat.count(Record) == 0
    assert await llm_chat.count(AgentTask) == 0


async def test_an_implausible_bottle_the_model_proposes_waits_for_confirmation_instead_of_being_written(
        llm_chat: Chat, fake_openai: FakeOpenAI) -> None:
    fake_openai.answer_with({**FORMULA_120, "slots": {**FORMULA_120["slots"], "amount_ml": 900}})

    result = await llm_chat.say("mom", "喝了好大一瓶")

    assert result.kind is ReplyKind.CONFIRM
    assert await llm_chat.count(Record) == 0


async def test_the_second_turn_shows_the_model_the_first_turn_and_the_task_it_opened(
        llm_chat: Chat, fake_openai: FakeOpenAI) -> None:
    fake_openai.answer_with(CROSS_DAY_SLEEP, ONE_WAKING)

    first = await llm_chat.say("mom", "昨晚从8点睡到3点")
    second = await llm_chat.say("mom", "醒1次")

    assert first.kind is ReplyKind.CONFIRM and second.kind is ReplyKind.CONFIRM
    prompt = fake_openai.requests[1].text("user")
    context = prompt.split("<recent-context>")[1].split("</recent-context>")[0]
    assert "mom/parent | 角色: 妈妈] 昨晚从8点睡到3点" in context     # speaker, role and family title
    assert first.reply.text.splitlines()[0][:10] in context          # the bot's own reply
    assert "醒1次" not in context
    assert '"record_type": "sleep"' in prompt and '"state": "awaiting_confirmation"' in prompt
    assert prompt.rstrip().endswith("Message: 醒1次")
    task = (await llm_chat.app.families.snapshot(llm_chat.family_id)).task
    assert task["slots"]["night_wakings"] == 1


# --- the composition root --------------------------------------------------------------------

async def test_build_service_with_a_model_name_sends_only_what_the_rules_cannot_read_to_the_model(
        tmp_path, fake_openai: FakeOpenAI) -> None:
    clock = FrozenClock(EVENING)
    app = await open_fawn(sqlite_url(tmp_path / "llm.db"), clock=clock, model=MODEL,
                          base_url=fake_openai.base_url, api_key="x")
    chat = await Chat(app, clock).setup()
    fake_openai.answer_with(FORMULA_120)
    try:
        confident = await chat.say("mom", "刚刚喝了90ml配方奶")
        assert fake_openai.requests == []                 # the fast path read it with full confidence
        vague = await chat.say("mom", "她把那个全干完了")       # no record word: the rules are unsure
        assert len(fake_openai.requests) == 1
        amounts = sorted(r["amount_ml"] for r in (await app.families.snapshot(chat.family_id)).records)
    finally:
        await app.close()

    assert confident.kind is ReplyKind.RECORDED and vague.kind is ReplyKind.RECORDED
    assert amounts == [90, 120]
