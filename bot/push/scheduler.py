"""The app's one AsyncIOScheduler: each family's evening summary, Sunday's weekly report,
and the reminders sweep. Jobs are rebuilt from the families table at start-up (no shared
job store); a claim row per family, local date and kind makes each summary go out once
however many instances run. A claim whose claimer died before sending is taken over after
a lease (`SUMMARY_CLAIM_LEASE`) by the retry sweep, while the summary is still within
the grace period.
"""
from __future__ import annotations

import logging
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.cron import CronTrigger
from apscheduler.triggers.interval import IntervalTrigger

from bot.clock import Clock
from bot.delivery.push import PushFn
from bot.protocol import OutgoingReply
from bot.push.attempts import record_attempt
from bot.push.one_off import ChatPush, run_one_off
from bot.push.reminders import run_reminders
from bot.push.summaries import SummaryBuilder
from storage.engine import Database
from storage.repositories.families import FamilyInfo
from storage.repositories.pushes import SUMMARY_CLAIM_LEASE

log = logging.getLogger(__name__)

DAILY, WEEKLY = "daily", "weekly"
SUNDAY = 6
REMINDERS_JOB = "reminders"
ONE_OFF_JOB = "one-off-reminders"
RETRY_JOB = "summary-retry"


def summary_job_id(family_id: int) -> str:
    return f"summary:{family_id}"


def summary_trigger(family: FamilyInfo) -> CronTrigger:
    at = family.summary_clock_time
    return CronTrigger(hour=at.hour, minute=at.minute, timezone=family.tz)


def due_datetime(family: FamilyInfo, local_date: date) -> datetime:
    """When `local_date`'s summary is due, as an aware datetime in the family's zone."""
    return datetime.combine(local_date, family.summary_clock_time, tzinfo=family.tz)


def latest_due_date(family: FamilyInfo, now: datetime) -> date:
    """The local date of the most recent summary time at or before `now`."""
    local = now.astimezone(family.tz)
    today = local.date()
    return today if due_datetime(family, today) <= now else today - timedelta(days=1)


