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


def decide_profile(turn: Turn) -> Decision:
    if not may(turn.member.role, Permission.EDIT_PROFILE):
        return Decision(Reply(ReplyKind.REFUSED, "profile_parent_only"), note="no right: profile")
    change = turn.extraction.profile.given() if turn.extraction.profile else {}
    baby = _baby(turn)
    if not change or baby is None:
        return Decision(Reply(ReplyKind.ASK, "profile_unclear"), note="profile unclear")
    before = profile_fields(baby)
    if all(before.get(k) == v for k, v in change.items() if k != "nickname"):
        if "nickname" not in change:
            return Decision(Reply(ReplyKind.ANSWER, "profile_same", {"baby": baby.name}), note="no change")
    if HIGH_RISK & change.keys():
        task = new_task(TaskAction.PROFILE_UPDATE, None, turn.member.id, turn.now, baby.id)
        saved = replace(task, state=TaskState.AWAITING_CONFIRMATION, slots=change, revision=1,
                        requires_confirmation_reason=ConfirmReason.HIGH_RISK_PROFILE_FIELD)
        return Decision(_confirm(baby, change, before), (SaveTask(saved),), note="profile: confirm")
    return Decision(_updated(baby, change), (UpdateProfile(baby.id, change, before),), note="profile: update")


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
