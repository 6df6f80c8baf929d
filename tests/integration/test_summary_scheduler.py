"""The evening summary against a real database (SQLite, and PostgreSQL when reachable),
driven by a frozen clock: the scheduler's job functions are called at the clock's time."""
from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from PIL import Image
from sqlmodel import select

from bot.clock import FrozenClock
from bot.delivery.outbox import Outbox
from bot.delivery.push import FamilyPush
from bot.protocol import OutgoingReply
from bot.push.charts import DAYS_KEY, PNG_SIGNATURE, SERIES_KEY, UNITS_KEY
from bot.push.scheduler import REMINDERS_JOB, RETRY_JOB, SummaryScheduler, summary_job_id
from storage.engine import Database
from storage.repositories.families import FamilyInfo
from storage.repositories.pushes import SUMMARY_CLAIM_LEASE, ClaimInfo
from storage.tables import Baby, Family, FamilyChat, OutboxItem, Record
from tests.databases import drop_postgres, migrated_postgres, migrated_sqlite

SHANGHAI = ZoneInfo("Asia/Shanghai")
NEW_YORK = ZoneInfo("America/New_York")
JUNE_3 = date(2025, 6, 3)          # a Tuesday
JUNE_8 = date(2025, 6, 8)          # a Sunday


@pytest.fixture(params=["sqlite", "postgresql"])
async def db(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    if request.param == "sqlite":
        database = Database.at(await migrated_sqlite(tmp_path / "fawn.db"))
        yield database
        await database.dispose()
        return
    made = await migrated_postgres()
    if isinstance(made, str):
        pytest.skip(made)
    url, name = made
    database = Database.at(url)
    try:
        yield database
    finally:
        await database.dispose()
        await drop_postgres(name)


class Sent:
    """The injected push: collects what would go to the family's chat (a failing one raises,
    as a push with no messenger behind it would)."""

    def __init__(self, fail: bool = False) -> None:
        self.replies: list[tuple[int, OutgoingReply]] = []
        self.fail = fail

    async def __call__(self, family: FamilyInfo, reply: OutgoingReply, about: str) -> bool:
        if self.fail:
            raise ConnectionError("messenger down")
        self.replies.append((family.id, reply))
        return True


class FailingMessenger:
    """A `SendFn` whose messenger is down: what the real push hands to the outbox."""

    async def __call__(self, chat_id: str, reply: OutgoingReply) -> str:
        raise ConnectionError("messenger down")


def local(day: date, hour: int, minute: int = 0, tz: ZoneInfo = SHANGHAI) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=tz).astimezone(UTC)


async def seed_family(db: Database, tz: str = "Asia/Shanghai",
                      summary_time: str = "21:00", settings: dict | None = None,
                      chat_id: str | None = None) -> tuple[int, int]:
    now = datetime(2025, 6, 1, tzinfo=UTC)
    async with db.sessions() as session:
        family = Family(timezone=tz, summary_time=summary_time, settings=settings or {}, created_at=now)
        session.add(family)
        await session.flush()
        session.add(FamilyChat(family_id=family.id, platform="telegram", chat_id=chat_id or uuid.uuid4().hex,
                               kind="group", linked_at=now))
        baby = Baby(family_id=family.id, name="小鹿", birth_date=date(2025, 3, 1), sex="female")
        session.add(baby)
        await session.commit()
        return family.id, baby.id  # type: ignore[return-value]


async def add(db: Database, family_id: int, baby_id: int, type_: str,
              start: datetime, end: datetime | None = None, deleted: bool = False,
              **data: object) -> int:
    async with db.sessions() as session:
        record = Record(family_id=family_id, baby_id=baby_id, type=type_, start=start, end=end,
                        data=data, created_at=start,
                        deleted_at=start + timedelta(minutes=1) if deleted else None)
        session.add(record)
        await session.commit()
        return record.id  # type: ignore[return-value]


async def seed_week(db: Database, family_id: int, baby_id: int, last: date,
                    tz: ZoneInfo = SHANGHAI) -> None:
    """Each day: two bottles (240 ml on `last`, 20 ml less each day before), a night sleep
    20:00–06:00 ending that morning, two diapers."""
    for offset in range(8):
        day = last - timedelta(days=offset)
        for hour in (8, 14):
            await add(db, family_id, baby_id, "feeding", local(day, hour, tz=tz),
                      kind="formula", method="bottle", amount_ml=240 - 20 * offset)
        await add(db, family_id, baby_id, "diaper", local(day, 9, tz=tz), wet=True)
        await add(db, family_id, baby_id, "diaper", local(day, 15, tz=tz), wet=True, solid=True)
        await add(db, family_id, baby_id, "sleep", local(day - timedelta(days=1), 20, tz=tz),
                  local(day, 6, tz=tz), nap=False, night_wakings=1)


