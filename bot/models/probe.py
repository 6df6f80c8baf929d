"""Does this endpoint take the way Fawn asks for an answer? One small request tells, before any family waits.

Some OpenAI-compatible servers refuse `tool_choice: "required"` (llama-cpp-python's answers HTTP 500);
sent every turn, that would look like an outage forever. The probe asks for a forced call of a tool
with no parameters (a few output tokens); when that fails and a plain request of one token succeeds,
the server is up but refuses the mode, and the operator is told once, with the status and the first
line of the server's answer. `output_mode = "auto"` takes what the probe finds: tool calls when they
work, else the schema in the prompt ("prompted").
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

from openai import APIConnectionError, APIStatusError, APITimeoutError, AsyncOpenAI

log = logging.getLogger("fawn.models")

PROBE_TOOL = {"type": "function", "function": {
    "name": "probe", "description": "Call this.", "parameters": {"type": "object", "properties": {}}}}
HELLO = [{"role": "user", "content": "Call the tool."}]


@dataclass(frozen=True)
class ModeCheck:
    mode: str                    # the output mode to use: tool, native or prompted
    warning: str | None = None   # why the configured mode cannot work here (or the server did not answer)
    refused: bool = False        # the server is up and refuses the configured mode


def refusal(status: int, body: str) -> str:
    first = next((line.strip() for line in body.splitlines() if line.strip()), "")[:160]
    return (f'this server refuses tool_choice=required: use output_mode = "prompted" '
            f"(HTTP {status}: {first or 'no body'})")


async def check_output_mode(client: AsyncOpenAI, model: str, mode: str, timeout: float) -> ModeCheck:
    """The mode to use on this endpoint. Only "tool" and "auto" are probed: "prompted" needs nothing of the
    server, and "native" is the operator's own choice for a server documented to have it."""
    if mode not in ("tool", "auto"):
        return ModeCheck(mode)
    try:
        await client.chat.completions.create(model=model, messages=HELLO, tools=[PROBE_TOOL],
                                             tool_choice="required", max_tokens=16, timeout=timeout)
        return ModeCheck("tool")
    except APIStatusError as tool_refused:
        status, body = tool_refused.status_code, tool_refused.response.text
    except (APIConnectionError, APITimeoutError) as down:
        return ModeCheck("tool", f"the model server did not answer the probe ({type(down).__name__})")
    try:
        await client.chat.completions.create(model=model, messages=HELLO, max_tokens=1, timeout=timeout)
    except (APIStatusError, APIConnectionError, APITimeoutError) as down:
        return ModeCheck("tool", f"the model server failed the probe (HTTP {status}, then {type(down).__name__})")
    warning = refusal(status, body)
    return ModeCheck("prompted" if mode == "auto" else "tool", warning, refused=True)
