"""The WeCom AI bot's long connection (WebSocket): subscribe, heartbeat, frames, acks, reconnect.

Every frame is JSON `{cmd, headers: {req_id}, body}`. We send aibot_subscribe (bot_id, secret),
then `ping` every 30 s; WeCom pushes aibot_msg_callback / aibot_event_callback, and answers each
of our frames with an ack `{headers: {req_id}, errcode, errmsg}`. A reply to a callback reuses the
callback's req_id. A dropped connection is reopened with exponential backoff (1 s doubling to
30 s); a `disconnected_event` means another connection took over, and we stop; so do five refused
subscribes in a row (a wrong Secret), as the official SDK does (`stopped_because` says why). Message ids seen
recently are remembered, so a message redelivered after a reconnect is not handled twice.
"""
from __future__ import annotations

import asyncio
import json
import logging
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from bot.channels.stopping import pause
from bot.channels.wechat.recent import RecentIds

log = logging.getLogger("fawn.wecom.socket")
# websockets logs every frame at DEBUG, and the subscribe frame holds the secret: its logger stays at INFO
FRAME_LOG = "fawn.wecom.socket.frames"

SUBSCRIBE, PING = "aibot_subscribe", "ping"
MESSAGE_CALLBACK, EVENT_CALLBACK = "aibot_msg_callback", "aibot_event_callback"
RESPOND, RESPOND_UPDATE, SEND = "aibot_respond_msg", "aibot_respond_update_msg", "aibot_send_msg"
TAKEN_OVER = "disconnected_event"
MAX_REFUSED_SUBSCRIBES = 5

FrameHandler = Callable[[dict[str, Any]], Awaitable[None]]


class SocketError(Exception):
    """The long connection could not do what was asked."""


class NotConnected(SocketError):
    pass


class Refused(SocketError):
    """WeCom acknowledged a frame with a non-zero errcode."""

    def __init__(self, cmd: str, errcode: Any, errmsg: Any) -> None:
        super().__init__(f"{cmd} refused: errcode {errcode} {errmsg}")
        self.cmd, self.errcode = cmd, errcode


@dataclass(frozen=True)
class Backoff:
    first: float = 1.0
    cap: float = 30.0

    def delay(self, attempt: int) -> float:
        return min(self.first * 2 ** max(attempt - 1, 0), self.cap)


