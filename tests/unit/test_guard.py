"""Rights live on effects: whatever the extraction's label, a member without the right changes nothing."""
from dataclasses import replace
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from domain.decide.decide_turn import decide_turn
from domain.decide.guard import guarded, rights_needed
from domain.extraction import Extraction, Intent, ProfileChange, RoleChange, SettingsChange, Slots
from domain.permissions import Permission
from domain.tasks import PendingTask
from domain.turn import (
    BabyView,
    CreateInvite,
    Decision,
    DeleteRecord,
    MemberView,
    Press,
    RecordView,
    Reply,
    RevokeInvites,
    SaveTask,
    SetRole,
    Turn,
    UndoTarget,
    UpdateProfile,
    UpdateSettings,
    WriteRecord,
)
from domain.vocabulary import RecordType, ReplyKind, Role, TaskAction, TaskState

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 14, 40, tzinfo=TZ)
MOM = MemberView(1, Role.PARENT, "妈妈", "妈妈")
GRANDMA = MemberView(2, Role.CAREGIVER, "奶奶", "奶奶")
GUEST = MemberView(3, Role.FRIEND, "小王")
ONE_BABY = (BabyView(7, "小满"),)
TWINS = (BabyView(7, "小米"), BabyView(8, "小麦"))


def turn(extraction: Extraction, member: MemberView = GUEST, babies=ONE_BABY, **kw) -> Turn:
    return Turn(member=member, extraction=extraction, now=NOW, babies=babies, members=(MOM, GRANDMA, GUEST), **kw)


def pending_feed_for_which_baby() -> PendingTask:
    return PendingTask(action=TaskAction.CREATE, record_type=RecordType.FEEDING, state=TaskState.PENDING,
                       started_by=1, expires_at=NOW + timedelta(minutes=50), id=11, revision=1,
                       slots={"start": NOW, "kind": "formula", "amount_ml": 90.0}, missing=("baby",))


def assert_refused_and_nothing_changes(decision: Decision) -> None:
    assert decision.reply.kind is ReplyKind.REFUSED
    assert decision.effects == ()


def test_a_friend_cannot_record_through_a_chat_labelled_extraction():
    e = Extraction(intent=Intent.CHAT, record_type=RecordType.DIAPER, slots=Slots(time=NOW, wet=True))
    assert_refused_and_nothing_changes(decide_turn(turn(e)))


def test_a_friend_cannot_record_through_a_query_labelled_extraction():
    e = Extraction(intent=Intent.QUERY, record_type=RecordType.FEEDING,
                   slots=Slots(start=NOW, kind="formula", amount_ml=90))
    assert_refused_and_nothing_changes(decide_turn(turn(e)))


def test_a_friend_naming_the_baby_does_not_complete_the_parents_pending_feed():
    e = Extraction(intent=Intent.CHAT, baby="小米")
    d = decide_turn(turn(e, babies=TWINS, active_task=pending_feed_for_which_baby()))
    assert_refused_and_nothing_changes(d)


def test_a_friend_pressing_a_baby_button_changes_nothing():
    task = pending_feed_for_which_baby()
    press = Press("choose", task_id=11, revision=1, value="b7")
    d = decide_turn(turn(Extraction(), babies=TWINS, active_task=task, press=press))
    assert_refused_and_nothing_changes(d)
    assert d.press_rejected


def test_a_friend_cannot_supply_a_missing_field_whatever_the_label():
    task = replace(pending_feed_for_which_baby(), baby_id=7, missing=("kind",), slots={"start": NOW, "amount_ml": 90})
    for intent in Intent:
        e = Extraction(intent=intent, slots=Slots(kind="formula"))
        d = decide_turn(turn(e, active_task=task))
        assert all(not isinstance(x, (SaveTask, WriteRecord)) for x in d.effects), intent


def test_a_friend_cannot_undo_a_record():
    record = RecordView(5, RecordType.FEEDING, 7, {"start": NOW, "kind": "formula", "amount_ml": 90}, NOW)
    target = UndoTarget(record, None, NOW - timedelta(minutes=1))
    d = decide_turn(turn(Extraction(intent=Intent.UNDO), undo_target=target))
    assert_refused_and_nothing_changes(d)


