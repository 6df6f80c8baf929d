"""The structured extractor: a pydantic-ai Agent whose output type is `Extraction`.

Offline its model is the rule parser wrapped as a `FunctionModel`; with an LLM
configured, the same Agent runs on that model. A message the rules read with full
confidence skips the Agent (its own overhead is a few ms a run).
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass

from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelRequest, ModelResponse, ToolCallPart, UserPromptPart
from pydantic_ai.models import Model
from pydantic_ai.models.function import AgentInfo, FunctionModel

from bot.understanding.accounting import accounted
from bot.understanding.numerals import normalise
from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import CONFIDENT, extract
from domain.extraction import Extraction

INSTRUCTIONS = """You read one message from a family's baby-care group chat and return an Extraction.
You only propose intent and slots; you decide nothing. Use the recent context and the active task
to resolve fragments (配方奶, 醒1次, 8点到3点) and corrections (不是，晚8点到凌晨3点).
Times are absolute in the family's timezone, ISO 8601. 8点到3点 after 昨晚 means yesterday 20:00 to today 03:00.
Amounts in ml (1 oz = 29.5735 ml). Kinds: formula, breast_milk, fortified_breast_milk, solid_food, water.
Methods: bottle, left_breast, right_breast, both_breasts. Never invent values that were not said."""


@dataclass(frozen=True)
class ExtractionOutcome:
    extraction: Extraction
    model: str
    latency_ms: float
    via_agent: bool


def rules_model() -> FunctionModel:
    """The deterministic rule parser as a pydantic-ai model: it reads the very prompt an LLM gets."""

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        prompt = _last_user_prompt(messages)
        extraction = extract(ExtractionRequest.from_prompt(prompt))
        tool = info.output_tools[0].name
        return ModelResponse(parts=[ToolCallPart(tool, extraction.model_dump(mode="json"))])

    return FunctionModel(respond, model_name="rules")


def _last_user_prompt(messages: list[ModelMessage]) -> str:
    for message in reversed(messages):
        if isinstance(message, ModelRequest):
            for part in message.parts:
                if isinstance(part, UserPromptPart) and isinstance(part.content, str):
                    return part.content
    raise ValueError("no user prompt")


class Extractor:
    def __init__(self, model: Model | None = None, fast_path: bool = True) -> None:
        self.model = model or rules_model()
        self.model_name = getattr(self.model, "model_name", "rules")
        self.fast_path = fast_path
        self.agent = Agent(self.model, output_type=Extraction, instructions=INSTRUCTIONS)

    async def extract(self, request: ExtractionRequest) -> ExtractionOutcome:
        began = time.perf_counter()
        if self.fast_path:
            proposal = extract(request)
            if proposal.confidence >= CONFIDENT:
                return ExtractionOutcome(proposal, "rules", _ms(began), via_agent=False)
        result = await self.agent.run(request.to_prompt())
        reading = result.output.localised(request.now.tzinfo)
        # Whatever the model reports, the harness counts too: a number or a time it did not use.
        reading = accounted(reading, normalise(request.text.strip()), request.now)
        return ExtractionOutcome(reading, self.model_name, _ms(began), via_agent=True)


def _ms(began: float) -> float:
    return round((time.perf_counter() - began) * 1000, 2)


def build_extractor(model: str = "rules", base_url: str | None = None, api_key: str | None = None) -> Extractor:
    """`rules` offline; any other name is an OpenAI-compatible chat model at `base_url`.

    Without explicit values, FAWN_UNDERSTANDING__BASE_URL / FAWN_UNDERSTANDING__API_KEY are used
    (the same variables the config file's [understanding] section reads)."""
    if model == "rules":
        return Extractor()
    from pydantic_ai.models.openai import OpenAIChatModel
    from pydantic_ai.providers.openai import OpenAIProvider

    base_url = base_url or os.environ.get("FAWN_UNDERSTANDING__BASE_URL")
    api_key = api_key or os.environ.get("FAWN_UNDERSTANDING__API_KEY") or "unused-for-local-servers"
    provider = OpenAIProvider(base_url=base_url, api_key=api_key)
    return Extractor(OpenAIChatModel(model, provider=provider))
