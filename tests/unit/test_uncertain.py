"""Uncertain readings are read back and confirmed instead of written."""
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from domain.decide.decide_turn import decide_turn
from domain.extraction import Extraction, Intent, SleepEvent, Slots
from domain.replies.render import render
from domain.tasks import PendingTask
from domain.turn import BabyView, MemberView, Press, SaveTask, Turn, WriteRecord
from domain.vocabulary import ConfirmReason, Language, RecordType, ReplyKind, Role, TaskAction, TaskState

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 14, 40, tzinfo=TZ)
MOM = MemberView(1, Role.PARENT, "妈妈", "妈妈")
BABY = (BabyView(7, "小满"),)
TWINS = (BabyView(7, "小米"), BabyView(8, "小麦"))


def turn(extraction: Extraction, babies=BABY, **kw) -> Turn:
    return Turn(member=MOM, extraction=extraction, now=NOW, babies=babies, **kw)


def feed(intent: Intent = Intent.RECORD, **kw) -> Extraction:
    slots = {"start": NOW, "kind": "formula", "amount_ml": 100, **kw.pop("slots", {})}
    return Extraction(intent=intent, record_type=RecordType.FEEDING, slots=Slots(**slots), **kw)


def assert_read_back(decision) -> PendingTask:
    assert decision.reply.kind is ReplyKind.CONFIRM
    [save] = decision.effects
    assert save.task.requires_confirmation_reason is ConfirmReason.UNCERTAIN_READING
    return save.task


def test_a_number_the_reading_did_not_use_makes_a_complete_feed_a_read_back_not_a_write():
    d = decide_turn(turn(feed(unaccounted=["at 3"])))
    assert_read_back(d)
    assert "at 3" in render(d.reply, Language.EN, NOW) and "at 3" in render(d.reply, Language.ZH, NOW)


def test_a_parents_record_under_a_chat_label_is_read_back_not_written():
    e = Extraction(intent=Intent.CHAT, record_type=RecordType.DIAPER, slots=Slots(time=NOW, wet=True))
    assert_read_back(decide_turn(turn(e)))


def test_afternoon_four_said_at_1440_is_confirmed_with_yesterday_shown():
    yesterday_four = (NOW - timedelta(days=1)).replace(hour=16, minute=0)
    d = decide_turn(turn(feed(slots={"start": yesterday_four}, clock_without_day="16:00")))
    assert_read_back(d)
    text = render(d.reply, Language.ZH, NOW)
    assert "昨天 16:00" in text and "16:00还没到" in text
    assert "yesterday 16:00" in render(d.reply, Language.EN, NOW)


def test_a_dayless_clock_time_earlier_today_is_written_at_once():
    d = decide_turn(turn(feed(slots={"start": NOW.replace(hour=9, minute=0)}, clock_without_day="09:00")))
    assert d.reply.kind is ReplyKind.RECORDED


def test_a_dayless_clock_time_a_few_hours_back_over_midnight_is_written_at_once():
    late = NOW.replace(hour=1, minute=0)
    said_23 = (late - timedelta(days=1)).replace(hour=23)
    d = decide_turn(Turn(member=MOM, extraction=feed(slots={"start": said_23}, clock_without_day="23:00"),
                         now=late, babies=BABY))
    assert d.reply.kind is ReplyKind.RECORDED


def test_an_uncertain_message_that_opens_a_task_is_read_back_when_the_task_is_complete():
    d = decide_turn(turn(feed(slots={"kind": None}, unaccounted=["at 3"])))
    [save] = d.effects
    assert d.reply.kind is ReplyKind.ASK and save.task.requires_confirmation_reason is ConfirmReason.UNCERTAIN_READING
    assert "at 3" in render(d.reply, Language.EN, NOW)
    stored = PendingTask(**{**save.task.__dict__, "id": 4})
    d = decide_turn(turn(Extraction(intent=Intent.SUPPLY, slots=Slots(kind="formula")), active_task=stored))
    assert_read_back(d)


def test_an_uncertain_twin_question_asks_which_baby_then_reads_back():
    d = decide_turn(turn(feed(unaccounted=["at 3"]), babies=TWINS))
    [save] = d.effects
    stored = PendingTask(**{**save.task.__dict__, "id": 4})
    d = decide_turn(turn(Extraction(), babies=TWINS, active_task=stored,
                         press=Press("choose", task_id=4, revision=stored.revision, value="b7")))
    assert_read_back(d)


def test_a_button_press_alone_never_makes_a_reading_uncertain():
    task = PendingTask(action=TaskAction.CREATE, record_type=RecordType.FEEDING, state=TaskState.PENDING,
                       started_by=1, expires_at=NOW + timedelta(minutes=30), id=4, revision=1, baby_id=7,
                       slots={"start": NOW, "amount_ml": 100.0}, missing=("kind",))
    d = decide_turn(turn(Extraction(), active_task=task, press=Press("choose", task_id=4, revision=1,
                                                                     value="formula")))
    assert d.reply.kind is ReplyKind.RECORDED and isinstance(d.effects[-1], WriteRecord)


def test_an_uncertain_fell_asleep_is_read_back_and_confirming_opens_the_sleep():
    e = Extraction(intent=Intent.RECORD, record_type=RecordType.SLEEP, sleep_event=SleepEvent.FELL_ASLEEP,
                   unaccounted=["at 3"])
    d = decide_turn(turn(e))
    task = assert_read_back(d)
    d = decide_turn(turn(Extraction(intent=Intent.CONFIRM), active_task=PendingTask(**{**task.__dict__, "id": 9})))
    assert isinstance(d.effects[0], SaveTask) and isinstance(d.effects[1], WriteRecord)
    assert d.effects[1].fields == {"start": NOW, "nap": True}      # 14:40: a nap by the clock
