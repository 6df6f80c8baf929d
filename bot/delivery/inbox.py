"""THE rule for everything that comes in: **never acknowledge what is not committed.**

A platform that is told "received" (an HTTP 200, an advanced cursor, an ack) sends nothing again, so an
update may be acknowledged only once it is safe in the database. A channel does that one of two ways:

1. its turn commits before the acknowledgement (Telegram's webhook answers 503 until the turn has
   committed, and Telegram delivers again; iLink's cursor is saved only after the batch's turns); or
2. when the platform's patience is shorter than a turn may take (WeCom's callback: about five seconds,
   then it gives up on the request), the update itself is stored here first — its own short transaction —
   and acknowledged after that commit; its turn runs afterwards, and whatever did not finish (the database
   was locked, the process died, the model was slow) is finished later: at start-up, and again every few
   seconds, so also as soon as the database is back.

`Inbox.keep` holds the request open while the database cannot take the row (it retries, up to
`hold_seconds`): a platform that times out delivers again and finds the row; a process that dies first
leaves the update unacknowledged, so the platform delivers it again. `Inbox.run` finishes what is pending
with a `Finisher` per platform. A new channel whose platform does not redeliver until a turn commits uses
the inbox; nothing else acknowledges an update.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime, timedelta
from typing import Any

from bot.clock import Clock, utc_now
from bot.protocol import KeptUpdate
from storage.engine import Database
from storage.errors import Unavailable
from storage.repositories.inbox import InboxEntry

log = logging.getLogger(__name__)

HOLD_SECONDS = 60.0
"""How long a request is held open while its update cannot be stored (then 503)."""
LEASE = timedelta(minutes=1)
"""How long a process that took an update keeps the others off it while it runs the turn. After a crash the
update waits this long before a restarted process (or another instance) finishes it."""
FIRST_BACKOFF, MAX_BACKOFF = timedelta(seconds=2), timedelta(minutes=5)
KEEP_DONE = timedelta(days=1)
BATCH = 20

Finisher = Callable[[KeptUpdate], Awaitable[bool]]
"""`await finish(entry)` → True when the update is finished (answered, or nothing left to do); False to try
again later (the database is unavailable, the answer could not be sent yet)."""


def kept(entry: InboxEntry, new: bool = False) -> KeptUpdate:
    return KeptUpdate(entry.id, entry.platform, entry.payload, entry.received_at, new)


class Inbox:
    """The `InboxPort` of bot/protocol.py, and the loop that finishes what is pending."""

    def __init__(self, database: Database, clock: Clock = utc_now, *, hold_seconds: float = HOLD_SECONDS,
                 retry_pause: float = 0.25, lease: timedelta = LEASE) -> None:
        self.database, self.clock = database, clock
        self.hold_seconds, self.retry_pause, self.lease = hold_seconds, retry_pause, lease
        self._entries: dict[int, InboxEntry] = {}   # kept here, their turn running
        self._ours: dict[int, InboxEntry] = {}      # taken here and not finished: retried without waiting out the lease

    async def keep(self, platform: str, key: str, payload: dict[str, Any]) -> KeptUpdate | None:
        """The update committed before anything else; None when the database would not take it in time."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.hold_seconds
        while True:
            try:
                return await self._add(platform, key, payload)
            except Unavailable as down:
                if loop.time() + self.retry_pause > deadline:
                    log.warning("a %s update could not be stored (%s): not acknowledged", platform, down)
                    return None
            await asyncio.sleep(self.retry_pause)

    async def _add(self, platform: str, key: str, payload: dict[str, Any]) -> KeptUpdate:
        now = self.clock()
        async with self.database.unit_of_work() as uow:
            stored, new = await uow.inbox.add(platform=platform, delivery_key=key, payload=payload, now=now,
                                              held_until=now + self.lease)
            await uow.commit()
        self._entries[stored.id] = stored
        return kept(stored, new)

    async def finished(self, update: KeptUpdate) -> None:
        """The update's answer went out (or nothing was left to do)."""
        entry = self._entries.pop(update.id, None)
        self._ours.pop(update.id, None)
        try:
            async with self.database.one_statement() as uow:
                await uow.inbox.finish(update.id, self.clock())
                await uow.commit()
        except Unavailable:
            if entry is not None:
                self._ours[entry.id] = entry      # finished again later: the turn is a redelivery by then

    def unfinished(self, update: KeptUpdate) -> None:
        """The update's turn could not run here: tried again on the next round (this process holds it)."""
        entry = self._entries.pop(update.id, None)
        if entry is not None:
            self._ours[entry.id] = entry

    async def run(self, finishers: Mapping[str, Finisher], *, stop: asyncio.Event, interval: float = 5.0) -> None:
        """Finish pending updates now (start-up) and every `interval` seconds until `stop`."""
        while not stop.is_set():
            try:
                await self.finish_pending(finishers)
            except Exception:
                log.exception("inbox round failed")
            try:
                await asyncio.wait_for(stop.wait(), interval)
            except TimeoutError:
                pass

    async def finish_pending(self, finishers: Mapping[str, Finisher]) -> int:
        """One round: this process's unfinished updates, then every pending one whose lease ran out."""
        finished = 0
        for entry in list(self._ours.values()):
            if entry.platform in finishers:
                finished += await self._finish(finishers[entry.platform], entry)
        now = self.clock()
        try:
            async with self.database.unit_of_work() as uow:
                due = await uow.inbox.due(set(finishers), now, BATCH)
            for entry in due:
                if entry.id not in self._ours and await self._take(entry, now):
                    finished += await self._finish(finishers[entry.platform], entry)
            await self._forget_done(now)
        except Unavailable as down:
            log.info("inbox round cut short, the database is unavailable (%s)", down)
        return finished

    async def _forget_done(self, now: datetime) -> None:
        async with self.database.unit_of_work() as uow:
            await uow.inbox.forget_done(now - KEEP_DONE)
            await uow.commit()

    async def _take(self, entry: InboxEntry, now: datetime) -> bool:
        async with self.database.unit_of_work() as uow:
            taken = await uow.inbox.take(entry, now + self.lease)
            await uow.commit()
        return taken

    async def _finish(self, finish: Finisher, entry: InboxEntry) -> int:
        try:
            done = await finish(kept(entry))
        except Exception:
            log.exception("inbox entry %s could not be finished", entry.id)
            done = False
        if done:
            await self.finished(kept(entry))
            return 1
        await self._put_off(entry)
        return 0

    async def _put_off(self, entry: InboxEntry) -> None:
        attempts = entry.attempts + 1
        later = self.clock() + min(FIRST_BACKOFF * 2 ** (attempts - 1), MAX_BACKOFF)
        self._ours.pop(entry.id, None)
        try:
            async with self.database.unit_of_work() as uow:
                await uow.inbox.put_off(entry.id, attempts, later, "not finished")
                await uow.commit()
        except Unavailable:
            self._ours[entry.id] = entry
