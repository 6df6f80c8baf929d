"""Answers through a callback's response_url (valid one hour, usable once), with httpx.

A turn slower than the passive-reply window is answered here. `ResponseUrlBook` keeps each
chat's unused response_urls, so a failed answer stored in the outbox can be retried through a
fresh one (`ResponseUrlSender` is the callback mode's `SendFn`). Response URLs carry a one-time
code: they are never logged.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import httpx

from bot.channels.wechat.wecom.cards import new_task_id, push_body
from bot.clock import Clock, utc_now
from bot.protocol import OutgoingReply

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


@dataclass
class _Url:
    url: str
    expires_at: datetime


class ResponseUrlBook:
    """Each chat's response_urls not used yet, newest last."""

    def __init__(self, per_chat: int = 20) -> None:
        self.per_chat = per_chat
        self._urls: dict[str, list[_Url]] = {}

    def remember(self, chat_id: str, url: str | None, received_at: datetime) -> None:
        if not url:
            return
        urls = self._urls.setdefault(chat_id, [])
        urls.append(_Url(url, received_at + VALID_FOR))
        del urls[: -self.per_chat]

    def fresh(self, chat_id: str, now: datetime) -> str | None:
        urls = [u for u in self._urls.get(chat_id, []) if u.expires_at > now]
        self._urls[chat_id] = urls
        return urls[-1].url if urls else None

    def used(self, url: str) -> None:
        for chat_id, urls in self._urls.items():
            self._urls[chat_id] = [u for u in urls if u.url != url]


class ResponseUrlSender:
    """`await sender(chat_id, reply)`: a message through the chat's freshest unused response_url."""

    def __init__(self, poster: ResponseUrlPoster, book: ResponseUrlBook, clock: Clock = utc_now) -> None:
        self.poster, self.book, self.clock = poster, book, clock

    async def __call__(self, chat_id: str, reply: OutgoingReply) -> str:
        url = self.book.fresh(chat_id, self.clock())
        if url is None:
            raise LookupError("no unused response_url for this chat within the hour")
        task_id = new_task_id()
        await self.poster.post(url, push_body(reply, task_id=task_id))
        self.book.used(url)
        return task_id
