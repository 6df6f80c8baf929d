"""Baby profile changes: parents only; birth date, sex and birth weight are confirmed first."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.babies import baby_named
from domain.permissions import Permission, may
from domain.tasks import PendingTask, new_task, transition
from domain.turn import BabyView, Button, Decision, Reply, SaveTask, Turn, UpdateProfile
from domain.vocabulary import ConfirmReason, ReplyKind, TaskAction, TaskState

HIGH_RISK = frozenset({"birth_date", "sex", "birth_weight_kg"})


def decide_profile(turn: Turn, asking: PendingTask | None = None) -> Decision:
    """A profile change said (or, with `asking`, the answer to the field a waiting profile task asked for)."""
    if not may(turn.member.role, Permission.EDIT_PROFILE):
        return Decision(Reply(ReplyKind.REFUSED, "profile_parent_only"), note="no right: profile")
    profile = turn.extraction.profile
    change = profile.given() if profile else {}
    baby = _asked_baby(turn, asking) if asking is not None else _baby(turn)
    if baby is None or not change and (profile is None or profile.asked is None):
        return Decision(Reply(ReplyKind.ASK, "profile_unclear"), note="profile unclear")
    if not change:
        return _ask_field(turn, baby, profile.asked)
    before = profile_fields(baby)
    done = () if asking is None else (SaveTask(transition(asking, TaskState.COMPLETED, turn.now,
                                                          last_supplied_by=turn.member.id)),)
    if all(before.get(k) == v for k, v in change.items() if k != "nickname"):
        if "nickname" not in change:
            return Decision(Reply(ReplyKind.ANSWER, "profile_same", {"baby": baby.name}), done, note="no change")
    if HIGH_RISK & change.keys():
        if asking is None:
            task = new_task(TaskAction.PROFILE_UPDATE, None, turn.member.id, turn.now, baby.id)
            saved = replace(task, state=TaskState.AWAITING_CONFIRMATION, slots=change, revision=1,
                            requires_confirmation_reason=ConfirmReason.HIGH_RISK_PROFILE_FIELD)
        else:
            saved = transition(asking, TaskState.AWAITING_CONFIRMATION, turn.now, slots=change, missing=(),
                               requires_confirmation_reason=ConfirmReason.HIGH_RISK_PROFILE_FIELD,
                               last_supplied_by=turn.member.id)
        return Decision(_confirm(baby, change, before), (SaveTask(saved),), note="profile: confirm")
    return Decision(_updated(baby, change), (*done, UpdateProfile(baby.id, change, before)), note="profile: update")


def _ask_field(turn: Turn, baby: BabyView, field: str) -> Decision:
    """帮我填一下生日: the field is asked, and the task waits for its answer (性别还没填 → 男孩)."""
    task = new_task(TaskAction.PROFILE_UPDATE, None, turn.member.id, turn.now, baby.id)
    saved = replace(task, missing=(field,), revision=1)
    return Decision(ask_field_reply(baby, field), (SaveTask(saved),), note="profile: ask field")


def ask_field_reply(baby: BabyView, field: str) -> Reply:
    return Reply(ReplyKind.ASK, "profile_ask", {"baby": baby.name, "field": field}, (Button("cancel"),))


def _asked_baby(turn: Turn, task: PendingTask) -> BabyView | None:
    return next((b for b in turn.babies if b.id == task.baby_id), None)


def execute_profile(turn: Turn, task: PendingTask) -> Decision:
    baby = next((b for b in turn.babies if b.id == task.baby_id), None)
    done = transition(task, TaskState.COMPLETED, turn.now, confirmed_by=turn.member.id)
    if baby is None:
        return Decision(Reply(ReplyKind.ERROR, "target_gone"), (SaveTask(done),))
    return Decision(_updated(baby, task.slots), (SaveTask(done), UpdateProfile(baby.id, dict(task.slots),
                                                                               profile_fields(baby))))


def profile_confirm(turn: Turn, task: PendingTask) -> Reply:
    """A waiting profile change, asked again."""
    baby = next((b for b in turn.babies if b.id == task.baby_id), None)
    if baby is None:
        return Reply(ReplyKind.ERROR, "target_gone")
    return _confirm(baby, dict(task.slots), profile_fields(baby))


def profile_fields(baby: BabyView) -> dict[str, Any]:
    return {"name": baby.name, "birth_date": baby.birth_date, "sex": baby.sex,
            "birth_weight_kg": baby.birth_weight_kg, "birth_height_cm": baby.birth_height_cm}


def _baby(turn: Turn) -> BabyView | None:
    found = baby_named(turn.babies, turn.extraction.baby)
    return found or (turn.babies[0] if len(turn.babies) == 1 else None)


def _confirm(baby: BabyView, change: dict[str, Any], before: dict[str, Any]) -> Reply:
    return Reply(ReplyKind.CONFIRM, "profile_confirm", {"baby": baby.name, "change": change, "before": before},
                 (Button("confirm"), Button("cancel")))


def _updated(baby: BabyView, change: dict[str, Any]) -> Reply:
    return Reply(ReplyKind.UPDATED, "profile_updated", {"baby": baby.name, "change": change})
