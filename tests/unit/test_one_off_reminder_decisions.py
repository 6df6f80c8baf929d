"""One-off reminders decided by the domain alone: who may set and cancel them, when they can be, and a
reminder said with a record (set when the record is written, carried by the task until then)."""
from dataclasses import replace
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from domain.decide.decide_turn import decide_turn
from domain.extraction import Extraction, Intent, ReminderRequest, Slots
from domain.reminders import ReminderView, carried
from domain.turn import BabyView, CancelReminders, MemberView, SaveTask, SetReminder, Turn, WriteRecord
from domain.vocabulary import RecordType, ReplyKind, Role, TaskState

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 12, 0, tzinfo=TZ)
MOM = MemberView(1, Role.PARENT, "妈妈", "妈妈")
NANNY = MemberView(2, Role.CAREGIVER, "阿姨", "阿姨")
GUEST = MemberView(3, Role.FRIEND, "小王")
BABY = (BabyView(7, "小满"),)
PENDING = (ReminderView(21, NOW + timedelta(hours=1), "喂药", 1, NOW), ReminderView(22, NOW + timedelta(hours=2),
                                                                                 None, 2, NOW))


def turn(extraction: Extraction, member: MemberView = MOM, **kw) -> Turn:
    return Turn(member=member, extraction=extraction, now=NOW, babies=BABY, members=(MOM, NANNY, GUEST), **kw)


def remind(**request) -> Extraction:
    return Extraction(intent=Intent.REMIND, reminder=ReminderRequest(**request))


def test_a_caregiver_sets_a_reminder_for_so_long_from_now():
    d = decide_turn(turn(remind(after_min=180, about="喂药"), NANNY))
    assert d.reply.kind is ReplyKind.RECORDED
    assert d.effects == (SetReminder(NOW + timedelta(hours=3), "喂药"),)


def test_a_friend_cannot_set_or_cancel_a_reminder_but_may_list_them():
    for extraction in (remind(after_min=60), remind(action="cancel", every=True)):
        d = decide_turn(turn(extraction, GUEST, reminders=PENDING))
        assert d.reply.kind is ReplyKind.REFUSED and d.effects == ()
    listed = decide_turn(turn(remind(action="list"), GUEST, reminders=PENDING))
    assert listed.reply.kind is ReplyKind.ANSWER
    assert [i["by"] for i in listed.reply.values["reminders"]] == ["妈妈", "阿姨"]


def test_a_reminder_in_the_past_or_too_far_ahead_is_not_set():
    for extraction in (remind(at=NOW - timedelta(hours=1)), remind(after_min=8 * 24 * 60), remind()):
        d = decide_turn(turn(extraction))
        assert d.reply.kind in (ReplyKind.ERROR, ReplyKind.ASK) and d.effects == ()


def test_cancel_without_a_number_asks_which_when_there_are_several():
    d = decide_turn(turn(remind(action="cancel"), reminders=PENDING))
    assert d.reply.kind is ReplyKind.ASK and d.effects == ()
    second = decide_turn(turn(remind(action="cancel", which=2), reminders=PENDING))
    assert second.effects == (CancelReminders((22,)),)
    nothing = decide_turn(turn(remind(action="cancel", which=5), reminders=PENDING))
    assert nothing.reply.kind is ReplyKind.ERROR and nothing.effects == ()


def test_a_feed_said_with_a_reminder_is_written_and_the_reminder_set_with_it():
    e = Extraction(intent=Intent.RECORD, record_type=RecordType.FEEDING,
                   slots=Slots(start=NOW, kind="formula", amount_ml=90), reminder=ReminderRequest(after_min=180))
    d = decide_turn(turn(e))
    assert [type(x) for x in d.effects] == [WriteRecord, SetReminder]
    assert d.effects[1] == SetReminder(NOW + timedelta(hours=3), None, with_record=True)
    assert d.reply.values["reminder"]["later"] is False


def test_a_dose_said_with_a_reminder_waits_in_the_task_and_is_set_when_confirmed():
    e = Extraction(intent=Intent.RECORD, record_type=RecordType.HEALTH,
                   slots=Slots(time=NOW, kind="medication", medication="美林", dose=2.5, dose_unit="ml"),
                   reminder=ReminderRequest(after_min=360))
    asked = decide_turn(turn(e))
    [save] = asked.effects
    assert isinstance(save, SaveTask) and save.task.state is TaskState.AWAITING_CONFIRMATION
    assert carried(save.task.slots) == (NOW + timedelta(hours=6), None)
    task = replace(save.task, id=5)
    later = NOW + timedelta(minutes=3)
    confirmed = decide_turn(Turn(member=MOM, extraction=Extraction(intent=Intent.CONFIRM), now=later, babies=BABY,
                                 active_task=task))
    assert [type(x) for x in confirmed.effects] == [SaveTask, WriteRecord, SetReminder]
    assert confirmed.effects[2].due_at == NOW + timedelta(hours=6)       # from when it was asked, not confirmed


def test_a_friend_saying_a_feed_with_a_reminder_gets_neither():
    e = Extraction(intent=Intent.RECORD, record_type=RecordType.FEEDING,
                   slots=Slots(start=NOW, kind="formula", amount_ml=90), reminder=ReminderRequest(after_min=180))
    d = decide_turn(turn(e, GUEST))
    assert d.reply.kind is ReplyKind.REFUSED and d.effects == ()
