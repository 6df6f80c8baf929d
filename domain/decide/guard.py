"""The last word on rights: a decision is judged by what it does, not by how the message was labelled.

Whatever the extractor said (chat, query, a supply, a button press, an answer to "which baby?"),
the effects a decision carries are checked against the member's role (domain/permissions.py):

- writing a record, or opening / changing / completing a create task        → record
- confirming a task (completing one that waited for a confirmation)         → confirm
- cancelling a task                                                         → confirm
- updating, deleting or restoring a record, or an update / delete task      → change_record
- a profile change, or a task that proposes one                             → edit_profile
- a role change, a settings change, handing out or revoking family codes,
  letting a chat in with a family code or sending it away                  → manage
- setting or cancelling a one-off reminder                                  → record

A member without every right the effects need gets a refusal and nothing else: no effect at all.
The decision code may refuse earlier and with a more specific text; this guard is the floor.
"""
from __future__ import annotations

from dataclasses import replace

from domain.permissions import Permission, may
from domain.tasks import PendingTask
from domain.turn import (
    AdmitJoin,
    CancelReminders,
    CreateInvite,
    Decision,
    DeclineJoin,
    DeleteRecord,
    Effect,
    GuessUnits,
    Reply,
    RestoreRecord,
    RevokeInvites,
    SaveTask,
    SetReminder,
    SetRole,
    Turn,
    UpdateProfile,
    UpdateRecord,
    UpdateSettings,
    WriteRecord,
)
from domain.vocabulary import ReplyKind, TaskAction, TaskState

_TASK_RIGHT = {TaskAction.CREATE: Permission.RECORD, TaskAction.UPDATE: Permission.CHANGE_RECORD,
               TaskAction.DELETE: Permission.CHANGE_RECORD, TaskAction.PROFILE_UPDATE: Permission.EDIT_PROFILE}
_EFFECT_RIGHT: dict[type, Permission] = {
    WriteRecord: Permission.RECORD, UpdateRecord: Permission.CHANGE_RECORD,
    DeleteRecord: Permission.CHANGE_RECORD, RestoreRecord: Permission.CHANGE_RECORD,
    UpdateProfile: Permission.EDIT_PROFILE, SetRole: Permission.MANAGE, UpdateSettings: Permission.MANAGE,
    CreateInvite: Permission.MANAGE, RevokeInvites: Permission.MANAGE,
    SetReminder: Permission.RECORD, CancelReminders: Permission.RECORD,
    AdmitJoin: Permission.MANAGE, DeclineJoin: Permission.MANAGE,
    GuessUnits: Permission.RECORD,      # added after the guard, to a turn that writes or asks (decide_turn.py)
}
# The refusal a family hears, by the first right that is missing (the friendly texts of render.py).
_REFUSAL_KEY = {Permission.EDIT_PROFILE: "profile_parent_only", Permission.MANAGE: "manage_parent_only"}


def rights_needed(effects: tuple[Effect, ...]) -> set[Permission]:
    needed: set[Permission] = set()
    for effect in effects:
        if isinstance(effect, SaveTask):
            needed |= _task_rights(effect.task)
        else:
            needed.add(_EFFECT_RIGHT[type(effect)])
    return needed


def _task_rights(task: PendingTask) -> set[Permission]:
    if task.state is TaskState.EXPIRED:
        return set()                      # time ran out: nobody's act
    if task.state is TaskState.CANCELLED:
        return {Permission.CONFIRM}
    rights = {_TASK_RIGHT[task.action]}
    if task.state is TaskState.COMPLETED and task.confirmed_by is not None:
        rights.add(Permission.CONFIRM)
    return rights


def guarded(turn: Turn, decision: Decision) -> Decision:
    """The decision as it is when the member has every right its effects need; else a refusal alone."""
    missing = [p for p in Permission if p in rights_needed(decision.effects) and not may(turn.member.role, p)]
    if not missing:
        return decision
    key = next((_REFUSAL_KEY[p] for p in missing if p in _REFUSAL_KEY), None)
    if key is None:
        key = "friend_cannot_press" if turn.press is not None else "friend_cannot_write"
    reply = Reply(ReplyKind.REFUSED, key, {"title": turn.member.title})
    return replace(decision, reply=reply, effects=(), press_rejected=turn.press is not None,
                   note=f"guard: no right ({', '.join(p.value for p in missing)})")
