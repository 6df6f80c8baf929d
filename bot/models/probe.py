"""Does this endpoint take the way Fawn asks for an answer? One small request tells, before any family waits.

Some OpenAI-compatible servers refuse `tool_choice: "required"` (llama-cpp-python's answers HTTP 500);
sent every turn, that would look like an outage forever. The probe asks for a forced call of a tool
with no parameters (a few output tokens); when that fails and a plain request of one token succeeds,
the server is up but refuses the mode, and the operator is told once, with the status and the first
line of the server's answer. A server that answers HTTP 200 without a tool call (llama.cpp's llama-server
here: it takes `required` and does not enforce it) is named too. `output_mode = "auto"` takes what the
probe finds: tool calls when they work; else a JSON-schema `response_format` when the server holds an
answer to one ("native": llama.cpp makes it a grammar); else the schema in the prompt ("prompted").
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass

from openai import APIConnectionError, APIStatusError, APITimeoutError, AsyncOpenAI

log = logging.getLogger("fawn.models")

PROBE_TOOL = {"type": "function", "function": {
    "name": "probe", "description": "Call this.", "parameters": {"type": "object", "properties": {}}}}
HELLO = [{"role": "user", "content": "Call the tool."}]
_CHECKED: dict[tuple[str, str, str], ModeCheck] = {}     # (endpoint, model, configured mode) → what it takes
OK_SCHEMA = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}


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
    """The mode to use on this endpoint. Only "tool" and "auto" are probed, once a process for an endpoint
    (a scenario run builds the application again for every file): "prompted" needs nothing of the server,
    and "native" is the operator's own choice for a server documented to have it."""
    if mode not in ("tool", "auto"):
        return ModeCheck(mode)
    key = (str(client.base_url), model, mode)
    if key not in _CHECKED:
        _CHECKED[key] = await _probe(client, model, mode, timeout)
        if _CHECKED[key].warning:
            log.warning("model %s at %s: %s", model, client.base_url, _CHECKED[key].warning)
    return _CHECKED[key]


async def _probe(client: AsyncOpenAI, model: str, mode: str, timeout: float) -> ModeCheck:
    try:
        answer = await client.chat.completions.create(model=model, messages=HELLO, tools=[PROBE_TOOL],
                                                      tool_choice="required", max_tokens=32, timeout=timeout)
    except APIStatusError as tool_refused:
        return await _refused(client, model, mode, timeout, tool_refused.status_code, tool_refused.response.text)
    except (APIConnectionError, APITimeoutError) as down:
        return ModeCheck("tool", f"the model server did not answer the probe ({type(down).__name__})")
    if answer.choices and answer.choices[0].message.tool_calls:
        return ModeCheck("tool")
    # HTTP 200 without a tool call: the server takes tool_choice=required and does not enforce it
    warning = "this server ignores tool_choice=required (it answered without a tool call)"
    if mode == "tool":
        return ModeCheck("tool", f'{warning}: use output_mode = "auto"', refused=True)
    native = await _takes_json_schema(client, model, timeout)
    return ModeCheck("native" if native else "prompted", f"{warning}: using {'native' if native else 'prompted'}")


async def _refused(client: AsyncOpenAI, model: str, mode: str, timeout: float, status: int, body: str) -> ModeCheck:
    try:
        await client.chat.completions.create(model=model, messages=HELLO, max_tokens=1, timeout=timeout)
    except (APIStatusError, APIConnectionError, APITimeoutError) as down:
        return ModeCheck("tool", f"the model server failed the probe (HTTP {status}, then {type(down).__name__})")
    return ModeCheck("prompted" if mode == "auto" else "tool", refusal(status, body), refused=True)


async def _takes_json_schema(client: AsyncOpenAI, model: str, timeout: float) -> bool:
    """Whether the server holds an answer to a JSON schema (`response_format`: llama.cpp turns it into a
    grammar, so even a small model's answer is valid JSON of the schema)."""
    try:
        answer = await client.chat.completions.create(
            model=model, messages=[{"role": "user", "content": "Say ok."}], max_tokens=32, timeout=timeout,
            response_format={"type": "json_schema", "json_schema": {"name": "probe", "schema": OK_SCHEMA}})
        return json.loads(answer.choices[0].message.content or "").get("ok") is not None
    except (APIStatusError, APIConnectionError, APITimeoutError, ValueError, AttributeError, IndexError):
        return False
