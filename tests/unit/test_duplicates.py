"""Before a write the domain compares with the same baby's recent records: duplicates and doses too soon."""
from dataclasses import replace
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from domain.decide.decide_turn import decide_turn
from domain.extraction import Extraction, Intent, Slots
from domain.replies.render import render
from domain.tasks import PendingTask
from domain.turn import BabyView, MemberView, Press, RecordView, SaveTask, Turn, WriteRecord
from domain.vocabulary import ConfirmReason, Language, RecordType, ReplyKind, Role, TaskState

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 14, 40, tzinfo=TZ)
MOM = MemberView(1, Role.PARENT, "妈妈", "妈妈")
GRANDMA = MemberView(2, Role.CAREGIVER, "奶奶", "奶奶")
BABY = (BabyView(7, "小满"),)


def at(hour: int, minute: int, days: int = 0) -> datetime:
    return NOW.replace(hour=hour, minute=minute) + timedelta(days=days)


def on_file(record_id: int, record_type: RecordType, by: int = 2, baby: int = 7, **fields) -> RecordView:
    return RecordView(record_id, record_type, baby, fields, created_at=NOW - timedelta(minutes=5), created_by=by)


def turn(extraction: Extraction, records=(), member: MemberView = MOM, **kw) -> Turn:
    return Turn(member=member, extraction=extraction, now=NOW, babies=BABY, members=(MOM, GRANDMA),
                recent_records=tuple(records), **kw)


def say(record_type: RecordType, **slots) -> Extraction:
    return Extraction(intent=Intent.RECORD, record_type=record_type, slots=Slots(**slots))


GRANDMAS_FEED = on_file(5, RecordType.FEEDING, start=at(14, 34), kind="formula", method="bottle", amount_ml=100.0)
TWO_THIRTY_FEED = say(RecordType.FEEDING, start=at(14, 30), kind="formula", amount_ml=100)


def asked(decision, reason: ConfirmReason) -> PendingTask:
    # "the same one?" is asked (two answers); a dose too soon is read back for a yes
    kind = ReplyKind.ASK if reason is ConfirmReason.POSSIBLE_DUPLICATE else ReplyKind.CONFIRM
    assert decision.reply.kind is kind, decision.reply
    [save] = decision.effects
    assert save.task.state is TaskState.AWAITING_CONFIRMATION
    assert save.task.requires_confirmation_reason is reason
    return replace(save.task, id=12)


def test_moms_feed_at_half_past_two_after_grandmas_at_1434_asks_if_it_is_the_same_one():
    d = decide_turn(turn(TWO_THIRTY_FEED, [GRANDMAS_FEED]))
    asked(d, ConfirmReason.POSSIBLE_DUPLICATE)
    assert [b.action for b in d.reply.buttons] == ["choose:same", "choose:another"]
    text = render(d.reply, Language.ZH, NOW)
    assert "奶奶" in text and "14:34" in text and "100ml" in text and "同一次" in text
    assert "奶奶" in render(d.reply, Language.EN, NOW) and "same one" in render(d.reply, Language.EN, NOW)


def test_same_writes_nothing_and_closes_the_task():
    task = asked(decide_turn(turn(TWO_THIRTY_FEED, [GRANDMAS_FEED])), ConfirmReason.POSSIBLE_DUPLICATE)
    press = Press("choose", task_id=12, revision=task.revision, value="same")
    d = decide_turn(turn(Extraction(), [GRANDMAS_FEED], active_task=task, press=press))
    assert [type(e) for e in d.effects] == [SaveTask] and d.effects[0].task.state is TaskState.COMPLETED
    assert d.reply.kind is ReplyKind.ANSWER


def test_another_writes_the_record():
    task = asked(decide_turn(turn(TWO_THIRTY_FEED, [GRANDMAS_FEED])), ConfirmReason.POSSIBLE_DUPLICATE)
    press = Press("choose", task_id=12, revision=task.revision, value="another")
    d = decide_turn(turn(Extraction(), [GRANDMAS_FEED], active_task=task, press=press))
    assert d.reply.kind is ReplyKind.RECORDED
    assert isinstance(d.effects[-1], WriteRecord) and d.effects[-1].fields["amount_ml"] == 100


def test_said_yes_is_the_same_one_and_said_no_is_another():
    task = asked(decide_turn(turn(TWO_THIRTY_FEED, [GRANDMAS_FEED])), ConfirmReason.POSSIBLE_DUPLICATE)
    same = decide_turn(turn(Extraction(intent=Intent.CONFIRM), [GRANDMAS_FEED], active_task=task))
    assert not any(isinstance(e, WriteRecord) for e in same.effects)
    another = decide_turn(turn(Extraction(intent=Intent.CORRECT), [GRANDMAS_FEED], active_task=task))
    assert any(isinstance(e, WriteRecord) for e in another.effects)


