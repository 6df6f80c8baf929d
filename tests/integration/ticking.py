"""The summary scheduler's own triggers, driven by a test's clock instead of the wall clock.

APScheduler reads the real time, so a test that wants to see a job fire at 21:00 on a frozen clock runs the
jobs itself: every `step` the clock moves on, and each job whose trigger falls in the step runs (a cron
trigger asked for its next fire time after the step's start; an interval trigger on the interval's
boundaries), then whatever the scheduler started in the background. The jobs, their triggers and their
arguments are the scheduler's own."""
from __future__ import annotations

from datetime import datetime, timedelta

from apscheduler.triggers.base import BaseTrigger
from apscheduler.triggers.interval import IntervalTrigger

from bot.clock import FrozenClock
from bot.push.scheduler import SummaryScheduler


def fires_within(trigger: BaseTrigger, after: datetime, until: datetime) -> bool:
    """Whether the trigger fires in (after, until]."""
    if isinstance(trigger, IntervalTrigger):
        every = trigger.interval.total_seconds()
        return until.timestamp() // every > after.timestamp() // every
    fire = trigger.get_next_fire_time(None, after + timedelta(microseconds=1))
    return fire is not None and fire <= until


class Ticker:
    def __init__(self, clock: FrozenClock, *schedulers: SummaryScheduler,
                 step: timedelta = timedelta(minutes=1)) -> None:
        self.clock = clock
        self.schedulers = list(schedulers)
        self.step = step

    async def run_until(self, until: datetime) -> None:
        while self.clock() < until:
            after = self.clock()
            self.clock.set(min(after + self.step, until))
            for scheduler in self.schedulers:
                for job in list(scheduler.scheduler.get_jobs()):
                    if fires_within(job.trigger, after, self.clock()):
                        await job.func(*job.args)
                await scheduler.settled()
