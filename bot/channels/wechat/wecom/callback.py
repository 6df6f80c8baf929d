"""The WeCom AI bot's callback mode: Starlette routes for URL verification and encrypted callbacks.

`wecom_routes(channel, path)` returns the routes, so the composition root mounts them in the
same ASGI app as the Telegram webhook. A bad signature gets 403 and builds no event. A turn that
finishes within `passive_seconds` is answered passively (encrypted, in the HTTP response); a
slower one gets an empty 200 at once and its answer goes through the message's response_url.
"""
from __future__ import annotations

import asyncio
import json
import logging

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from bot.channels.wechat.recent import RecentIds
from bot.channels.wechat.wecom.crypto import CallbackCrypto, CallbackRejected
from bot.channels.wechat.wecom.response_url import ResponseUrlBook, ResponseUrlPoster
from bot.channels.wechat.wecom.translate import PLATFORM, WeComCallback, read_callback
from bot.channels.wechat.wecom.turns import TurnNotRun, WeComTurns
from bot.clock import Clock, utc_now

log = logging.getLogger("fawn.wecom")

MAX_BODY_BYTES = 1_000_000
SIGNED = ("msg_signature", "timestamp", "nonce")


def wecom_routes(channel: WeComCallbackChannel, path: str = "/wecom/callback") -> list[Route]:
    return [Route(path, channel.verify_url, methods=["GET"]), Route(path, channel.receive, methods=["POST"])]


class WeComCallbackChannel:
    def __init__(self, turns: WeComTurns, crypto: CallbackCrypto, *,
                 poster: ResponseUrlPoster, book: ResponseUrlBook | None = None, bot_name: str | None = None,
                 passive_seconds: float = 3.0, clock: Clock = utc_now) -> None:
        self.turns, self.crypto = turns, crypto
        self.poster, self.book = poster, book or ResponseUrlBook()
        self.bot_name, self.passive_seconds, self.clock = bot_name, passive_seconds, clock
        self.recent = RecentIds()
        self._background: set[asyncio.Task] = set()

    async def verify_url(self, request: Request) -> Response:
        params = request.query_params
        if any(not params.get(name) for name in (*SIGNED, "echostr")):
            return PlainTextResponse("missing parameters", status_code=400)
        try:
            plain = await self.crypto.verify_url_async(params["msg_signature"], params["timestamp"],
                                                       params["nonce"], params["echostr"])
        except CallbackRejected:
            return PlainTextResponse("forbidden", status_code=403)
        return PlainTextResponse(plain)

    async def receive(self, request: Request) -> Response:
        params = request.query_params
        if any(not params.get(name) for name in SIGNED):
            return PlainTextResponse("missing parameters", status_code=400)
        encrypt = await _encrypted_field(request)
        if encrypt is None:
            return PlainTextResponse("not a callback", status_code=400)
        try:
            body = await self.crypto.decrypt_async(params["msg_signature"], params["timestamp"],
                                                   params["nonce"], encrypt)
        except CallbackRejected:
            return PlainTextResponse("forbidden", status_code=403)
        return await self._answer(read_callback(body, self.clock(), self.bot_name), params["nonce"])

    async def _answer(self, callback: WeComCallback, nonce: str) -> Response:
        if callback.incoming is None or not self.recent.first_time(callback.message_id):
            return Response(status_code=200)            # not a turn, or a redelivery: an empty answer
        if callback.kind == "message":
            self.book.remember(callback.incoming.chat_id, callback.response_url, self.clock())
        turn = asyncio.create_task(self.turns.answer(callback))
        done, _ = await asyncio.wait({turn}, timeout=self.passive_seconds)
        if not done:
            self._in_background(self._answer_late(turn, callback))
            return Response(status_code=200)
        try:
            answer = turn.result()
        except TurnNotRun:              # nothing kept: let WeCom deliver it again
            self.recent.forget(callback.message_id)
            return PlainTextResponse("try again", status_code=503)
        if answer is None:
            return Response(status_code=200)
        envelope = await self.crypto.encrypt_async(answer.body, nonce)
        await self.turns.mark_delivered(answer)
        return JSONResponse(envelope)

    async def _answer_late(self, turn: asyncio.Task, callback: WeComCallback) -> None:
        """The slow turn's answer, through the callback's response_url (the outbox keeps it on failure)."""
        try:
            answer = await turn
        except TurnNotRun:
            self.recent.forget(callback.message_id)
            log.warning("a late wecom turn could not run (database unavailable); left for redelivery")
            return
        if answer is None or not callback.response_url or callback.incoming is None:
            return
        url = callback.response_url

        async def send(_chat_id: str, _reply) -> str:
            await self.poster.post(url, answer.push)
            self.book.used(url)
            return answer.push_id

        if answer.result is not None:
            await self.turns.delivery.send_reply(send, PLATFORM, callback.incoming.chat_id, answer.result,
                                                 mark=answer.marks_delivery)

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
