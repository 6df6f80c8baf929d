"""The pending task: the family's working memory, and its state machine."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from domain.vocabulary import ACTIVE_TASK_STATES, ConfirmReason, RecordType, TaskAction, TaskState

TASK_LIFETIME = timedelta(hours=1)

_TRANSITIONS: dict[TaskState, frozenset[TaskState]] = {
    TaskState.PENDING: frozenset({TaskState.PENDING, TaskState.AWAITING_CONFIRMATION,
                                  TaskState.COMPLETED, TaskState.CANCELLED, TaskState.EXPIRED}),
    TaskState.AWAITING_CONFIRMATION: frozenset({TaskState.PENDING, TaskState.AWAITING_CONFIRMATION,
                                                TaskState.COMPLETED, TaskState.CANCELLED,
                                                TaskState.EXPIRED}),
    TaskState.COMPLETED: frozenset(),
    TaskState.CANCELLED: frozenset(),
    TaskState.EXPIRED: frozenset(),
}


class IllegalTransition(ValueError):
    """A programming error: a finished task cannot change. Business refusals are values."""


@dataclass(frozen=True)
class TaskItem:
    """One more record of a task about a message that said several facts (the task's own slots are the
    fact it is asking or confirming about; its items are the others, each decided like a fact alone).

    `fields` are complete unless `missing` names what is still to be asked; `baby_id` None means the
    task's baby (the one the family picks); `target_record_id` is the open sleep a 醒了 closes."""

    record_type: RecordType
    fields: dict[str, Any]
    baby_id: int | None = None
    missing: tuple[str, ...] = ()
    reason: ConfirmReason | None = None
    target_record_id: int | None = None


@dataclass(frozen=True)
class PendingTask:
    action: TaskAction
    record_type: RecordType | None
    state: TaskState
    started_by: int
    expires_at: datetime
    slots: dict[str, Any] = field(default_factory=dict)
    missing: tuple[str, ...] = ()
    requires_confirmation_reason: ConfirmReason | None = None
    target_record_id: int | None = None
    baby_id: int | None = None
    last_supplied_by: int | None = None
    confirmed_by: int | None = None
    id: int | None = None
    revision: int = 0             # 0: not stored yet
    items: tuple[TaskItem, ...] = ()   # the message's other facts, when it said several (vocabulary.md)
    units_said: dict[str, str] = field(default_factory=dict)   # units the task's messages used, guessed when it writes

    @property
    def active(self) -> bool:
        return self.state in ACTIVE_TASK_STATES

    def is_expired(self, now: datetime) -> bool:
        return self.active and now >= self.expires_at


def new_task(action: TaskAction, record_type: RecordType | None, by: int, now: datetime,
             baby_id: int | None, target_record_id: int | None = None) -> PendingTask:
    return PendingTask(action=action, record_type=record_type, state=TaskState.PENDING,
                       started_by=by, last_supplied_by=by, expires_at=now + TASK_LIFETIME,
                       baby_id=baby_id, target_record_id=target_record_id)


def transition(task: PendingTask, state: TaskState, now: datetime, **changes: Any) -> PendingTask:
    """The task in its next state; every change bumps the revision and the expiry."""
    if state not in _TRANSITIONS[task.state]:
        raise IllegalTransition(f"{task.state} → {state}")
    return replace(task, state=state, expires_at=now + TASK_LIFETIME,
                   revision=task.revision + 1, **changes)


def brought_back(task: PendingTask, now: datetime, **changes: Any) -> PendingTask:
    """A set-aside task (cancelled when a newer one replaced it) active again, waiting as it waited.

    The one way back from cancelled; see domain/decide/set_aside.py for when it is allowed."""
    if task.state is not TaskState.CANCELLED:
        raise IllegalTransition(f"{task.state} → brought back")
    state = TaskState.PENDING if task.missing else TaskState.AWAITING_CONFIRMATION
    return replace(task, state=state, expires_at=now + TASK_LIFETIME, revision=task.revision + 1, **changes)