def scheduler(db: Database, send, clock: FrozenClock, tmp_path: Path,
              instance_id: str = "a") -> SummaryScheduler:
    return SummaryScheduler(db, send, clock, instance_id, chart_dir=tmp_path / instance_id)


async def set_summary_time(db: Database, family_id: int, at: str) -> None:
    async with db.sessions() as session:
        family = await session.get(Family, family_id)
        family.summary_time = at
        await session.commit()


async def claims(db: Database, family_id: int) -> list[ClaimInfo]:
    async with db.unit_of_work() as uow:
        return await uow.pushes.for_family(family_id)


async def family_info(db: Database, family_id: int) -> FamilyInfo:
    async with db.unit_of_work() as uow:
        return await uow.families.get(family_id)


async def test_the_summary_job_fires_at_21_00_in_each_family_zone(db, tmp_path) -> None:
    shanghai, _ = await seed_family(db, "Asia/Shanghai")
    new_york, _ = await seed_family(db, "America/New_York")
    summaries = scheduler(db, Sent(), FrozenClock(local(JUNE_3, 12)), tmp_path)
    assert await summaries.rebuild_jobs() == 2
    now = datetime(2025, 6, 3, 12, tzinfo=UTC)
    for family_id, tz in ((shanghai, SHANGHAI), (new_york, NEW_YORK)):
        job = summaries.scheduler.get_job(summary_job_id(await family_info(db, family_id)))
        fire = job.trigger.get_next_fire_time(None, now)
        assert (fire.astimezone(tz).hour, fire.astimezone(tz).minute) == (21, 0)
    assert summaries.scheduler.get_job(REMINDERS_JOB) is not None
    assert summaries.scheduler.get_job(RETRY_JOB) is not None


async def test_at_21_00_the_day_summary_goes_out_with_numbers_that_agree_with_the_records(
        db, tmp_path) -> None:
    family_id, baby_id = await seed_family(db)
    await seed_week(db, family_id, baby_id, JUNE_3)
    await add(db, family_id, baby_id, "feeding", local(JUNE_3, 18), deleted=True,
              kind="formula", method="bottle", amount_ml=500)
    clock, sent = FrozenClock(local(JUNE_3, 21)), Sent()
    assert await scheduler(db, sent, clock, tmp_path).fire_daily(family_id)
    [(to, reply)] = sent.replies
    assert to == family_id
    lines = reply.text.splitlines()
    assert lines[0] == "小鹿的一天（6月3日 周二）"
    assert lines[1] == "喂养：2次，奶量 480ml（配方奶 480ml；比昨天同时段 +40ml，7天同时段平均 320ml）"
    # Last night (20:00–06:00) is today's whole, as each night is the day's it ended in; tonight's sleep,
    # started at 20:00 yesterday evening too, counted for the morning it ended, never cut at midnight.
    assert lines[2] == "睡眠：共 10小时（夜间 10小时；比昨天同时段 ±0，7天同时段平均 10小时），" \
                       "最长一觉 10小时，夜醒 1次"
    assert lines[3] == "尿布：2次（尿 2，便 1；比昨天同时段 ±0，7天同时段平均 2）"
    [claim] = await claims(db, family_id)
    assert (claim.local_date, claim.kind, claim.claimed_by) == (JUNE_3, "daily", "a")
    assert claim.sent_at == clock()


async def test_a_summary_asked_for_at_noon_compares_with_the_mornings_before(db, tmp_path) -> None:
    family_id, baby_id = await seed_family(db)
    await seed_week(db, family_id, baby_id, JUNE_3)
    summaries = scheduler(db, Sent(), FrozenClock(local(JUNE_3, 12)), tmp_path)
    family = await family_info(db, family_id)
    async with db.unit_of_work() as uow:
        reply = await summaries.builder.daily_reply(uow, family, JUNE_3, as_of=local(JUNE_3, 12), chart=False)
        # Asked about a finished day, whole days are compared.
        later = await summaries.builder.daily_reply(uow, family, JUNE_3 - timedelta(days=1),
                                                    as_of=local(JUNE_3, 12), chart=False)
    # By 12:00 each day has had one bottle (08:00; 240 ml today, 220 ml yesterday) and one diaper.
    assert "喂养：1次，奶量 240ml（配方奶 240ml；比昨天同时段 +20ml，7天同时段平均 160ml）" in reply.text
    assert "尿布：1次（尿 1，便 0；比昨天同时段 ±0，7天同时段平均 1）" in reply.text
    # 26 May has no records (only the evening half of the night that ended on the 27th): not averaged in
    assert "比昨天 +40ml，7天平均 300ml" in later.text and "同时段" not in later.text