class SummaryScheduler:
    def __init__(self, database: Database, push: PushFn, clock: Clock,
                 instance_id: str, grace: timedelta = timedelta(hours=3), *,
                 chart_dir: Path | None = None,
                 reminder_every: timedelta = timedelta(minutes=5),
                 lease: timedelta = SUMMARY_CLAIM_LEASE, chats: ChatPush | None = None,
                 one_off_every: timedelta = timedelta(seconds=20)) -> None:
        self.database = database
        self.push = push
        self.clock = clock
        self.instance_id = instance_id
        self.grace = grace
        self.reminder_every = reminder_every
        self.lease = lease
        self.chats = chats                  # one-off reminders go to the chat they were asked in
        self.one_off_every = one_off_every
        self.builder = SummaryBuilder(chart_dir)
        self.scheduler = AsyncIOScheduler(timezone=UTC)

    async def start(self) -> None:
        """Rebuild the jobs, send what is overdue within the grace period (summaries and one-off
        reminders that fell due while the bot was down), start ticking."""
        await self.rebuild_jobs()
        await self.catch_up()
        await self.check_one_off()
        self.scheduler.start()

    def shutdown(self) -> None:
        if self.scheduler.running:
            self.scheduler.shutdown(wait=False)

    async def rebuild_jobs(self) -> int:
        """One cron job per family at its summary time in its zone, plus the reminder sweep."""
        self.scheduler.remove_all_jobs()
        families = await self._families()
        for family in families:
            self._add_summary_job(family)
        self.scheduler.add_job(self.check_reminders, IntervalTrigger(
            seconds=self.reminder_every.total_seconds()), id=REMINDERS_JOB,
            replace_existing=True, coalesce=True, max_instances=1)
        if self.chats is not None:
            self.scheduler.add_job(self.check_one_off, IntervalTrigger(
                seconds=self.one_off_every.total_seconds()), id=ONE_OFF_JOB,
                replace_existing=True, coalesce=True, max_instances=1)
        self.scheduler.add_job(self.retry_stale_claims, IntervalTrigger(
            seconds=self.reminder_every.total_seconds()), id=RETRY_JOB,
            replace_existing=True, coalesce=True, max_instances=1)
        return len(families)

    async def reschedule_family(self, family_id: int) -> None:
        """Call after a family's timezone or summary time changed (/settings)."""
        family = await self._family(family_id)
        if family is None:
            self._remove_job(summary_job_id(family_id))
            return
        self._add_summary_job(family)

    def _add_summary_job(self, family: FamilyInfo) -> None:
        self._remove_job(summary_job_id(family.id))   # replace_existing is ignored before start
        self.scheduler.add_job(
            self.fire_daily, summary_trigger(family), args=[family.id],
            id=summary_job_id(family.id), replace_existing=True, coalesce=True,
            misfire_grace_time=int(self.grace.total_seconds()), max_instances=1)

    def _remove_job(self, job_id: str) -> None:
        if self.scheduler.get_job(job_id) is not None:
            self.scheduler.remove_job(job_id)

    async def fire_daily(self, family_id: int) -> bool:
        """The cron job: send the summary of the day whose summary time has just passed."""
        family = await self._family(family_id)
        if family is None:
            return False
        return await self.run_due(family_id, latest_due_date(family, self.clock()))

    async def catch_up(self) -> list[tuple[int, date]]:
        """After downtime: send summaries due within the grace period; skip older ones."""
        now = self.clock()
        families = await self._families()
        sent: list[tuple[int, date]] = []
        for family in families:
            local_date = latest_due_date(family, now)
            if now - due_datetime(family, local_date) > self.grace:
                continue
            if await self.run_due(family.id, local_date):
                sent.append((family.id, local_date))
        return sent

    async def run_due(self, family_id: int, local_date: date) -> bool:
        """Claim, send and record the day's summary (and Sunday's weekly report).

        Returns False when another instance (or an earlier run) already claimed it.
        """
        family = await self._family(family_id)
        if family is None or not await self._claim_and_deliver(family, local_date, DAILY):
            return False
        if local_date.weekday() == SUNDAY:
            await self._claim_and_deliver(family, local_date, WEEKLY)
        return True

    async def retry_stale_claims(self) -> list[tuple[int, date, str]]:
        """Take over summaries claimed a lease ago and never sent (the claimer died), while
        they are still within the grace period; returns what this instance sent."""
        now = self.clock()
        async with self.database.unit_of_work() as uow:
            stale = await uow.pushes.stale((DAILY, WEEKLY), now - self.lease, now - self.grace - self.lease)
        sent: list[tuple[int, date, str]] = []
        for family_id, local_date, kind in stale:
            family = await self._family(family_id)
            if family is None or now - due_datetime(family, local_date) > self.grace:
                continue
            if await self._claim_and_deliver(family, local_date, kind):
                sent.append((family_id, local_date, kind))
        return sent

    async def _claim_and_deliver(self, family: FamilyInfo, local_date: date, kind: str) -> bool:
        async with self.database.unit_of_work() as uow:
            won = await uow.pushes.claim(family.id, local_date, kind, self.instance_id, self.clock(), self.lease)
            await uow.commit()
        if not won:
            return False
        async with self.database.unit_of_work() as uow:
            if kind == WEEKLY:
                reply = await self.builder.weekly_reply(uow, family, local_date, as_of=self.clock())
            else:
                reply = await self.builder.daily_reply(uow, family, local_date, as_of=self.clock())
        await self._deliver(family, local_date, kind, reply)
        return True

    async def _deliver(self, family: FamilyInfo, local_date: date, kind: str, reply: OutgoingReply) -> None:
        """Push it (a failed send is kept by the outbox, which retries it itself); either way the
        claim is then marked sent, so no other instance takes it over. The attempt is recorded first:
        a process that dies after the platform accepted it and before the mark leaves a claim another
        instance takes over once (at most one duplicate, logged as possible)."""
        await record_attempt(self.database, family, local_date, kind, self.clock())
        try:
            await self.push(family, reply, f"summary:{kind}:{local_date.isoformat()}")
        except Exception:   # a broken push must not stop the claim from being closed
            log.exception("summary push failed for family %s (%s %s)", family.id, kind, local_date)
        async with self.database.unit_of_work() as uow:
            await uow.pushes.mark_sent(family.id, local_date, kind, self.clock())
            await uow.commit()

    async def check_reminders(self) -> int:
        return await run_reminders(self.database, self.push, self.clock, self.instance_id)

    async def check_one_off(self) -> int:
        """The one-off reminders due now (each sent once, to the chat it was asked in)."""
        if self.chats is None:
            return 0
        return await run_one_off(self.database, self.chats, self.clock, self.instance_id, lease=self.lease)

    async def _families(self) -> list[FamilyInfo]:
        async with self.database.unit_of_work() as uow:
            return await uow.families.all()

    async def _family(self, family_id: int) -> FamilyInfo | None:
        async with self.database.unit_of_work() as uow:
            return await uow.families.get(family_id)

