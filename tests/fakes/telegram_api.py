"""A loopback fake of the Telegram Bot API, for the real python-telegram-bot library.

Point `Application.builder().base_url(fake.base_url).base_file_url(fake.base_file_url)`
at it. It answers the methods Fawn uses, records every call, serves `getUpdates` from
a queue (with offset and long-poll timeout) and can fail the next call of a method with
an `ok: false` answer (error_code, description, parameters). Tests wait on conditions,
never on the clock: `await fake.wait_for_call("sendMessage")`.
"""
from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.fakes.loopback import LoopbackSite

BOT_USER = {"id": 7000001, "is_bot": True, "first_name": "Fawn", "username": "fawn_test_bot"}
WAIT_SECONDS = 5.0


@dataclass
class ApiCall:
    method: str
    params: dict[str, Any]
    files: dict[str, bytes] = field(default_factory=dict)
    result: Any = None            # what the fake answered (a sent message, True, …)


@dataclass
class ApiFailure:
    error_code: int
    description: str
    parameters: dict[str, Any] | None = None


class _ApiError(Exception):
    def __init__(self, code: int, description: str) -> None:
        super().__init__(description)
        self.code, self.description = code, description


class FakeTelegramApi:
    """The fake server: start with `await fake.start()`, stop with `await fake.stop()`."""

    def __init__(self, token: str = "123456:TEST-TOKEN") -> None:
        self.token = token
        self.calls: list[ApiCall] = []
        self.files: dict[str, bytes] = {}
        self.webhook: dict[str, Any] | None = None
        self.menus: dict[tuple[str, str], list[dict[str, str]]] = {}   # (scope type, language code or "") → commands
        self._updates: list[dict[str, Any]] = []
        self._next_update_id = 1
        self._next_message_id = 1000
        self._failures: dict[str, list[ApiFailure]] = {}
        self._changed = asyncio.Condition()
        self._site = LoopbackSite()
        self._polls_released = False
        self.port = 0
        # Fault injection (the crash test): awaited with (method, params) as a call arrives — returning
        # True drops it unrecorded, as if it never reached Telegram — and after it was recorded.
        self.on_arrival: Callable[[str, dict], Awaitable[bool]] | None = None
        self.on_recorded: Callable[[str, dict], Awaitable[None]] | None = None

    # -- life cycle ---------------------------------------------------------------
    async def start(self) -> None:
        app = web.Application(client_max_size=20 * 1024 * 1024)
        app.router.add_route("*", "/bot{token}/{method}", self._method)
        app.router.add_get("/file/bot{token}/{path:.+}", self._download)
        self.port = await self._site.serve(app)

    async def stop(self) -> None:
        await self._site.close()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/file/bot"

    # -- what tests drive ---------------------------------------------------------
    async def push_update(self, update: dict[str, Any]) -> int:
        """Queue an update for getUpdates; returns its update_id."""
        update = dict(update)
        update.setdefault("update_id", self._next_update_id)
        self._next_update_id = max(self._next_update_id, update["update_id"]) + 1
        async with self._changed:
            self._updates.append(update)
            self._changed.notify_all()
        return update["update_id"]

    async def wait_acknowledged(self, update_id: int, timeout: float = WAIT_SECONDS) -> None:
        """Wait until a getUpdates offset has moved past `update_id` (the poller handled it completely)."""
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(
                lambda: all(u["update_id"] != update_id for u in self._updates)), timeout)

    async def release_long_polls(self) -> None:
        """Answer waiting and later getUpdates at once, so a stopping bot need not wait."""
        async with self._changed:
            self._polls_released = True
            self._changed.notify_all()

    def fail_next(self, method: str, error_code: int, description: str,
                  parameters: dict[str, Any] | None = None) -> None:
        self._failures.setdefault(method, []).append(ApiFailure(error_code, description, parameters))

    def add_file(self, file_id: str, content: bytes) -> None:
        self.files[f"photos/{file_id}.jpg"] = content

    def calls_of(self, method: str) -> list[ApiCall]:
        return [call for call in self.calls if call.method == method]

    async def wait_for_call(self, method: str, count: int = 1,
                            where: Callable[[ApiCall], bool] = lambda _: True,
                            timeout: float = WAIT_SECONDS) -> list[ApiCall]:
        """Wait until at least `count` calls of `method` matching `where` arrived."""
        def matching() -> list[ApiCall]:
            return [c for c in self.calls_of(method) if where(c)]

        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: len(matching()) >= count), timeout)
        return matching()

    # -- the HTTP side ------------------------------------------------------------
    async def _method(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return _error(401, "Unauthorized")
        method = request.match_info["method"]
        params, files = await _read_params(request)
        if self.on_arrival is not None and await self.on_arrival(method, params):
            return _error(500, "Internal Server Error: dropped")
        outcome, value = await self._answer(method, params)
        async with self._changed:
            self.calls.append(ApiCall(method, params, files, value if outcome == "ok" else None))
            self._changed.notify_all()
        if self.on_recorded is not None:
            await self.on_recorded(method, params)
        return _ok(value) if outcome == "ok" else value

    async def _answer(self, method: str, params: dict) -> tuple[str, Any]:
        failures = self._failures.get(method)
        if failures:
            failure = failures.pop(0)
            return "error", _error(failure.error_code, failure.description, failure.parameters)
        handler = getattr(self, f"_api_{method}", None)
        if handler is None:
            return "error", _error(404, f"Not Found: method {method} is not faked")
        try:
            return "ok", await handler(params)
        except _ApiError as exc:
            return "error", _error(exc.code, exc.description)

    async def _download(self, request: web.Request) -> web.Response:
        content = self.files.get(request.match_info["path"])
        if content is None or request.match_info["token"] != self.token:
            return web.Response(status=404)
        return web.Response(body=content, content_type="image/jpeg")

    # -- the faked methods ----------------------------------------------------------
    async def _api_getMe(self, _: dict) -> Any:
        return BOT_USER

    async def _api_deleteWebhook(self, _: dict) -> Any:
        self.webhook = None
        return True

    async def _api_setWebhook(self, params: dict) -> Any:
        self.webhook = params
        return True

    async def _api_getUpdates(self, params: dict) -> Any:
        offset = int(params.get("offset") or 0)
        timeout = float(params.get("timeout") or 0)
        async with self._changed:
            if offset:
                self._updates = [u for u in self._updates if u["update_id"] >= offset]
                self._changed.notify_all()
            try:
                await asyncio.wait_for(
                    self._changed.wait_for(lambda: bool(self._updates) or self._polls_released), timeout)
            except TimeoutError:
                return []
            return list(self._updates)

    async def _api_sendMessage(self, params: dict) -> Any:
        return self._bot_message(params, text=params.get("text", ""))

    async def _api_sendPhoto(self, params: dict) -> Any:
        message = self._bot_message(params, caption=params.get("caption"))
        message["photo"] = [{"file_id": f"sent-{message['message_id']}",
                             "file_unique_id": f"u-sent-{message['message_id']}",
                             "width": 1, "height": 1}]
        return message

    async def _api_setMyCommands(self, params: dict) -> Any:
        """Checked as the Bot API documents it: 1–100 commands, names 1–32 of a-z 0-9 _, descriptions 1–256."""
        commands = params.get("commands")
        if not isinstance(commands, list) or not 1 <= len(commands) <= 100:
            raise _ApiError(400, "Bad Request: commands must be a non-empty list")
        for command in commands:
            if not re.fullmatch(r"[a-z0-9_]{1,32}", command.get("command", "")) or \
                    not 1 <= len(command.get("description", "")) <= 256:
                raise _ApiError(400, "Bad Request: BOT_COMMAND_INVALID")
        scope = params.get("scope") or {"type": "default"}
        self.menus[(scope.get("type", "default"), params.get("language_code") or "")] = commands
        return True

    async def _api_sendDocument(self, params: dict) -> Any:
        message = self._bot_message(params, caption=params.get("caption"))
        message["document"] = {"file_id": f"doc-{message['message_id']}",
                                "file_unique_id": f"u-doc-{message['message_id']}"}
        return message

    async def _api_editMessageText(self, params: dict) -> Any:
        return self._bot_message(params, text=params.get("text", ""),
                                 message_id=int(params["message_id"]))

    async def _api_editMessageReplyMarkup(self, params: dict) -> Any:
        return self._bot_message(params, text="", message_id=int(params["message_id"]))

    async def _api_answerCallbackQuery(self, _: dict) -> Any:
        return True

    async def _api_getFile(self, params: dict) -> Any:
        file_id = params["file_id"]
        path = f"photos/{file_id}.jpg"
        if path not in self.files:
            raise _ApiError(400, "Bad Request: invalid file_id")
        return {"file_id": file_id, "file_unique_id": f"u-{file_id}",
                "file_size": len(self.files[path]), "file_path": path}

    def _bot_message(self, params: dict, message_id: int | None = None, **content: Any) -> dict:
        if message_id is None:
            self._next_message_id += 1
            message_id = self._next_message_id
        message = {"message_id": message_id, "date": int(time.time()), "from": BOT_USER,
                   "chat": {"id": int(params["chat_id"]), "type": "group", "title": "family"}}
        message.update({k: v for k, v in content.items() if v is not None})
        if params.get("reply_markup"):
            message["reply_markup"] = params["reply_markup"]
        return message


async def _read_params(request: web.Request) -> tuple[dict[str, Any], dict[str, bytes]]:
    """PTB posts form fields (JSON-encoded values) or multipart with files."""
    params: dict[str, Any] = dict(request.query)
    files: dict[str, bytes] = {}
    if request.content_type == "application/json":
        params.update(await request.json())
        return params, files
    form = await request.post()
    for key, value in form.items():
        if hasattr(value, "file"):
            files[key] = value.file.read()
        else:
            params[key] = _decode(str(value))
    return params, files


def _decode(value: str) -> Any:
    if value[:1] in "[{":
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def _ok(result: Any) -> web.Response:
    return web.json_response({"ok": True, "result": result})


def _error(code: int, description: str, parameters: dict | None = None) -> web.Response:
    body: dict[str, Any] = {"ok": False, "error_code": code, "description": description}
    if parameters:
        body["parameters"] = parameters
    return web.json_response(body, status=code)
