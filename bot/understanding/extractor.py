"""The extractor: understanding runs once.

Offline the rules answer directly. With a language model configured, the rules still go first;
only what they are not sure of goes to a pydantic-ai `Agent(output_type=Extraction)` on that
model, which reads the same request rendered as a prompt. No model is built at import time.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass

from pydantic_ai import Agent
from pydantic_ai.models import Model

from bot.understanding.accounting import accounted
from bot.understanding.numerals import normalise
from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import CONFIDENT, extract
from domain.extraction import Extraction
from domain.units import OZ_ML

INSTRUCTIONS = f"""You read one message from a family's baby-care group chat and return an Extraction.
You only propose intent and slots; you decide nothing. Use the recent context and the active task
to resolve fragments (配方奶, 醒1次, 8点到3点) and corrections (不是，晚8点到凌晨3点).
Times are absolute in the family's timezone, ISO 8601. 8点到3点 after 昨晚 means yesterday 20:00 to today 03:00.
Amounts in ml (1 oz = {OZ_ML} ml). Kinds: formula, breast_milk, fortified_breast_milk, solid_food, water.
Methods: bottle, left_breast, right_breast, both_breasts. Never invent values that were not said.
A message that says several facts (喝了90ml，尿了) gives the first as record_type/slots and each other one in
`also`, with the baby it names; 俩宝都… / both babies sets every_baby; a part you cannot read goes in `unread`."""


@dataclass(frozen=True)
class ExtractionOutcome:
    extraction: Extraction
    model: str            # "rules", or the language model's name
    latency_ms: float
    via_agent: bool


class Extractor:
    """`Extractor()` is the offline rules; `Extractor(model)` adds a model for what they are unsure of
    (`rules_first=False` sends every message to the model — the hostile-model tests do that)."""

    def __init__(self, model: Model | None = None, *, rules_first: bool = True) -> None:
        self.model = model
        self.model_name = getattr(model, "model_name", "rules") if model is not None else "rules"
        self.rules_first = rules_first
        self.agent = Agent(model, output_type=Extraction, instructions=INSTRUCTIONS) if model is not None else None

    async def extract(self, request: ExtractionRequest) -> ExtractionOutcome:
        began = time.perf_counter()
        if self.agent is None or self.rules_first:
            proposal = extract(request)
            if self.agent is None or proposal.confidence >= CONFIDENT:
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
    # the provider's client is heavy and optional: imported only when a model is configured
    from pydantic_ai.models.openai import OpenAIChatModel
    from pydantic_ai.providers.openai import OpenAIProvider

    base_url = base_url or os.environ.get("FAWN_UNDERSTANDING__BASE_URL")
    api_key = api_key or os.environ.get("FAWN_UNDERSTANDING__API_KEY") or "unused-for-local-servers"
    provider = OpenAIProvider(base_url=base_url, api_key=api_key)
    return Extractor(OpenAIChatModel(model, provider=provider))
