"""Step 5 of a turn: the decision's effects, applied in order inside the turn's unit of work.
Each leaves an audit entry and a line in `Applied.log`."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from domain.tasks import PendingTask
from domain.turn import (
    AdmitJoin,
    CancelReminders,
    CreateInvite,
    DeclineJoin,
    DeleteRecord,
    Effect,
    GuessUnits,
    RestoreRecord,
    RevokeInvites,
    SaveTask,
    SetReminder,
    SetRole,
    UpdateProfile,
    UpdateRecord,
    UpdateSettings,
    WriteRecord,
)
from domain.vocabulary import ChatKind
from storage.convert import dump_slots
from storage.unit_of_work import UnitOfWork


@dataclass
class Applied:
    written: list[int] = field(default_factory=list)
    updated: list[int] = field(default_factory=list)
    deleted: list[int] = field(default_factory=list)
    task: PendingTask | None = None       # the task as saved by this turn (with its id)
    log: list[str] = field(default_factory=list)
    joins_answered: list[JoinAnswer] = field(default_factory=list)   # chats to tell, once committed


@dataclass(frozen=True)
class JoinAnswer:
    """A parent answered a join request: the chat that asked, and the role it got (None: declined)."""

    platform: str
    chat_id: str
    role: str | None


@dataclass(frozen=True)
class TurnScope:
    family_id: int
    member_id: int
    message_id: int
    now: datetime
    platform: str = ""           # the chat the message came from (a one-off reminder goes back there)
    chat_id: str = ""


async def apply_effects(uow: UnitOfWork, effects: tuple[Effect, ...], scope: TurnScope) -> Applied:
    applied = Applied()
    for effect in effects:
        if isinstance(effect, SaveTask):
            applied.task = await _save_task(uow, effect.task, scope)
            applied.log.append(f"task:{applied.task.state.value}")
        elif isinstance(effect, WriteRecord):
            applied.written.append(await _write(uow, effect, scope, applied.task))
            applied.log.append("record:create")
        elif isinstance(effect, AdmitJoin | DeclineJoin):
            answered = await _answer_join(uow, effect, scope)
            applied.joins_answered += [answered] if answered else []
            applied.log.append("family:join_admitted" if isinstance(effect, AdmitJoin) else "family:join_declined")
        elif isinstance(effect, SetReminder):
            record_id = applied.written[-1] if effect.with_record and applied.written else None
            await _set_reminder(uow, effect, scope, record_id)
            applied.log.append("reminder:set")
        else:
            apply, touched, line = _HANDLERS[type(effect)]
            await apply(uow, effect, scope)
            if touched:
                getattr(applied, touched).append(effect.record_id)
            applied.log.append(line)
    return applied


async def _save_task(uow: UnitOfWork, task: PendingTask, scope: TurnScope) -> PendingTask:
    if task.id is None:
        task = replace(task, id=await uow.tasks.insert(scope.family_id, task, scope.now, scope.message_id))
    else:
        await uow.tasks.compare_and_set(task, scope.now)
    uow.audit.add(scope.family_id, scope.member_id, f"task_{task.state.value}", scope.now,
                  task_id=task.id, message_id=scope.message_id, after=dump_slots(task.slots))
    return task


async def _write(uow: UnitOfWork, effect: WriteRecord, scope: TurnScope, task: PendingTask | None) -> int:
    task_id = task.id if effect.from_task and task else None
    record_id = await uow.records.add(family_id=scope.family_id, baby_id=effect.baby_id,
                                      record_type=effect.record_type, fields=effect.fields, now=scope.now,
                                      created_by=scope.member_id, message_id=scope.message_id, task_id=task_id)
    uow.audit.add(scope.family_id, scope.member_id, "record_create", scope.now, record_id=record_id,
                  task_id=task_id, message_id=scope.message_id, after=dump_slots(effect.fields))
    return record_id


async def _update(uow: UnitOfWork, effect: UpdateRecord, scope: TurnScope) -> None:
    await uow.records.update(scope.family_id, effect.record_id, effect.fields, scope.now)
    uow.audit.add(scope.family_id, scope.member_id, "record_update", scope.now, record_id=effect.record_id,
                  message_id=scope.message_id, before=dump_slots(effect.before), after=dump_slots(effect.fields))


async def _delete(uow: UnitOfWork, effect: DeleteRecord, scope: TurnScope) -> None:
    await uow.records.set_deleted(scope.family_id, effect.record_id, scope.now)
    uow.audit.add(scope.family_id, scope.member_id, "record_undo" if effect.undo else "record_delete", scope.now,
                  record_id=effect.record_id, message_id=scope.message_id, before=dump_slots(effect.before))


async def _restore(uow: UnitOfWork, effect: RestoreRecord, scope: TurnScope) -> None:
    await uow.records.set_deleted(scope.family_id, effect.record_id, None)
    uow.audit.add(scope.family_id, scope.member_id, "record_restore", scope.now, record_id=effect.record_id,
                  message_id=scope.message_id)


async def _update_profile(uow: UnitOfWork, effect: UpdateProfile, scope: TurnScope) -> None:
    await uow.families.update_profile(effect.baby_id, effect.fields)
    uow.audit.add(scope.family_id, scope.member_id, "profile_update", scope.now, message_id=scope.message_id,
                  before=dump_slots(effect.before), after=dump_slots(effect.fields))


async def _set_role(uow: UnitOfWork, effect: SetRole, scope: TurnScope) -> None:
    before = await uow.families.set_role(effect.member_id, effect.role.value, effect.title)
    after = {"member": effect.member_id, "role": effect.role.value, "title": effect.title or before["title"]}
    uow.audit.add(scope.family_id, scope.member_id, "member_role", scope.now, message_id=scope.message_id,
                  before=before, after=after)


async def _answer_join(uow: UnitOfWork, effect: AdmitJoin | DeclineJoin, scope: TurnScope) -> JoinAnswer | None:
    """Once per request (a second answer finds it answered). Let in: the person becomes a member with the
    role — or keeps the role they have, when the family knows their id already (the request was about a
    chat of theirs) — and the chat is linked, unless it joined another family meanwhile."""
    request = await uow.joins.waiting(scope.family_id, effect.request_id, datetime.min.replace(tzinfo=UTC))
    role = effect.role.value if isinstance(effect, AdmitJoin) else None
    if request is None or not await uow.joins.decide(request.id, scope.member_id, scope.now, role):
        return None
    after = {"request": request.id, "platform": request.platform, "kind": request.chat_kind, "role": role}
    if role is not None and await uow.families.chat(request.platform, request.chat_id) is None:
        known = await uow.families.member(scope.family_id, request.platform_user_id)
        member = known or await uow.families.add_member(scope.family_id, request.platform_user_id,
                                                        request.display_name, role, scope.now)
        private = request.chat_kind == ChatKind.PRIVATE.value
        await uow.families.link_chat(scope.family_id, request.platform, request.chat_id, request.chat_kind,
                                     scope.now, member.id if private else None)
    elif role is not None:
        return None                                    # the chat belongs to a family already
    uow.audit.add(scope.family_id, scope.member_id, "join_admitted" if role else "join_declined", scope.now,
                  message_id=scope.message_id, after=after)
    return JoinAnswer(request.platform, request.chat_id, role)


async def _update_settings(uow: UnitOfWork, effect: UpdateSettings, scope: TurnScope) -> None:
    before = await uow.families.update_settings(scope.family_id, effect.changes)
    uow.audit.add(scope.family_id, scope.member_id, "family_settings", scope.now, message_id=scope.message_id,
                  before=before, after=dict(effect.changes))


async def _guess_units(uow: UnitOfWork, effect: GuessUnits, scope: TurnScope) -> None:
    changes = {f"{quantity}_unit": unit for quantity, unit in effect.units.items()}
    before = await uow.families.update_settings(scope.family_id, changes)
    uow.audit.add(scope.family_id, scope.member_id, "family_settings", scope.now, message_id=scope.message_id,
                  before=before, after={**changes, "guessed": True})


async def _create_invite(uow: UnitOfWork, effect: CreateInvite, scope: TurnScope) -> None:
    expires_at = scope.now + effect.lifetime
    await uow.families.add_invite(scope.family_id, effect.code, scope.member_id, scope.now, expires_at)
    uow.audit.add(scope.family_id, scope.member_id, "invite_created", scope.now, message_id=scope.message_id,
                  after={"expires_at": expires_at.isoformat()})     # never the code itself


async def _revoke_invites(uow: UnitOfWork, effect: RevokeInvites, scope: TurnScope) -> None:
    count = await uow.families.revoke_invites(scope.family_id, scope.now)
    uow.audit.add(scope.family_id, scope.member_id, "invites_revoked", scope.now, message_id=scope.message_id,
                  after={"revoked": count})


async def _set_reminder(uow: UnitOfWork, effect: SetReminder, scope: TurnScope, record_id: int | None) -> None:
    reminder_id = await uow.reminders.add(family_id=scope.family_id, member_id=scope.member_id,
                                          platform=scope.platform, chat_id=scope.chat_id, due_at=effect.due_at,
                                          about=effect.about, message_id=scope.message_id, record_id=record_id,
                                          now=scope.now)
    uow.audit.add(scope.family_id, scope.member_id, "reminder_set", scope.now, record_id=record_id,
                  message_id=scope.message_id, after={"reminder": reminder_id, "due_at": effect.due_at.isoformat()})


async def _cancel_reminders(uow: UnitOfWork, effect: CancelReminders, scope: TurnScope) -> None:
    count = await uow.reminders.cancel(scope.family_id, effect.reminder_ids, scope.member_id, scope.now)
    uow.audit.add(scope.family_id, scope.member_id, "reminders_cancelled", scope.now, message_id=scope.message_id,
                  after={"reminders": list(effect.reminder_ids), "cancelled": count})


Handler = Callable[[UnitOfWork, Any, TurnScope], Awaitable[None]]

# effect type → (how to apply it, which id list of `Applied` it touches, its log line)
_HANDLERS: dict[type, tuple[Handler, str | None, str]] = {
    UpdateRecord: (_update, "updated", "record:update"),
    RestoreRecord: (_restore, "updated", "record:restore"),
    DeleteRecord: (_delete, "deleted", "record:delete"),
    UpdateSettings: (_update_settings, None, "family:settings"),
    GuessUnits: (_guess_units, None, "family:units_guessed"),
    SetRole: (_set_role, None, "member:role"),
    UpdateProfile: (_update_profile, None, "profile:update"),
    CreateInvite: (_create_invite, None, "family:invite"),
    RevokeInvites: (_revoke_invites, None, "family:invites_revoked"),
    CancelReminders: (_cancel_reminders, None, "reminder:cancel"),
}
