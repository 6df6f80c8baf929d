"""Sending to a personal WeChat conversation: numbered text with the conversation's context_token.

iLink has no buttons: a reply's buttons become numbered choices, and what was shown is
remembered so that a member's "1" presses the first button of the latest reply. A message can
only be sent with the context_token of the member's latest message; WeChat accepts bot messages
for about 24 hours after the member last wrote (openclaw-weixin issues #204, #225, #309). Past
that, or before the member ever wrote, a send fails with `PushWindowClosed` instead of being
reported as delivered (the outbox keeps it and retries).
"""
from __future__ import annotations

from datetime import timedelta

from bot.channels.numbered import ShownChoices, numbered_text
from bot.channels.wechat.ilink.api import ILinkApi
from bot.channels.wechat.ilink.store import StateFile
from bot.channels.wechat.ilink.translate import PLATFORM
from bot.clock import Clock, utc_now
from bot.protocol import OutgoingReply

PUSH_WINDOW = timedelta(hours=24)


class PushWindowClosed(LookupError):
    """No context_token recent enough for this conversation: WeChat would not deliver."""


class ILinkSender:
    """`await sender(chat_id, reply)` → the sent message's client id. The outbox's `SendFn` for "wechat"."""

    def __init__(self, api: ILinkApi, state: StateFile, shown: ShownChoices, clock: Clock = utc_now,
                 window: timedelta = PUSH_WINDOW) -> None:
        self.api, self.state, self.shown, self.clock, self.window = api, state, shown, clock, window

    async def __call__(self, chat_id: str, reply: OutgoingReply) -> str:
        token = self.state.state.context_tokens.get(chat_id)
        if token is None:
            raise PushWindowClosed("this member has not written to the bot yet")
        if self.clock() - token.received_at > self.window:
            raise PushWindowClosed("the member's last message is older than the push window")
        client_id = await self.api.send_text(chat_id, numbered_text(reply), token.token)
        await self.shown.remember(PLATFORM, chat_id, reply.buttons)
        return client_id