async def test_in_new_york_the_summary_fires_at_21_00_new_york_time(db, tmp_path) -> None:
    family_id, baby_id = await seed_family(db, "America/New_York")
    await add(db, family_id, baby_id, "feeding", local(JUNE_3, 20, 30, tz=NEW_YORK),
              kind="formula", method="bottle", amount_ml=150)
    clock, sent = FrozenClock(local(JUNE_3, 21, tz=NEW_YORK)), Sent()
    assert await scheduler(db, sent, clock, tmp_path).fire_daily(family_id)
    [(_, reply)] = sent.replies
    assert "6月3日" in reply.text and "奶量 150ml" in reply.text


async def test_two_instances_on_one_database_send_one_summary(db, tmp_path) -> None:
    family_id, baby_id = await seed_family(db)
    await seed_week(db, family_id, baby_id, JUNE_3)
    clock, sent = FrozenClock(local(JUNE_3, 21)), Sent()
    first = scheduler(db, sent, clock, tmp_path, "instance-1")
    second = scheduler(db, sent, clock, tmp_path, "instance-2")
    results = await asyncio.gather(first.fire_daily(family_id), second.fire_daily(family_id))
    assert sorted(results) == [False, True]
    assert len(sent.replies) == 1
    assert len(await claims(db, family_id)) == 1


async def test_a_restart_at_21_30_sends_the_missed_summary(db, tmp_path) -> None:
    family_id, baby_id = await seed_family(db)
    await seed_week(db, family_id, baby_id, JUNE_3)
    sent = Sent()
    restarted = scheduler(db, sent, FrozenClock(local(JUNE_3, 21, 30)), tmp_path)
    assert await restarted.catch_up() == [(family_id, JUNE_3)]
    assert len(sent.replies) == 1 and "6月3日" in sent.replies[0][1].text


async def test_a_restart_the_next_morning_skips_the_missed_summary(db, tmp_path) -> None:
    family_id, baby_id = await seed_family(db)
    await seed_week(db, family_id, baby_id, JUNE_3)
    sent = Sent()
    restarted = scheduler(db, sent, FrozenClock(local(JUNE_3 + timedelta(days=1), 8)), tmp_path)
    assert await restarted.catch_up() == []
    assert sent.replies == [] and await claims(db, family_id) == []


async def test_a_restart_after_the_summary_was_sent_does_not_send_it_again(db, tmp_path) -> None:
    family_id, _ = await seed_family(db)
    sent, clock = Sent(), FrozenClock(local(JUNE_3, 21))
    await scheduler(db, sent, clock, tmp_path, "before").fire_daily(family_id)
    clock.advance(timedelta(minutes=40))
    assert await scheduler(db, sent, clock, tmp_path, "after").catch_up() == []
    assert len(sent.replies) == 1


async def test_start_rebuilds_jobs_and_catches_up_then_shuts_down(db, tmp_path) -> None:
    family_id, _ = await seed_family(db)
    sent = Sent()
    summaries = scheduler(db, sent, FrozenClock(local(JUNE_3, 22)), tmp_path)
    await summaries.start()
    await summaries.caught_up()                 # in the background: start-up serves first
    try:
        assert summaries.scheduler.running
        assert summaries.scheduler.get_job(summary_job_id(await family_info(db, family_id))) is not None
        assert len(sent.replies) == 1
    finally:
        summaries.shutdown()


