"""No task disappears silently: a replaced task is set aside, the reply says so, and it can come back."""
from dataclasses import replace
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from domain.decide.decide_turn import decide_turn
from domain.extraction import Extraction, Intent, Slots
from domain.replies.render import button_label, render
from domain.tasks import IllegalTransition, PendingTask, brought_back
from domain.turn import BabyView, MemberView, Press, SaveTask, Turn
from domain.vocabulary import ConfirmReason, Language, RecordType, ReplyKind, Role, TaskAction, TaskState

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 14, 40, tzinfo=TZ)
MOM = MemberView(1, Role.PARENT, "妈妈", "妈妈")
GUEST = MemberView(3, Role.FRIEND, "小王")
BABY = (BabyView(7, "小满"),)

SPIT_UP = PendingTask(action=TaskAction.CREATE, record_type=RecordType.HEALTH,
                      state=TaskState.AWAITING_CONFIRMATION, started_by=1, expires_at=NOW + timedelta(minutes=55),
                      id=20, revision=1, baby_id=7, slots={"time": NOW - timedelta(minutes=5), "kind": "symptom",
                                                           "symptom": "吐奶"},
                      requires_confirmation_reason=ConfirmReason.HEALTH_EVENT)
FOUR_OZ = Extraction(intent=Intent.RECORD, record_type=RecordType.FEEDING, slots=Slots(start=NOW, amount_ml=118.3))


NOTHING_SAID = Extraction()


def turn(extraction: Extraction = NOTHING_SAID, member: MemberView = MOM, **kw) -> Turn:
    return Turn(member=member, extraction=extraction, now=NOW, babies=BABY, **kw)


def set_aside_by_four_oz():
    d = decide_turn(turn(FOUR_OZ, active_task=SPIT_UP))
    cancelled, opened = d.effects
    return d, cancelled.task, replace(opened.task, id=21)


def test_a_new_task_sets_the_waiting_one_aside_and_the_reply_says_so():
    d, cancelled, opened = set_aside_by_four_oz()
    assert cancelled.id == 20 and cancelled.state is TaskState.CANCELLED
    assert opened.state is TaskState.PENDING and d.reply.kind is ReplyKind.ASK
    assert "choose:restore_20" in [b.action for b in d.reply.buttons]
    zh, en = render(d.reply, Language.ZH, NOW), render(d.reply, Language.EN, NOW)
    assert "吐奶" in zh and "先放下了" in zh and "没有记录" in zh
    assert "set aside" in en and "Bring it back" in en
    assert button_label("choose:restore_20", Language.ZH) == "↩ 找回刚才的"


def test_bringing_it_back_restores_it_as_it_waited_and_sets_the_newer_one_aside():
    _, cancelled, opened = set_aside_by_four_oz()
    press = Press("choose", task_id=21, revision=opened.revision, value="restore_20")
    d = decide_turn(turn(active_task=opened, set_aside_task=cancelled, press=press))
    newer, back = (e.task for e in d.effects)
    assert (newer.id, newer.state) == (21, TaskState.CANCELLED)
    assert (back.id, back.state, back.revision) == (20, TaskState.AWAITING_CONFIRMATION, cancelled.revision + 1)
    assert back.slots == SPIT_UP.slots and back.requires_confirmation_reason is ConfirmReason.HEALTH_EVENT
    assert d.reply.kind is ReplyKind.CONFIRM and "吐奶" in render(d.reply, Language.ZH, NOW)


def test_a_pending_task_comes_back_asking_for_what_it_still_needs():
    pending = replace(SPIT_UP, record_type=RecordType.FEEDING, state=TaskState.CANCELLED, missing=("kind",),
                      slots={"start": NOW, "amount_ml": 118.3}, requires_confirmation_reason=None)
    press = Press("choose", task_id=21, revision=1, value="restore_20")
    d = decide_turn(turn(set_aside_task=pending, press=press))
    [back] = (e.task for e in d.effects)
    assert back.state is TaskState.PENDING and d.reply.kind is ReplyKind.ASK
    assert "choose:formula" in [b.action for b in d.reply.buttons]


def test_a_restore_button_is_stale_once_something_newer_is_open_or_the_hour_is_over():
    _, cancelled, opened = set_aside_by_four_oz()
    press = Press("choose", task_id=21, revision=1, value="restore_20")
    stale = [turn(active_task=replace(opened, id=22), set_aside_task=cancelled, press=press),
             turn(active_task=opened, set_aside_task=replace(cancelled, expires_at=NOW), press=press),
             turn(active_task=opened, set_aside_task=replace(cancelled, state=TaskState.COMPLETED), press=press),
             turn(active_task=opened, set_aside_task=None, press=press)]
    for t in stale:
        d = decide_turn(t)
        assert d.effects == () and d.press_rejected and d.reply.kind is ReplyKind.REFUSED


def test_a_friend_cannot_bring_a_task_back():
    _, cancelled, opened = set_aside_by_four_oz()
    press = Press("choose", task_id=21, revision=1, value="restore_20")
    d = decide_turn(turn(member=GUEST, active_task=opened, set_aside_task=cancelled, press=press))
    assert d.effects == () and d.reply.kind is ReplyKind.REFUSED


def test_supplying_the_open_task_sets_nothing_aside():
    d = decide_turn(turn(Extraction(intent=Intent.SUPPLY, slots=Slots(kind="formula")),
                         active_task=replace(SPIT_UP, record_type=RecordType.FEEDING, state=TaskState.PENDING,
                                             missing=("kind",), slots={"start": NOW, "amount_ml": 90.0})))
    assert "set_aside" not in d.reply.values and all(e.task.id != 20 or e.task.state is not TaskState.CANCELLED
                                                      for e in d.effects if isinstance(e, SaveTask))


def test_only_a_cancelled_task_can_be_brought_back():
    with pytest.raises(IllegalTransition):
        brought_back(SPIT_UP, NOW)


RAN_OUT = replace(SPIT_UP, state=TaskState.EXPIRED)


def test_a_task_that_ran_out_of_time_is_named_in_the_next_reply():
    d = decide_turn(turn(FOUR_OZ, last_task=RAN_OUT, expired_now=RAN_OUT))
    assert d.reply.values["expired_task"]["type"] is RecordType.HEALTH
    assert "作废" in render(d.reply, Language.ZH, NOW) and "吐奶" in render(d.reply, Language.ZH, NOW)
    assert "expired" in render(d.reply, Language.EN, NOW)


def test_a_task_that_ran_out_long_ago_is_not_named_again():
    d = decide_turn(turn(FOUR_OZ, last_task=RAN_OUT))
    assert "expired_task" not in d.reply.values


def test_a_late_confirm_is_answered_expired_once_not_twice():
    d = decide_turn(turn(Extraction(intent=Intent.CONFIRM), last_task=RAN_OUT, expired_now=RAN_OUT))
    assert d.reply.kind is ReplyKind.EXPIRED and "expired_task" not in d.reply.values
