"""THE outbox: every reply, summary and reminder is sent through here. A send that fails is
stored with one backoff policy and retried later, never by re-running the turn.

Messenger-independent: a `SendFn` sends one `OutgoingReply` to one chat and returns the
platform's message id. Telegram's RetryAfter (or any exception with `retry_after`) sets the
earliest retry time.
"""
from __future__ import annotations

import asyncio
import logging
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from bot.clock import Clock, utc_now
from bot.family import export_files
from bot.protocol import OutgoingButton, OutgoingReply, SendFn, SendMustWait, TurnResult
from domain.vocabulary import ReplyKind
from storage.engine import Database
from storage.repositories.outbox import OutboxEntry

log = logging.getLogger(__name__)

FIRST_BACKOFF = timedelta(seconds=5)
MAX_BACKOFF = timedelta(hours=1)
MAX_ATTEMPTS = 10
SEND_LEASE = timedelta(minutes=2)
"""How long an instance that took a due item keeps the others off it while it sends."""
BATCH = 50


@dataclass(frozen=True)
class Destination:
    """Where a send goes, and what it is (a stored reply's id, or a push's name for the log)."""

    platform: str
    chat_id: str
    family_id: int | None = None
    reply_id: int | None = None       # messages.id of the stored reply: marked delivered once sent
    about: str | None = None          # e.g. "summary:daily:2026-05-04", "reminder:med:12"


class Outbox:
    def __init__(self, database: Database, clock: Clock = utc_now) -> None:
        self.database = database
        self.clock = clock

    async def deliver(self, send: SendFn, to: Destination, reply: OutgoingReply) -> str | None:
        """Send now; on failure keep it for a retry and return None. A sent reply is marked delivered."""
        reply = _files_still_there(reply)
        try:
            platform_id = await send(to.chat_id, reply)
        except (ValueError, TypeError):
            raise                 # a reply that breaks the contract (e.g. a token over 64 bytes): a bug, not a retry
        except SendMustWait as waiting:
            log.info("send to %s:%s waits for the %s: %s", to.platform, to.chat_id, waiting.until, waiting)
            await self._keep(to, reply, waiting, waiting_for=waiting.until)
            return None
        except Exception as failed:   # any other failed send goes to the outbox
            log.warning("send to %s:%s failed, kept in the outbox: %s", to.platform, to.chat_id, _describe(failed))
            await self._keep(to, reply, failed)
            return None
        _taken(reply)
        await self.mark_delivered(to.reply_id, platform_id)
        return platform_id

    async def send_reply(self, send: SendFn, platform: str, chat_id: str, result: TurnResult, *,
                         mark: bool = True) -> str | None:
        """A turn's reply to the chat it came from (the DeliveryPort of bot/protocol.py)."""
        if result.reply is None:
            return None
        to = Destination(platform, chat_id, result.family_id, result.reply_id if mark else None)
        return await self.deliver(send, to, result.reply)

    async def mark_delivered(self, reply_id: int | None, platform_message_id: str) -> None:
        if reply_id is None:
            return
        async with self.database.bare_statement() as uow:
            await uow.messages.mark_delivered(reply_id, platform_message_id)
            await uow.commit()

    async def resume(self, platform: str, until: str, chat_id: str | None = None) -> int:
        """What waited for `until` on the platform (and chat) is due now (sent on the next round)."""
        async with self.database.unit_of_work() as uow:
            woken = await uow.outbox.resume(platform, until, chat_id, self.clock())
            await uow.commit()
        return woken

    async def retry_due(self, senders: Mapping[str, SendFn], now: datetime | None = None) -> int:
        """Retry every item that is due on a platform we can send to; returns how many were sent."""
        now = now or self.clock()
        async with self.database.unit_of_work() as uow:
            due = await uow.outbox.due(set(senders), now, MAX_ATTEMPTS, BATCH)
        sent = 0
        for item in due:
            if await self._take(item, now):
                sent += await self._retry(senders[item.platform], item, now)
        return sent

    async def run(self, senders: Mapping[str, SendFn], *, stop: asyncio.Event, interval: float = 5.0) -> None:
        """Retry due items every `interval` seconds until `stop` is set."""
        while not stop.is_set():
            try:
                await self.retry_due(senders)
            except Exception:   # the loop outlives one bad round
                log.exception("outbox round failed")
            try:
                await asyncio.wait_for(stop.wait(), interval)
            except TimeoutError:
                pass

    async def _keep(self, to: Destination, reply: OutgoingReply, failed: BaseException,
                    waiting_for: str | None = None) -> None:
        now = self.clock()
        async with self.database.unit_of_work() as uow:
            await uow.outbox.enqueue(family_id=to.family_id, platform=to.platform, chat_id=to.chat_id,
                                     payload=reply_to_payload(reply, to.about), reply_id=to.reply_id,
                                     next_attempt_at=now + backoff(1, failed), error=_describe(failed), now=now,
                                     waiting_for=waiting_for)
            await uow.commit()

    async def _take(self, item: OutboxEntry, now: datetime) -> bool:
        async with self.database.unit_of_work() as uow:
            taken = await uow.outbox.take(item, now + SEND_LEASE)
            await uow.commit()
        return taken

    async def _retry(self, send: SendFn, item: OutboxEntry, now: datetime) -> int:
        try:
            reply = _files_still_there(payload_to_reply(item.payload))
            platform_id = await send(item.chat_id, reply)
        except SendMustWait as waiting:
            async with self.database.unit_of_work() as uow:
                await uow.outbox.wait_for(item.id, waiting.until, _describe(waiting))
                await uow.commit()
            return 0
        except Exception as failed:
            attempts = item.attempts + 1
            log.warning("outbox item %s failed again (attempt %s): %s", item.id, attempts, _describe(failed))
            async with self.database.unit_of_work() as uow:
                await uow.outbox.mark_failed(item.id, attempts, now + backoff(attempts, failed), _describe(failed))
                await uow.commit()
            return 0
        _taken(reply)
        async with self.database.unit_of_work() as uow:
            await uow.outbox.mark_sent(item.id, now)
            if item.reply_id is not None:
                await uow.messages.mark_delivered(item.reply_id, platform_id)
            await uow.commit()
        return 1