def test_a_feed_of_another_kind_amount_baby_or_hour_is_not_a_duplicate():
    others = [replace(GRANDMAS_FEED, fields={**GRANDMAS_FEED.fields, "kind": "breast_milk"}),
              replace(GRANDMAS_FEED, fields={**GRANDMAS_FEED.fields, "amount_ml": 80.0}),
              replace(GRANDMAS_FEED, baby_id=8),
              replace(GRANDMAS_FEED, fields={**GRANDMAS_FEED.fields, "start": at(13, 50)}),
              replace(GRANDMAS_FEED, deleted=True)]
    for other in others:
        assert decide_turn(turn(TWO_THIRTY_FEED, [other])).reply.kind is ReplyKind.RECORDED, other


def test_an_amount_within_ten_percent_is_a_possible_duplicate():
    close = replace(GRANDMAS_FEED, fields={**GRANDMAS_FEED.fields, "amount_ml": 95.0})
    asked(decide_turn(turn(TWO_THIRTY_FEED, [close])), ConfirmReason.POSSIBLE_DUPLICATE)


def test_a_diaper_within_ten_minutes_is_asked_about_and_later_is_written():
    diaper = on_file(6, RecordType.DIAPER, time=at(14, 33), wet=True)
    asked(decide_turn(turn(say(RecordType.DIAPER, time=NOW, wet=True), [diaper])), ConfirmReason.POSSIBLE_DUPLICATE)
    earlier = replace(diaper, fields={"time": at(14, 20), "wet": True})
    assert decide_turn(turn(say(RecordType.DIAPER, time=NOW, wet=True), [earlier])).reply.kind is ReplyKind.RECORDED


def test_an_overlapping_night_sleep_is_asked_about_after_its_cross_day_confirmation():
    night = on_file(7, RecordType.SLEEP, by=1, start=at(20, 0, -1), end=at(3, 0), nap=False)
    d = decide_turn(turn(say(RecordType.SLEEP, start=at(21, 0, -1), end=at(2, 0)), [night]))
    task = asked(d, ConfirmReason.CROSS_DAY_SLEEP)
    d = decide_turn(turn(Extraction(intent=Intent.CONFIRM), [night], active_task=task))
    asked(d, ConfirmReason.POSSIBLE_DUPLICATE)
    assert "你" in render(d.reply, Language.ZH, NOW)


def test_a_nap_after_the_night_is_no_duplicate():
    night = on_file(7, RecordType.SLEEP, start=at(20, 0, -1), end=at(3, 0), nap=False)
    d = decide_turn(turn(say(RecordType.SLEEP, start=at(11, 0), end=at(12, 0)), [night]))
    assert d.reply.kind is ReplyKind.RECORDED


def test_the_same_medicine_again_before_its_interval_is_confirmed_as_dose_too_soon():
    dose = on_file(8, RecordType.HEALTH, time=at(14, 39), kind="medication", medication="泰诺林", dose=2.0,
                   dose_unit="ml")
    d = decide_turn(turn(say(RecordType.HEALTH, time=NOW, kind="medication", medication="泰诺林", dose=2,
                             dose_unit="ml"), [dose]))
    task = asked(d, ConfirmReason.DOSE_TOO_SOON)
    assert [b.action for b in d.reply.buttons] == ["confirm", "cancel"]
    assert "4小时" in render(d.reply, Language.ZH, NOW) and "4 h" in render(d.reply, Language.EN, NOW)
    d = decide_turn(turn(Extraction(intent=Intent.CONFIRM), [dose], active_task=task))
    assert isinstance(d.effects[-1], WriteRecord)


def test_the_interval_of_the_earlier_dose_counts():
    dose = on_file(8, RecordType.HEALTH, time=at(8, 0), kind="medication", medication="美林", dose=2.5,
                   dose_unit="ml", next_dose_after_h=8)
    d = decide_turn(turn(say(RecordType.HEALTH, time=NOW, kind="medication", medication="美林", dose=2.5,
                             dose_unit="ml"), [dose]))
    asked(d, ConfirmReason.DOSE_TOO_SOON)


def test_another_medicine_or_one_after_its_interval_is_a_plain_health_confirmation():
    for medicine, hour in (("美林", 14), ("泰诺林", 9)):
        dose = on_file(8, RecordType.HEALTH, time=at(hour, 30), kind="medication", medication=medicine, dose=2.0)
        d = decide_turn(turn(say(RecordType.HEALTH, time=NOW, kind="medication", medication="泰诺林", dose=2,
                                 dose_unit="ml"), [dose]))
        asked(d, ConfirmReason.HEALTH_EVENT)
