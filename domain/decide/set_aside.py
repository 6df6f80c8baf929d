"""No task disappears silently: a task a new message replaces is set aside, said so, and can come back.

The rule. A family has one active task. When a message opens a new task while another one is active
(waiting for a confirmation, or pending with values collected), the waiting task is *set aside*:
it is cancelled and nothing of it is written; the reply to the new message says so, naming what was
set aside, and carries a button (`choose:restore_<task id>`, "bring it back"). Pressing it within the
hour (the set-aside task's lifetime) brings that task back exactly as it was — waiting for the same
confirmation or the same missing field — and sets the newer task aside in its place, if it is still
open. The button names the newer task: once another task has been opened since, it is stale.
"""
from __future__ import annotations

from dataclasses import replace

from domain.decide.create import ask_reply, complete_fields, confirm_reply, twin_question, which_baby_reply
from domain.decide.duplicates import TWIN_REASONS, earlier_twin
from domain.decide.profile import ask_field_reply, profile_confirm
from domain.tasks import PendingTask, brought_back, transition
from domain.turn import Button, Decision, Reply, SaveTask, Turn
from domain.vocabulary import ReplyKind, TaskAction, TaskState

RESTORE = "restore_"


def one_active_task(turn: Turn, decision: Decision) -> Decision:
    """A decision that opens a task while another is active sets the active one aside, and says so."""
    active = turn.active_task
    opens = any(isinstance(e, SaveTask) and e.task.id is None and e.task.active for e in decision.effects)
    touched = any(isinstance(e, SaveTask) and active is not None and e.task.id == active.id
                  for e in decision.effects)
    if active is None or not opens or touched:
        return decision
    cancelled = SaveTask(transition(active, TaskState.CANCELLED, turn.now))
    return replace(decision, effects=(cancelled, *decision.effects), reply=_with_notice(decision.reply, active))


def with_expiry_notice(turn: Turn, decision: Decision) -> Decision:
    """A task that ran out of time as this message came in is named in the reply (nothing of it was written),
    unless the reply is about it already (确认 after the hour: 'expired')."""
    gone, reply = turn.expired_now, decision.reply
    if gone is None or reply is None or reply.kind is ReplyKind.EXPIRED:
        return decision
    was = TaskState.PENDING if gone.missing else TaskState.AWAITING_CONFIRMATION   # before its hour ran out
    notice = {"action": gone.action, "type": gone.record_type, "state": was, "slots": dict(gone.slots)}
    return replace(decision, reply=replace(reply, values={**reply.values, "expired_task": notice}))


def _with_notice(reply: Reply | None, set_aside: PendingTask) -> Reply | None:
    if reply is None:
        return None
    notice = {"action": set_aside.action, "type": set_aside.record_type, "state": set_aside.state,
              "slots": dict(set_aside.slots)}
    return replace(reply, values={**reply.values, "set_aside": notice},
                   buttons=(*reply.buttons, Button(f"choose:{RESTORE}{set_aside.id}")))


def is_restore(value: str | None) -> bool:
    return bool(value) and value.startswith(RESTORE) and value[len(RESTORE):].isdigit()


def restore_set_aside(turn: Turn) -> Decision | None:
    """The set-aside task comes back as it was; None when the button is stale (the caller says so)."""
    old, active, press = turn.set_aside_task, turn.active_task, turn.press
    if old is None or old.id != int(press.value[len(RESTORE):]) or old.state is not TaskState.CANCELLED \
            or press.task_id is None or old.id >= press.task_id or turn.now >= old.expires_at:
        return None
    if active is not None and active.id != press.task_id:
        return None                                   # something newer is open: not ours to replace
    back = brought_back(old, turn.now, last_supplied_by=turn.member.id)
    effects = [SaveTask(transition(active, TaskState.CANCELLED, turn.now))] if active is not None else []
    effects.append(SaveTask(back))
    return Decision(_replace_twin(turn, back, reask(turn, back)), tuple(effects), note="set-aside task restored")


def _replace_twin(turn: Turn, task: PendingTask, reply: Reply) -> Reply:
    """A restored duplicate question names the record on file again (if it is still there)."""
    if task.requires_confirmation_reason not in TWIN_REASONS or task.action is not TaskAction.CREATE:
        return reply
    fields = complete_fields(task.record_type, task.slots, turn.now)
    twin = earlier_twin(turn, task.record_type, task.baby_id, fields)
    return twin_question(turn, task, fields, twin).reply if twin is not None else reply


def reask(turn: Turn, task: PendingTask) -> Reply:
    """The question a task waits on, asked again."""
    if task.state is TaskState.PENDING:
        return _ask_missing(turn, task)
    if task.action is TaskAction.CREATE:
        return confirm_reply(task, complete_fields(task.record_type, task.slots, turn.now))
    if task.action is TaskAction.PROFILE_UPDATE:
        return profile_confirm(turn, task)
    target = next((r for r in turn.recent_records if r.id == task.target_record_id), None)
    if task.action is TaskAction.DELETE:
        fields = target.fields if target else {}
        return Reply(ReplyKind.CONFIRM, "confirm_delete", {"type": task.record_type, "fields": fields},
                     (Button("confirm"), Button("cancel")))
    return confirm_reply(task, dict(task.slots), before=target.fields if target else None)


def _ask_missing(turn: Turn, task: PendingTask) -> Reply:
    missing = list(task.missing)
    if task.action is TaskAction.PROFILE_UPDATE:
        baby = next((b for b in turn.babies if b.id == task.baby_id), None)
        return ask_field_reply(baby, missing[0]) if baby is not None and missing else \
            Reply(ReplyKind.ASK, "profile_unclear")
    if missing[0] == "baby":
        return which_baby_reply(turn)
    if missing[0] == "target":
        return Reply(ReplyKind.ASK, "still_waiting", {"type": task.record_type}, (Button("cancel"),))
    return ask_reply(task.record_type, missing, task.slots)