async def test_a_failed_send_goes_to_the_outbox_and_is_not_taken_over_later(db, tmp_path) -> None:
    family_id, _ = await seed_family(db, chat_id="chat-42")
    clock = FrozenClock(local(JUNE_3, 21))
    failing = FamilyPush(db, Outbox(db, clock), {"telegram": FailingMessenger()})
    assert await scheduler(db, failing, clock, tmp_path).fire_daily(family_id)
    [claim] = await claims(db, family_id)
    assert claim.sent_at == clock()          # handed to the outbox, which retries it itself
    clock.advance(timedelta(minutes=30))
    assert await scheduler(db, Sent(), clock, tmp_path, "b").retry_stale_claims() == []
    async with db.sessions() as session:
        [item] = (await session.exec(select(OutboxItem))).all()
    assert (item.family_id, item.chat_id, item.platform) == (family_id, "chat-42", "telegram")
    assert item.payload["about"] == "summary:daily:2025-06-03"
    assert "小鹿的一天" in item.payload["text"] and item.payload["image"].endswith(".png")


async def test_the_chart_is_a_png_of_the_last_seven_days(db, tmp_path) -> None:
    family_id, baby_id = await seed_family(db)
    await seed_week(db, family_id, baby_id, JUNE_3)
    sent = Sent()
    await scheduler(db, sent, FrozenClock(local(JUNE_3, 21)), tmp_path).fire_daily(family_id)
    image = sent.replies[0][1].image
    assert image is not None and image.read_bytes()[:8] == PNG_SIGNATURE
    plotted = Image.open(image).text[DAYS_KEY].split(",")
    assert plotted == [str(JUNE_3 - timedelta(days=i)) for i in range(6, -1, -1)]


async def test_sunday_evening_also_sends_the_weekly_report(db, tmp_path) -> None:
    family_id, baby_id = await seed_family(db)
    await seed_week(db, family_id, baby_id, JUNE_8)
    sent = Sent()
    await scheduler(db, sent, FrozenClock(local(JUNE_8, 21)), tmp_path).fire_daily(family_id)
    daily, weekly = (reply for _, reply in sent.replies)
    assert daily.text.startswith("小鹿的一天（6月8日 周日）")
    assert weekly.text.splitlines()[0] == "本周小结（6/2–6/8）"
    assert "记录了 7 天：日均奶量 360ml" in weekly.text
    assert weekly.image is not None and weekly.image.read_bytes()[:8] == PNG_SIGNATURE
    assert sorted(c.kind for c in await claims(db, family_id)) == ["daily", "weekly"]


async def test_changing_the_summary_time_moves_the_job(db, tmp_path) -> None:
    family_id, _ = await seed_family(db)
    summaries = scheduler(db, Sent(), FrozenClock(local(JUNE_3, 12)), tmp_path)
    await summaries.rebuild_jobs()
    await set_summary_time(db, family_id, "20:30")
    await summaries.reschedule_family(family_id)
    job = summaries.scheduler.get_job(summary_job_id(await family_info(db, family_id)))
    fire = job.trigger.get_next_fire_time(None, datetime(2025, 6, 3, 4, tzinfo=UTC))
    assert fire.astimezone(SHANGHAI).strftime("%H:%M") == "20:30"


async def test_reminders_go_out_once_and_only_when_turned_on(db, tmp_path) -> None:
    on, on_baby = await seed_family(db, settings={"reminders": {"open_sleep_hours": 6}})
    off, off_baby = await seed_family(db)
    for family_id, baby_id in ((on, on_baby), (off, off_baby)):
        await add(db, family_id, baby_id, "sleep", local(JUNE_3, 1))
    sent, clock = Sent(), FrozenClock(local(JUNE_3, 8))
    first = scheduler(db, sent, clock, tmp_path, "a")
    second = scheduler(db, sent, clock, tmp_path, "b")
    assert await first.check_reminders() == 1
    assert await second.check_reminders() == 0
    [(family_id, reply)] = sent.replies
    assert family_id == on and reply.text.endswith("忘记记醒了？")


async def test_the_growth_curve_reply_is_a_png_with_who_lines(db, tmp_path) -> None:
    family_id, baby_id = await seed_family(db)
    await add(db, family_id, baby_id, "growth", local(date(2025, 3, 31), 10), weight_kg=4.5)
    await add(db, family_id, baby_id, "growth", local(date(2025, 5, 30), 10), weight_kg=6.0)
    summaries = scheduler(db, Sent(), FrozenClock(local(JUNE_3, 12)), tmp_path)
    family = await family_info(db, family_id)
    async with db.unit_of_work() as uow:
        reply = await summaries.builder.growth_reply(uow, family)
    assert reply.image is not None and reply.image.read_bytes()[:8] == PNG_SIGNATURE
    assert reply.text == "小鹿：12周时 6kg，比4周时 +1.5kg。"


