"""The app's one AsyncIOScheduler: the evening summaries, Sunday's weekly report, and the reminder
sweeps. Families due at the same minute in the same zone (a *slot*: Asia/Shanghai at 21:00) share one
cron job, and are sent in batches of 50: a batch's claims in one transaction, its babies and records in one
read each, its charts drawn together (in the chart pool's workers), then each summary pushed.

The database decides who is due, not the process's memory: a slot's job selects the slot's families when it
fires, and every minute (`slot_sync_every`) each instance reads the distinct zones and summary times from
the families table and adds a job for a slot it did not have (a family set up, or a time or zone changed, on
any instance) and drops the job of a slot no family has any more. A slot learned after its minute passed
(since the previous sync) is sent at once. No shared job store: a claim row per family, local date and kind
makes each summary go out once however many instances run. A claim whose claimer died before sending is
taken over after a lease (`SUMMARY_CLAIM_LEASE`) by the retry sweep, while the summary is still within the
grace period. Reminders (standing and one-off) are swept from the database as well.
"""
from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

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
from storage.errors import Unavailable
from storage.repositories.families import FamilyInfo, Slot
from storage.repositories.pushes import SUMMARY_CLAIM_LEASE

log = logging.getLogger(__name__)

DAILY, WEEKLY = "daily", "weekly"
SUNDAY = 6
REMINDERS_JOB = "reminders"
ONE_OFF_JOB = "one-off-reminders"
RETRY_JOB = "summary-retry"
SLOTS_JOB = "summary-slots"


BATCH = 50                  # families sent together: one claim transaction, one read of babies and of records
                            # (10 a batch measured slower, 141 s against 105–117 for 10,000, with a worse p99)


def slot_of(family: FamilyInfo) -> Slot:
    return family.timezone, family.summary_clock_time.strftime("%H:%M")


def summary_job_id(family: FamilyInfo) -> str:
    """The id of the job that sends this family's summary: its slot's."""
    return slot_job_id(slot_of(family))


def slot_job_id(slot: Slot) -> str:
    return f"summary:{slot[0]}@{slot[1]}"


def slot_trigger(slot: Slot) -> CronTrigger:
    hour, minute = (int(part) for part in slot[1].split(":"))
    return CronTrigger(hour=hour, minute=minute, timezone=slot[0])


def due_datetime(family: FamilyInfo, local_date: date) -> datetime:
    """When `local_date`'s summary is due, as an aware datetime in the family's zone."""
    return datetime.combine(local_date, family.summary_clock_time, tzinfo=family.tz)


def slot_due_at(slot: Slot, now: datetime) -> datetime:
    """The slot's most recent moment at or before `now`."""
    zone, at = ZoneInfo(slot[0]), time.fromisoformat(slot[1])
    today = now.astimezone(zone).date()
    due = datetime.combine(today, at, tzinfo=zone)
    return due if due <= now else datetime.combine(today - timedelta(days=1), at, tzinfo=zone)


def latest_due_date(family: FamilyInfo, now: datetime) -> date:
    """The local date of the most recent summary time at or before `now`."""
    local = now.astimezone(family.tz)
    today = local.date()
    return today if due_datetime(family, today) <= now else today - timedelta(days=1)


async def _again_if_connection_lost(work, *args):
    """Once more when a pooled database connection turned out dead (the server restarted since): the
    pool has dropped it, and a once-a-day job must not lose its evening to it."""
    try:
        return await work(*args)
    except Unavailable as down:
        if not down.connection_lost:
            raise
        log.info("summary batch retried on a fresh connection")
        return await work(*args)


