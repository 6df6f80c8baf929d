"""A loopback fake of WeCom's AI bot long-connection server (the real `websockets` library).

It checks the subscribe frame (bot_id, secret), acks every frame the bot sends (errcode 0; a
reply on a req_id this connection did not push is refused with 846605 "invalid req_id"),
records them, pushes callbacks to the connected bot, and can drop the connection. Tests wait
on conditions (`wait_for`, `wait_subscribed`), never on the clock.
"""
from __future__ import annotations

import asyncio
import base64
import hashlib
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
    uploads: dict[str, dict[str, Any]] = field(default_factory=dict)
    media: dict[str, tuple[str, bytes]] = field(default_factory=dict)      # media_id → (filename, bytes)

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
        ack: dict[str, Any] = {"headers": {"req_id": req_id}, "errcode": 846605 if stale else 0,
                               "errmsg": "invalid req_id" if stale else "ok"}
        if cmd.startswith("aibot_upload_media"):
            ack.update(self._upload(cmd, frame.get("body") or {}))
        await ws.send(json.dumps(ack))

    def _upload(self, cmd: str, body: dict[str, Any]) -> dict[str, Any]:
        """The temporary-media upload as WeCom documents it: init → upload_id, chunks numbered from 0 with
        base64 data, finish → media_id when every chunk came and the MD5 matches (else errcode 40000)."""
        if cmd == "aibot_upload_media_init":
            upload_id = f"upload-{len(self.uploads) + 1}"
            self.uploads[upload_id] = {**body, "chunks": {}}
            return {"body": {"upload_id": upload_id}}
        upload = self.uploads.get(body.get("upload_id", ""))
        if upload is None:
            return {"errcode": 40000, "errmsg": "invalid upload_id"}
        if cmd == "aibot_upload_media_chunk":
            upload["chunks"][int(body["chunk_index"])] = base64.b64decode(body["base64_data"])
            return {}
        data = b"".join(upload["chunks"][i] for i in sorted(upload["chunks"]))
        if sorted(upload["chunks"]) != list(range(upload["total_chunks"])) or \
                hashlib.md5(data).hexdigest() != upload["md5"] or len(data) != upload["total_size"]:
            return {"errcode": 40000, "errmsg": "upload incomplete"}
        media_id = f"media-{len(self.media) + 1}"
        self.media[media_id] = (upload["filename"], data)
        return {"body": {"media_id": media_id, "type": upload["type"]}}

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
