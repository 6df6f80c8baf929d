"""Changing what exists, roles and settings — decided without a database."""
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from domain.decide.decide_turn import decide_turn
from domain.extraction import Extraction, Intent, RecordReference, RoleChange, SettingsChange, Slots
from domain.turn import (
    BabyView,
    DeleteRecord,
    MemberView,
    Press,
    RecordView,
    SaveTask,
    SetRole,
    Turn,
    UndoTarget,
    UpdateSettings,
)
from domain.vocabulary import ConfirmReason, RecordType, ReplyKind, Role, TaskAction, TaskState

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 10, 0, tzinfo=TZ)
MOM = MemberView(1, Role.PARENT, "妈妈", "妈妈")
GRANDMA = MemberView(2, Role.CAREGIVER, "奶奶", "奶奶")
GUEST = MemberView(3, Role.FRIEND, "小王", "小王")
FAMILY = (MOM, GRANDMA, GUEST)


def feed(rid: int, hour: int, minute: int = 0, ml: float = 100) -> RecordView:
    at = NOW.replace(hour=hour, minute=minute)
    return RecordView(rid, RecordType.FEEDING, 7, {"start": at, "kind": "formula", "method": "bottle",
                                                   "amount_ml": ml}, at)


def turn(extraction: Extraction, member: MemberView = MOM, **kw) -> Turn:
    return Turn(member=member, extraction=extraction, now=NOW, babies=(BabyView(7, "小满"),), members=FAMILY, **kw)


def at_six(**slots) -> Extraction:
    return Extraction(intent=Intent.CORRECT, record_type=RecordType.FEEDING, slots=Slots(**slots),
                      reference=RecordReference(which="at_time", at=NOW.replace(hour=6)))


def test_a_change_by_time_reference_is_proposed_with_before_and_after():
    d = decide_turn(turn(at_six(amount_ml=120), recent_records=(feed(1, 6, 5), feed(2, 9, 30, 90))))
    assert d.reply.kind is ReplyKind.CONFIRM and d.reply.values["before"]["amount_ml"] == 100
    [save] = d.effects
    assert save.task.target_record_id == 1 and save.task.requires_confirmation_reason is ConfirmReason.UPDATE


def test_two_records_near_the_time_give_a_choice_and_change_nothing():
    d = decide_turn(turn(at_six(amount_ml=120), recent_records=(feed(1, 6), feed(2, 6, 20))))
    assert d.reply.kind is ReplyKind.ASK
    assert [b.action for b in d.reply.buttons] == ["choose:r1", "choose:r2", "cancel"]
    [save] = d.effects
    assert save.task.state is TaskState.PENDING and save.task.missing == ("target",)


def test_choosing_a_candidate_leads_to_a_confirmation_not_a_write():
    pending = decide_turn(turn(at_six(amount_ml=120), recent_records=(feed(1, 6), feed(2, 6, 20)))).effects[0].task
    pending = pending.__class__(**{**pending.__dict__, "id": 5})
    d = decide_turn(turn(Extraction(), press=Press("choose", task_id=5, revision=1, value="r2"),
                         active_task=pending, recent_records=(feed(1, 6), feed(2, 6, 20))))
    [save] = d.effects
    assert d.reply.kind is ReplyKind.CONFIRM and save.task.target_record_id == 2
    assert save.task.state is TaskState.AWAITING_CONFIRMATION


def test_delete_is_confirmed_first_and_a_friend_cannot_ask_for_it():
    delete = Extraction(intent=Intent.DELETE, reference=RecordReference(which="latest"))
    d = decide_turn(turn(delete, recent_records=(feed(1, 9),)))
    assert d.reply.kind is ReplyKind.CONFIRM and d.effects[0].task.action is TaskAction.DELETE
    assert not any(isinstance(e, DeleteRecord) for e in d.effects)
    refused = decide_turn(turn(delete, GUEST, recent_records=(feed(1, 9),)))
    assert refused.reply.kind is ReplyKind.REFUSED and refused.effects == ()


def test_undo_of_a_delete_restores_the_record():
    gone = RecordView(1, RecordType.FEEDING, 7, {"start": NOW, "amount_ml": 90}, NOW, deleted=True)
    d = decide_turn(turn(Extraction(intent=Intent.UNDO),
                         undo_target=UndoTarget(gone, None, NOW - timedelta(minutes=2), was_delete=True)))
    assert d.reply.kind is ReplyKind.UNDONE and type(d.effects[0]).__name__ == "RestoreRecord"


def test_only_parents_assign_roles_and_one_parent_always_remains():
    make = Extraction(intent=Intent.ROLE, role_change=RoleChange(member="小王", role="caregiver"))
    assert decide_turn(turn(make)).effects == (SetRole(3, Role.CAREGIVER, None),)
    assert decide_turn(turn(make, GRANDMA)).reply.kind is ReplyKind.REFUSED
    demote = Extraction(intent=Intent.ROLE, role_change=RoleChange(member="妈妈", role="friend"))
    assert decide_turn(turn(demote)).effects == ()


def test_a_newcomers_first_words_bring_role_buttons_for_parents():
    d = decide_turn(turn(Extraction(intent=Intent.CHAT), GUEST, newcomer=True))
    assert [b.action for b in d.reply.buttons] == ["role:3:parent", "role:3:caregiver", "role:3:friend"]
    assert d.effects == ()


def test_a_role_button_pressed_by_a_caregiver_changes_nothing():
    d = decide_turn(turn(Extraction(), GRANDMA, press=Press("role", member_id=3, value="caregiver")))
    assert d.press_rejected and d.effects == ()


def test_settings_are_for_parents_and_checked():
    nine = Extraction(intent=Intent.SETTINGS, settings=SettingsChange(summary_time="21:00"))
    assert decide_turn(turn(nine)).effects == (UpdateSettings({"summary_time": "21:00"}),)
    assert decide_turn(turn(nine, GRANDMA)).reply.kind is ReplyKind.REFUSED
    bad = Extraction(intent=Intent.SETTINGS, settings=SettingsChange(summary_time="25:00"))
    assert decide_turn(turn(bad)).effects == ()


def test_the_task_saved_for_a_choice_is_new():
    d = decide_turn(turn(at_six(amount_ml=120), recent_records=(feed(1, 6), feed(2, 6, 20))))
    assert isinstance(d.effects[0], SaveTask) and d.effects[0].task.id is None
