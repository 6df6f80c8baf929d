"""One WeCom callback → one chat turn → what to show, the same for both transports.

A message is answered with a finished stream (text) or a button card; a click with the clicked
card updated to the outcome (for a refused click, only the clicking member's card changes). A
redelivered message or click gets nothing: the service stores messages idempotently.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Literal

from bot.channels.wechat.wecom.cards import (
    new_stream_id,
    new_task_id,
    push_body,
    reply_body,
    update_body,
)
from bot.channels.wechat.wecom.translate import WeComCallback
from bot.protocol import ChatPort, DeliveryPort, OutgoingReply, TurnResult
from domain.replies.catalog import RUN_ON, both_languages
from domain.vocabulary import ReplyKind

log = logging.getLogger("fawn.wecom")

APOLOGY = both_languages("telegram.apology", RUN_ON)      # the family is not known when a turn fails


class TurnNotRun(Exception):
    """The database was unavailable: nothing was kept. The callback answers 503 (WeCom sends it again);
    the long connection, which has no redelivery, answers with the apology."""


@dataclass(frozen=True)
class Answer:
    """What one callback's turn shows, and how each transport can show it."""

    kind: Literal["reply", "update"]   # answer a message, or update the clicked card
    reply: OutgoingReply
    body: dict[str, Any]               # passive reply / long-connection reply body
    push: dict[str, Any]               # the same as a message: response_url or a proactive push
    platform_id: str                   # the card's task id or the stream id
    push_id: str                       # the id the push carries (its card's task id)
    result: TurnResult | None = None

    @property
    def marks_delivery(self) -> bool:
        """A new message is delivered under its id; an updated card already belongs to an earlier reply."""
        return self.kind == "reply" and self.result is not None and self.result.reply_id is not None


class WeComTurns:
    def __init__(self, chat: ChatPort, delivery: DeliveryPort) -> None:
        self.chat, self.delivery = chat, delivery

    async def answer(self, callback: WeComCallback) -> Answer | None:
        """Run the turn; None when there is nothing to show (silence, a redelivery, not a turn)."""
        if callback.incoming is None:
            return None
        try:
            result = await self.chat.handle(callback.incoming)
        except Exception:
            log.exception("wecom turn failed for message %s", callback.message_id)
            return render(callback, OutgoingReply(ReplyKind.ERROR, APOLOGY), None)
        if result.retry_later:
            raise TurnNotRun(callback.message_id)
        if result.reply is None:     # silence, or a redelivery already answered
            return None
        return render(callback, result.reply, result)

    async def mark_delivered(self, answer: Answer) -> None:
        if answer.marks_delivery and answer.result is not None and answer.result.reply_id is not None:
            await self.delivery.mark_delivered(answer.result.reply_id, answer.platform_id)


def render(callback: WeComCallback, reply: OutgoingReply, result: TurnResult | None) -> Answer:
    push_task = new_task_id()
    if callback.kind == "click" and callback.task_id:
        rejected = result is not None and result.press_rejected
        clicker = [callback.incoming.sender_id] if rejected and callback.incoming else None
        return Answer("update", reply, update_body(reply, task_id=callback.task_id, userids=clicker),
                      push_body(reply, task_id=push_task), callback.task_id, push_task, result)
    stream_id = new_stream_id()
    body = reply_body(reply, task_id=push_task, stream_id=stream_id)
    return Answer("reply", reply, body, push_body(reply, task_id=push_task),
                  push_task if reply.buttons else stream_id, push_task, result)
