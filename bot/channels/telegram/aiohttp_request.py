"""python-telegram-bot's HTTP layer on aiohttp instead of httpx.

PTB lets an application bring its own `BaseRequest`; this one sends the Bot API calls with an aiohttp
session. Measured on this machine (docs/performance.md) a call costs about 0.17 ms of CPU through
aiohttp and 0.57 ms through httpx — every reply of a chat turn is one such call, which is about a twelfth
of a webhook update's cost. Behaviour is PTB's: the same timeouts (their defaults, or a method's own),
files sent as multipart form data, a timeout raised as `TimedOut`, any other failure as `NetworkError`.
aiohttp has no write timeout of its own: a request's `write_timeout` bounds the whole request instead.

`post_json` is the lighter way for the common reply (`sendMessage`, `answerCallbackQuery`; see `call_api`): the
parameters already one JSON body, the answer's `result` returned as plain JSON values, and a refusal raised as the
same python-telegram-bot error `BaseRequest.post` raises for it (`api_error`, tested against PTB's own).
"""
from __future__ import annotations

import json
import logging
from http import HTTPStatus
from typing import Any

import aiohttp
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Conflict,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TelegramError,
    TimedOut,
)
from telegram.request import BaseRequest, RequestData

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT_S = 5.0
MEDIA_WRITE_TIMEOUT_S = 20.0


def _given(value, default: float | None) -> float | None:
    return default if isinstance(value, type(BaseRequest.DEFAULT_NONE)) else value


