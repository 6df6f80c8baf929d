"""decide_turn is pure: a member, an extraction, the task and records in; effects and a reply out."""
from dataclasses import replace
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from domain.decide.decide_turn import decide_turn
from domain.extraction import Extraction, Intent, Slots
from domain.tasks import PendingTask
from domain.turn import BabyView, MemberView, Press, RecordView, SaveTask, Turn, UndoTarget, UpdateRecord, WriteRecord
from domain.vocabulary import ConfirmReason, RecordType, ReplyKind, Role, TaskAction, TaskState

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 20, 15, tzinfo=TZ)
MOM = MemberView(1, Role.PARENT, "妈妈", "妈妈")
GRANDMA = MemberView(2, Role.CAREGIVER, "奶奶", "奶奶")
GUEST = MemberView(3, Role.FRIEND, "小王")
BABY = (BabyView(7, "小满"),)


def turn(extraction: Extraction, member: MemberView = MOM, **kw) -> Turn:
    return Turn(member=member, extraction=extraction, now=NOW, babies=BABY, **kw)


def feeding(**slots) -> Extraction:
    return Extraction(intent=Intent.RECORD, record_type=RecordType.FEEDING, slots=Slots(**slots))


def sleep_task(state=TaskState.AWAITING_CONFIRMATION, revision=3, **kw) -> PendingTask:
    return PendingTask(action=TaskAction.CREATE, record_type=RecordType.SLEEP, state=state, started_by=1,
                       expires_at=NOW + timedelta(minutes=50), id=11, revision=revision, baby_id=7,
                       slots={"start": NOW.replace(day=3, hour=20, minute=0),
                              "end": NOW.replace(hour=3, minute=0), "night_wakings": 1}, **kw)


def test_a_complete_low_risk_feed_is_written_at_once_with_undo():
    d = decide_turn(turn(feeding(start=NOW, kind="formula", amount_ml=91)))
    assert d.reply.kind is ReplyKind.RECORDED
    assert [b.action for b in d.reply.buttons] == ["undo"]
    [write] = d.effects
    assert isinstance(write, WriteRecord) and write.fields["amount_ml"] == 91 and write.fields["method"] == "bottle"


def test_a_feed_without_kind_opens_a_pending_task_and_asks():
    d = decide_turn(turn(feeding(start=NOW, amount_ml=90)))
    assert d.reply.kind is ReplyKind.ASK
    [save] = d.effects
    assert save.task.state is TaskState.PENDING and save.task.missing == ("kind",)
    assert "choose:formula" in [b.action for b in d.reply.buttons]


def test_a_bottle_over_350ml_is_confirmed_first():
    d = decide_turn(turn(feeding(start=NOW, kind="formula", amount_ml=500)))
    assert d.reply.kind is ReplyKind.CONFIRM
    assert d.effects[0].task.requires_confirmation_reason is ConfirmReason.IMPLAUSIBLE_VALUE


def test_negative_or_absurd_amounts_are_refused_and_change_nothing():
    for amount in (-50, 5000):
        d = decide_turn(turn(feeding(start=NOW, kind="formula", amount_ml=amount)))
        assert d.reply.kind is ReplyKind.ERROR and d.effects == ()


def test_a_future_time_needs_confirmation():
    d = decide_turn(turn(feeding(start=NOW + timedelta(hours=2), kind="formula", amount_ml=90)))
    assert d.reply.kind is ReplyKind.CONFIRM


def test_sleep_across_midnight_waits_for_confirmation():
    e = Extraction(intent=Intent.RECORD, record_type=RecordType.SLEEP,
                   slots=Slots(start=NOW.replace(day=3, hour=20, minute=0), end=NOW.replace(hour=3, minute=0)))
    d = decide_turn(turn(e))
    assert d.reply.kind is ReplyKind.CONFIRM
    assert d.effects[0].task.requires_confirmation_reason is ConfirmReason.CROSS_DAY_SLEEP


def test_confirming_an_awaiting_task_writes_once_and_completes_it():
    d = decide_turn(turn(Extraction(intent=Intent.CONFIRM), GRANDMA, active_task=sleep_task()))
    kinds = [type(e) for e in d.effects]
    assert kinds == [SaveTask, WriteRecord]
    assert d.effects[0].task.state is TaskState.COMPLETED and d.effects[0].task.confirmed_by == 2
    assert d.effects[1].from_task


def test_a_friend_cannot_record_and_no_task_is_created():
    d = decide_turn(turn(feeding(kind="formula", amount_ml=90), GUEST))
    assert d.reply.kind is ReplyKind.REFUSED and d.effects == ()


