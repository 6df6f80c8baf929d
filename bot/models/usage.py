"""What one agent run cost and how it went: requests, tokens in and out per request, retries and why —
for the trace."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pydantic_ai.messages import ModelMessage, ModelRequest, ModelResponse, RetryPromptPart
from pydantic_ai.usage import RunUsage


@dataclass(frozen=True)
class Spent:
    requests: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    tool_calls: int = 0
    retries: int = 0               # answers sent back to the model with what was wrong with them
    per_request: tuple[tuple[int, int], ...] = ()    # (tokens in, tokens out) of each request, in order

    @classmethod
    def of(cls, usage: RunUsage, messages: Sequence[ModelMessage] = ()) -> Spent:
        return cls(usage.requests, usage.input_tokens, usage.output_tokens, usage.tool_calls, retries(messages),
                   per_request(messages))

    def as_trace(self) -> dict[str, object]:
        return {"requests": self.requests, "tokens_in": self.input_tokens, "tokens_out": self.output_tokens,
                "tool_calls": self.tool_calls, "retries": self.retries,
                "per_request": [list(pair) for pair in self.per_request]}


def retries(messages: Sequence[ModelMessage]) -> int:
    """Answers sent back: a retry prompt, or a tool return marked retried (an output that did not validate)."""
    return sum(isinstance(part, RetryPromptPart) or getattr(part, "outcome", None) == "retried"
               for m in messages if isinstance(m, ModelRequest) for part in m.parts)


def per_request(messages: Sequence[ModelMessage]) -> tuple[tuple[int, int], ...]:
    return tuple((m.usage.input_tokens, m.usage.output_tokens) for m in messages if isinstance(m, ModelResponse))


def answered_by(messages: Sequence[ModelMessage]) -> str | None:
    """The model name the last response reports (with a FallbackModel: the one that answered)."""
    responses = [m for m in messages if isinstance(m, ModelResponse)]
    return responses[-1].model_name if responses else None
