"""Several facts in one message, and twins: each fact decided under the same rules, the message as a whole."""
from dataclasses import replace
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from domain.decide.decide_turn import decide_turn
from domain.extraction import Extraction, Fact, Intent, SleepEvent, Slots
from domain.replies.render import render
from domain.turn import (
    BabyView,
    DeleteRecord,
    MemberView,
    Press,
    RecordView,
    SaveTask,
    Turn,
    UndoTarget,
    UpdateRecord,
    WriteRecord,
)
from domain.vocabulary import ConfirmReason, Language, RecordType, ReplyKind, Role, TaskState

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 20, 15, tzinfo=TZ)
MOM = MemberView(1, Role.PARENT, "妈妈", "妈妈")
GUEST = MemberView(3, Role.FRIEND, "小王")
ONE = (BabyView(7, "小满"),)
TWINS = (BabyView(7, "豆豆"), BabyView(8, "米粒"))
FEED = Fact(record_type=RecordType.FEEDING, slots=Slots(kind="formula", amount_ml=90))
WET = Fact(record_type=RecordType.DIAPER, slots=Slots(wet=True))


def turn(extraction: Extraction, member: MemberView = MOM, babies=ONE, **kw) -> Turn:
    return Turn(member=member, extraction=extraction, now=NOW, babies=babies, **kw)


def said(*facts: Fact, **kw) -> Extraction:
    first, *rest = facts
    return Extraction(intent=Intent.RECORD, record_type=first.record_type, slots=first.slots,
                      sleep_event=first.sleep_event, baby=first.baby, every_baby=first.every_baby, also=rest, **kw)


def writes(d) -> list[WriteRecord]:
    return [e for e in d.effects if isinstance(e, WriteRecord)]


def sleep(id_: int, baby: int, start: datetime) -> RecordView:
    return RecordView(id_, RecordType.SLEEP, baby, {"start": start, "end": None}, start)


def test_two_plain_facts_are_two_records_named_in_one_reply_with_one_undo():
    d = decide_turn(turn(said(FEED, WET)))
    assert [w.record_type for w in writes(d)] == [RecordType.FEEDING, RecordType.DIAPER]
    assert d.reply.kind is ReplyKind.RECORDED and [b.action for b in d.reply.buttons] == ["undo"]
    text = render(d.reply, Language.ZH, NOW)
    assert "2条" in text and "配方奶 90ml" in text and "尿布" in text


def test_a_friend_cannot_record_several_facts():
    d = decide_turn(turn(said(FEED, WET), member=GUEST))
    assert d.reply.kind is ReplyKind.REFUSED and d.effects == ()


def test_one_implausible_fact_makes_the_whole_message_wait_in_one_task():
    d = decide_turn(turn(said(Fact(record_type=RecordType.FEEDING, slots=Slots(kind="formula", amount_ml=400)), WET)))
    assert d.reply.kind is ReplyKind.CONFIRM and writes(d) == []
    [save] = d.effects
    assert save.task.state is TaskState.AWAITING_CONFIRMATION
    assert save.task.requires_confirmation_reason is ConfirmReason.IMPLAUSIBLE_VALUE
    assert [i.record_type for i in save.task.items] == [RecordType.DIAPER]


def test_confirming_the_waiting_message_writes_every_fact_and_completes_the_task():
    asked = decide_turn(turn(said(Fact(record_type=RecordType.FEEDING, slots=Slots(kind="formula", amount_ml=400)),
                                  WET)))
    task = replace(asked.effects[0].task, id=5)
    d = decide_turn(turn(Extraction(intent=Intent.CONFIRM), active_task=task))
    assert sorted(w.record_type for w in writes(d)) == [RecordType.DIAPER, RecordType.FEEDING]
    assert all(w.from_task for w in writes(d))
    assert [e.task.state for e in d.effects if isinstance(e, SaveTask)] == [TaskState.COMPLETED]


