"""A loopback fake of an OpenAI-compatible chat completions endpoint, for the real
pydantic-ai `OpenAIChatModel` (and the real `openai` client underneath it).

Point the model's provider at `fake.base_url` (http://127.0.0.1:<port>/v1). Every
`POST /v1/chat/completions` body is recorded; the answer is a tool call to the output
tool the request names in `tools` (pydantic-ai's output tool, usually `final_result`)
whose arguments are the JSON object the test chose with `fake.answer_with(...)`. A request
that offers no tools but asks for a JSON `response_format` gets the object as content.

Besides an output object, an answer may be one of the markers below: `failure(500)` (an HTTP
error), `HANG` (no answer until the fake stops: the client's deadline runs out), `tool_call(name,
arguments)` (a call to one of the agent's own tools) or `text(words)` (a plain text answer).

It also plays the real servers met on the development machine (docs/models.md):
- `refuse_required=True`: like llama-cpp-python's server, HTTP 500 to any request with
  `tool_choice: "required"`, while plain requests are answered;
- `slow_prompt(seconds_per_1k)`: prompt evaluation on a loaded CPU — the answer comes after a delay
  that grows with the prompt's length (the client's deadline runs out first when it is short);
- `ignore_required=True`: like llama.cpp's llama-server with a small model, HTTP 200 to `tool_choice:
  "required"` with no tool call (the call written as text, then newlines until `max_tokens`), while a
  JSON-schema `response_format` is held (the probe's schema gets `{"ok": true}`);
- `RAMBLE`: a model that does not stop — it generates until `max_tokens` (finish_reason "length"), and
  without `max_tokens` until its context is full, i.e. until the fake stops.
An output object in `Extraction`'s shape is sent as the reading a model is asked for (tests/fakes/readings.py).
"""
from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.fakes.loopback import LoopbackSite
from tests.fakes.readings import as_reading

OUTPUT_TOOL_PREFIX = "final_result"
HANG: dict[str, Any] = {"__hang__": True}
RAMBLE: dict[str, Any] = {"__ramble__": True}
REFUSAL_BODY = ('{"error": {"message": "tool_choice \'required\' is not supported by this chat handler", '
                '"type": "internal_server_error"}}')


def failure(status: int = 500) -> dict[str, Any]:
    return {"__status__": status}


def tool_call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"__tool__": name, "__arguments__": arguments}


def text(words: str) -> dict[str, Any]:
    return {"__text__": words}


@dataclass
class ChatRequest:
    """One request the fake received, as JSON, with helpers for what tests look at."""

    body: dict[str, Any]

    @property
    def messages(self) -> list[dict[str, Any]]:
        return self.body.get("messages", [])

    @property
    def tool_names(self) -> list[str]:
        return [t["function"]["name"] for t in self.body.get("tools", []) if t.get("type") == "function"]

    def text(self, role: str) -> str:
        """All text the messages of one role carry (system, user, …), joined by newlines."""
        parts: list[str] = []
        for message in self.messages:
            if message.get("role") != role:
                continue
            content = message.get("content")
            if isinstance(content, str):
                parts.append(content)
            elif isinstance(content, list):
                parts.extend(p.get("text", "") for p in content if isinstance(p, dict))
        return "\n".join(parts)


