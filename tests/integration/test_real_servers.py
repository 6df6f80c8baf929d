"""The model path against fakes that behave like the real servers met on the development machine
(tests/fakes/openai_api.py): a server that refuses `tool_choice: "required"`, prompt evaluation slower
than the deadline, a model that rambles without end, an answer that is wrong twice. Through the real
service on SQLite, the real pydantic-ai `OpenAIChatModel` and the real `openai` client; no request
leaves 127.0.0.1."""
from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Iterator
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from pydantic_ai.models import override_allow_model_requests

from bot.clock import FrozenClock
from bot.composition import open_fawn
from bot.config import ChatConfig, UnderstandingConfig
from bot.devtools.understand import understand
from bot.models.build import build_model, with_model
from domain.vocabulary import ReplyKind
from storage.engine import sqlite_url
from tests.fakes.openai_api import RAMBLE, FakeOpenAI, text
from tests.integration.test_model_cascade import VAGUE, Family, rules_reply

SHANGHAI = ZoneInfo("Asia/Shanghai")
EVENING = datetime(2026, 5, 4, 20, 15, tzinfo=SHANGHAI)
FORMULA_120 = {"intent": "record", "confidence": 0.9, "facts": [{"record_type": "feeding", "slots": {
    "kind": "formula", "method": "bottle", "amount_ml": 120, "start": "2026-05-04T20:10:00"}}]}
SLOTS_AS_A_LIST = {"intent": "record", "facts": [{"record_type": "feeding", "slots": ["formula", 120]}]}
ALSO_AS_WORDS = {"intent": "record", "facts": ["喝了120ml"]}


@pytest.fixture(autouse=True)
def loopback_model_requests_allowed() -> Iterator[None]:
    with override_allow_model_requests(True):
        yield


@pytest.fixture
async def fake() -> AsyncIterator[FakeOpenAI]:
    server = FakeOpenAI(model="qwen-local")
    await server.start()
    yield server
    await server.stop()


def understanding(fake: FakeOpenAI, **changes) -> UnderstandingConfig:
    return UnderstandingConfig(**{"model": "qwen-local", "provider": "openai-compatible", "base_url": fake.base_url,
                                  **changes})


@pytest.fixture
async def family(tmp_path, fake: FakeOpenAI, request: pytest.FixtureRequest) -> AsyncIterator[Family]:
    marker = request.node.get_closest_marker("config")
    clock = FrozenClock(EVENING)
    app = await open_fawn(sqlite_url(tmp_path / "servers.db"), clock=clock,
                          understanding=understanding(fake, **(marker.kwargs if marker else {})))
    try:
        yield await Family(app, clock).setup()
    finally:
        await app.close()


# --- a server that refuses tool_choice "required" ------------------------------------------------

async def test_a_server_that_refuses_required_tool_calls_is_named_once_and_the_rules_reply_stands(
        family: Family, fake: FakeOpenAI, tmp_path, caplog: pytest.LogCaptureFixture) -> None:
    fake.refuse_required = True
    fake.answer_with(FORMULA_120)

    with caplog.at_level(logging.WARNING, logger="fawn.understanding"):
        first = await family.say(VAGUE)
        second = await family.say(VAGUE)

    steps = await family.steps(first)
    assert steps["extraction"]["fallback"] == "refused_mode"
    assert "HTTP 500" in steps["extraction"]["dropped"] and 'output_mode = "prompted"' in steps["extraction"]["dropped"]
    named = [r.getMessage() for r in caplog.records if "refuses tool_choice=required" in r.getMessage()]
    assert len(named) == 1 and "tool_choice 'required' is not supported" in named[0]    # the body's first line
    assert first.reply.text == second.reply.text == await rules_reply(tmp_path, VAGUE)


@pytest.mark.config(output_mode="auto")
async def test_output_mode_auto_probes_once_and_falls_back_to_the_schema_in_the_prompt(family: Family,
                                                                                      fake: FakeOpenAI) -> None:
    fake.refuse_required = True
    fake.answer_with(FORMULA_120)

    first = await family.say(VAGUE)
    await family.say("她又把那个全干完了")

    probe, plain, *asked = fake.requests
    assert probe.body["tool_choice"] == "required" and probe.tool_names == ["probe"]
    assert "tools" not in plain.body and plain.body["max_tokens"] == 1
    assert len(asked) == 2 and all("tool_choice" not in r.body and not r.tool_names for r in asked)
    assert '"facts"' in asked[0].text("system") + asked[0].text("user")          # the schema, in the prompt
    assert first.kind is ReplyKind.RECORDED


@pytest.mark.config(output_mode="auto")
async def test_output_mode_auto_takes_a_json_schema_where_required_tool_calls_are_ignored(family: Family,
                                                                                         fake: FakeOpenAI) -> None:
    fake.ignore_required = True
    fake.answer_with(FORMULA_120)

    result = await family.say(VAGUE)

    probe, schema_probe, asked = fake.requests
    assert probe.body["tool_choice"] == "required" and schema_probe.body["response_format"]["type"] == "json_schema"
    assert "tools" not in asked.body and '"facts"' in json.dumps(asked.body["response_format"], ensure_ascii=False)
    assert result.kind is ReplyKind.RECORDED
    assert family.app.chat.extractor.mode_check.warning.startswith("this server ignores tool_choice=required")


