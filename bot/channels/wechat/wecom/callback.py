"""The WeCom AI bot's callback mode: Starlette routes for URL verification and encrypted callbacks.

`wecom_routes(channel, path)` returns the routes, so the composition root mounts them in the same ASGI
app as the Telegram webhook. What each request goes through, in order:

1. the signed query (`msg_signature`, `timestamp`, `nonce`) must be there, and the timestamp fresh: a
   callback signed more than `FRESH_FOR` away from now is refused (403) before anything is decrypted, so a
   recorded callback cannot be replayed later;
2. the signature and the decryption (403 on failure; no event is built);
3. a turn (a message, a card click) is stored in the inbox before WeCom hears anything
   (bot/delivery/inbox.py): the request is held open until that row commits, 503 if it never does;
4. the turn runs; when it ends within `passive_seconds` the answer goes back in the HTTP response
   (encrypted). Otherwise WeCom gets an empty 200 — or, for a click, the card updated to "处理中…" — and
   the answer goes later through the callback's own response_url (late.py), once.

WeCom gives up on a request after about five seconds and tries again (its callback documentation says
three times, on timeouts and failed connections only), so `passive_seconds` stays well below five.
"""
from __future__ import annotations

import asyncio
import json
import logging
from datetime import timedelta

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from bot.channels.wechat.wecom.cards import working_card
from bot.channels.wechat.wecom.crypto import CallbackCrypto, CallbackRejected
from bot.channels.wechat.wecom.late import LateAnswers
from bot.channels.wechat.wecom.response_url import ResponseUrlPoster
from bot.channels.wechat.wecom.translate import PLATFORM, WeComCallback, read_callback
from bot.channels.wechat.wecom.turns import Answer, TurnNotRun, WeComTurns
from bot.clock import Clock, utc_now
from bot.protocol import InboxPort, KeptUpdate

log = logging.getLogger("fawn.wecom")

MAX_BODY_BYTES = 1_000_000
SIGNED = ("msg_signature", "timestamp", "nonce")
FRESH_FOR = timedelta(minutes=5)
"""A callback's timestamp must be this close to now (either way): WeCom signs each request as it sends it."""


def wecom_routes(channel: WeComCallbackChannel, path: str = "/wecom/callback") -> list[Route]:
    return [Route(path, channel.verify_url, methods=["GET"]), Route(path, channel.receive, methods=["POST"])]