@dataclass
class FakeOpenAI:
    """Start with `await fake.start()`, stop with `await fake.stop()`."""

    model: str = "gpt-test"
    requests: list[ChatRequest] = field(default_factory=list)
    answers: list[dict[str, Any]] = field(default_factory=list)   # one per request; the last repeats
    port: int = 0
    refuse_required: bool = False          # HTTP 500 to tool_choice "required", as llama-cpp-python's server
    ignore_required: bool = False          # HTTP 200 and no tool call to tool_choice "required", as llama-server
    seconds_per_1k: float = 0.0            # prompt evaluation: this long per 1,000 characters of prompt
    _site: LoopbackSite = field(default_factory=LoopbackSite)
    _stopped: asyncio.Event = field(default_factory=asyncio.Event)
    _asked: asyncio.Condition = field(default_factory=asyncio.Condition)

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self._completions)
        self.port = await self._site.serve(app)

    async def stop(self) -> None:
        self._stopped.set()
        await self._site.close()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    async def wait_asked(self, count: int, timeout: float = 10.0) -> None:
        """Until `count` requests have arrived (a model turn is under way)."""
        async with self._asked:
            await asyncio.wait_for(self._asked.wait_for(lambda: len(self.requests) >= count), timeout)

    def answer_with(self, *outputs: dict[str, Any]) -> None:
        """The output object(s) to return, in order; the last one answers any further request."""
        self.answers = list(outputs)

    # -- the endpoint -------------------------------------------------------------------

    def slow_prompt(self, seconds_per_1k: float) -> None:
        self.seconds_per_1k = seconds_per_1k

    async def _completions(self, request: web.Request) -> web.Response:
        body = await request.json()
        async with self._asked:
            self.requests.append(ChatRequest(body))
            self._asked.notify_all()
        if self.refuse_required and body.get("tool_choice") == "required":
            return web.Response(text=REFUSAL_BODY, status=500, content_type="application/json")
        if self.ignore_required and body.get("tool_choice") == "required":
            said = '```json\n{"name": "final_result", "arguments": {}}\n```' + "\n" * 64
            return web.json_response(self._wrapped(ChatRequest(body), {"role": "assistant", "content": said},
                                                   "length", body.get("max_tokens") or 64))
        if (body.get("response_format") or {}).get("json_schema", {}).get("name") == "probe":
            return web.json_response(self._wrapped(ChatRequest(body), {"role": "assistant", "content": '{"ok": true}'},
                                                   "stop", 5))
        if self.seconds_per_1k:
            evaluating = self.seconds_per_1k * len(json.dumps(body, ensure_ascii=False)) / 1000
            try:
                await asyncio.wait_for(self._stopped.wait(), evaluating)
            except TimeoutError:
                pass
        if not self.answers:
            return web.json_response({"error": {"message": "the test chose no answer", "type": "fake"}},
                                     status=500)
        output = self.answers[min(len(self.requests), len(self.answers)) - 1]
        if "__status__" in output:
            return web.json_response({"error": {"message": "the fake failed on purpose", "type": "server_error"}},
                                     status=output["__status__"])
        limit = body.get("max_tokens") or body.get("max_completion_tokens")
        if "__hang__" in output or "__ramble__" in output and not limit:
            await self._stopped.wait()          # until the fake stops: the client gives up first
            return web.json_response({}, status=503)
        if "__ramble__" in output:
            return web.json_response(self._rambling(ChatRequest(body), limit))
        return web.json_response(self._completion(ChatRequest(body), output))

    def _rambling(self, request: ChatRequest, max_tokens: int) -> dict[str, Any]:
        """Words until the limit, and no tool call: what a small model does when it loses the thread."""
        words = " ".join(["and"] * max_tokens)
        return self._wrapped(request, {"role": "assistant", "content": words}, "length", max_tokens)

    def _completion(self, request: ChatRequest, output: dict[str, Any]) -> dict[str, Any]:
        answer = output["__arguments__"] if "__arguments__" in output else as_reading(output)
        arguments = json.dumps(answer, ensure_ascii=False)
        tool = output.get("__tool__") or _output_tool(request.tool_names)
        if "__text__" in output:
            message, finish = {"role": "assistant", "content": output["__text__"]}, "stop"
        elif tool is not None:
            message = {"role": "assistant", "content": None, "tool_calls": [{
                "id": f"call_{len(self.requests)}", "type": "function",
                "function": {"name": tool, "arguments": arguments}}]}
            finish = "tool_calls"
        else:
            message, finish = {"role": "assistant", "content": arguments}, "stop"
        return self._wrapped(request, message, finish, 20)

    def _wrapped(self, request: ChatRequest, message: dict[str, Any], finish: str, out: int) -> dict[str, Any]:
        return {"id": f"chatcmpl-fake-{len(self.requests)}", "object": "chat.completion",
                "created": int(time.time()), "model": request.body.get("model", self.model),
                "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
                "usage": {"prompt_tokens": 100, "completion_tokens": out, "total_tokens": 100 + out}}


def _output_tool(names: list[str]) -> str | None:
    """The output tool pydantic-ai offers (`final_result`, or `final_result_<Type>`)."""
    for name in names:
        if name.startswith(OUTPUT_TOOL_PREFIX):
            return name
    return names[0] if names else None
