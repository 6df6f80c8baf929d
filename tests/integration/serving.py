"""A web server started by a test (`fawn run` in-process or as a subprocess): a free port, and its readiness."""
from __future__ import annotations

import asyncio
import socket

import httpx


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def wait_until_serving(base_url: str, attempts: int = 200, process=None) -> None:
    """Until /healthz answers; `process` (an asyncio subprocess) that exits first is an error."""
    async with httpx.AsyncClient(base_url=base_url) as client:
        for _ in range(attempts):
            if process is not None and process.returncode is not None:
                raise RuntimeError(f"the server exited with {process.returncode}")
            try:
                if (await client.get("/healthz")).status_code == 200:
                    return
            except httpx.TransportError:
                await asyncio.sleep(0.05)      # the server is still binding: poll its readiness, not a delay
    raise TimeoutError("the web server never answered /healthz")
