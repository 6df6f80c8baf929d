"""Serving a fake on 127.0.0.1 at a free port: the part every loopback fake shares."""
from __future__ import annotations

from aiohttp import web


class LoopbackSite:
    """Starts an aiohttp app on 127.0.0.1 (port chosen by the OS) and stops it again."""

    def __init__(self) -> None:
        self.port = 0
        self._runner: web.AppRunner | None = None

    async def serve(self, app: web.Application) -> int:
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self.port

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
