"""The getupdates long-poll loop for personal WeChat: updates → turns → numbered replies.

The cursor (get_updates_buf) is saved only after every message of a batch has had its turn, so
a restart neither loses a message (the batch comes again) nor repeats one (the service stores
messages idempotently, and a redelivered message gets no second reply).
"""
from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import Any

import httpx

from bot.channels.numbered import ShownChoices, as_press
from bot.channels.stopping import pause, unless_stopped
from bot.channels.wechat.ilink.api import LONG_POLL_SECONDS, MESSAGE_TYPE_USER, ILinkApi, ILinkError
from bot.channels.wechat.ilink.sender import PUSH_WINDOW, ILinkSender
from bot.channels.wechat.ilink.session import ILinkSession
from bot.channels.wechat.ilink.store import ContextToken, StateFile
from bot.channels.wechat.ilink.translate import PLATFORM, message_to_incoming
from bot.clock import Clock, utc_now
from bot.protocol import ChatPort, DeliveryPort

log = logging.getLogger("fawn.wechat")


class ILinkPoller:
    def __init__(self, api: ILinkApi, state: StateFile, chat: ChatPort, delivery: DeliveryPort,
                 shown: ShownChoices, *, clock: Clock = utc_now, retry_pause: float = 2.0,
                 expired_pause: float = 3600.0, session: ILinkSession | None = None,
                 window: timedelta = PUSH_WINDOW) -> None:
        self.api, self.state, self.chat, self.delivery = api, state, chat, delivery
        self.sender = ILinkSender(api, state, shown, clock, window)
        self.shown, self.clock = shown, clock
        self.retry_pause, self.expired_pause = retry_pause, expired_pause
        self.session = session
        self.poll_seconds = LONG_POLL_SECONDS      # the server may ask for another (longpolling_timeout_ms)

    async def run(self, stop: asyncio.Event) -> None:
        if self.session is not None:
            await self.session.start()
        try:
            while not stop.is_set():
                poll = await unless_stopped(self.api.get_updates(self.state.state.cursor, self.poll_seconds), stop)
                if poll is None:
                    return
                await self._after_poll(poll, stop)
        finally:
            if self.session is not None:
                await self.session.stop()

    async def _after_poll(self, poll: asyncio.Future, stop: asyncio.Event) -> None:
        try:
            answer = poll.result()
        except ILinkError as refused:
            await self._refused(refused, stop)
            return
        except (httpx.HTTPError, ValueError) as failed:
            log.warning("getupdates failed: %s", type(failed).__name__)
            await pause(stop, self.retry_pause)
            return
        if self.session is not None:
            self.session.alive()
        self._next_poll_seconds(answer)
        if not await self.handle_batch(answer):
            log.warning("a wechat batch left for later: the database is unavailable")
            await pause(stop, self.retry_pause)

    async def _refused(self, refused: ILinkError, stop: asyncio.Event) -> None:
        if refused.session_expired and self.session is not None:
            logins = self.session.logins
            await self.session.lapsed(stop)
            if self.session.logins > logins:
                await self._resume("login")
            return
        log.warning("getupdates refused (%s)%s", refused,
                    ": log in again with `fawn wechat login`" if refused.session_expired else "")
        await pause(stop, self.expired_pause if refused.session_expired else self.retry_pause)

    def _next_poll_seconds(self, answer: dict[str, Any]) -> None:
        """The long poll the server asks for next (openclaw-weixin's monitor takes it the same way)."""
        asked = answer.get("longpolling_timeout_ms")
        if isinstance(asked, int | float) and not isinstance(asked, bool) and 0 < asked <= 600_000:
            self.poll_seconds = asked / 1000

    async def handle_batch(self, answer: dict[str, Any]) -> bool:
        """Every message's turn, then the new cursor (and the conversations' context tokens) saved.
        When a turn could not run (the database was unavailable) the cursor stays where it was, so the
        same batch is fetched again; the turns that did run recognise their redelivery. False then."""
        for msg in answer.get("msgs") or []:
            self._remember_context(msg)
            try:
                if not await self._turn(msg):
                    self.state.save()
                    return False
            except Exception:
                log.exception("a wechat message could not be handled")
        if answer.get("get_updates_buf"):
            self.state.state.cursor = str(answer["get_updates_buf"])
        self.state.save()
        return True

    def _remember_context(self, msg: dict[str, Any]) -> None:
        """The member's newest context_token (a redelivered message keeps what was counted against it)."""
        if msg.get("message_type") != MESSAGE_TYPE_USER or not msg.get("context_token") or not msg.get("from_user_id"):
            return
        user, token = str(msg["from_user_id"]), str(msg["context_token"])
        known = self.state.state.context_tokens.get(user)
        if known is None or known.token != token:
            self.state.state.context_tokens[user] = ContextToken(token, self.clock())

    async def _resume(self, until: str, chat_id: str | None = None) -> None:
        """Sends that waited for this member's message (or for a new login) go out on the outbox's next round."""
        try:
            await self.delivery.resume(PLATFORM, until, chat_id)
        except Exception:
            log.warning("waiting wechat sends could not be resumed yet (%s)", until, exc_info=True)

    async def _turn(self, msg: dict[str, Any]) -> bool:
        """One message's turn and its reply; False when the turn could not run."""
        incoming = message_to_incoming(msg, self.clock())
        if incoming is None:
            return True
        result = await self.chat.handle(await as_press(incoming, self.shown))
        if result.retry_later:
            return False
        if result.reply is not None:     # None: silence, or a redelivery already answered
            await self.delivery.send_reply(self.sender, PLATFORM, incoming.chat_id, result)
        await self._resume("member", incoming.chat_id)
        return True