async def test_a_us_familys_growth_curve_reads_pounds_and_ounces_and_ages_in_words(db, tmp_path) -> None:
    family_id, baby_id = await seed_family(db, "America/New_York",
                                           settings={"units": {"weight": "lb", "length": "in"}})
    await add(db, family_id, baby_id, "growth", local(date(2025, 3, 22), 10, tz=NEW_YORK), weight_kg=3.9)
    await add(db, family_id, baby_id, "growth", local(date(2025, 6, 1), 10, tz=NEW_YORK), weight_kg=5.613)
    summaries = scheduler(db, Sent(), FrozenClock(local(JUNE_3, 12)), tmp_path)
    family = await family_info(db, family_id)
    async with db.unit_of_work() as uow:
        reply = await summaries.builder.growth_reply(uow, family)
    assert reply.text == "小鹿：13周时 12磅6盎司，比3周时 +3磅12.4盎司。"       # not "5.613kg … since day 21"
    assert Image.open(reply.image).text[UNITS_KEY] == "lb"


async def claim_and_die(db: Database, family_id: int, local_date: date,
                        at: datetime, kind: str = "daily") -> None:
    """An instance that claimed the summary and died before sending it."""
    async with db.unit_of_work() as uow:
        assert await uow.pushes.claim(family_id, local_date, kind, "dead", at)
        await uow.commit()


async def test_a_claim_is_taken_over_only_after_the_lease_and_only_while_unsent(db) -> None:
    family_id, _ = await seed_family(db)
    start = local(JUNE_3, 21)
    await claim_and_die(db, family_id, JUNE_3, start)
    lease = SUMMARY_CLAIM_LEASE
    async with db.unit_of_work() as uow:
        assert not await uow.pushes.claim(family_id, JUNE_3, "daily", "b", start + lease - timedelta(seconds=1))
        assert await uow.pushes.claim(family_id, JUNE_3, "daily", "b", start + lease + timedelta(seconds=1))
        # b's fresh claim holds in turn; once sent, no lease makes it claimable again.
        assert not await uow.pushes.claim(family_id, JUNE_3, "daily", "c", start + lease + timedelta(minutes=5))
        await uow.pushes.mark_sent(family_id, JUNE_3, "daily", start + lease)
        assert not await uow.pushes.claim(family_id, JUNE_3, "daily", "c", start + timedelta(hours=5))
        await uow.commit()
    [claim] = await claims(db, family_id)
    assert claim.claimed_by == "b"


async def test_a_summary_whose_claimer_died_is_sent_once_by_the_retry_sweep(db, tmp_path) -> None:
    family_id, baby_id = await seed_family(db)
    await seed_week(db, family_id, baby_id, JUNE_3)
    await claim_and_die(db, family_id, JUNE_3, local(JUNE_3, 21))
    sent, clock = Sent(), FrozenClock(local(JUNE_3, 21, 5))
    instances = [scheduler(db, sent, clock, tmp_path, name) for name in ("b", "c")]
    assert await instances[0].retry_stale_claims() == []          # within the lease
    assert await instances[0].catch_up() == []
    clock.advance(timedelta(minutes=10))
    results = await asyncio.gather(*(s.retry_stale_claims() for s in instances))
    assert sorted(results, key=len) == [[], [(family_id, JUNE_3, "daily")]]
    [(_, reply)] = sent.replies
    assert reply.text.startswith("小鹿的一天（6月3日 周二）")
    [claim] = await claims(db, family_id)
    assert claim.sent_at == clock() and claim.claimed_by in ("b", "c")
    clock.advance(timedelta(minutes=30))
    assert await instances[0].retry_stale_claims() == [] and len(sent.replies) == 1


async def test_a_dead_claim_past_the_grace_period_is_left_alone(db, tmp_path) -> None:
    family_id, _ = await seed_family(db)
    await claim_and_die(db, family_id, JUNE_3, local(JUNE_3, 21))
    sent = Sent()
    late = scheduler(db, sent, FrozenClock(local(JUNE_3, 23, 59)), tmp_path)
    late.grace = timedelta(hours=2)
    assert await late.retry_stale_claims() == [] and sent.replies == []


