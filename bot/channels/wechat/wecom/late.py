"""A callback's answer that could not go back in its HTTP response: posted to that callback's own
response_url, once.

WeCom's documentation of response_url (developer.work.weixin.qq.com, path 101138): every message and every
card click carries one; it takes one call, within one hour, of a markdown or template_card body. It says
nothing of using it for anything else, so Fawn uses each URL only for the answer to its own callback — never
for a push, never for another message's answer. What cannot be answered within that hour is logged, not
sent (callback mode has no other way to reach a chat; the long connection does).
"""
from __future__ import annotations

import logging
from datetime import datetime

import httpx

from bot.channels.wechat.wecom.response_url import VALID_FOR, ResponseUrlError, ResponseUrlPoster
from bot.channels.wechat.wecom.translate import WeComCallback
from bot.channels.wechat.wecom.turns import Answer
from bot.clock import Clock
from bot.protocol import DeliveryPort

log = logging.getLogger("fawn.wecom")


class LateAnswers:
    def __init__(self, poster: ResponseUrlPoster, delivery: DeliveryPort, clock: Clock) -> None:
        self.poster, self.delivery, self.clock = poster, delivery, clock

    async def deliver(self, callback: WeComCallback, answer: Answer | None, received_at: datetime) -> bool:
        """True when there is nothing more to do (sent, or it can never be sent); False: try again later."""
        if answer is None:
            return True
        url = callback.response_url
        if not url or self.clock() - received_at >= VALID_FOR:
            why = "its response_url expired" if url else "no response_url"
            log.warning("a late wecom answer was not sent: %s", why)
            return True
        try:
            await self.poster.post(url, answer.push)
        except (httpx.HTTPError, ResponseUrlError) as failed:
            log.warning("a late wecom answer could not be posted yet: %s", type(failed).__name__)
            return False
        if answer.result is not None and answer.result.reply_id is not None:
            await self.delivery.mark_delivered(answer.result.reply_id, answer.push_id)
        return True
