"""The scheduler's jobs on a clock that jumps: the terminal chat's `/at`, a scenario's `at:` and `wait:`.

`fawn run` lets APScheduler fire the jobs on the wall clock. A clock someone moves by hand is not the
wall's, so here the same jobs of `SummaryScheduler` are run by `tick()`: every summary slot whose minute
passed since the previous tick is fired (`fire_slot`, for the day whose summary time has just passed),
then the sweeps run (one-off reminders, standing reminders, claims left by a dead sender) — each on the
scheduler's own clock. Nothing is decided here that the scheduler does not decide for `fawn run`: the
claims keep each push to once however often, and by however many instances, it is ticked; a one-off
reminder found more than its grace late is closed as missed, not sent.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from datetime import datetime, timedelta

from bot.push.scheduler import SummaryScheduler, slot_due_at

log = logging.getLogger(__name__)

TICK_EVERY = timedelta(seconds=5)        # the terminal chat: time that keeps running fires pushes too


class ClockDrivenPushes:
    """One or more schedulers (one per instance; scenarios run two) ticked together on their clock."""

    def __init__(self, schedulers: Sequence[SummaryScheduler]) -> None:
        self.schedulers = tuple(schedulers)
        self._at: datetime | None = None        # the clock at the previous tick
        self._ticking = asyncio.Lock()

    def start_at(self, now: datetime) -> None:
        """The first moment the clock is known: summaries whose time is before it are not sent."""
        self._at = now

    async def tick(self) -> None:
        """What the jobs would have done between the previous tick and now (the clock moved back: nothing
        fires that the claims have not seen already)."""
        async with self._ticking:
            first = self.schedulers[0]
            now = first.clock()
            previous, self._at = self._at, now
            if previous is not None and previous < now:
                for slot in await self._slots(first):
                    if previous < slot_due_at(slot, now) <= now:
                        for scheduler in self.schedulers:
                            await scheduler.fire_slot(slot)
            for scheduler in self.schedulers:
                await scheduler.check_one_off()
                await scheduler.check_reminders()
                await scheduler.retry_stale_claims()

    async def run(self, stop: asyncio.Event, every: timedelta = TICK_EVERY) -> None:
        """Tick until `stop` (the terminal chat, while it runs); a failed tick is logged, the next one runs."""
        while not stop.is_set():
            try:
                await self.tick()
            except Exception:
                log.exception("the pushes' tick failed")
            try:
                await asyncio.wait_for(stop.wait(), every.total_seconds())
            except TimeoutError:
                pass

    @staticmethod
    async def _slots(scheduler: SummaryScheduler):
        async with scheduler.database.unit_of_work() as uow:
            return sorted(await uow.families.summary_slots())
