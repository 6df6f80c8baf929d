"""What one understanding request costs, by Qwen2.5's own tokenizer (bot/devtools/request_tokens.py), on
the request the real pydantic-ai `OpenAIChatModel` sends to the loopback fake: the output schema within
its budget, a whole request with a full recent context within its own, a request and its one retry within
the turn's budget, and the long prefix identical from one turn to the next (a server's prefix cache).
The figures are printed (`pytest -s`) and written down in docs/models.md."""
from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from pydantic_ai.models import override_allow_model_requests

from bot.companion.agent import Companion, CompanionRequest
from bot.config import ChatConfig, UnderstandingConfig
from bot.devtools.request_tokens import measure, render, tokens
from bot.models.build import build_model
from bot.understanding.context import context_block, estimated_tokens
from bot.understanding.extractor import Extractor, build_extractor
from bot.understanding.model_reading import SCHEMA_TOKENS
from bot.understanding.request import CONTEXT_TOKENS, ContextLine, ExtractionRequest, TaskHint
from tests.fakes.openai_api import FakeOpenAI, text

SHANGHAI = ZoneInfo("Asia/Shanghai")
EVENING = datetime(2026, 5, 4, 20, 15, tzinfo=SHANGHAI)
REQUEST_TOKENS = 3200        # instructions ~300 + schema <= 1,500 + recent context <= CONTEXT_TOKENS + the message
COMPANION_TOKENS = 3500      # its instructions, five read-only tools, the notes and a full context
CONFIG = UnderstandingConfig()          # the defaults: the turn's budget and one answer's limit
FORMULA = {"intent": "record", "facts": [{"record_type": "feeding", "slots": {"kind": "formula", "amount_ml": 120}}]}
WORDS = ["昨晚从8点睡到3点，中间醒了两次，喂了一次奶大概90ml", "好的，已记录：配方奶 120ml @ 19:40",
         "she drank about 4 oz and then fell asleep on my shoulder", "奶奶说下午拉了一次，有点稀，颜色偏绿"]


@pytest.fixture(autouse=True)
def loopback_model_requests_allowed() -> Iterator[None]:
    with override_allow_model_requests(True):
        yield


@pytest.fixture
async def fake() -> AsyncIterator[FakeOpenAI]:
    server = FakeOpenAI()
    await server.start()
    yield server
    await server.stop()


def model_on(fake: FakeOpenAI) -> Extractor:
    wired = build_extractor(UnderstandingConfig(model="qwen", provider="openai-compatible", base_url=fake.base_url))
    return Extractor(wired.model, rules_first=False, name=wired.model_name)


def busy_evening(lines: int = 20, minutes: int = 90) -> tuple[ContextLine, ...]:
    """A full recent context: 20 messages of a busy evening, every one of a realistic length."""
    return tuple(ContextLine(EVENING - timedelta(minutes=minutes - 4 * i), "", "妈妈" if i % 2 else "Fawn",
                             "parent" if i % 2 else None, "妈妈" if i % 2 else None, WORDS[i % len(WORDS)],
                             now=EVENING, language=None) for i in range(lines))


def request(text: str, recent: tuple[ContextLine, ...] = ()) -> ExtractionRequest:
    return ExtractionRequest(text=text, now=EVENING, timezone="Asia/Shanghai", recent=recent, babies=("小米/米粒",),
                             task=TaskHint("create", "sleep", "pending", {"duration_min": 420}))


async def test_the_output_schema_is_within_its_budget_by_qwens_tokenizer(fake: FakeOpenAI) -> None:
    fake.answer_with(FORMULA)

    await model_on(fake).extract(request("她把那个全干完了"))

    (sent,) = fake.requests
    measured = measure(sent.body)
    print(f"\nunderstanding, no context: {measured}")
    assert measured["schema"] <= SCHEMA_TOKENS
    assert measured["request"] < measured["schema"] + measured["instructions"] + 250    # + the template, the prompt


async def test_a_request_with_a_full_recent_context_and_its_one_retry_fit_the_turns_budget(fake: FakeOpenAI) -> None:
    fake.answer_with({"intent": "record", "facts": [{"record_type": "feeding", "slots": {"amount_ml": "a bottle"}}]},
                     FORMULA)

    outcome = await model_on(fake).extract(request("她把那个全干完了", busy_evening()))

    first, retry = (measure(r.body) for r in fake.requests)
    print(f"\nunderstanding, 20 lines of context: {first}; its retry: {retry}")
    assert outcome.spent.retries == 1 and first["request"] <= REQUEST_TOKENS
    # the turn's budget holds the request, the retry (which carries the first answer and what was wrong)
    # and the longest answer each may give
    assert first["request"] + retry["request"] + 2 * CONFIG.max_output_tokens <= CONFIG.max_tokens
    assert all(r.body["max_tokens"] == CONFIG.max_output_tokens for r in fake.requests)


async def test_the_long_prefix_is_the_same_from_one_turn_to_the_next(fake: FakeOpenAI) -> None:
    fake.answer_with(FORMULA)
    extractor = model_on(fake)

    await extractor.extract(request("她把那个全干完了", busy_evening(6)))
    await extractor.extract(request("那今天呢", busy_evening(7, minutes=94)))

    one, two = (render(r.body) for r in fake.requests)
    shared = next(i for i, (a, b) in enumerate(zip(one, two, strict=False)) if a != b)
    assert tokens(one[:shared]) >= measure(fake.requests[0].body)["schema"] + 300    # instructions + schema + more
    assert one[:shared].endswith("<recent-context>\n") or "<|im_start|>user" in one[:shared]


def test_the_context_budget_is_cautious_against_the_real_tokenizer() -> None:
    block = context_block(busy_evening(30, minutes=130), CONTEXT_TOKENS)

    assert estimated_tokens(block) <= CONTEXT_TOKENS and tokens(block) <= estimated_tokens(block)
    assert block.startswith("(") and "earlier messages" in block.splitlines()[0]    # older lines were left out


async def test_a_companion_request_with_its_tools_and_context(fake: FakeOpenAI) -> None:
    companion = Companion.configured(build_model(ChatConfig(model="qwen", provider="openai-compatible",
                                                            base_url=fake.base_url)))
    fake.answer_with(text("在呢"))
    asked = CompanionRequest("宝宝今天乖不乖呀", "zh", "2026-05-04T20:15+08:00 (Asia/Shanghai)", ("小米",),
                             busy_evening(), ("对牛奶蛋白过敏",))

    outcome = await companion.answer(asked, reader=None)      # answered without a tool: the reader is not read

    measured = measure(fake.requests[0].body)
    print(f"\ncompanion, 20 lines of context: {measured}")
    assert outcome.text == "在呢" and measured["request"] <= COMPANION_TOKENS
    assert fake.requests[0].body["max_tokens"] == ChatConfig().max_output_tokens
