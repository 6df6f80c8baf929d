"""The database decides who is due, not a process's memory: a running scheduler learns new families, new
summary times and new zones from the families table (its slot sync, every minute), however many instances
share the database, and a slot's job selects the slot's families when it fires. Driven by a controllable
clock through the scheduler's own triggers (tests/integration/ticking.py), on SQLite and PostgreSQL, with the
real application: families set up, settings changed and reminders asked for through real chat turns."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.clock import FrozenClock
from bot.composition import Fawn, open_fawn
from bot.protocol import FamilySetup, IncomingMessage, MemberSetup, OutgoingReply, TurnResult
from bot.push.scheduler import SummaryScheduler
from domain.vocabulary import ReplyKind
from storage.repositories.families import FamilyInfo
from tests.integration.conftest import Database
from tests.integration.ticking import Ticker

pytestmark = pytest.mark.slow           # an afternoon and an evening of the scheduler's jobs, minute by minute

SHANGHAI = ZoneInfo("Asia/Shanghai")
TUESDAY, SUNDAY = (2025, 6, 3), (2025, 6, 8)
MOM = MemberSetup("mom", "妈妈", "妈妈", "parent")


def at(day: tuple[int, int, int], hour: int, minute: int = 0, second: int = 0) -> datetime:
    return datetime(*day, hour, minute, second, tzinfo=SHANGHAI)


@dataclass
class Pushed:
    """The family push and the chat push: what went out, to which family, and when by the test's clock."""

    clock: FrozenClock
    sent: list[tuple[int, str, datetime]] = field(default_factory=list)

    async def __call__(self, family: FamilyInfo, reply: OutgoingReply, about: str) -> bool:
        self.sent.append((family.id, about, self.clock()))
        return True

    def reaches(self, platform: str) -> bool:
        return True

    async def to_chat(self, family: FamilyInfo, platform: str, chat_id: str, reply: OutgoingReply,
                      about: str) -> bool:
        return await self(family, reply, about)

    def of(self, family_id: int, about: str) -> list[datetime]:
        return [when for to, what, when in self.sent if to == family_id and what.startswith(about)]


@dataclass
class Instance:
    """One `fawn run`: the application and its scheduler, on the shared database."""

    app: Fawn
    scheduler: SummaryScheduler
    said: int = 0
    stopped: bool = False

    @classmethod
    async def open(cls, database: Database, clock: FrozenClock, pushed: Pushed, name: str,
                   tmp_path: Path) -> Instance:
        app = await open_fawn(database.url, clock=clock, migrate=False)
        scheduler = SummaryScheduler(app.database, pushed, clock, name, chart_dir=tmp_path / name, chats=pushed)
        app.chat.on_settings_changed = scheduler.reschedule_family
        await scheduler.rebuild_jobs()
        return cls(app, scheduler)

    async def family(self, chat: str, timezone: str = "Asia/Shanghai") -> int:
        return await self.app.families.setup_family(FamilySetup("t", chat, timezone=timezone, members=(MOM,)))

    async def say(self, chat: str, text: str) -> TurnResult:
        self.said += 1
        clock = self.app.chat.clock
        return await self.app.chat.handle(IncomingMessage("t", chat, "mom", "妈妈", f"{chat}-{self.said}", clock(),
                                                          text))

    async def stop(self) -> None:
        self.scheduler.shutdown()
        if not self.stopped:
            self.stopped = True
            await self.app.close()


def within_a_step(times: list[datetime], due: datetime) -> bool:
    """Sent once, in the ticker's step (a minute) that contains the due time."""
    return len(times) == 1 and due <= times[0] <= due + timedelta(minutes=1)