def test_a_missing_field_is_asked_and_the_answer_writes_the_whole_message():
    asked = decide_turn(turn(said(Fact(record_type=RecordType.FEEDING, slots=Slots(amount_ml=90)), WET)))
    assert asked.reply.kind is ReplyKind.ASK and writes(asked) == []
    task = replace(asked.effects[0].task, id=5)
    assert task.missing == ("kind",) and "尿布" in render(asked.reply, Language.ZH, NOW)
    supplied = Extraction(intent=Intent.SUPPLY, record_type=RecordType.FEEDING, slots=Slots(kind="formula"))
    d = decide_turn(turn(supplied, active_task=task))
    assert sorted(w.record_type for w in writes(d)) == [RecordType.DIAPER, RecordType.FEEDING]


def test_a_refused_value_in_one_fact_writes_nothing_of_the_message():
    bad = Fact(record_type=RecordType.FEEDING, slots=Slots(kind="formula", amount_ml=-5))
    for extraction in (said(bad, WET), said(WET, bad)):
        d = decide_turn(turn(extraction))
        assert d.reply.kind is ReplyKind.ERROR and d.effects == ()


def test_the_same_fact_twice_in_one_message_is_asked_about_not_written_twice():
    d = decide_turn(turn(said(WET, WET)))
    assert d.reply.kind is ReplyKind.CONFIRM and writes(d) == []
    [save] = d.effects
    assert ConfirmReason.POSSIBLE_DUPLICATE in (save.task.requires_confirmation_reason,
                                                *(i.reason for i in save.task.items))


def test_a_fact_for_every_baby_is_one_record_per_baby():
    every = Fact(record_type=RecordType.DIAPER, slots=Slots(solid=True), every_baby=True)
    d = decide_turn(turn(said(every), babies=TWINS))
    assert sorted(w.baby_id for w in writes(d)) == [7, 8]
    assert "豆豆" in render(d.reply, Language.ZH, NOW) and "米粒" in render(d.reply, Language.ZH, NOW)


def test_a_fact_without_a_name_is_about_the_baby_the_message_names():
    d = decide_turn(turn(said(FEED.model_copy(update={"baby": "米粒"}), WET), babies=TWINS))
    assert [w.baby_id for w in writes(d)] == [8, 8]


def test_each_fact_keeps_the_baby_it_names():
    d = decide_turn(turn(said(FEED.model_copy(update={"baby": "豆豆"}), WET.model_copy(update={"baby": "米粒"})),
                         babies=TWINS))
    assert [(w.record_type, w.baby_id) for w in writes(d)] == [(RecordType.FEEDING, 7), (RecordType.DIAPER, 8)]


def test_woke_up_and_a_feed_close_the_open_sleep_and_write_the_feed():
    woke = Fact(record_type=RecordType.SLEEP, sleep_event=SleepEvent.WOKE_UP)
    open_sleep = sleep(40, 7, NOW - timedelta(hours=2))
    d = decide_turn(turn(said(woke, FEED), open_sleep=open_sleep))
    [update] = [e for e in d.effects if isinstance(e, UpdateRecord)]
    assert update.record_id == 40 and update.fields["end"] == NOW
    assert [w.record_type for w in writes(d)] == [RecordType.FEEDING]


def test_a_part_not_understood_is_quoted_and_the_message_is_read_back_before_anything_is_written():
    d = decide_turn(turn(said(FEED, WET, unread=["还去楼下遛了个弯"])))
    assert d.reply.kind is ReplyKind.CONFIRM and writes(d) == []
    assert "还去楼下遛了个弯" in render(d.reply, Language.ZH, NOW)


def test_a_bad_value_in_a_further_fact_is_stopped_at_the_door():
    bad = Fact(record_type=RecordType.FEEDING, slots=Slots(kind="formula", amount_ml=float("nan")))
    d = decide_turn(turn(said(WET, bad)))
    assert d.reply.kind is ReplyKind.ERROR and d.effects == ()


def test_one_undo_takes_back_every_record_of_the_message():
    feed = RecordView(50, RecordType.FEEDING, 7, {"start": NOW, "kind": "formula", "amount_ml": 90}, NOW)
    wet = RecordView(51, RecordType.DIAPER, 7, {"time": NOW, "wet": True}, NOW)
    target = UndoTarget(wet, None, NOW, together=(UndoTarget(feed, None, NOW),))
    d = decide_turn(turn(Extraction(intent=Intent.UNDO), undo_target=target))
    assert d.reply.kind is ReplyKind.UNDONE
    assert sorted(e.record_id for e in d.effects if isinstance(e, DeleteRecord)) == [50, 51]