async def test_a_dead_weekly_claim_is_retried_as_the_weekly_report(db, tmp_path) -> None:
    family_id, baby_id = await seed_family(db)
    await seed_week(db, family_id, baby_id, JUNE_8)
    sent, clock = Sent(), FrozenClock(local(JUNE_8, 21))
    await claim_and_die(db, family_id, JUNE_8, clock(), "weekly")
    await scheduler(db, sent, clock, tmp_path, "b").fire_daily(family_id)
    assert [r.text.splitlines()[0] for _, r in sent.replies] == ["小鹿的一天（6月8日 周日）"]
    clock.advance(timedelta(minutes=11))
    retried = await scheduler(db, sent, clock, tmp_path, "c").retry_stale_claims()
    assert retried == [(family_id, JUNE_8, "weekly")]
    assert sent.replies[-1][1].text.splitlines()[0] == "本周小结（6/2–6/8）"


async def test_a_reminder_whose_sweep_died_goes_out_on_a_later_sweep(db, tmp_path) -> None:
    family_id, baby_id = await seed_family(db, settings={"reminders": {"open_sleep_hours": 6}})
    sleep_id = await add(db, family_id, baby_id, "sleep", local(JUNE_3, 1))
    await claim_and_die(db, family_id, JUNE_3, local(JUNE_3, 8), f"sleep:{sleep_id}")
    sent, clock = Sent(), FrozenClock(local(JUNE_3, 8, 5))
    assert await scheduler(db, sent, clock, tmp_path).check_reminders() == 0
    clock.advance(timedelta(minutes=10))
    assert await scheduler(db, sent, clock, tmp_path).check_reminders() == 1
    assert await scheduler(db, sent, clock, tmp_path, "c").check_reminders() == 0
    assert len(sent.replies) == 1


async def test_rescheduling_while_running_moves_the_job_and_adds_new_families(db, tmp_path) -> None:
    family_id, _ = await seed_family(db)
    summaries = scheduler(db, Sent(), FrozenClock(local(JUNE_3, 12)), tmp_path)
    await summaries.start()
    try:
        await set_summary_time(db, family_id, "20:00")
        newcomer, _ = await seed_family(db, "America/New_York", summary_time="19:30")
        assert summaries.scheduler.get_job(summary_job_id(await family_info(db, newcomer))) is None
        await summaries.reschedule_family(family_id)
        await summaries.reschedule_family(newcomer)
        assert summaries.scheduler.running
        moved = summaries.scheduler.get_job(summary_job_id(await family_info(db, family_id)))
        added = summaries.scheduler.get_job(summary_job_id(await family_info(db, newcomer)))
        assert moved.next_run_time.astimezone(SHANGHAI).strftime("%H:%M") == "20:00"
        assert added.next_run_time.astimezone(NEW_YORK).strftime("%H:%M") == "19:30"
        assert len([j for j in summaries.scheduler.get_jobs() if j.id.startswith("summary:")]) == 2
    finally:
        summaries.shutdown()


async def add_twin(db: Database, family_id: int, name: str = "小熊",
                   sex: str = "male") -> int:
    async with db.sessions() as session:
        baby = Baby(family_id=family_id, name=name, birth_date=date(2025, 3, 1), sex=sex)
        session.add(baby)
        await session.commit()
        return baby.id  # type: ignore[return-value]


async def test_twins_get_a_summary_each_and_one_chart_with_a_series_each(db, tmp_path) -> None:
    family_id, deer = await seed_family(db)
    bear = await add_twin(db, family_id)
    await seed_week(db, family_id, deer, JUNE_3)
    await add(db, family_id, bear, "feeding", local(JUNE_3, 10), kind="formula",
              method="bottle", amount_ml=90)
    sent = Sent()
    await scheduler(db, sent, FrozenClock(local(JUNE_3, 21)), tmp_path).fire_daily(family_id)
    [(_, reply)] = sent.replies
    deer_text, bear_text = reply.text.split("\n\n")
    assert deer_text.startswith("小鹿的一天") and "奶量 480ml" in deer_text
    assert bear_text.startswith("小熊的一天") and "奶量 90ml" in bear_text
    assert Image.open(reply.image).text[SERIES_KEY].split(",")[0] in ("小鹿", "Baby 1")
    assert len(Image.open(reply.image).text[SERIES_KEY].split(",")) == 2


