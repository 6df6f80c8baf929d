"""Outgoing sends that failed: stored with a backoff and retried, never by re-running the turn.

Messenger-independent: a `SendFn` sends one `OutgoingReply` to one chat and returns the
platform's message id. Telegram's RetryAfter (or any exception with `retry_after`) sets
the earliest retry time.
"""
from __future__ import annotations

import asyncio
import logging
import warnings
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from pathlib import Path

from sqlalchemy import update
from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlmodel import select

from bot.clock import Clock, utc_now
from bot.protocol import OutgoingButton, OutgoingReply
from domain.vocabulary import ReplyKind
from storage.tables import OutboxItem

log = logging.getLogger(__name__)

SendFn = Callable[[str, OutgoingReply], Awaitable[str]]
DeliveredFn = Callable[[int, str], Awaitable[None]]

FIRST_BACKOFF = timedelta(seconds=5)
MAX_BACKOFF = timedelta(hours=1)
MAX_ATTEMPTS = 10
CLAIM_LEASE = timedelta(minutes=2)
BATCH = 50


async def deliver(sessions: async_sessionmaker, send: SendFn, *, family_id: int | None,
                  platform: str, chat_id: str, reply: OutgoingReply, reply_id: int | None,
                  now: datetime | None = None) -> str | None:
    """Send `reply`; on failure store it in the outbox and return None."""
    try:
        return await send(chat_id, reply)
    except (ValueError, TypeError):
        raise                 # a reply that breaks the contract (e.g. a token over 64 bytes): a bug, not a retry
    except Exception as exc:
        log.warning("send to %s:%s failed, queued in the outbox: %r", platform, chat_id, exc)
        moment = now or utc_now()
        async with sessions() as session:
            session.add(OutboxItem(
                family_id=family_id, platform=platform, chat_id=chat_id,
                payload=reply_to_payload(reply), reply_id=reply_id, attempts=1,
                next_attempt_at=moment + backoff(1, exc), last_error=_describe(exc),
                created_at=moment))
            await session.commit()
        return None


async def retry_due(sessions: async_sessionmaker, senders: dict[str, SendFn], now: datetime, *,
                    on_delivered: DeliveredFn | None = None) -> int:
    """Retry every outbox item that is due; returns how many were sent."""
    sent = 0
    for item in await _due_items(sessions, set(senders), now):
        if not await _claim(sessions, item, now):
            continue
        try:
            platform_id = await senders[item.platform](item.chat_id, payload_to_reply(item.payload))
        except Exception as exc:
            await _record_failure(sessions, item, exc, now)
            continue
        await _record_sent(sessions, item, now)
        if on_delivered is not None and item.reply_id is not None:
            await on_delivered(item.reply_id, platform_id)
        sent += 1
    return sent


async def run_outbox_loop(sessions: async_sessionmaker, senders: dict[str, SendFn], *,
                          stop: asyncio.Event, interval: float = 5.0, clock: Clock = utc_now,
                          on_delivered: DeliveredFn | None = None) -> None:
    """Retry due items every `interval` seconds until `stop` is set."""
    while not stop.is_set():
        try:
            await retry_due(sessions, senders, clock(), on_delivered=on_delivered)
        except Exception:
            log.exception("outbox round failed")
        try:
            await asyncio.wait_for(stop.wait(), interval)
        except TimeoutError:
            pass


def backoff(attempts: int, exc: BaseException | None = None) -> timedelta:
    """Exponential backoff from the attempt count, never sooner than the server asked."""
    delay = min(FIRST_BACKOFF * (2 ** max(attempts - 1, 0)), MAX_BACKOFF)
    asked = retry_after_of(exc)
    return max(delay, asked) if asked is not None else delay


def retry_after_of(exc: BaseException | None) -> timedelta | None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = getattr(exc, "retry_after", None)
    if value is None:
        return None
    return value if isinstance(value, timedelta) else timedelta(seconds=float(value))


def reply_to_payload(reply: OutgoingReply) -> dict:
    return {"kind": str(reply.kind), "text": reply.text,
            "buttons": [{"action": b.action, "label": b.label, "token": b.token} for b in reply.buttons],
            "image": str(reply.image) if reply.image else None}


def payload_to_reply(payload: dict) -> OutgoingReply:
    return OutgoingReply(
        kind=ReplyKind(payload.get("kind", ReplyKind.CHAT)), text=payload.get("text", ""),
        buttons=tuple(OutgoingButton(**b) for b in payload.get("buttons", ())),
        image=Path(payload["image"]) if payload.get("image") else None)


async def _due_items(sessions: async_sessionmaker, platforms: set[str], now: datetime) -> list[OutboxItem]:
    query = (select(OutboxItem)
             .where(OutboxItem.sent_at.is_(None), OutboxItem.attempts < MAX_ATTEMPTS,
                    OutboxItem.next_attempt_at <= now, OutboxItem.platform.in_(platforms))
             .order_by(OutboxItem.next_attempt_at).limit(BATCH))
    async with sessions() as session:
        return list((await session.exec(query)).all())


async def _claim(sessions: async_sessionmaker, item: OutboxItem, now: datetime) -> bool:
    """Move the item's next attempt forward first, so a second instance skips it."""
    async with sessions() as session:
        result = await session.exec(
            update(OutboxItem)
            .where(OutboxItem.id == item.id, OutboxItem.next_attempt_at == item.next_attempt_at,
                   OutboxItem.sent_at.is_(None))
            .values(next_attempt_at=now + CLAIM_LEASE))
        await session.commit()
        return result.rowcount == 1


async def _record_sent(sessions: async_sessionmaker, item: OutboxItem, now: datetime) -> None:
    async with sessions() as session:
        await session.exec(update(OutboxItem).where(OutboxItem.id == item.id).values(sent_at=now))
        await session.commit()


async def _record_failure(sessions: async_sessionmaker, item: OutboxItem, exc: BaseException,
                          now: datetime) -> None:
    attempts = item.attempts + 1
    log.warning("outbox item %s failed again (attempt %s): %r", item.id, attempts, exc)
    async with sessions() as session:
        await session.exec(
            update(OutboxItem).where(OutboxItem.id == item.id)
            .values(attempts=attempts, next_attempt_at=now + backoff(attempts, exc),
                    last_error=_describe(exc)))
        await session.commit()


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:500]
