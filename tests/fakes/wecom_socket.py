"""A loopback fake of WeCom's AI bot long-connection server (the real `websockets` library).

It checks the subscribe frame (bot_id, secret), acks every frame the bot sends (errcode 0; a
reply on a req_id this connection did not push is refused with 846605 "invalid req_id"),
records them, pushes callbacks to the connected bot, and can drop the connection. Tests wait
on conditions (`wait_for`, `wait_subscribed`), never on the clock.
"""
from __future__ import annotations

import asyncio
import itertools
import json
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

BOT_ID, SECRET = "aib-test-fawn", "test-secret-0001"
WAIT_SECONDS = 5.0


@dataclass
class Sent:
    cmd: str
    req_id: str
    body: dict[str, Any] | None
    accepted: bool = True


@dataclass
class FakeWeComSocketServer:
    bot_id: str = BOT_ID
    secret: str = SECRET
    sent: list[Sent] = field(default_factory=list)
    subscriptions: int = 0
    refused_subscriptions: int = 0
    answer_pings: bool = True

    def __post_init__(self) -> None:
        self._server: Server | None = None
        self._current: ServerConnection | None = None
        self._changed = asyncio.Condition()
        self._req_ids = itertools.count(1)
        self._pushed: dict[ServerConnection, set[str]] = {}
        self.port = 0

    async def start(self) -> None:
        self._server = await serve(self._connection, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    async def _connection(self, ws: ServerConnection) -> None:
        try:
            if not await self._subscribed(ws):
                return
            async with self._changed:
                self._current = ws
                self.subscriptions += 1
                self._changed.notify_all()
            async for raw in ws:
                await self._received(ws, json.loads(raw))
        except ConnectionClosed:
            pass
        finally:
            if self._current is ws:
                self._current = None

    async def _subscribed(self, ws: ServerConnection) -> bool:
        frame = json.loads(await ws.recv())
        body, req_id = frame.get("body") or {}, frame["headers"]["req_id"]
        good = frame.get("cmd") == "aibot_subscribe" and body == {"bot_id": self.bot_id, "secret": self.secret}
        await ws.send(json.dumps({"headers": {"req_id": req_id}, "errcode": 0 if good else 40058,
                                  "errmsg": "ok" if good else "invalid secret"}))
        if not good:
            async with self._changed:
                self.refused_subscriptions += 1
                self._changed.notify_all()
            await ws.close()
        return good

    async def _received(self, ws: ServerConnection, frame: dict[str, Any]) -> None:
        cmd, req_id = frame.get("cmd", ""), frame["headers"]["req_id"]
        stale = cmd.startswith("aibot_respond") and req_id not in self._pushed.get(ws, set())
        async with self._changed:
            self.sent.append(Sent(cmd, req_id, frame.get("body"), accepted=not stale))
            self._changed.notify_all()
        if cmd == "ping" and not self.answer_pings:
            return
        await ws.send(json.dumps({"headers": {"req_id": req_id}, "errcode": 846605 if stale else 0,
                                  "errmsg": "invalid req_id" if stale else "ok"}))

    async def push(self, body: dict[str, Any], *, event: bool = False) -> str:
        """Send a callback to the connected bot; returns its req_id."""
        await self.wait_subscribed(self.subscriptions or 1)
        req_id = f"req-{next(self._req_ids)}"
        cmd = "aibot_event_callback" if event else "aibot_msg_callback"
        self._pushed.setdefault(self._current, set()).add(req_id)
        await self._current.send(json.dumps({"cmd": cmd, "headers": {"req_id": req_id}, "body": body},
                                            ensure_ascii=False))
        return req_id

    async def drop(self) -> None:
        """Close the current connection from the server side, mid-conversation."""
        ws = self._current
        self._current = None
        if ws is not None:
            await ws.close(code=1011, reason="dropped by the fake")

    async def wait_subscribed(self, count: int, timeout: float = WAIT_SECONDS) -> None:
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(
                lambda: self.subscriptions >= count and self._current is not None), timeout)

    async def wait_refused(self, count: int, timeout: float = WAIT_SECONDS) -> None:
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: self.refused_subscriptions >= count), timeout)

    async def wait_for(self, cmd: str, count: int, timeout: float = WAIT_SECONDS) -> list[Sent]:
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: len(self.of(cmd)) >= count), timeout)
        return self.of(cmd)

    def of(self, cmd: str) -> list[Sent]:
        return [s for s in self.sent if s.cmd == cmd]

    def accepted(self, cmd: str) -> list[Sent]:
        """The frames of `cmd` this fake acked with errcode 0."""
        return [s for s in self.of(cmd) if s.accepted]
