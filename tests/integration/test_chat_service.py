"""The application service against a real database (a temporary SQLite file and a fresh
PostgreSQL schema, see conftest.py): idempotency, button presses, concurrency, roles,
expiry, recent context, forged input and the audit trail. Nothing of ours is mocked;
the extractor is the real rule extractor (wrapped only to observe what it is given)."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import func
from sqlalchemy.exc import IntegrityError
from sqlmodel import select

from bot.clock import FrozenClock
from bot.composition import Fawn, assemble
from bot.protocol import ButtonPress, FamilySetup, IncomingMessage, MemberSetup, TurnResult
from bot.understanding.extractor import ExtractionOutcome, Extractor, build_extractor
from bot.understanding.request import ExtractionRequest
from domain.vocabulary import ReplyKind, TaskState
from storage.engine import Database
from storage.errors import TaskConflict
from storage.tables import AgentTask, AuditEntry, Member, Message, Record
from storage.tables import Family as FamilyRow

SHANGHAI = ZoneInfo("Asia/Shanghai")
EVENING = datetime(2026, 5, 4, 20, 15, tzinfo=SHANGHAI)
PLATFORM, CHAT = "scenario", "family-1"
CROSS_DAY_SLEEP = "昨晚8点到凌晨3点睡的"      # always asks to confirm (cross_day_sleep)


class RecordingExtractor:
    """The real extractor, plus a list of every request the service gave it."""

    def __init__(self, inner: Extractor) -> None:
        self.inner = inner
        self.requests: list[ExtractionRequest] = []

    async def extract(self, request: ExtractionRequest) -> ExtractionOutcome:
        self.requests.append(request)
        return await self.inner.extract(request)


@dataclass
class Family:
    """One family chat driven through the service: a parent, a caregiver and a friend."""

    app: Fawn
    clock: FrozenClock
    extractor: RecordingExtractor
    id: int = 0
    sent: int = 0
    buttons: dict[str, str] = field(default_factory=dict)   # action -> token of the last reply

    def message(self, who: str, text: str = "", *, token: str | None = None,
                after: timedelta = timedelta(minutes=1), **extra) -> IncomingMessage:
        self.sent += 1
        self.clock.advance(after)
        return IncomingMessage(PLATFORM, CHAT, who, who, f"m{self.sent}", self.clock(), text,
                               press=ButtonPress(token) if token else None, **extra)

    async def send(self, msg: IncomingMessage) -> TurnResult:
        result = await self.app.chat.handle(msg)
        if result.reply and result.reply.buttons:
            self.buttons = {b.action: b.token for b in result.reply.buttons}
        return result

    async def say(self, who: str, text: str, **kw) -> TurnResult:
        return await self.send(self.message(who, text, **kw))

    async def press(self, who: str, token: str) -> TurnResult:
        return await self.send(self.message(who, token=token))

    async def count(self, table, *where) -> int:
        async with self.app.database.sessions() as s:
            return (await s.exec(select(func.count()).select_from(table).where(*where))).one()

    async def rows(self, table, *where, order=None) -> list:
        async with self.app.database.sessions() as s:
            q = select(table).where(*where).order_by(order if order is not None else table.id)
            return list((await s.exec(q)).all())

    async def member_id(self, who: str) -> int:
        (member,) = await self.rows(Member, Member.platform_user_id == who)
        return member.id


@pytest.fixture
async def family(database) -> Family:
    clock = FrozenClock(EVENING)
    extractor = RecordingExtractor(build_extractor())
    app = assemble(Database(database.engine), extractor, clock=clock)
    chat = Family(app, clock, extractor)
    chat.id = await app.families.setup_family(FamilySetup(PLATFORM, CHAT, members=(
        MemberSetup("mom", "妈妈", "妈妈", "parent"),
        MemberSetup("nanny", "阿姨", "阿姨", "caregiver"),
        MemberSetup("guest", "小王", None, "friend"))))
    return chat


async def _awaiting_confirmation(family: Family) -> str:
    """Start a cross-midnight sleep, which always waits for a confirm; return its confirm token."""
    result = await family.say("mom", CROSS_DAY_SLEEP)
    assert result.kind is ReplyKind.CONFIRM
    return family.buttons["confirm"]


# --- idempotency -------------------------------------------------------------------------

async def test_a_redelivered_message_whose_reply_was_sent_writes_once_and_is_silent(family: Family) -> None:
    msg = family.message("mom", "刚刚喝了90ml配方奶")

    first = await family.send(msg)
    await family.app.outbox.mark_delivered(first.reply_id, "platform-1")
    again = await family.send(msg)

    assert first.kind is ReplyKind.RECORDED and len(first.written) == 1
    assert again.duplicate is True and again.reply is None and again.written == ()
    assert await family.count(Record) == 1
    assert await family.count(Message, Message.platform_message_id == msg.message_id) == 1
    assert await family.count(AuditEntry, AuditEntry.action == "record_create") == 1


async def test_a_redelivered_message_whose_reply_never_left_gets_that_same_reply_and_nothing_is_redone(
        family: Family) -> None:
    # The process stopped after the turn committed and before the send: the platform delivers again.
    msg = family.message("mom", "昨晚8点到凌晨3点睡的")
    first = await family.send(msg)

    again = await family.send(msg)
    await family.app.outbox.mark_delivered(again.reply_id, "platform-1")
    third = await family.send(msg)

    assert again.duplicate is True and again.written == ()
    assert again.reply is not None and again.reply_id == first.reply_id
    assert (again.reply.kind, again.reply.text, again.reply.language) == (first.reply.kind, first.reply.text, "zh")
    assert [(b.action, b.label, b.token) for b in again.reply.buttons] == \
        [(b.action, b.label, b.token) for b in first.reply.buttons]
    assert third.duplicate is True and third.reply is None
    assert await family.count(AgentTask) == 1
    assert await family.count(Message, Message.direction == "out") == 1


async def test_pressing_confirm_twice_writes_one_record_and_rejects_the_second_press(family: Family) -> None:
    token = await _awaiting_confirmation(family)

    first = await family.press("mom", token)
    second = await family.press("mom", token)

    assert first.kind is ReplyKind.RECORDED and len(first.written) == 1
    assert first.press_rejected is False
    assert second.press_rejected is True and second.written == ()
    assert await family.count(Record, Record.type == "sleep") == 1


async def test_parent_and_caregiver_confirming_at_the_same_moment_write_exactly_one_sleep(family: Family) -> None:
    """On PostgreSQL both turns read revision 1 and race to the compare-and-set; on SQLite
    the write lock serialises them and the later turn reads the completed task."""
    token = await _awaiting_confirmation(family)
    mom_press, nanny_press = family.message("mom", token=token), family.message("nanny", token=token)

    results = await asyncio.gather(family.send(mom_press), family.send(nanny_press))

    assert sorted(len(r.written) for r in results) == [0, 1]
    assert sorted(r.press_rejected for r in results) == [False, True]
    assert await family.count(Record, Record.type == "sleep") == 1
    (task,) = await family.rows(AgentTask)
    assert task.state == "completed"
    winner = next(r for r in results if r.written)
    winner_id = await family.member_id("mom" if winner is results[0] else "nanny")
    assert task.confirmed_by == winner_id


async def test_a_task_change_made_from_a_stale_revision_loses_the_compare_and_set(family: Family) -> None:
    await _awaiting_confirmation(family)
    units = family.app.database
    async with units.unit_of_work() as first, units.unit_of_work() as second:
        mine = await first.tasks.active(family.id, SHANGHAI)
        theirs = await second.tasks.active(family.id, SHANGHAI)
        await first.tasks.compare_and_set(replace(mine, state=TaskState.CANCELLED, revision=mine.revision + 1),
                                          family.clock())
        await first.commit()

        with pytest.raises(TaskConflict):
            await second.tasks.compare_and_set(replace(theirs, state=TaskState.COMPLETED,
                                                       revision=theirs.revision + 1), family.clock())

    (task,) = await family.rows(AgentTask)
    assert (task.state, task.revision) == ("cancelled", 2)


# --- roles -------------------------------------------------------------------------------

async def test_a_friend_asking_to_record_a_formula_feed_is_refused_and_nothing_changes(family: Family) -> None:
    result = await family.say("guest", "帮我记录90ml配方奶")

    assert result.kind is ReplyKind.REFUSED
    assert result.written == () and result.updated == ()
    assert await family.count(AgentTask) == 0
    assert await family.count(Record) == 0
    assert await family.count(AuditEntry, AuditEntry.action != "family_setup") == 0


# --- expiry ------------------------------------------------------------------------------

async def test_a_confirmation_sixty_one_minutes_later_finds_the_task_expired_and_writes_nothing(family: Family) -> None:
    await _awaiting_confirmation(family)

    late = await family.say("mom", "确认", after=timedelta(minutes=61))

    assert late.kind is ReplyKind.EXPIRED
    assert late.written == ()
    (task,) = await family.rows(AgentTask)
    assert task.state == "expired"
    assert await family.count(Record) == 0


async def test_a_confirmation_fifty_nine_minutes_later_still_writes_the_sleep(family: Family) -> None:
    """The other side of the expiry line, so the test above cannot pass for another reason."""
    await _awaiting_confirmation(family)

    in_time = await family.say("mom", "确认", after=timedelta(minutes=59))

    assert in_time.kind is ReplyKind.RECORDED
    assert await family.count(Record, Record.type == "sleep") == 1


# --- recent context ----------------------------------------------------------------------

async def test_the_extractor_sees_at_most_twenty_earlier_messages_and_never_the_current_one(family: Family) -> None:
    chatter = [f"今天天气不错{'呀' * n}" for n in range(1, 26)]   # distinct, no numbers, no reply

    for text in chatter:
        await family.say("mom", text)

    requests = family.extractor.requests
    assert len(requests) == len(chatter)
    assert requests[0].recent == ()
    for request in requests:
        assert len(request.recent) <= 20
        assert request.text not in [line.text for line in request.recent]
    stored = [m.text for m in await family.rows(Message)]
    assert [line.text for line in requests[-1].recent] == stored[-21:-1]
    assert [line.text for line in requests[-1].recent][-1] == chatter[-2]


# --- forged and oversized input ----------------------------------------------------------

@pytest.mark.parametrize("forged", ["t999.1.confirm", "garbage", "t{task}.{future}.confirm"],
                         ids=["unknown_task", "garbage", "revision_from_the_future"])
async def test_a_forged_button_token_is_rejected_and_changes_nothing(family: Family, forged: str) -> None:
    await _awaiting_confirmation(family)
    (before,) = await family.rows(AgentTask)
    token = forged.format(task=before.id, future=before.revision + 5)

    result = await family.press("mom", token)

    assert result.press_rejected is True
    assert result.kind in (ReplyKind.REFUSED, ReplyKind.NONE)
    assert result.written == () and result.updated == () and result.deleted == ()
    (after,) = await family.rows(AgentTask)
    assert (after.state, after.revision) == (before.state, before.revision) == ("awaiting_confirmation", 1)
    assert await family.count(Record) == 0


@pytest.mark.parametrize("addressed", [True, False], ids=["addressed_to_the_bot", "group_chatter"])
async def test_a_hundred_kilobyte_message_gets_a_short_polite_reply_or_silence_and_changes_nothing(
        family: Family, addressed: bool) -> None:
    huge = ("宝宝今天很乖，我们在公园散步，天气晴朗。" * 6000)[:100_000]

    result = await family.say("mom", huge, addressed_to_bot=addressed)

    assert result.kind is (ReplyKind.REFUSED if addressed else ReplyKind.NONE)   # a group: chatter is not answered
    if result.reply is not None:
        assert 0 < len(result.reply.text) < 1000
    assert result.written == ()
    assert await family.count(Record) == 0
    assert await family.count(AgentTask) == 0
    assert await family.count(Message, Message.direction == "in") == 1


# --- audit -------------------------------------------------------------------------------

async def test_every_record_create_and_update_leaves_an_audit_row_naming_the_member_and_message(
        family: Family) -> None:
    created = await family.say("mom", "刚刚喝了91ml配方奶")
    (record_id,) = created.written
    asked = await family.say("nanny", "不对，是90ml")
    updated = await family.say("nanny", "确认")

    assert asked.kind is ReplyKind.CONFIRM
    assert updated.kind is ReplyKind.UPDATED and updated.updated == (record_id,)
    entries = await family.rows(AuditEntry, AuditEntry.record_id == record_id)
    assert [e.action for e in entries] == ["record_create", "record_update"]
    create, update = entries
    assert create.member_id == await family.member_id("mom")
    assert create.message_id == created.incoming_id
    assert create.after["amount_ml"] in (91, 91.0, "91.0", "91")
    assert update.member_id == await family.member_id("nanny")
    assert update.message_id == updated.incoming_id
    assert update.before["amount_ml"] in (91, 91.0, "91.0", "91")
    assert update.after["amount_ml"] in (90, 90.0, "90.0", "90")


# --- the database's own guard --------------------------------------------------------------

def _task_row(family_id: int, state: str) -> AgentTask:
    at = EVENING
    return AgentTask(family_id=family_id, action="create", record_type="feeding", state=state,
                     created_at=at, updated_at=at, expires_at=at + timedelta(hours=1))


async def test_the_database_refuses_a_second_active_task_for_one_family(family: Family) -> None:
    async with family.app.database.sessions() as s:
        s.add(_task_row(family.id, "pending"))
        await s.commit()

    async with family.app.database.sessions() as s:
        s.add(_task_row(family.id, "awaiting_confirmation"))
        with pytest.raises(IntegrityError):
            await s.commit()

    assert await family.count(AgentTask) == 1


async def test_the_database_allows_any_number_of_finished_tasks_beside_the_active_one(family: Family) -> None:
    async with family.app.database.sessions() as s:
        for state in ("completed", "cancelled", "expired", "completed", "pending"):
            s.add(_task_row(family.id, state))
        await s.commit()

    assert await family.count(AgentTask) == 5


async def test_a_family_whose_stored_zone_does_not_exist_still_gets_its_turns(family: Family) -> None:
    # written before the door checked zone names (a model once said Asia/Beijing)
    async with family.app.database.sessions() as s:
        row = await s.get(FamilyRow, family.id)
        row.timezone = "Asia/Beijing"
        s.add(row)
        await s.commit()

    result = await family.say("mom", "刚刚喝了90ml配方奶")

    assert result.kind is ReplyKind.RECORDED and not result.failed
    (record,) = await family.rows(Record)
    assert record.start.astimezone(SHANGHAI).hour == family.clock().astimezone(SHANGHAI).hour


# --- a dead connection ---------------------------------------------------------------------

async def test_a_turn_on_a_pooled_connection_the_server_dropped_runs_again_on_a_fresh_one(
        family: Family, database) -> None:
    if database.kind != "postgresql":
        pytest.skip("SQLite has no server to drop a connection")
    from tests.integration.conftest import drop_pooled_connection

    assert (await family.say("mom", "刚刚喝了90ml配方奶")).kind is ReplyKind.RECORDED
    await drop_pooled_connection(database.engine)         # the one the next turn gets
    result = await family.say("mom", "换了尿布，尿了")
    assert result.kind is ReplyKind.RECORDED and not result.failed and not result.retry_later
    assert await family.count(Record) == 2


# --- the turn's first read -------------------------------------------------------------------

async def test_the_chat_s_first_read_brings_the_same_members_and_babies_as_their_own_reads(family: Family) -> None:
    from datetime import date

    from storage.tables import Baby

    async with family.app.database.sessions() as session:
        session.add(Baby(family_id=family.id, name="小熊", nicknames=["熊熊", "Bear"], birth_date=date(2025, 3, 1),
                         sex="male", birth_weight_kg=3.35, birth_height_cm=50.5))
        session.add(Baby(family_id=family.id, name="小鹿", nicknames=[], birth_date=None, sex=None))
        await session.commit()
    async with family.app.database.unit_of_work() as uow:
        reached = await uow.families.chat_and_family(PLATFORM, CHAT)
        members, babies = await uow.families.members(family.id), await uow.families.babies(family.id)
    assert reached.family.id == family.id and reached.chats == 1
    assert reached.members == members and [m.title for m in members] == ["妈妈", "阿姨", None]
    assert reached.babies == babies and [b.name for b in babies] == ["宝宝", "小熊", "小鹿"]   # 宝宝: the setup's
    assert babies[1].nicknames == ("熊熊", "Bear") and babies[1].birth_date == date(2025, 3, 1)
    assert (babies[1].birth_weight_kg, babies[2].birth_date, babies[2].nicknames) == (3.35, None, ())


async def test_the_chat_s_first_read_brings_the_same_active_and_last_task_as_their_own_read(family: Family) -> None:
    from storage.repositories.tasks import TaskRepository

    async def both():
        async with family.app.database.unit_of_work() as uow:
            reached = await uow.families.chat_and_family(PLATFORM, CHAT)
            return (TaskRepository.from_first_read(reached.tasks, SHANGHAI),
                    await uow.tasks.active_and_last(family.id, SHANGHAI))

    assert await both() == ((None, None), (None, None))
    await family.say("mom", "刚刚喝了90ml，尿了")       # two facts, the milk's kind asked: a task with items
    first, own = await both()
    assert first == own and first[0] is not None and first[0].items and first[0].expires_at.tzinfo is not None
    await family.say("mom", "配方奶")                          # done: no active task, the last one finished
    first, own = await both()
    assert first == own and first[0] is None and first[1] is not None


async def test_a_button_naming_an_id_beyond_the_databases_integers_is_refused_not_a_failed_turn(
        family: Family) -> None:
    tokens = ["t2147483648.1.confirm", "t1.2147483648.confirm", "u2147483648", "m9999999999.parent",
              "j999999999999.no", "t999999999999.999999999.cancel", "t1.1.choose.restore_99999999999"]
    answers = [await family.press("mom", token) for token in tokens]
    assert all(a.kind is ReplyKind.REFUSED and a.press_rejected and not a.failed for a in answers), answers
