"""The app's one AsyncIOScheduler: each family's evening summary, Sunday's weekly report,
and the reminders sweep. Jobs are rebuilt from the families table at start-up (no shared
job store); a claim row per family, local date and kind makes each summary go out once
however many instances run. A claim whose claimer died before sending is taken over after
a lease (`repository.CLAIM_LEASE`) by the retry sweep, while the summary is still within
the grace period.
"""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.cron import CronTrigger
from apscheduler.triggers.interval import IntervalTrigger
from sqlalchemy.ext.asyncio import async_sessionmaker

from bot.clock import Clock
from bot.protocol import OutgoingReply
from bot.push.reminders import run_reminders
from bot.push.summaries import SummaryService
from storage.repositories import pushes as repo
from storage.repositories.pushes import FamilySchedule

log = logging.getLogger(__name__)

SendReply = Callable[[int, OutgoingReply], Awaitable[None]]
DAILY, WEEKLY = "daily", "weekly"
SUNDAY = 6
REMINDERS_JOB = "reminders"
RETRY_JOB = "summary-retry"


def summary_job_id(family_id: int) -> str:
    return f"summary:{family_id}"


def summary_trigger(family: FamilySchedule) -> CronTrigger:
    at = family.summary_clock_time
    return CronTrigger(hour=at.hour, minute=at.minute, timezone=family.tz)


def due_datetime(family: FamilySchedule, local_date: date) -> datetime:
    """When `local_date`'s summary is due, as an aware datetime in the family's zone."""
    return datetime.combine(local_date, family.summary_clock_time, tzinfo=family.tz)


def latest_due_date(family: FamilySchedule, now: datetime) -> date:
    """The local date of the most recent summary time at or before `now`."""
    local = now.astimezone(family.tz)
    today = local.date()
    return today if due_datetime(family, today) <= now else today - timedelta(days=1)


class SummaryScheduler:
    def __init__(self, sessions: async_sessionmaker, send: SendReply, clock: Clock,
                 instance_id: str, grace: timedelta = timedelta(hours=3), *,
                 chart_dir: Path | None = None,
                 reminder_every: timedelta = timedelta(minutes=5),
                 lease: timedelta = repo.CLAIM_LEASE) -> None:
        self.sessions = sessions
        self.send = send
        self.clock = clock
        self.instance_id = instance_id
        self.grace = grace
        self.reminder_every = reminder_every
        self.lease = lease
        self.service = SummaryService(sessions, chart_dir)
        self.scheduler = AsyncIOScheduler(timezone=UTC)

    async def start(self) -> None:
        """Rebuild the jobs, send what is overdue within the grace period, start ticking."""
        await self.rebuild_jobs()
        await self.catch_up()
        self.scheduler.start()

    def shutdown(self) -> None:
        if self.scheduler.running:
            self.scheduler.shutdown(wait=False)

    async def rebuild_jobs(self) -> int:
        """One cron job per family at its summary time in its zone, plus the reminder sweep."""
        self.scheduler.remove_all_jobs()
        async with self.sessions() as session:
            families = await repo.load_families(session)
        for family in families:
            self._add_summary_job(family)
        self.scheduler.add_job(self.check_reminders, IntervalTrigger(
            seconds=self.reminder_every.total_seconds()), id=REMINDERS_JOB,
            replace_existing=True, coalesce=True, max_instances=1)
        self.scheduler.add_job(self.retry_stale_claims, IntervalTrigger(
            seconds=self.reminder_every.total_seconds()), id=RETRY_JOB,
            replace_existing=True, coalesce=True, max_instances=1)
        return len(families)

    async def reschedule_family(self, family_id: int) -> None:
        """Call after a family's timezone or summary time changed (/settings)."""
        async with self.sessions() as session:
            family = await repo.load_family(session, family_id)
        if family is None:
            self._remove_job(summary_job_id(family_id))
            return
        self._add_summary_job(family)

    def _add_summary_job(self, family: FamilySchedule) -> None:
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
        async with self.sessions() as session:
            family = await repo.load_family(session, family_id)
        if family is None:
            return False
        return await self.run_due(family_id, latest_due_date(family, self.clock()))

    async def catch_up(self) -> list[tuple[int, date]]:
        """After downtime: send summaries due within the grace period; skip older ones."""
        now = self.clock()
        async with self.sessions() as session:
            families = await repo.load_families(session)
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
        async with self.sessions() as session:
            family = await repo.load_family(session, family_id)
        if family is None or not await self._claim_and_deliver(family, local_date, DAILY):
            return False
        if local_date.weekday() == SUNDAY:
            await self._claim_and_deliver(family, local_date, WEEKLY)
        return True

    async def retry_stale_claims(self) -> list[tuple[int, date, str]]:
        """Take over summaries claimed a lease ago and never sent (the claimer died), while
        they are still within the grace period; returns what this instance sent."""
        now = self.clock()
        async with self.sessions() as session:
            stale = await repo.stale_claims(session, (DAILY, WEEKLY), now - self.lease,
                                            now - self.grace - self.lease)
        sent: list[tuple[int, date, str]] = []
        for family_id, local_date, kind in stale:
            async with self.sessions() as session:
                family = await repo.load_family(session, family_id)
            if family is None or now - due_datetime(family, local_date) > self.grace:
                continue
            if await self._claim_and_deliver(family, local_date, kind):
                sent.append((family_id, local_date, kind))
        return sent

    async def _claim_and_deliver(self, family: FamilySchedule, local_date: date, kind: str) -> bool:
        async with self.sessions() as session:
            won = await repo.claim(session, family.id, local_date, kind, self.instance_id,
                                   self.clock(), self.lease)
        if not won:
            return False
        if kind == WEEKLY:
            reply = await self.service.weekly_reply(family, local_date, as_of=self.clock())
        else:
            reply = await self.service.daily_reply(family, local_date, as_of=self.clock())
        await self._deliver(family, local_date, kind, reply)
        return True

    async def _deliver(self, family: FamilySchedule, local_date: date, kind: str,
                       reply: OutgoingReply) -> None:
        """Send, or hand a failed send to the outbox; either way the claim is then marked
        sent, so it is not taken over (the outbox retries a failed send itself)."""
        try:
            await self.send(family.id, reply)
        except Exception as error:
            log.warning("summary send failed for family %s (%s %s): %s", family.id, kind,
                        local_date, error)
            async with self.sessions() as session:
                await repo.enqueue_outbox(session, family, outbox_payload(reply, kind, local_date),
                                          repr(error), self.clock())
        async with self.sessions() as session:
            await repo.mark_sent(session, family.id, local_date, kind, self.clock())

    async def check_reminders(self) -> int:
        return await run_reminders(self.sessions, self.send, self.clock, self.instance_id)


def outbox_payload(reply: OutgoingReply, kind: str, local_date: date) -> dict:
    return {"kind": str(reply.kind), "text": reply.text,
            "image": str(reply.image) if reply.image else None,
            "summary": {"kind": kind, "local_date": local_date.isoformat()}}
