"""Sending to a personal WeChat conversation: numbered text with the conversation's context_token, within
what WeChat allows.

iLink has no buttons: a reply's buttons become numbered choices, and what was shown is remembered so that a
member's "1" presses the first button of the latest reply. A bot message goes out only with the
context_token of the member's latest message, and WeChat takes at most **ten** bot messages per member
message (Tencent/openclaw-weixin#81; WeChat's own article quoted in riba2534/happyclaw#639: "每下发10次消息后，
需要主动发起一次对话"), and only for a while after it: "24 h" says the maintainer (#204, #185), but pushes are
refused from about 15 h on (#309). So each member has a budget and a window (`window`, 15 h by default);
a send beyond either raises `SendMustWait("member")` — the outbox keeps it, without counting an attempt,
until the member writes again — and so does a `ret −2` refusal that is not a rate limit. The last message
the budget allows carries one line asking the member to write, so they hear it once, not per message.
An expired session (errcode −14) makes a send wait for the next login.
"""
from __future__ import annotations

from datetime import timedelta

from bot.channels.numbered import ShownChoices, numbered_text
from bot.channels.wechat.ilink.api import ILinkApi, ILinkError
from bot.channels.wechat.ilink.store import ContextToken, StateFile
from bot.channels.wechat.ilink.translate import PLATFORM
from bot.clock import Clock, utc_now
from bot.protocol import OutgoingReply, SendMustWait
from domain.replies.catalog import language_of, text

PUSH_WINDOW = timedelta(hours=15)
BUDGET = 10
REFUSED = -2


class PushWindowClosed(SendMustWait):
    """WeChat would not deliver to this member now: they must write first."""

    def __init__(self, why: str) -> None:
        super().__init__("member", why)


class ILinkSender:
    """`await sender(chat_id, reply)` → the sent message's client id. The outbox's `SendFn` for "wechat"."""

    def __init__(self, api: ILinkApi, state: StateFile, shown: ShownChoices, clock: Clock = utc_now,
                 window: timedelta = PUSH_WINDOW, budget: int = BUDGET) -> None:
        self.api, self.state, self.shown, self.clock = api, state, shown, clock
        self.window, self.budget = window, budget

    async def __call__(self, chat_id: str, reply: OutgoingReply) -> str:
        token = self._usable(chat_id)
        words = numbered_text(reply)
        if token.sent == self.budget - 1:
            words = f"{words}\n\n{text(language_of(reply.language), 'wechat.write_to_continue')}"
        try:
            client_id = await self.api.send_text(chat_id, words, token.token)
        except ILinkError as refused:
            raise self._waiting(refused, token) from refused
        token.sent += 1
        self.state.save()
        await self.shown.remember(PLATFORM, chat_id, reply.buttons)
        return client_id

    def _usable(self, chat_id: str) -> ContextToken:
        token = self.state.state.context_tokens.get(chat_id)
        if token is None:
            raise PushWindowClosed("this member has not written to the bot yet")
        if self.clock() - token.received_at > self.window:
            raise PushWindowClosed("the member's last message is older than the push window")
        if token.sent >= self.budget:
            raise PushWindowClosed("ten messages went out since the member's last message")
        return token

    def _waiting(self, refused: ILinkError, token: ContextToken) -> Exception:
        if refused.session_expired:
            return SendMustWait("login", "the personal-WeChat session expired")
        if refused.ret == REFUSED and "rate" not in str(refused).lower():
            token.sent = self.budget                  # WeChat closed this member's window early
            self.state.save()
            return PushWindowClosed("WeChat refused the member's context token (ret -2)")
        return refused