class SummaryScheduler:
    def __init__(self, database: Database, push: PushFn, clock: Clock,
                 instance_id: str, grace: timedelta = timedelta(hours=3), *,
                 chart_dir: Path | None = None,
                 reminder_every: timedelta = timedelta(minutes=5),
                 lease: timedelta = SUMMARY_CLAIM_LEASE, chats: ChatPush | None = None,
                 one_off_every: timedelta = timedelta(seconds=20),
                 slot_sync_every: timedelta = timedelta(minutes=1)) -> None:
        self.database = database
        self.push = push
        self.clock = clock
        self.instance_id = instance_id
        self.grace = grace
        self.reminder_every = reminder_every
        self.lease = lease
        self.chats = chats                  # one-off reminders go to the chat they were asked in
        self.one_off_every = one_off_every
        self.slot_sync_every = slot_sync_every
        self.builder = SummaryBuilder(chart_dir)
        self.scheduler = AsyncIOScheduler(timezone=UTC)
        self._slot_jobs: set[Slot] = set()          # the slots this process has a job for
        self._synced_at: datetime | None = None     # the previous sync (None: none since the jobs were built)
        self._syncing = asyncio.Lock()
        self._late: set[asyncio.Task] = set()       # slots learned after their minute, being sent
        self._catching_up: asyncio.Task | None = None

    async def start(self) -> None:
        """The jobs from the families as they are, and the clock ticking; what fell due while the bot was
        down (summaries within the grace period, one-off reminders) is sent in the background, a batch at
        a time like an evening slot, so that `fawn run` serves its chats meanwhile (`caught_up()` waits)."""
        await self.rebuild_jobs()
        self.scheduler.start()
        self._catching_up = asyncio.create_task(self._catch_up_in_background())

    async def _catch_up_in_background(self) -> None:
        try:
            sent = await self.catch_up()
            await self.check_one_off()
            if sent:
                log.info("caught up: %s summaries that fell due while the bot was down", len(sent))
        except Exception:       # the jobs and the sweeps go on; the retry sweep takes what was left claimed
            log.exception("the catch-up after start-up failed")

    async def caught_up(self) -> None:
        """Wait for the start-up catch-up (tests, and `fawn bench`)."""
        if self._catching_up is not None:
            await self._catching_up

    def shutdown(self) -> None:
        if self.scheduler.running:
            self.scheduler.shutdown(wait=False)
        for task in (*self._late, *([self._catching_up] if self._catching_up else [])):
            task.cancel()

    async def rebuild_jobs(self) -> int:
        """The sweeps (reminders, one-off reminders, dead claims, slots) and a cron job per slot (zone and
        summary time) the families have now; returns the number of slots."""
        self.scheduler.remove_all_jobs()
        self._slot_jobs.clear()
        self._synced_at = None
        sweeps = [(self.check_reminders, self.reminder_every, REMINDERS_JOB),
                  (self.retry_stale_claims, self.reminder_every, RETRY_JOB),
                  (self.sync_slots, self.slot_sync_every, SLOTS_JOB)]
        if self.chats is not None:
            sweeps.append((self.check_one_off, self.one_off_every, ONE_OFF_JOB))
        for sweep, every, job_id in sweeps:
            self.scheduler.add_job(sweep, IntervalTrigger(seconds=every.total_seconds()), id=job_id,
                                   replace_existing=True, coalesce=True, max_instances=1)
        return await self.sync_slots()

    async def sync_slots(self) -> int:
        """Learn the slots from the families as they are now: a job for each new one, none for a slot no
        family has any more. A new slot whose minute passed since the previous sync (a family set up or
        moved just before it) is sent at once, in the background. Returns the number of slots."""
        async with self._syncing:
            now = self.clock()
            async with self.database.unit_of_work() as uow:
                slots = set(await uow.families.summary_slots())
            for slot in self._slot_jobs - slots:
                self._remove_job(slot_job_id(slot))
            new = slots - self._slot_jobs
            for slot in new:
                self.scheduler.add_job(self.fire_slot, slot_trigger(slot), args=[slot], id=slot_job_id(slot),
                                       replace_existing=True, coalesce=True, max_instances=1,
                                       misfire_grace_time=int(self.grace.total_seconds()))
            self._slot_jobs = slots
            previous, self._synced_at = self._synced_at, now
        for slot in new:
            if previous is not None and previous < slot_due_at(slot, now) <= now:
                task = asyncio.create_task(self.fire_slot(slot))
                self._late.add(task)
                task.add_done_callback(self._late.discard)
        return len(slots)

    async def settled(self) -> None:
        """Wait for the slots being sent because they were learned late (tests, and shutting down)."""
        await asyncio.gather(*self._late, return_exceptions=True)

    async def reschedule_family(self, family_id: int) -> None:
        """Call after a family's timezone or summary time changed (/settings): this instance learns the new
        slot now rather than at the next sync (the other instances learn it at theirs)."""
        await self.sync_slots()

    def _remove_job(self, job_id: str) -> None:
        if self.scheduler.get_job(job_id) is not None:
            self.scheduler.remove_job(job_id)

    async def fire_slot(self, slot: Slot) -> list[int]:
        """The cron job: send the summaries of the slot's families, selected from the database now (each
        batch read again, so a family that moved meanwhile is left to its new slot), for the day whose
        summary time has just passed; returns the families this instance sent to."""
        ids = await _again_if_connection_lost(self._ids_in, slot)
        sent: list[int] = []
        for first in range(0, len(ids), BATCH):
            sent += await _again_if_connection_lost(self._send_slot_batch, ids[first:first + BATCH], slot)
        return sent

    async def _ids_in(self, slot: Slot) -> list[int]:
        async with self.database.unit_of_work() as uow:
            return await uow.families.ids_stored_at((await uow.families.summary_slots()).get(slot, []))

    async def _send_slot_batch(self, ids: list[int], slot: Slot) -> list[int]:
        families = [f for f in await self._families(ids) if slot_of(f) == slot]
        return await self._send_batch(families, latest_due_date(families[0], self.clock())) if families else []

    async def fire_daily(self, family_id: int) -> bool:
        """One family's summary of the day whose summary time has just passed."""
        family = await self._family(family_id)
        if family is None:
            return False
        return await self.run_due(family_id, latest_due_date(family, self.clock()))

    async def catch_up(self) -> list[tuple[int, date]]:
        """After downtime: send summaries due within the grace period; skip older ones."""
        now = self.clock()
        due: dict[tuple[Slot, date], list[FamilyInfo]] = defaultdict(list)
        for family in await self._families():
            local_date = latest_due_date(family, now)
            if now - due_datetime(family, local_date) <= self.grace:
                due[(slot_of(family), local_date)].append(family)
        sent: list[tuple[int, date]] = []
        for (_, local_date), families in due.items():
            for first in range(0, len(families), BATCH):
                sent += [(family_id, local_date) for family_id in
                         await self._send_batch(families[first:first + BATCH], local_date)]
        return sent

    async def run_due(self, family_id: int, local_date: date) -> bool:
        """Claim, send and record the day's summary (and Sunday's weekly report).

        Returns False when another instance (or an earlier run) already claimed it.
        """
        family = await self._family(family_id)
        return family is not None and bool(await self._send_batch([family], local_date))

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
            if await self._send_batch([family], local_date, kinds=(kind,)):
                sent.append((family_id, local_date, kind))
        return sent

    async def _send_batch(self, families: Sequence[FamilyInfo], local_date: date,
                          kinds: Iterable[str] | None = None) -> list[int]:
        """The day's summary of families in one zone (and Sunday's weekly report, or only `kinds`):
        claimed together, read together, built and drawn together, then pushed one by one. Returns
        the families this instance won the first kind's claim for."""
        kinds = tuple(kinds) if kinds is not None else (DAILY, WEEKLY) if local_date.weekday() == SUNDAY else (DAILY,)
        won_first: list[int] = []
        days: dict[int, list] = {}
        for kind in kinds:
            won = await self._claim(families, local_date, kind)
            if kind == kinds[0]:
                won_first = [f.id for f in won]
            families = won if kind == DAILY else families
            if not won:
                continue
            if any(f.id not in days for f in won):       # Sunday's report is made from the daily summary's days
                async with self.database.unit_of_work() as uow:
                    days = await self.builder.load_days_of(uow, won, local_date, as_of=self.clock())
            build = self.builder.weekly_reply_of if kind == WEEKLY else self.builder.daily_reply_of
            building = []
            for family in won:          # one text at a time, the pictures drawn meanwhile: a chat turn that
                building.append(asyncio.ensure_future(build(days[family.id], family, local_date)))
                await asyncio.sleep(0)  # arrives waits for one summary's text, not fifty
            replies = await asyncio.gather(*building, return_exceptions=True)
            for family, reply in zip(won, replies, strict=True):
                if isinstance(reply, BaseException):     # left claimed and unsent: the retry sweep tries again
                    log.error("summary %s %s for family %s could not be built", kind, local_date, family.id,
                              exc_info=reply)
                    continue
                await self._deliver(family, local_date, kind, reply)
        return won_first

    async def _claim(self, families: Sequence[FamilyInfo], local_date: date, kind: str) -> list[FamilyInfo]:
        """The families whose claim this instance won, in one transaction (committed at once)."""
        async with self.database.unit_of_work() as uow:
            won = [f for f in families
                   if await uow.pushes.claim(f.id, local_date, kind, self.instance_id, self.clock(), self.lease)]
            await uow.commit()
        return won

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

    async def _families(self, family_ids: list[int] | None = None) -> list[FamilyInfo]:
        async with self.database.unit_of_work() as uow:
            return await uow.families.all(family_ids)

    async def _family(self, family_id: int) -> FamilyInfo | None:
        async with self.database.unit_of_work() as uow:
            return await uow.families.get(family_id)