class WeComCallbackChannel:
    def __init__(self, turns: WeComTurns, crypto: CallbackCrypto, inbox: InboxPort, *, poster: ResponseUrlPoster,
                 bot_name: str | None = None, passive_seconds: float = 3.0, clock: Clock = utc_now,
                 signed_clock: Clock = utc_now) -> None:
        self.turns, self.crypto, self.inbox = turns, crypto, inbox
        self.bot_name, self.passive_seconds, self.clock = bot_name, passive_seconds, clock
        self.signed_clock = signed_clock          # the real time the callback's signature is checked against
        self.late = LateAnswers(poster, turns.delivery, clock)
        self._background: set[asyncio.Task] = set()

    @property
    def poster(self) -> ResponseUrlPoster:
        return self.late.poster

    async def verify_url(self, request: Request) -> Response:
        params = request.query_params
        refused = self._refused(params, "echostr")
        if refused is not None:
            return refused
        try:
            plain = await self.crypto.verify_url_async(params["msg_signature"], params["timestamp"],
                                                       params["nonce"], params["echostr"])
        except CallbackRejected:
            return PlainTextResponse("forbidden", status_code=403)
        return PlainTextResponse(plain)

    async def receive(self, request: Request) -> Response:
        arrived = asyncio.get_running_loop().time()
        params = request.query_params
        refused = self._refused(params)
        if refused is not None:
            return refused
        encrypt = await _encrypted_field(request)
        if encrypt is None:
            return PlainTextResponse("not a callback", status_code=400)
        try:
            body = await self.crypto.decrypt_async(params["msg_signature"], params["timestamp"],
                                                   params["nonce"], encrypt)
        except CallbackRejected:
            return PlainTextResponse("forbidden", status_code=403)
        callback = read_callback(body, self.clock(), self.bot_name)
        if callback.incoming is None:
            return Response(status_code=200)             # not a turn (an event Fawn does not use)
        kept = await self.inbox.keep(PLATFORM, callback.message_id, body)
        if kept is None:
            return PlainTextResponse("try again", status_code=503)
        if not kept.new:
            return Response(status_code=200)             # a redelivery: the inbox has it, finished or not
        return await self._answer(callback, kept, params["nonce"], arrived)

    def _refused(self, params, *extra: str) -> Response | None:
        """400 for a request without its signed parameters, 403 for one signed too long ago (or ahead)."""
        if any(not params.get(name) for name in (*SIGNED, *extra)):
            return PlainTextResponse("missing parameters", status_code=400)
        try:
            signed = int(params["timestamp"])
        except ValueError:
            return PlainTextResponse("bad timestamp", status_code=400)
        if abs(self.signed_clock().timestamp() - signed) > FRESH_FOR.total_seconds():
            log.warning("a wecom callback signed %ss away from now was refused", int(self.signed_clock().timestamp())
                        - signed)
            return PlainTextResponse("stale", status_code=403)
        return None

    async def _answer(self, callback: WeComCallback, update: KeptUpdate, nonce: str, arrived: float) -> Response:
        turn = asyncio.create_task(self.turns.answer(callback))
        left = max(0.0, arrived + self.passive_seconds - asyncio.get_running_loop().time())
        done, _ = await asyncio.wait({turn}, timeout=left)
        if not done:
            self._in_background(self._answer_late(turn, callback, update))
            return await self._still_working(callback, nonce)
        try:
            answer = turn.result()
        except TurnNotRun:              # kept in the inbox: finished when the database is back
            self.inbox.unfinished(update)
            return Response(status_code=200)
        if answer is None:
            await self.inbox.finished(update)
            return Response(status_code=200)
        envelope = await self.crypto.encrypt_async(answer.body, nonce)
        await self._delivered_passively(answer, update)
        return JSONResponse(envelope)

    async def _delivered_passively(self, answer: Answer, update: KeptUpdate) -> None:
        try:
            await self.turns.mark_delivered(answer)
        except Exception:               # the answer still goes; the inbox then finds it undelivered
            log.warning("a passive wecom answer could not be marked delivered")
        await self.inbox.finished(update)

    async def _still_working(self, callback: WeComCallback, nonce: str) -> Response:
        """Within WeCom's window: nothing for a message (its answer follows), the card as "处理中…" for a click."""
        if callback.kind != "click" or not callback.task_id:
            return Response(status_code=200)
        return JSONResponse(await self.crypto.encrypt_async(working_card(callback.task_id), nonce))

    async def _answer_late(self, turn: asyncio.Task, callback: WeComCallback, update: KeptUpdate) -> None:
        try:
            answer = await turn
        except TurnNotRun:
            self.inbox.unfinished(update)
            log.warning("a late wecom turn could not run (database unavailable): kept in the inbox")
            return
        if await self.late.deliver(callback, answer, update.received_at):
            await self.inbox.finished(update)
        else:
            self.inbox.unfinished(update)

    async def finish(self, update: KeptUpdate) -> bool:
        """The inbox's finisher for WeCom: a kept callback's turn run again (a redelivery, when it had run)
        and its answer sent through the callback's response_url."""
        callback = read_callback(update.payload, self.clock(), self.bot_name)
        try:
            answer = await self.turns.answer(callback)
        except TurnNotRun:
            return False
        return await self.late.deliver(callback, answer, update.received_at)

    def _in_background(self, work) -> None:
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task) -> None:
        self._background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a late wecom answer failed", exc_info=task.exception())

    async def idle(self) -> None:
        """Wait until every late answer has been sent (tests, shutdown)."""
        while self._background:
            await asyncio.gather(*list(self._background), return_exceptions=True)


async def _encrypted_field(request: Request) -> str | None:
    raw = await request.body()
    if len(raw) > MAX_BODY_BYTES:
        return None
    try:
        payload = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return None
    encrypt = payload.get("encrypt") if isinstance(payload, dict) else None
    return encrypt if isinstance(encrypt, str) and encrypt else None