async def test_a_family_set_up_after_the_scheduler_started_gets_its_summary_at_its_time(database, tmp_path) -> None:
    clock = FrozenClock(at(SUNDAY, 11, 59))
    pushed = Pushed(clock)
    running = await Instance.open(database, clock, pushed, "a", tmp_path)     # no family yet: no slot
    try:
        ticker = Ticker(clock, running.scheduler)
        await ticker.run_until(at(SUNDAY, 12))
        shanghai = await running.family("group-sh")
        tokyo = await running.family("group-tk", timezone="Asia/Tokyo")       # 21:00 in Tokyo is 20:00 here
        asked = await running.say("group-sh", "三小时后提醒我吸奶")             # a one-off reminder at 15:00
        rule = await running.say("group-sh", "睡了超过6小时还没醒就提醒我")
        asleep = await running.say("group-sh", "宝宝睡着了")                    # open since 12:00: nudged at 18:00
        await ticker.run_until(at(SUNDAY, 21, 5))
    finally:
        await running.stop()
    assert (asked.kind, rule.kind, asleep.kind) == (ReplyKind.RECORDED, ReplyKind.UPDATED, ReplyKind.RECORDED)
    for family_id, due in ((tokyo, at(SUNDAY, 20)), (shanghai, at(SUNDAY, 21))):
        assert within_a_step(pushed.of(family_id, "summary:daily:2025-06-08"), due)
        assert within_a_step(pushed.of(family_id, "summary:weekly:2025-06-08"), due)     # Sunday's report too
    [once] = pushed.of(shanghai, "reminder:once:")
    assert at(SUNDAY, 15) <= once <= at(SUNDAY, 15, 1)
    [nudge] = pushed.of(shanghai, "reminder:sleep:")
    assert at(SUNDAY, 18) <= nudge <= at(SUNDAY, 18, 5)
    assert pushed.of(tokyo, "reminder") == []


async def test_a_change_made_on_another_instance_is_honoured_after_that_instance_stopped(database, tmp_path) -> None:
    clock = FrozenClock(at(TUESDAY, 12))
    pushed = Pushed(clock)
    a = await Instance.open(database, clock, pushed, "a", tmp_path)
    b = await Instance.open(database, clock, pushed, "b", tmp_path)
    try:
        moved_time, moved_zone, stays = [await a.family(chat) for chat in ("group-1", "group-2", "group-3")]
        ticker = Ticker(clock, a.scheduler, b.scheduler)
        await ticker.run_until(at(TUESDAY, 12, 5))
        time_said = await b.say("group-1", "每天晚上8点发总结")
        zone_said = await b.say("group-2", "时区改成Asia/Tokyo")                # 21:00 in Tokyo: 20:00 here
        ticker.schedulers.remove(b.scheduler)
        await b.stop()
        await ticker.run_until(at(TUESDAY, 21, 30))
    finally:
        await a.stop()
        await b.stop()
    assert (time_said.kind, zone_said.kind) == (ReplyKind.UPDATED, ReplyKind.UPDATED)
    for family_id in (moved_time, moved_zone):
        assert within_a_step(pushed.of(family_id, "summary:daily:2025-06-03"), at(TUESDAY, 20))
    assert within_a_step(pushed.of(stays, "summary:daily:2025-06-03"), at(TUESDAY, 21))
    assert len(pushed.sent) == 3


async def test_a_slot_learned_after_its_minute_is_sent_at_once_and_an_older_one_is_not(database, tmp_path) -> None:
    clock = FrozenClock(at(TUESDAY, 20, 59))
    pushed = Pushed(clock)
    running = await Instance.open(database, clock, pushed, "a", tmp_path)
    other = await Instance.open(database, clock, pushed, "b", tmp_path)
    try:
        clock.set(at(TUESDAY, 20, 59, 50))
        just_before = await other.family("group-1")                           # 21:00, a slot no family had
        earlier = await other.family("group-2")
        await other.say("group-2", "每天晚上8点发总结")                          # 20:00: long past today
        clock.set(at(TUESDAY, 21, 0, 40))
        await running.scheduler.sync_slots()                                  # its next sync
        await running.scheduler.settled()
    finally:
        await running.stop()
        await other.stop()
    assert pushed.of(just_before, "summary:daily:2025-06-03") == [at(TUESDAY, 21, 0, 40)]
    assert pushed.of(earlier, "summary") == []