def test_a_friend_sending_a_photo_writes_nothing():
    assert_refused_and_nothing_changes(decide_turn(turn(Extraction(), photo_file="/tmp/p.jpg")))


def test_a_caregiver_cannot_change_settings_or_roles_or_the_profile():
    asks = [Extraction(intent=Intent.SETTINGS, settings=SettingsChange(summary_time="20:00")),
            Extraction(intent=Intent.ROLE, role_change=RoleChange(member="小王", role="parent")),
            Extraction(intent=Intent.PROFILE, profile=ProfileChange(name="小满满"))]
    for e in asks:
        assert_refused_and_nothing_changes(decide_turn(turn(e, GRANDMA)))


def test_a_caregiver_records_and_a_parent_changes_settings():
    feed = Extraction(intent=Intent.RECORD, record_type=RecordType.FEEDING,
                      slots=Slots(start=NOW, kind="formula", amount_ml=90))
    assert decide_turn(turn(feed, GRANDMA)).reply.kind is ReplyKind.RECORDED
    settings = Extraction(intent=Intent.SETTINGS, settings=SettingsChange(summary_time="20:00"))
    assert decide_turn(turn(settings, MOM)).reply.kind is ReplyKind.UPDATED


def test_the_refusal_names_the_right_that_is_missing():
    by_effect = [(SetRole(3, Role.PARENT), "manage_parent_only"),
                 (UpdateSettings({"language": "en"}), "manage_parent_only"),
                 (UpdateProfile(7, {"name": "x"}, {}), "profile_parent_only"),
                 (WriteRecord(RecordType.NOTE, 7, {"text": "x"}), "friend_cannot_write")]
    for effect, key in by_effect:
        d = guarded(turn(Extraction(), GUEST), Decision(Reply(ReplyKind.UPDATED, "x"), (effect,)))
        assert d.reply.key == key and d.effects == ()


def test_each_effect_needs_its_own_right():
    task = pending_feed_for_which_baby()
    assert rights_needed((WriteRecord(RecordType.NOTE, 7, {}),)) == {Permission.RECORD}
    assert rights_needed((DeleteRecord(5, {}),)) == {Permission.CHANGE_RECORD}
    assert rights_needed((SaveTask(task),)) == {Permission.RECORD}
    assert rights_needed((SaveTask(replace(task, state=TaskState.CANCELLED)),)) == {Permission.CONFIRM}
    assert rights_needed((SaveTask(replace(task, state=TaskState.COMPLETED, confirmed_by=1)),)) == \
        {Permission.RECORD, Permission.CONFIRM}
    assert rights_needed((SaveTask(replace(task, action=TaskAction.PROFILE_UPDATE)),)) == {Permission.EDIT_PROFILE}
    assert rights_needed((SaveTask(replace(task, state=TaskState.EXPIRED)),)) == set()
    assert rights_needed((CreateInvite("K7Q2XM", timedelta(hours=72)),)) == {Permission.MANAGE}
    assert rights_needed((RevokeInvites(),)) == {Permission.MANAGE}


def test_only_a_parent_hands_out_or_revokes_family_codes_whatever_the_label():
    for effect in (CreateInvite("K7Q2XM", timedelta(hours=72)), RevokeInvites()):
        d = Decision(Reply(ReplyKind.ANSWER, "invite"), (effect,))
        for member in (GRANDMA, GUEST):
            assert_refused_and_nothing_changes(guarded(turn(Extraction(intent=Intent.CHAT), member), d))
        assert guarded(turn(Extraction(), MOM), d) is d


def test_a_parents_decision_passes_the_guard_unchanged():
    d = Decision(Reply(ReplyKind.RECORDED, "recorded"), (WriteRecord(RecordType.NOTE, 7, {"text": "x"}),))
    assert guarded(turn(Extraction(), MOM), d) is d