class AiohttpRequest(BaseRequest):
    def __init__(self, connection_pool_size: int = 256, read_timeout: float | None = DEFAULT_TIMEOUT_S,
                 write_timeout: float | None = DEFAULT_TIMEOUT_S, connect_timeout: float | None = DEFAULT_TIMEOUT_S,
                 pool_timeout: float | None = 1.0, media_write_timeout: float | None = MEDIA_WRITE_TIMEOUT_S) -> None:
        self._pool_size = connection_pool_size
        self._read, self._write, self._connect, self._pool = read_timeout, write_timeout, connect_timeout, pool_timeout
        self._media_write = media_write_timeout
        self._session: aiohttp.ClientSession | None = None
        self._json_timeout = _timeout(read_timeout, write_timeout, connect_timeout, pool_timeout)

    @property
    def read_timeout(self) -> float | None:
        return self._read

    async def initialize(self) -> None:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(limit=self._pool_size),
                headers={"User-Agent": self.USER_AGENT}, auto_decompress=True)

    async def shutdown(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()
        self._session = None

    async def do_request(self, url: str, method: str, request_data: RequestData | None = None,
                         read_timeout=BaseRequest.DEFAULT_NONE, write_timeout=BaseRequest.DEFAULT_NONE,
                         connect_timeout=BaseRequest.DEFAULT_NONE,
                         pool_timeout=BaseRequest.DEFAULT_NONE) -> tuple[int, bytes]:
        if self._session is None or self._session.closed:
            raise RuntimeError("This AiohttpRequest is not initialized!")
        files = request_data.multipart_data if request_data else None
        fields = request_data.json_parameters if request_data else None
        read = _given(read_timeout, self._read)
        write = _given(write_timeout, self._media_write if files else self._write)
        connect, pool = _given(connect_timeout, self._connect), _given(pool_timeout, self._pool)
        timeout = _timeout(read, write, connect, pool)
        try:
            async with self._session.request(method, url, data=_body(fields, files), timeout=timeout) as response:
                return response.status, await response.read()
        except TimeoutError as slow:
            raise TimedOut from slow
        except aiohttp.ClientError as failed:
            raise NetworkError(f"aiohttp.{type(failed).__name__}: {failed}") from failed

    async def post_json(self, url: str, body: bytes) -> Any:
        """POST a Bot API call whose parameters are already one JSON body (the default timeouts): the answer's
        `result`, or the error `BaseRequest.post` would raise — TimedOut, NetworkError, RetryAfter, BadRequest …"""
        session = self._session
        if session is None or session.closed:
            raise RuntimeError("This AiohttpRequest is not initialized!")
        try:
            async with session.post(url, data=body, headers=_JSON, timeout=self._json_timeout) as response:
                code, payload = response.status, await response.read()
        except TimeoutError as slow:
            raise TimedOut from slow
        except aiohttp.ClientError as failed:
            raise NetworkError(f"aiohttp.{type(failed).__name__}: {failed}") from failed
        except Exception as failed:                 # as PTB's own wrapper has it
            raise NetworkError(f"Unknown error in HTTP implementation: {failed!r}") from failed
        if 200 <= code <= 299:
            return self.parse_json_payload(payload)["result"]
        raise api_error(code, payload)


_JSON = {"Content-Type": "application/json"}


def _timeout(read: float | None, write: float | None, connect: float | None,
             pool: float | None) -> aiohttp.ClientTimeout:
    return aiohttp.ClientTimeout(
        total=None if write is None or read is None else write + read,
        connect=None if connect is None or pool is None else connect + pool,   # waiting for a pooled one too
        sock_connect=connect, sock_read=read)


def api_error(code: int, payload: bytes) -> TelegramError:
    """The error python-telegram-bot raises for a Bot API answer that is not 2xx (`BaseRequest._request_wrapper`,
    step by step): a chat that moved, a retry_after, then by status — 403 Forbidden, 401/404 InvalidToken,
    400 BadRequest, 409 Conflict, anything else NetworkError."""
    try:
        message = f"{HTTPStatus(code).phrase} ({code})"
    except ValueError:
        message = f"Unknown HTTPError ({code})"
    unreadable: TelegramError | None = None
    try:
        answer = BaseRequest.parse_json_payload(payload)
    except TelegramError as failed:
        message += f". Parsing the server response {payload!r} failed"
        unreadable = failed
    else:
        message = answer.get("description") or message
        parameters = answer.get("parameters")
        if parameters:
            if parameters.get("migrate_to_chat_id"):
                return ChatMigrated(parameters["migrate_to_chat_id"])
            if parameters.get("retry_after"):
                return RetryAfter(parameters["retry_after"])
            message += f". The server response contained unknown parameters: {parameters}"
    if code == HTTPStatus.FORBIDDEN:
        error: TelegramError = Forbidden(message)
    elif code in (HTTPStatus.NOT_FOUND, HTTPStatus.UNAUTHORIZED):
        error = InvalidToken(message)
    elif code == HTTPStatus.BAD_REQUEST:
        error = BadRequest(message)
    elif code == HTTPStatus.CONFLICT:
        error = Conflict(message)
    else:
        error = NetworkError(message)
    if unreadable is not None:
        error.__cause__ = unreadable
    return error


async def call_api(bot, endpoint: str, parameters: dict[str, Any]) -> Any:
    """A Bot API call of plain JSON values (no None among them), its `result` as plain JSON values: posted as one
    JSON body through the bot's own aiohttp session, through its rate limiter when it has one (which waits out a
    429 and tries again, as for every other call). A bot on another HTTP layer goes through PTB's own post."""
    request = bot.request
    if not isinstance(request, AiohttpRequest):
        return await bot._post(endpoint, dict(parameters))
    url, body = f"{bot.base_url}/{endpoint}", json.dumps(parameters, ensure_ascii=False).encode()
    log.debug("Bot API call %s, %d bytes of JSON", endpoint, len(body))      # never its text
    limiter = getattr(bot, "rate_limiter", None)
    if limiter is None:
        return await request.post_json(url, body)
    return await limiter.process_request(callback=request.post_json, args=(url, body), kwargs={},
                                         endpoint=endpoint, data=parameters, rate_limit_args=None)


def _body(fields: dict[str, str] | None, files: dict | None) -> aiohttp.FormData | dict[str, str] | None:
    """Form fields as PTB encodes them (values already JSON where needed); with files, multipart."""
    if not files:
        return fields
    form = aiohttp.FormData(quote_fields=False)
    for name, value in (fields or {}).items():
        form.add_field(name, value)
    for name, (filename, content, mimetype) in files.items():
        form.add_field(name, content, filename=filename, content_type=mimetype)
    return form