class WeComSocket:
    def __init__(self, url: str, bot_id: str, secret: str, *, heartbeat: float = 30.0, ack_timeout: float = 5.0,
                 backoff: Backoff = Backoff(), max_missed_pongs: int = 2,
                 max_refused: int = MAX_REFUSED_SUBSCRIBES) -> None:
        self.url, self.bot_id, self._secret = url, bot_id, secret
        self.heartbeat, self.ack_timeout, self.backoff = heartbeat, ack_timeout, backoff
        self.max_missed_pongs, self.max_refused = max_missed_pongs, max_refused
        self.stopped_because: str | None = None       # why it stopped by itself (a takeover, a refused Secret)
        self.on_frame: FrameHandler | None = None
        self.recent = RecentIds()
        self.authenticated = asyncio.Event()
        self.subscriptions = 0                       # successful subscribes so far (a reconnect adds one)
        self.taken_over = False
        self._ws: ClientConnection | None = None
        self._pending: dict[str, asyncio.Future] = {}
        self._handlers: set[asyncio.Task] = set()

    def __repr__(self) -> str:
        return f"WeComSocket({self.url!r}, bot_id={self.bot_id!r}, secret=***)"

    async def run(self, stop: asyncio.Event) -> None:
        """Stay connected until `stop` is set — or until another connection takes over, or WeCom refuses the
        BotID and Secret `max_refused` times in a row (the official SDK's maxAuthFailureAttempts is 5)."""
        attempt = refused = 0
        while not stop.is_set() and self.stopped_because is None:
            before = self.subscriptions
            try:
                await self._session(stop)
            except Refused as no:
                refused = refused + 1 if no.cmd == SUBSCRIBE else 0
                log.warning("wecom long connection refused: errcode %s", no.errcode)
                if refused >= self.max_refused:
                    self.stopped_because = f"WeCom refused the BotID and Secret {refused} times (errcode " \
                                           f"{no.errcode}): check [wecom] bot_id and FAWN_WECOM__SECRET"
            except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake, InvalidURI, SocketError) as exc:
                log.warning("wecom long connection lost: %s", type(exc).__name__)
            if stop.is_set() or self.stopped_because is not None:
                break
            attempt = 1 if self.subscriptions > before else attempt + 1
            refused = 0 if self.subscriptions > before else refused
            await pause(stop, self.backoff.delay(attempt))

    async def _session(self, stop: asyncio.Event) -> None:
        frames = logging.getLogger(FRAME_LOG)
        frames.setLevel(max(frames.getEffectiveLevel(), logging.INFO))
        async with connect(self.url, open_timeout=self.ack_timeout, max_size=4 * 1024 * 1024, logger=frames) as ws:
            try:
                await self._subscribe(ws)
                self._ws = ws
                self.subscriptions += 1
                self.authenticated.set()
                log.info("wecom long connection subscribed")
                await self._serve(ws, stop)
            finally:
                self._ws = None
                self.authenticated.clear()
                self._fail_pending()

    async def _subscribe(self, ws: ClientConnection) -> None:
        req_id = f"{SUBSCRIBE}_{uuid.uuid4().hex}"
        await ws.send(_frame(SUBSCRIBE, req_id, {"bot_id": self.bot_id, "secret": self._secret}))
        async with asyncio.timeout(self.ack_timeout):
            while True:
                frame = json.loads(await ws.recv())
                if (frame.get("headers") or {}).get("req_id") == req_id:
                    break
                self._dispatch(frame)
        if frame.get("errcode") not in (0, None):
            raise Refused(SUBSCRIBE, frame.get("errcode"), frame.get("errmsg"))

    async def _serve(self, ws: ClientConnection, stop: asyncio.Event) -> None:
        tasks = {asyncio.create_task(self._read(ws)), asyncio.create_task(self._beat()),
                 asyncio.create_task(stop.wait())}
        done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        for task in done:
            if not task.cancelled() and task.exception() is not None:
                raise task.exception()

    async def _read(self, ws: ClientConnection) -> None:
        async for raw in ws:
            try:
                frame = json.loads(raw)
            except ValueError:
                log.warning("wecom sent a frame that is not JSON")
                continue
            if self._dispatch(frame) == TAKEN_OVER:
                return

    def _dispatch(self, frame: dict[str, Any]) -> str | None:
        cmd, body = frame.get("cmd"), frame.get("body") or {}
        if cmd in (MESSAGE_CALLBACK, EVENT_CALLBACK):
            if (body.get("event") or {}).get("eventtype") == TAKEN_OVER:
                self.taken_over = True
                self.stopped_because = "another connection took over this bot (one connection per bot): " \
                                       "stop the other process, then restart this one"
                return TAKEN_OVER
            if self.recent.first_time(str(body.get("msgid") or "")):
                self._handle(frame)
            return cmd
        future = self._pending.get((frame.get("headers") or {}).get("req_id", ""))
        if future is not None and not future.done():
            future.set_result(frame)
        return None

    def _handle(self, frame: dict[str, Any]) -> None:
        if self.on_frame is None:
            return
        task = asyncio.create_task(self.on_frame(frame))
        self._handlers.add(task)
        task.add_done_callback(self._handled)

    def _handled(self, task: asyncio.Task) -> None:
        self._handlers.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a wecom frame failed", exc_info=task.exception())

    async def _beat(self) -> None:
        missed = 0
        while missed < self.max_missed_pongs:
            await asyncio.sleep(self.heartbeat)
            try:
                await self.request(PING, None)
                missed = 0
            except (TimeoutError, Refused):
                missed += 1
        log.warning("wecom heartbeat unanswered %s times: reconnecting", missed)

    async def request(self, cmd: str, body: dict[str, Any] | None, req_id: str | None = None) -> dict[str, Any]:
        """Send one frame and wait for its ack (NotConnected, TimeoutError or Refused when it fails)."""
        ws = self._ws
        if ws is None:
            raise NotConnected(cmd)
        req_id = req_id or f"{cmd}_{uuid.uuid4().hex}"
        future = asyncio.get_running_loop().create_future()
        self._pending[req_id] = future
        try:
            await ws.send(_frame(cmd, req_id, body))
            ack = await asyncio.wait_for(future, self.ack_timeout)
        except ConnectionClosed as closed:
            raise NotConnected(cmd) from closed
        finally:
            self._pending.pop(req_id, None)
        if ack.get("errcode") not in (0, None):
            raise Refused(cmd, ack.get("errcode"), ack.get("errmsg"))
        return ack

    def _fail_pending(self) -> None:
        for future in self._pending.values():
            if not future.done():
                future.set_exception(NotConnected("connection closed"))
        self._pending.clear()

    async def idle(self) -> None:
        """Wait until every frame received so far has been handled (tests, shutdown)."""
        while self._handlers:
            await asyncio.gather(*list(self._handlers), return_exceptions=True)


def _frame(cmd: str, req_id: str, body: dict[str, Any] | None) -> str:
    frame: dict[str, Any] = {"cmd": cmd, "headers": {"req_id": req_id}}
    if body is not None:
        frame["body"] = body
    return json.dumps(frame, ensure_ascii=False)