def test_a_friend_cannot_confirm_an_active_task():
    d = decide_turn(turn(Extraction(intent=Intent.CONFIRM), GUEST, active_task=sleep_task()))
    assert d.reply.kind is ReplyKind.REFUSED and d.effects == ()


def test_a_friend_may_ask_questions():
    from domain.extraction import Query, QueryMetric
    d = decide_turn(turn(Extraction(intent=Intent.QUERY, query=Query(metric=QueryMetric.FEEDING_TOTAL)), GUEST))
    assert d.reply.kind is ReplyKind.ANSWER


def test_confirm_after_the_task_expired_says_so_and_writes_nothing():
    expired = replace(sleep_task(), state=TaskState.EXPIRED)
    d = decide_turn(turn(Extraction(intent=Intent.CONFIRM), last_task=expired))
    assert d.reply.kind is ReplyKind.EXPIRED and d.effects == ()


def test_a_correction_during_a_task_changes_the_task_not_old_records():
    pending = sleep_task(state=TaskState.PENDING, revision=2)
    e = Extraction(intent=Intent.CORRECT, record_type=RecordType.SLEEP,
                   slots=Slots(start=NOW.replace(day=3, hour=21, minute=0)))
    d = decide_turn(turn(e, active_task=pending))
    [save] = d.effects
    assert save.task.id == 11 and save.task.slots["start"].hour == 21 and save.task.revision == 3


def test_a_correction_without_a_task_proposes_an_update_and_changes_nothing_yet():
    record = RecordView(5, RecordType.FEEDING, 7, {"start": NOW, "kind": "formula", "amount_ml": 91,
                                                   "method": "bottle"}, NOW - timedelta(minutes=3))
    e = Extraction(intent=Intent.CORRECT, record_type=RecordType.FEEDING, slots=Slots(amount_ml=90))
    d = decide_turn(turn(e, recent_records=(record,)))
    assert d.reply.kind is ReplyKind.CONFIRM
    [save] = d.effects
    assert save.task.action is TaskAction.UPDATE and save.task.target_record_id == 5
    assert not any(isinstance(x, UpdateRecord) for x in d.effects)


def test_a_correction_with_nothing_recent_gets_a_clear_answer():
    old = RecordView(5, RecordType.FEEDING, 7, {"start": NOW, "amount_ml": 91}, NOW - timedelta(hours=20))
    e = Extraction(intent=Intent.CORRECT, record_type=RecordType.FEEDING, slots=Slots(amount_ml=90))
    d = decide_turn(turn(e, recent_records=(old,)))
    assert d.reply.kind is ReplyKind.ANSWER and d.effects == ()


def test_a_press_on_an_older_revision_is_rejected():
    d = decide_turn(turn(Extraction(), press=Press("confirm", task_id=11, revision=2), active_task=sleep_task()))
    assert d.press_rejected and d.effects == ()


def test_a_press_on_a_finished_task_is_rejected():
    done = replace(sleep_task(), state=TaskState.COMPLETED)
    d = decide_turn(turn(Extraction(), press=Press("confirm", task_id=11, revision=3), last_task=done))
    assert d.press_rejected and d.effects == ()


def test_a_friend_pressing_confirm_is_rejected():
    d = decide_turn(turn(Extraction(), GUEST, press=Press("confirm", task_id=11, revision=3), active_task=sleep_task()))
    assert d.press_rejected and d.reply.kind is ReplyKind.REFUSED


def test_undo_only_within_ten_minutes():
    record = RecordView(5, RecordType.FEEDING, 7, {"start": NOW, "amount_ml": 91}, NOW)
    fresh = UndoTarget(record, None, NOW - timedelta(minutes=9))
    stale = UndoTarget(record, None, NOW - timedelta(minutes=11))
    undo = Extraction(intent=Intent.UNDO)
    assert decide_turn(turn(undo, undo_target=fresh)).reply.kind is ReplyKind.UNDONE
    late = decide_turn(turn(undo, undo_target=stale))
    assert late.reply.kind is ReplyKind.ANSWER and late.effects == ()


def test_group_chatter_gets_no_reply_but_a_private_chat_does():
    from domain.vocabulary import ChatKind
    assert decide_turn(turn(Extraction(intent=Intent.CHAT))).reply is None
    assert decide_turn(turn(Extraction(intent=Intent.CHAT), chat_kind=ChatKind.PRIVATE)).reply.kind is ReplyKind.CHAT
