"""One-off reminders in chat: set (3小时后提醒我喂药), list (我的提醒), cancel (取消提醒 / 取消提醒 2 /
取消所有提醒), and a reminder said with a record (刚喂了药，6小时后提醒我: the dose AND the reminder).

Rights (vocabulary.md's matrix): setting or cancelling one writes, so it needs the right to record —
parents and caregivers; a friend may list them (a query) but never set or cancel one.
"""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from domain.extraction import ReminderRequest
from domain.permissions import Permission, may
from domain.reminders import MAX_PENDING, TASK_SLOT, ReminderView, carried, due_problem, due_time, to_carry
from domain.turn import CancelReminders, Decision, Reply, SaveTask, SetReminder, Turn, WriteRecord
from domain.vocabulary import ReplyKind, TaskAction


def decide_reminder(turn: Turn) -> Decision:
    request = turn.extraction.reminder or ReminderRequest(action="list")
    if request.action == "list":
        return Decision(Reply(ReplyKind.ANSWER, "reminders_list", _listed(turn)), note="reminders: list")
    if not may(turn.member.role, Permission.RECORD):
        return Decision(Reply(ReplyKind.REFUSED, "reminder_not_allowed", {"title": turn.member.title}),
                        note="no right: reminder")
    if request.action == "cancel":
        return _cancel(turn, request)
    return _set(turn, request)


def _set(turn: Turn, request: ReminderRequest) -> Decision:
    due = due_time(request, turn.now)
    if due is None:
        return Decision(Reply(ReplyKind.ASK, "reminder_when"), note="reminder: no time")
    problem = due_problem(due, turn.now)
    if problem is not None:
        return Decision(Reply(ReplyKind.ERROR, f"reminder_{problem}"), note=f"reminder: {problem}")
    if len(turn.reminders) >= MAX_PENDING:
        return Decision(Reply(ReplyKind.REFUSED, "reminder_too_many", {"limit": MAX_PENDING}),
                        note="reminder: too many")
    return Decision(Reply(ReplyKind.RECORDED, "reminder_set", {"due": due, "about": request.about}),
                    (SetReminder(due, request.about),), note="reminder: set")


def _cancel(turn: Turn, request: ReminderRequest) -> Decision:
    pending = turn.reminders
    if not pending:
        return Decision(Reply(ReplyKind.ANSWER, "reminders_none"), note="reminders: none to cancel")
    if request.every:
        chosen = pending
    elif request.which is not None:
        if not 1 <= request.which <= len(pending):
            return Decision(Reply(ReplyKind.ERROR, "reminder_no_such", {"n": request.which, **_listed(turn)}),
                            note="reminders: no such number")
        chosen = (pending[request.which - 1],)
    elif len(pending) == 1:
        chosen = pending
    else:
        return Decision(Reply(ReplyKind.ASK, "reminder_which", _listed(turn)), note="reminders: which one")
    return Decision(Reply(ReplyKind.CANCELLED, "reminders_cancelled", {"reminders": _items(turn, chosen)}),
                    (CancelReminders(tuple(r.id for r in chosen)),), note="reminders: cancel")


def _listed(turn: Turn) -> dict:
    return {"reminders": _items(turn, turn.reminders)}


def _items(turn: Turn, reminders: tuple[ReminderView, ...]) -> list[dict]:
    """Each reminder as the texts show it: its number in the list, time, what it is about, who asked."""
    titles = {m.id: m.title or m.name for m in turn.members}
    number = {r.id: i for i, r in enumerate(turn.reminders, 1)}
    return [{"n": number.get(r.id), "due": r.due_at, "about": r.about, "by": titles.get(r.member_id)}
            for r in reminders]


def with_reminder(turn: Turn, decision: Decision) -> Decision:
    """A record said with a reminder: written now → the reminder is set with it; waiting for an answer or a
    confirmation → the task keeps the reminder, and it is set when the record is written."""
    wanted = _wanted(turn)
    if wanted is None:
        return decision
    due, about, task_id = wanted
    written = [e for e in decision.effects if isinstance(e, WriteRecord) and (task_id is None or e.from_task)]
    if written:
        about = about or next((str(e.fields["medication"]) for e in written if e.fields.get("medication")), None)
        effects = decision.effects + (SetReminder(due, about, with_record=True),)   # 美林 said with the dose
        return _noted(replace(decision, effects=effects), due, about, later=False)
    saves = [i for i, e in enumerate(decision.effects) if isinstance(e, SaveTask) and e.task.active
             and e.task.action is TaskAction.CREATE and (task_id is None or e.task.id == task_id)]
    if not saves:
        return decision
    effects = list(decision.effects)
    task = effects[saves[-1]].task
    effects[saves[-1]] = SaveTask(replace(task, slots={**task.slots, TASK_SLOT: to_carry(due, about)}))
    return _noted(replace(decision, effects=tuple(effects)), due, about, later=True)


def _wanted(turn: Turn) -> tuple[datetime, str | None, int | None] | None:
    """(when, about, the task that carries it — None when this message asked for it)."""
    request = turn.extraction.reminder
    if request is not None and request.action == "set":
        due = due_time(request, turn.now)
        return (due, request.about, None) if due is not None and due_problem(due, turn.now) is None else None
    task = turn.active_task
    kept = carried(task.slots) if task is not None and task.action is TaskAction.CREATE else None
    return (*kept, task.id) if kept is not None else None


def _noted(decision: Decision, due: datetime, about: str | None, later: bool) -> Decision:
    if decision.reply is None:
        return decision
    values = {**decision.reply.values, "reminder": {"due": due, "about": about, "later": later}}
    return replace(decision, reply=replace(decision.reply, values=values))