async def test_fawn_understand_names_a_server_that_refuses_the_output_mode(fake: FakeOpenAI, monkeypatch) -> None:
    monkeypatch.setenv("FAWN_UNDERSTANDING__PROVIDER", "openai-compatible")
    monkeypatch.setenv("FAWN_UNDERSTANDING__BASE_URL", fake.base_url)
    fake.refuse_required = True
    fake.answer_with(FORMULA_120)

    found = await understand(VAGUE, model="qwen-local")

    assert found["output_mode"] == "tool" and found["warning"].startswith("this server refuses tool_choice=required")
    assert "HTTP 500" in found["warning"] and found["fallback"] == "refused_mode"


# --- bounded answers ------------------------------------------------------------------------------

async def test_a_model_that_rambles_is_cut_off_by_max_tokens_and_the_turn_falls_back(family: Family, fake,
                                                                                    tmp_path) -> None:
    fake.answer_with(RAMBLE)          # without max_tokens the fake, like the real model, never stops

    result = await family.say(VAGUE)

    assert fake.requests and all(r.body["max_tokens"] == 512 for r in fake.requests)
    extraction = (await family.steps(result))["extraction"]
    assert extraction["fallback"] in ("invalid", "usage_limit")
    assert extraction["per_request"][0] == [100, 512]
    assert result.reply.text == await rules_reply(tmp_path, VAGUE)


@pytest.mark.config(timeout_s=1.0)
async def test_prompt_evaluation_slower_than_the_deadline_falls_back_on_time(family: Family, fake) -> None:
    fake.slow_prompt(60.0)             # a minute per 1,000 characters: the request is several
    fake.answer_with(FORMULA_120)

    result = await family.say(VAGUE)

    assert (await family.steps(result))["extraction"]["fallback"] == "timeout"
    assert result.kind is not ReplyKind.RECORDED


def test_the_clients_own_deadline_follows_timeout_s_past_the_sdks_600_seconds(fake: FakeOpenAI) -> None:
    configured = build_model(understanding(fake, timeout_s=1800))
    local = with_model(UnderstandingConfig(), "local")

    assert configured.clients[0].timeout == 1800
    assert (local.base_url, local.output_mode, local.timeout_s) == ("http://127.0.0.1:8080/v1", "auto", 1800)


async def test_the_companions_requests_carry_max_tokens_too(tmp_path, fake: FakeOpenAI) -> None:
    chat = ChatConfig(model="qwen-local", provider="openai-compatible", base_url=fake.base_url)
    clock = FrozenClock(EVENING)
    app = await open_fawn(sqlite_url(tmp_path / "companion.db"), clock=clock, chat=chat)
    fake.answer_with(text("在呢"))
    try:
        answered = await (await Family(app, clock).setup()).say("宝宝今天乖不乖呀")
    finally:
        await app.close()

    assert answered.reply.text == "在呢" and fake.requests[0].body["max_tokens"] == ChatConfig().max_output_tokens


# --- answers that are wrong ------------------------------------------------------------------------

@pytest.mark.parametrize("wrong", [SLOTS_AS_A_LIST, ALSO_AS_WORDS])
async def test_an_answer_wrong_twice_is_dropped_and_the_trace_says_why(family: Family, fake: FakeOpenAI,
                                                                      tmp_path, wrong: dict) -> None:
    fake.answer_with(wrong, wrong)
    before = await family.counts()

    result = await family.say(VAGUE)

    extraction = (await family.steps(result))["extraction"]
    assert (extraction["requests"], extraction["retries"]) == (2, 1)
    assert extraction["per_request"] == [[100, 20], [100, 20]]
    assert extraction["fallback"] == "invalid" and len(extraction["problems"]) == 2
    assert extraction["problems"][0].startswith("facts.0") and extraction["dropped"] == extraction["problems"][-1]
    told = fake.requests[1].text("tool") + fake.requests[1].text("user")
    assert extraction["problems"][0] in told                          # what was wrong went back, in a line
    assert await family.counts() == before and result.reply.text == await rules_reply(tmp_path, VAGUE)


async def test_a_baby_the_family_does_not_have_is_sent_back_once(family: Family, fake: FakeOpenAI) -> None:
    invented = {**FORMULA_120, "facts": [{**FORMULA_120["facts"][0], "baby": "Lily"}]}
    fake.answer_with(invented, FORMULA_120)

    result = await family.say(VAGUE)

    extraction = (await family.steps(result))["extraction"]
    assert extraction["retries"] == 1 and extraction["problems"][0].startswith("facts.baby")
    assert "Lily" not in str(extraction) and result.kind is ReplyKind.RECORDED