# --- twins ------------------------------------------------------------------------------------------

def asleep(baby: str | None = None) -> Extraction:
    return Extraction(intent=Intent.RECORD, record_type=RecordType.SLEEP, sleep_event=SleepEvent.FELL_ASLEEP, baby=baby)


def awake(baby: str | None = None) -> Extraction:
    return Extraction(intent=Intent.RECORD, record_type=RecordType.SLEEP, sleep_event=SleepEvent.WOKE_UP, baby=baby)


def test_a_named_twin_falls_asleep_not_the_first_baby():
    [write] = writes(decide_turn(turn(asleep("米粒"), babies=TWINS)))
    assert write.baby_id == 8 and write.fields.get("end") is None


def test_an_unnamed_fell_asleep_with_twins_asks_which_baby_and_the_answer_opens_that_sleep():
    asked = decide_turn(turn(asleep(), babies=TWINS))
    assert asked.reply.key == "which_baby" and writes(asked) == []
    task = replace(asked.effects[0].task, id=9)
    d = decide_turn(turn(Extraction(), babies=TWINS, active_task=task,
                         press=Press("choose", task_id=9, revision=task.revision, value="b8")))
    assert [(w.record_type, w.baby_id, w.fields.get("end")) for w in writes(d)] == [(RecordType.SLEEP, 8, None)]


def test_woke_up_with_both_twins_asleep_asks_which_and_closes_only_that_one():
    sleeps = (sleep(40, 7, NOW - timedelta(hours=1)), sleep(41, 8, NOW - timedelta(hours=2)))
    asked = decide_turn(turn(awake(), babies=TWINS, open_sleeps=sleeps))
    assert asked.reply.key == "which_baby" and not any(isinstance(e, UpdateRecord) for e in asked.effects)
    task = replace(asked.effects[0].task, id=9)
    d = decide_turn(turn(Extraction(intent=Intent.SUPPLY, baby="米粒"), babies=TWINS, open_sleeps=sleeps,
                         active_task=task))
    [update] = [e for e in d.effects if isinstance(e, UpdateRecord)]
    assert update.record_id == 41 and update.fields["end"] == NOW


def test_woke_up_with_one_twin_asleep_closes_that_sleep():
    d = decide_turn(turn(awake(), babies=TWINS, open_sleeps=(sleep(41, 8, NOW - timedelta(hours=2)),)))
    [update] = [e for e in d.effects if isinstance(e, UpdateRecord)]
    assert update.record_id == 41


def test_a_named_twin_waking_never_closes_the_other_twins_sleep():
    d = decide_turn(turn(awake("豆豆"), babies=TWINS, open_sleeps=(sleep(41, 8, NOW - timedelta(hours=2)),)))
    assert not any(isinstance(e, UpdateRecord) and e.record_id == 41 for e in d.effects)


def test_both_twins_waking_closes_both_sleeps():
    sleeps = (sleep(40, 7, NOW - timedelta(hours=1)), sleep(41, 8, NOW - timedelta(hours=2)))
    every = Fact(record_type=RecordType.SLEEP, sleep_event=SleepEvent.WOKE_UP, every_baby=True)
    d = decide_turn(turn(said(every), babies=TWINS, open_sleeps=sleeps))
    assert sorted(e.record_id for e in d.effects if isinstance(e, UpdateRecord)) == [40, 41]


def test_a_duplicate_left_alone_by_a_fact_that_writes_nothing_keeps_its_same_or_another_question():
    open_sleep = sleep(40, 7, NOW - timedelta(hours=1))
    wet_before = RecordView(41, RecordType.DIAPER, 7, {"time": NOW - timedelta(minutes=5), "wet": True},
                            NOW - timedelta(minutes=5))
    asleep_again = Fact(record_type=RecordType.SLEEP, sleep_event=SleepEvent.FELL_ASLEEP)
    d = decide_turn(turn(said(asleep_again, WET), open_sleep=open_sleep, recent_records=(wet_before,)))
    assert d.reply.key == "confirm_duplicate" and writes(d) == []
    assert {"choose:same", "choose:another"} <= {b.action for b in d.reply.buttons}
