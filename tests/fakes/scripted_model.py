"""A model that says what the test wants: a pydantic-ai FunctionModel answering with a given Extraction
(in the shape a model is asked for: tests/fakes/readings.py).

Wired as `Extractor(scripted.model, rules_first=False)`, every message goes through the agent, so the
service sees exactly what a (possibly hostile) LLM would return — validated by pydantic-ai as usual.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pydantic_ai.messages import ModelMessage, ModelResponse, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from bot.understanding.extractor import Extractor
from tests.fakes.readings import as_reading


class ScriptedModel:
    """Answers each request with `next_output()` (a dict or an Extraction dump); a chat when none is queued."""

    def __init__(self) -> None:
        self.queue: list[dict[str, Any]] = []
        self.source: Callable[[], dict[str, Any]] | None = None
        self.calls = 0
        self.model = FunctionModel(self._respond, model_name="scripted")

    def answer_with(self, *outputs: dict[str, Any]) -> None:
        self.queue.extend(outputs)

    def _respond(self, messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        self.calls += 1
        if self.queue:
            output = self.queue.pop(0)
        elif self.source is not None:
            output = self.source()
        else:
            output = {"intent": "chat"}
        # As a real model answers: JSON text (lone surrogates as \\ud800 escapes, NaN as NaN).
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, json.dumps(as_reading(output)))])

    def extractor(self) -> Extractor:
        return Extractor(self.model, rules_first=False)