async def test_twins_growth_curves_come_in_one_image_with_a_line_of_text_each(db, tmp_path) -> None:
    family_id, deer = await seed_family(db)
    bear = await add_twin(db, family_id)
    pup = await add_twin(db, family_id, "Pip", sex="female")
    await add(db, family_id, deer, "growth", local(date(2025, 3, 31), 10), weight_kg=4.5)
    await add(db, family_id, deer, "growth", local(date(2025, 5, 30), 10), weight_kg=6.0)
    await add(db, family_id, bear, "growth", local(date(2025, 3, 31), 10), weight_kg=4.8)
    await add(db, family_id, bear, "growth", local(date(2025, 5, 30), 10), weight_kg=6.6)
    summaries = scheduler(db, Sent(), FrozenClock(local(JUNE_3, 12)), tmp_path)
    family = await family_info(db, family_id)
    async with db.unit_of_work() as uow:
        reply = await summaries.builder.growth_reply(uow, family)
    assert reply.text.splitlines() == ["小鹿：12周时 6kg，比4周时 +1.5kg。",
                                       "小熊：12周时 6.6kg，比4周时 +1.8kg。",
                                       "Pip：还没有可以画曲线的生长记录。"]
    assert pup and reply.image is not None
    assert len(Image.open(reply.image).text[SERIES_KEY].split(",")) == 2


class KilledAfterSending(Sent):
    """The platform takes the summary, then the process dies before it can mark the claim sent."""

    async def __call__(self, family: FamilyInfo, reply: OutgoingReply, about: str) -> bool:
        self.replies.append((family.id, reply))
        raise asyncio.CancelledError("killed")


async def test_a_summary_whose_sender_died_after_the_platform_took_it_goes_out_at_most_once_more(
        db, tmp_path) -> None:
    family_id, baby_id = await seed_family(db)
    await seed_week(db, family_id, baby_id, JUNE_3)
    sent, clock = KilledAfterSending(), FrozenClock(local(JUNE_3, 21))
    with pytest.raises(asyncio.CancelledError):
        await scheduler(db, sent, clock, tmp_path, "a").run_due(family_id, JUNE_3)
    [first] = await claims(db, family_id)
    clock.advance(SUMMARY_CLAIM_LEASE + timedelta(minutes=1))
    with pytest.raises(asyncio.CancelledError):           # taken over: the one possible duplicate
        await scheduler(db, sent, clock, tmp_path, "b").retry_stale_claims()
    [second] = await claims(db, family_id)
    clock.advance(SUMMARY_CLAIM_LEASE + timedelta(minutes=1))
    assert await scheduler(db, sent, clock, tmp_path, "c").retry_stale_claims() == []
    assert (first.attempts, first.attempted_at, first.sent_at) == (1, local(JUNE_3, 21), None)
    assert (second.attempts, second.claimed_by, second.sent_at) == (2, "b", None)
    assert len(sent.replies) == 2


async def test_a_family_with_a_zone_that_does_not_exist_does_not_stop_the_jobs_of_the_others(db, tmp_path) -> None:
    broken, _ = await seed_family(db, tz="Asia/Beijing")
    fine, _ = await seed_family(db, tz="America/New_York")
    sched = scheduler(db, Sent(), FrozenClock(local(JUNE_3, 12)), tmp_path)
    assert await sched.rebuild_jobs() == 2
    assert {job.id for job in sched.scheduler.get_jobs()} >= {summary_job_id(await family_info(db, broken)),
                                                               summary_job_id(await family_info(db, fine))}


def count_record_reads(db: Database) -> list[str]:
    """The SELECTs on `records` the engine runs from now on."""
    from sqlalchemy import event

    seen: list[str] = []

    @event.listens_for(db.engine.sync_engine, "before_cursor_execute")
    def _seen(conn, cursor, statement, parameters, context, executemany) -> None:
        if statement.lstrip().upper().startswith("SELECT") and " records" in statement:
            seen.append(statement)

    return seen


async def test_families_due_at_the_same_minute_share_one_job_and_one_read_of_their_records(db, tmp_path) -> None:
    shanghai = [await seed_family(db) for _ in range(5)]
    for family_id, baby_id in shanghai:
        await seed_week(db, family_id, baby_id, JUNE_3)
    new_york, _ = await seed_family(db, "America/New_York")
    sent = Sent()
    summaries = scheduler(db, sent, FrozenClock(local(JUNE_3, 21)), tmp_path)
    assert await summaries.rebuild_jobs() == 2           # slots: one zone and time each
    slots = [j for j in summaries.scheduler.get_jobs() if j.id.startswith("summary:")]
    assert sorted(j.id for j in slots) == ["summary:America/New_York@21:00", "summary:Asia/Shanghai@21:00"]
    reads = count_record_reads(db)
    assert sorted(await summaries.fire_slot(("Asia/Shanghai", "21:00"))) == sorted(f for f, _ in shanghai)
    assert len(reads) == 1                      # five families, one read of their records
    assert sorted(family_id for family_id, _ in sent.replies) == sorted(f for f, _ in shanghai)
    assert all("奶量 480ml" in reply.text and reply.image is not None for _, reply in sent.replies)
    assert new_york not in {family_id for family_id, _ in sent.replies}
    assert await summaries.fire_slot(("Asia/Shanghai", "21:00")) == []      # claimed: never twice