def _files_still_there(reply: OutgoingReply) -> OutgoingReply:
    """A file that is gone (an export the platform took already, or one swept after its hour) is not sent
    again: the text goes alone."""
    if reply.document is not None and not reply.document.exists():
        return replace(reply, document=None)
    return reply


def _taken(reply: OutgoingReply) -> None:
    """The platform has the export file now: the copy on this machine goes."""
    if reply.document is not None and export_files.is_export(reply.document):
        export_files.forget(reply.document)


def backoff(attempts: int, failed: BaseException | None = None) -> timedelta:
    """Exponential backoff from the attempt count, never sooner than the server asked."""
    delay = min(FIRST_BACKOFF * (2 ** max(attempts - 1, 0)), MAX_BACKOFF)
    asked = retry_after_of(failed)
    return max(delay, asked) if asked is not None else delay


def retry_after_of(failed: BaseException | None) -> timedelta | None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = getattr(failed, "retry_after", None)
    if value is None:
        return None
    return value if isinstance(value, timedelta) else timedelta(seconds=float(value))


def reply_to_payload(reply: OutgoingReply, about: str | None = None) -> dict[str, Any]:
    """The one payload shape every kept send has."""
    return {"kind": str(reply.kind), "text": reply.text,
            "buttons": [{"action": b.action, "label": b.label, "token": b.token} for b in reply.buttons],
            "image": str(reply.image) if reply.image else None, "language": reply.language, "about": about,
            "document": str(reply.document) if reply.document else None}


def payload_to_reply(payload: dict[str, Any]) -> OutgoingReply:
    return OutgoingReply(
        kind=ReplyKind(payload.get("kind", ReplyKind.CHAT)), text=payload.get("text", ""),
        buttons=tuple(OutgoingButton(**b) for b in payload.get("buttons", ())),
        image=Path(payload["image"]) if payload.get("image") else None, language=payload.get("language", "zh"),
        document=Path(payload["document"]) if payload.get("document") else None)


def _describe(failed: BaseException) -> str:
    """The failure's type and message, never more than 500 characters (never the reply text)."""
    return f"{type(failed).__name__}: {failed}"[:500]
