"""Applying a decision's effects in the turn's transaction, with an audit entry for each."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from sqlmodel.ext.asyncio.session import AsyncSession

from domain.tasks import PendingTask
from domain.turn import (
    DeleteRecord,
    Effect,
    RestoreRecord,
    SaveTask,
    SetRole,
    UpdateProfile,
    UpdateRecord,
    UpdateSettings,
    WriteRecord,
)
from storage.convert import dump_slots, record_columns
from storage.repositories import turns as repo
from storage.tables import Baby, Family, Member, Record


@dataclass
class Applied:
    written: list[int] = field(default_factory=list)
    updated: list[int] = field(default_factory=list)
    deleted: list[int] = field(default_factory=list)
    task: PendingTask | None = None       # the task as saved by this turn (with its id)
    log: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class TurnScope:
    family_id: int
    member_id: int
    message_id: int
    now: datetime


async def apply_effects(s: AsyncSession, effects: tuple[Effect, ...], scope: TurnScope) -> Applied:
    """Every effect in order; each leaves an audit entry and a line in `Applied.log`."""
    applied = Applied()
    for effect in effects:
        if isinstance(effect, SaveTask):
            applied.task = await _save_task(s, effect.task, scope)
            applied.log.append(f"task:{applied.task.state.value}")
        elif isinstance(effect, WriteRecord):
            applied.written.append(await _write(s, effect, scope, applied.task))
            applied.log.append("record:create")
        else:
            apply, touched, line = _HANDLERS[type(effect)]
            await apply(s, effect, scope)
            if touched:
                getattr(applied, touched).append(effect.record_id)
            applied.log.append(line)
    return applied


async def _save_task(s: AsyncSession, task: PendingTask, scope: TurnScope) -> PendingTask:
    from dataclasses import replace

    if task.id is None:
        row = await repo.insert_task(s, scope.family_id, task, scope.now, scope.message_id)
        task = replace(task, id=row.id)
    else:
        await repo.cas_task(s, task, scope.now)
    await repo.audit(s, scope.family_id, scope.member_id, f"task_{task.state.value}", scope.now,
                     task_id=task.id, message_id=scope.message_id, after=dump_slots(task.slots))
    return task


async def _write(s: AsyncSession, effect: WriteRecord, scope: TurnScope, task: PendingTask | None) -> int:
    row = Record(family_id=scope.family_id, baby_id=effect.baby_id, type=effect.record_type.value,
                 created_by=scope.member_id, created_at=scope.now, source_message_id=scope.message_id,
                 task_id=task.id if effect.from_task and task else None,
                 **record_columns(effect.record_type, effect.fields))
    s.add(row)
    await s.flush()
    await repo.audit(s, scope.family_id, scope.member_id, "record_create", scope.now, record_id=row.id,
                     task_id=row.task_id, message_id=scope.message_id, after=dump_slots(effect.fields))
    return row.id


async def _update(s: AsyncSession, effect: UpdateRecord, scope: TurnScope) -> None:
    row = await repo.record_by_id(s, scope.family_id, effect.record_id)
    from domain.vocabulary import RecordType

    columns = record_columns(RecordType(row.type), effect.fields)
    row.start, row.end, row.data, row.updated_at = columns["start"], columns["end"], columns["data"], scope.now
    s.add(row)
    await repo.audit(s, scope.family_id, scope.member_id, "record_update", scope.now, record_id=row.id,
                     message_id=scope.message_id, before=dump_slots(effect.before), after=dump_slots(effect.fields))


async def _delete(s: AsyncSession, effect: DeleteRecord, scope: TurnScope) -> None:
    row = await repo.record_by_id(s, scope.family_id, effect.record_id)
    row.deleted_at = scope.now
    s.add(row)
    await repo.audit(s, scope.family_id, scope.member_id, "record_undo" if effect.undo else "record_delete",
                     scope.now, record_id=row.id, message_id=scope.message_id, before=dump_slots(effect.before))


async def _update_profile(s: AsyncSession, effect: UpdateProfile, scope: TurnScope) -> None:
    baby = await s.get(Baby, effect.baby_id)
    for key, value in effect.fields.items():
        if key == "nickname":
            baby.nicknames = sorted({*baby.nicknames, value})
        else:
            setattr(baby, key, value)
    s.add(baby)
    await repo.audit(s, scope.family_id, scope.member_id, "profile_update", scope.now,
                     message_id=scope.message_id, before=_plain(effect.before), after=_plain(effect.fields))


def _plain(values: dict) -> dict:
    return {k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in values.items()}


async def _restore(s: AsyncSession, effect: RestoreRecord, scope: TurnScope) -> None:
    row = await repo.record_by_id(s, scope.family_id, effect.record_id)
    row.deleted_at = None
    s.add(row)
    await repo.audit(s, scope.family_id, scope.member_id, "record_restore", scope.now, record_id=row.id,
                     message_id=scope.message_id)


async def _set_role(s: AsyncSession, effect: SetRole, scope: TurnScope) -> None:
    member = await s.get(Member, effect.member_id)
    before = {"role": member.role, "title": member.title}
    member.role = effect.role.value
    if effect.title:
        member.title = effect.title
    s.add(member)
    await repo.audit(s, scope.family_id, scope.member_id, "member_role", scope.now, message_id=scope.message_id,
                     before=before, after={"member": member.id, "role": member.role, "title": member.title})


async def _update_settings(s: AsyncSession, effect: UpdateSettings, scope: TurnScope) -> None:
    family = await s.get(Family, scope.family_id)
    reminders = dict(family.settings.get("reminders") or {})
    before = {k: getattr(family, k) if hasattr(family, k) else reminders.get(_REMINDER_FIELD.get(k, k))
              for k in effect.changes}
    for key, value in effect.changes.items():
        if key in _REMINDER_FIELD:
            reminders[_REMINDER_FIELD[key]] = value or None
        else:
            setattr(family, key, value)
    family.settings = {**family.settings, "reminders": reminders}   # a new dict: JSON columns see the change
    s.add(family)
    await repo.audit(s, scope.family_id, scope.member_id, "family_settings", scope.now,
                     message_id=scope.message_id, before=before, after=dict(effect.changes))


# the settings names of the domain → the keys of Family.settings["reminders"]
_REMINDER_FIELD = {"medication_reminder": "medication", "no_feeding_hours": "no_feeding_hours",
                   "open_sleep_hours": "open_sleep_hours"}

# effect type → (how to apply it, which id list of `Applied` it touches, its log line)
_HANDLERS = {
    UpdateRecord: (_update, "updated", "record:update"),
    RestoreRecord: (_restore, "updated", "record:restore"),
    DeleteRecord: (_delete, "deleted", "record:delete"),
    UpdateSettings: (_update_settings, None, "family:settings"),
    SetRole: (_set_role, None, "member:role"),
    UpdateProfile: (_update_profile, None, "profile:update"),
}
