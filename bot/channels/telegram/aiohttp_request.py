"""python-telegram-bot's HTTP layer on aiohttp instead of httpx.

PTB lets an application bring its own `BaseRequest`; this one sends the Bot API calls with an aiohttp
session. Measured on this machine (docs/performance.md) a call costs about 0.17 ms of CPU through
aiohttp and 0.57 ms through httpx — every reply of a chat turn is one such call, which is about a twelfth
of a webhook update's cost. Behaviour is PTB's: the same timeouts (their defaults, or a method's own),
files sent as multipart form data, a timeout raised as `TimedOut`, any other failure as `NetworkError`.
aiohttp has no write timeout of its own: a request's `write_timeout` bounds the whole request instead.
"""
from __future__ import annotations

import aiohttp
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

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
        timeout = aiohttp.ClientTimeout(
            total=None if write is None or read is None else write + read,
            connect=None if connect is None or pool is None else connect + pool,   # waiting for a pooled one too
            sock_connect=connect, sock_read=read)
        try:
            async with self._session.request(method, url, data=_body(fields, files), timeout=timeout) as response:
                return response.status, await response.read()
        except TimeoutError as slow:
            raise TimedOut from slow
        except aiohttp.ClientError as failed:
            raise NetworkError(f"aiohttp.{type(failed).__name__}: {failed}") from failed


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
