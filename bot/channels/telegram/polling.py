"""Long polling that acknowledges an update only after its turn ran.

python-telegram-bot's Updater confirms a batch (the next getUpdates' offset) while its updates still
wait on the Application's queue, so a process that stops then loses them. Here each update's turn runs
first; only then does the offset move past it. An update whose turn could not run (the database was
unavailable) stops the batch: after a pause the same updates are fetched again. A stop between a
turn's commit and the next getUpdates means Telegram delivers that update again, which the turn
recognises as a redelivery (its stored reply is sent if it never was).
"""
from __future__ import annotations

import asyncio
import contextlib
import logging

from telegram.error import Forbidden, InvalidToken, NetworkError, RetryAfter
from telegram.ext import Application

from bot.channels.stopping import pause, unless_stopped

log = logging.getLogger(__name__)

LONG_POLL_SECONDS = 30
RETRY_PAUSE_SECONDS = 5.0


class Poller:
    def __init__(self, application: Application, allowed_updates: list[str], *,
                 timeout: int = LONG_POLL_SECONDS, retry_pause: float = RETRY_PAUSE_SECONDS) -> None:
        self.application = application
        self.allowed_updates = allowed_updates
        self.timeout = timeout
        self.retry_pause = retry_pause
        self.offset: int | None = None

    @property
    def fawn(self):
        return self.application.bot_data["fawn"]

    async def run(self, stop: asyncio.Event) -> None:
        """Fetch, run, acknowledge, until `stop` is set; the last handled updates are confirmed on the way out."""
        await self.application.bot.delete_webhook(drop_pending_updates=False)
        while not stop.is_set():
            updates = await self._fetch(stop)
            if updates is None:
                continue
            if not await self.handle(updates):
                await pause(stop, self.retry_pause)
        await self._confirm()

    async def handle(self, updates) -> bool:
        """Run each update's turn in order; False when one could not run (it and the rest wait)."""
        for update in updates:
            await self.application.process_update(update)
            if not self.fawn.finished(update.update_id):
                log.warning("update %s left unacknowledged: it will be fetched again", update.update_id)
                return False
            self.offset = update.update_id + 1
        return True

    async def _fetch(self, stop: asyncio.Event):
        fetch = await unless_stopped(self.application.bot.get_updates(
            offset=self.offset, timeout=self.timeout, allowed_updates=self.allowed_updates,
            read_timeout=self.timeout + 10), stop)
        if fetch is None:
            return None
        try:
            return fetch.result()
        except (InvalidToken, Forbidden):
            raise                                  # a wrong token: nothing to retry
        except RetryAfter as wait:
            await pause(stop, _seconds(wait.retry_after))
        except NetworkError as failed:            # includes TimedOut and a 5xx of the Bot API
            log.warning("getUpdates failed: %s", type(failed).__name__)
            await pause(stop, self.retry_pause)
        return None

    async def _confirm(self) -> None:
        """Tell Telegram the handled updates are done, so a restart does not fetch them again."""
        if self.offset is None:
            return
        with contextlib.suppress(NetworkError):
            await self.application.bot.get_updates(offset=self.offset, timeout=0, limit=1,
                                                   allowed_updates=self.allowed_updates)


def _seconds(value) -> float:
    return value.total_seconds() if hasattr(value, "total_seconds") else float(value)

