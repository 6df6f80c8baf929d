"""A loopback fake of the iLink bot API (personal WeChat): QR login, getupdates, sendmessage.

Updates are batches: cursor "" asks for batch 0, cursor "c<k>" for batch k, and each answer's
get_updates_buf names the next batch — so a poller that did not save its cursor gets the same
batch again. A getupdates with no batch ready is held (a long poll) until one is queued or the
hold runs out. Every request is recorded; tests wait on conditions, never on the clock.
"""
from __future__ import annotations

import asyncio
import itertools
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from aiohttp import web

from tests.fakes.loopback import LoopbackSite

BOT_TOKEN = "bot-token-secret-123"
BOT_ID = "b0f5860fdecb@im.bot"
WAIT_SECONDS = 5.0
_ids = itertools.count(7_000_000_001)


@dataclass
class Request:
    endpoint: str
    body: dict[str, Any]
    headers: dict[str, str]


@dataclass
class FakeILinkApi:
    qr_statuses: list[dict[str, Any]] = field(default_factory=list)
    send_refusals: list[dict[str, Any]] = field(default_factory=list)   # answers for the next sendmessages
    requests: list[Request] = field(default_factory=list)
    hold_seconds: float = 1.0
    tokens: set[str] = field(default_factory=lambda: {BOT_TOKEN})     # the logins the server accepts
    poll_timeout_ms: int = 35000                                     # longpolling_timeout_ms it asks for
    port: int = 0

    def __post_init__(self) -> None:
        self._batches: list[list[dict[str, Any]]] = []
        self._site = LoopbackSite()
        self._changed = asyncio.Condition()

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/ilink/bot/get_bot_qrcode", self._qrcode)
        app.router.add_get("/ilink/bot/get_qrcode_status", self._qr_status)
        app.router.add_post("/ilink/bot/getupdates", self._get_updates)
        app.router.add_post("/ilink/bot/sendmessage", self._send_message)
        app.router.add_post("/ilink/bot/msg/notifystart", self._notify)
        app.router.add_post("/ilink/bot/msg/notifystop", self._notify)
        self.port = await self._site.serve(app)

    async def stop(self) -> None:
        async with self._changed:
            self.hold_seconds = 0
            self._changed.notify_all()
        await self._site.close()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def queue_batch(self, *msgs: dict[str, Any]) -> None:
        async with self._changed:
            self._batches.append(list(msgs))
            self._changed.notify_all()

    async def _record(self, request: web.Request, body: dict[str, Any]) -> None:
        async with self._changed:
            self.requests.append(Request(request.path.rsplit("/", 1)[-1], body, dict(request.headers)))
            self._changed.notify_all()

    async def _qrcode(self, request: web.Request) -> web.Response:
        await self._record(request, await request.json())
        number = len(self.of("get_bot_qrcode"))
        return web.json_response({"qrcode": f"qr-{number:04d}",
                                  "qrcode_img_content": f"https://liteapp.weixin.qq.com/q/test{number}"})

    async def _qr_status(self, request: web.Request) -> web.Response:
        """The next scripted status; {"http": 524} answers with that HTTP status instead (a gateway error)."""
        await self._record(request, dict(request.query))
        status = self.qr_statuses.pop(0) if self.qr_statuses else {"status": "wait"}
        if "http" in status:
            return web.Response(status=status["http"], text="<html>gateway timeout</html>")
        return web.json_response(status)

    async def _get_updates(self, request: web.Request) -> web.Response:
        body = await request.json()
        await self._record(request, body)
        if not self.logged_in(request):
            return web.json_response({"ret": -14, "errcode": -14, "errmsg": "session timeout"})
        cursor = body.get("get_updates_buf") or ""
        index = int(cursor[1:]) if cursor.startswith("c") else 0
        async with self._changed:
            try:
                await asyncio.wait_for(self._changed.wait_for(lambda: len(self._batches) > index
                                                              or self.hold_seconds == 0), self.hold_seconds)
            except TimeoutError:
                pass
        if len(self._batches) <= index:
            return web.json_response({"ret": 0, "msgs": [], "get_updates_buf": cursor})
        return web.json_response({"ret": 0, "msgs": self._batches[index], "get_updates_buf": f"c{index + 1}",
                                  "longpolling_timeout_ms": self.poll_timeout_ms})

    def logged_in(self, request: web.Request) -> bool:
        return request.headers.get("Authorization", "").removeprefix("Bearer ") in self.tokens

    async def _send_message(self, request: web.Request) -> web.Response:
        await self._record(request, await request.json())
        if not self.logged_in(request):
            return web.json_response({"ret": -14, "errcode": -14, "errmsg": "session timeout"})
        return web.json_response(self.send_refusals.pop(0) if self.send_refusals else {})

    async def _notify(self, request: web.Request) -> web.Response:
        """notifystart / notifystop (openclaw-weixin src/api/api.ts): {base_info} → {ret}."""
        await self._record(request, await request.json())
        return web.json_response({"ret": 0} if self.logged_in(request) else {"ret": -14, "errmsg": "session timeout"})

    def of(self, endpoint: str) -> list[Request]:
        return [r for r in self.requests if r.endpoint == endpoint]

    def sent_texts(self) -> list[str]:
        return [r.body["msg"]["item_list"][0]["text_item"]["text"] for r in self.of("sendmessage")]

    async def wait_handled(self, timeout: float = WAIT_SECONDS) -> None:
        """Until the poller asks for what comes after the newest batch: it handled every batch so far."""
        cursor = f"c{len(self._batches)}"
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: any(
                r.body.get("get_updates_buf") == cursor for r in self.of("getupdates"))), timeout)

    async def wait_for(self, endpoint: str, count: int, timeout: float = WAIT_SECONDS) -> list[Request]:
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: len(self.of(endpoint)) >= count), timeout)
        return self.of(endpoint)


def user_text(user: str, text: str, *, context_token: str = "ctx-1", at: datetime | None = None) -> dict[str, Any]:
    """A text message from a person, as getupdates delivers it (sent `at`, default now)."""
    millis = int((at.timestamp() if at else time.time()) * 1000)
    return {"seq": next(_ids), "message_id": next(_ids), "from_user_id": user, "to_user_id": BOT_ID,
            "create_time_ms": millis, "message_type": 1, "message_state": 2,
            "context_token": context_token, "item_list": [{"type": 1, "text_item": {"text": text}}]}


def user_voice(user: str, transcript: str, *, context_token: str = "ctx-1",
               at: datetime | None = None) -> dict[str, Any]:
    msg = user_text(user, "", context_token=context_token, at=at)
    msg["item_list"] = [{"type": 3, "voice_item": {"encode_type": 6, "playtime": 2300, "text": transcript,
                                                   "media": {"encrypt_query_param": "x", "aes_key": "eA=="}}}]
    return msg
