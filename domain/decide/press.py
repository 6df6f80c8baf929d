"""Button presses: checked against the active task and its revision; stale presses change nothing."""
from __future__ import annotations

from dataclasses import replace

from domain.decide.corrections import choose_target
from domain.decide.create import advance_create, choice_slots, execute_confirmed
from domain.decide.set_aside import is_restore, restore_set_aside
from domain.decide.sleep_events import with_baby
from domain.decide.twin_answers import answer_twin, asks_same_or_another
from domain.decide.undo import undo, undo_refusal
from domain.permissions import Permission, may
from domain.tasks import transition
from domain.turn import Decision, Reply, SaveTask, Turn
from domain.vocabulary import ReplyKind, TaskAction, TaskState


def _rejected(kind: ReplyKind, key: str, **values: object) -> Decision:
    return Decision(Reply(kind, key, dict(values)), press_rejected=True, note=f"press rejected: {key}")


def decide_press(turn: Turn) -> Decision:
    press = turn.press
    if not may(turn.member.role, Permission.CONFIRM):
        return _rejected(ReplyKind.REFUSED, "friend_cannot_press")
    if press.action == "choose" and is_restore(press.value):
        return restore_set_aside(turn) or _rejected(ReplyKind.REFUSED, "stale_button")
    if press.action == "undo":
        refusal = undo_refusal(turn, turn.undo_target)
        if refusal or turn.undo_target.record.id != press.record_id:
            return _rejected(ReplyKind.REFUSED, refusal.key if refusal else "stale_button")
        return undo(turn, turn.undo_target)
    task = turn.active_task
    if task is None or task.id != press.task_id:
        last = turn.last_task
        if last is not None and last.id == press.task_id and last.state is TaskState.EXPIRED:
            return _rejected(ReplyKind.EXPIRED, "expired", type=last.record_type)
        return _rejected(ReplyKind.REFUSED, "stale_button")
    if task.revision != press.revision:
        return _rejected(ReplyKind.REFUSED, "task_changed")
    if task.action is TaskAction.PROFILE_UPDATE and not may(turn.member.role, Permission.EDIT_PROFILE):
        return _rejected(ReplyKind.REFUSED, "profile_parent_only")
    return _press_on_task(turn, task)


def _press_on_task(turn: Turn, task) -> Decision:
    action = turn.press.action
    if action == "confirm" and asks_same_or_another(task):
        return answer_twin(turn, task, same=True)       # the question was "the same one?"; yes is same
    if action == "confirm":
        if task.state is TaskState.AWAITING_CONFIRMATION:
            return execute_confirmed(turn, task)
        if task.action is not TaskAction.CREATE:
            return Decision(Reply(ReplyKind.ASK, "still_waiting", {"type": task.record_type}), note="choose first")
        return advance_create(turn, task, {})
    if action == "cancel":
        cancelled = transition(task, TaskState.CANCELLED, turn.now, last_supplied_by=turn.member.id)
        return Decision(Reply(ReplyKind.CANCELLED, "cancelled", {"type": task.record_type}),
                        (SaveTask(cancelled),), note="cancel by press")
    value = turn.press.value
    if action == "choose" and value in ("same", "another") and asks_same_or_another(task):
        return answer_twin(turn, task, same=value == "same")
    if action == "choose" and value and value.startswith("r") and value[1:].isdigit() and \
            "target" in task.missing:
        return choose_target(turn, task, int(value[1:]))
    if action == "choose" and task.action is TaskAction.CREATE and value:
        if value.startswith("b") and value[1:].isdigit():
            if all(b.id != int(value[1:]) for b in turn.babies):
                return _rejected(ReplyKind.REFUSED, "stale_button")
            return with_baby(turn, task, int(value[1:])) or \
                advance_create(turn, replace(task, baby_id=int(value[1:])), {})
        slots = choice_slots(task, value)
        if slots is not None:
            return advance_create(turn, task, slots)
    return _rejected(ReplyKind.REFUSED, "stale_button")