async def test_a_slot_left_empty_loses_its_job_and_a_moved_family_is_sent_at_its_new_time(db, tmp_path) -> None:
    family_id, baby_id = await seed_family(db)
    await seed_week(db, family_id, baby_id, JUNE_3)
    sent = Sent()
    summaries = scheduler(db, sent, FrozenClock(local(JUNE_3, 20, 30)), tmp_path)
    await summaries.rebuild_jobs()
    await set_summary_time(db, family_id, "20:30")
    await summaries.reschedule_family(family_id)
    assert summaries.scheduler.get_job("summary:Asia/Shanghai@21:00") is None
    assert summaries.scheduler.get_job("summary:Asia/Shanghai@20:30") is not None
    assert await summaries.fire_slot(("Asia/Shanghai", "21:00")) == []
    assert await summaries.fire_slot(("Asia/Shanghai", "20:30")) == [family_id]
    assert [f for f, _ in sent.replies] == [family_id]


async def test_a_summary_that_cannot_be_built_does_not_hold_back_the_rest_of_its_batch(db, tmp_path) -> None:
    (broken, broken_baby), (fine, fine_baby) = await seed_family(db), await seed_family(db)
    for family_id, baby_id in ((broken, broken_baby), (fine, fine_baby)):
        await seed_week(db, family_id, baby_id, JUNE_3)
    sent = Sent()
    summaries = scheduler(db, sent, FrozenClock(local(JUNE_3, 21)), tmp_path)
    await summaries.rebuild_jobs()
    build = summaries.builder.daily_reply_of

    async def breaks_for_one(per_baby, family, local_date, chart=True):
        if family.id == broken:
            raise ValueError("a record no summary can read")
        return await build(per_baby, family, local_date, chart)

    summaries.builder.daily_reply_of = breaks_for_one
    assert sorted(await summaries.fire_slot(("Asia/Shanghai", "21:00"))) == sorted([broken, fine])
    assert [f for f, _ in sent.replies] == [fine]
    [claim] = await claims(db, broken)
    assert claim.sent_at is None                # left for the retry sweep, within the grace period


async def test_the_evening_job_survives_a_pooled_connection_the_server_dropped(db, tmp_path) -> None:
    if db.dialect != "postgresql":
        pytest.skip("SQLite has no server to drop a connection")
    from tests.integration.conftest import drop_pooled_connection

    family_id, baby_id = await seed_family(db)
    await seed_week(db, family_id, baby_id, JUNE_3)
    sent = Sent()
    summaries = scheduler(db, sent, FrozenClock(local(JUNE_3, 21)), tmp_path)
    await summaries.rebuild_jobs()
    await drop_pooled_connection(db.engine)                  # the one the job gets first
    assert await summaries.fire_slot(("Asia/Shanghai", "21:00")) == [family_id]
    assert [f for f, _ in sent.replies] == [family_id]


async def test_two_instances_firing_the_same_slot_send_each_family_s_summary_once(db, tmp_path) -> None:
    families = [await seed_family(db) for _ in range(4)]
    for family_id, baby_id in families:
        await seed_week(db, family_id, baby_id, JUNE_3)
    sent, clock = Sent(), FrozenClock(local(JUNE_3, 21))
    first, second = scheduler(db, sent, clock, tmp_path, "a"), scheduler(db, sent, clock, tmp_path, "b")
    await first.rebuild_jobs()
    await second.rebuild_jobs()
    slot = ("Asia/Shanghai", "21:00")
    won = await asyncio.gather(first.fire_slot(slot), second.fire_slot(slot))
    assert sorted(won[0] + won[1]) == sorted(f for f, _ in families)
    assert sorted(f for f, _ in sent.replies) == sorted(f for f, _ in families)     # once each, whoever won
