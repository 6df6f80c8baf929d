"""`OutgoingReply` → WeCom AI bot message bodies: a finished stream (text), markdown, or a
`button_interaction` template card whose button keys are our callback tokens.

Which body goes where (WeCom's rules): a passive reply or a long-connection reply to a message
is `stream` or `template_card`; response_url and proactive pushes take `markdown` or
`template_card`; a click is answered with `update_template_card` carrying the clicked card's
task_id. Pictures need an upload WeCom only offers on the long connection: not sent (yet).
"""
from __future__ import annotations

import uuid
from typing import Any

from bot.channels.wechat.wecom.translate import INERT_KEY
from bot.protocol import OutgoingButton, OutgoingReply
from domain.replies.catalog import SLASHED, both_languages, language_of, text
from domain.vocabulary import ReplyKind

TITLE_LIMIT = 26          # "建议不超过26个字"
BUTTON_TEXT_LIMIT = 10
MAX_BUTTONS = 6
KEY_LIMIT = 1024          # bytes


def new_task_id() -> str:
    """A card's task id: unique per bot, [0-9A-Za-z_-@], at most 128 bytes."""
    return f"fawn-{uuid.uuid4().hex}"


def new_stream_id() -> str:
    return f"fawn-{uuid.uuid4().hex}"


def stream_body(reply: OutgoingReply, stream_id: str) -> dict[str, Any]:
    return {"msgtype": "stream", "stream": {"id": stream_id, "finish": True, "content": reply.text or "…"}}


def markdown_body(reply: OutgoingReply) -> dict[str, Any]:
    return {"msgtype": "markdown", "markdown": {"content": reply.text or "…"}}


def card_body(reply: OutgoingReply, task_id: str) -> dict[str, Any]:
    return {"msgtype": "template_card", "template_card": button_card(reply, task_id, reply.buttons)}


def reply_body(reply: OutgoingReply, *, task_id: str, stream_id: str) -> dict[str, Any]:
    """The answer to a member's message (passive reply, or a long-connection reply)."""
    return card_body(reply, task_id) if reply.buttons else stream_body(reply, stream_id)


def push_body(reply: OutgoingReply, *, task_id: str) -> dict[str, Any]:
    """A message through response_url or a proactive push."""
    return card_body(reply, task_id) if reply.buttons else markdown_body(reply)


def update_body(reply: OutgoingReply, *, task_id: str, userids: list[str] | None = None) -> dict[str, Any]:
    """The clicked card replaced by the outcome: its text, and the outcome's own buttons (often none)."""
    buttons = reply.buttons or (OutgoingButton("none", text(language_of(reply.language), "wecom.done"), INERT_KEY),)
    body: dict[str, Any] = {"response_type": "update_template_card",
                            "template_card": button_card(reply, task_id, buttons)}
    if userids:
        body["userids"] = userids
    return body


def working_card(task_id: str) -> dict[str, Any]:
    """The clicked card updated at once to "处理中…" while the click's turn runs on (its outcome follows as a
    new message): WeCom takes a click's card update only within about five seconds of the click."""
    working = OutgoingReply(ReplyKind.CHAT, both_languages("wecom.working", SLASHED))
    return update_body(working, task_id=task_id)


def button_card(reply: OutgoingReply, task_id: str, buttons: tuple[OutgoingButton, ...]) -> dict[str, Any]:
    title, rest = headline(reply.text or "…")
    card: dict[str, Any] = {"card_type": "button_interaction", "main_title": {"title": title},
                            "button_list": [_button(b) for b in buttons[:MAX_BUTTONS]], "task_id": task_id}
    if rest:
        card["sub_title_text"] = rest
    return card


def headline(text: str) -> tuple[str, str]:
    """(title, the rest): the first line when it is short enough, else a clipped title over the whole text."""
    first, _, rest = text.strip().partition("\n")
    if len(first) <= TITLE_LIMIT:
        return first, rest.strip()
    return first[: TITLE_LIMIT - 1] + "…", text.strip()


def _button(button: OutgoingButton) -> dict[str, Any]:
    if len(button.token.encode()) > KEY_LIMIT:
        raise ValueError(f"button key of {button.action!r} is too long")
    return {"text": button.label[:BUTTON_TEXT_LIMIT], "style": 1, "key": button.token}

