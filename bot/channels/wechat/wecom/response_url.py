"""Posting to a callback's response_url (valid one hour, usable once), with httpx. Which answer goes
where is late.py's; response URLs carry a one-time code: they are never logged."""
from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

import httpx

log = logging.getLogger("fawn.wecom")

VALID_FOR = timedelta(hours=1)
REQUEST_TIMEOUT = 10.0


class ResponseUrlError(Exception):
    """WeCom refused an answer posted to a response_url."""


class ResponseUrlPoster:
    def __init__(self, client: httpx.AsyncClient | None = None) -> None:
        self._client = client or httpx.AsyncClient(timeout=REQUEST_TIMEOUT)

    async def post(self, url: str, body: dict[str, Any]) -> None:
        response = await self._client.post(url, json=body)
        if response.status_code >= 400:
            raise ResponseUrlError(f"HTTP {response.status_code}")
        errcode = _errcode(response)
        if errcode:
            raise ResponseUrlError(f"errcode {errcode}")

    async def aclose(self) -> None:
        await self._client.aclose()


def _errcode(response: httpx.Response) -> int:
    try:
        return int((response.json() or {}).get("errcode") or 0)
    except (ValueError, AttributeError, TypeError):
        return 0
