"""The answer to "the same one?" (a possible duplicate): 同一次 closes the task, 另一次 writes the record."""
from __future__ import annotations

from dataclasses import replace

from domain.decide.create import complete_fields, save_step, write_now
from domain.tasks import PendingTask
from domain.turn import Decision, Reply, SaveTask, Turn
from domain.vocabulary import ConfirmReason, ReplyKind, TaskState


def asks_same_or_another(task: PendingTask) -> bool:
    """The task asks "the same one?" (a message of several facts is confirmed as a whole instead)."""
    return task.state is TaskState.AWAITING_CONFIRMATION and not task.items and \
        task.requires_confirmation_reason is ConfirmReason.POSSIBLE_DUPLICATE


def answer_twin(turn: Turn, task: PendingTask, same: bool) -> Decision:
    """同一次: nothing is written and the task is closed. 另一次: the record is written."""
    confirmed = replace(task, confirmed_by=turn.member.id)
    fields = complete_fields(task.record_type, task.slots, turn.now)
    if not same:
        return write_now(turn, confirmed, fields)
    done = save_step(confirmed, TaskState.COMPLETED, turn.now, last_supplied_by=turn.member.id)
    reply = Reply(ReplyKind.ANSWER, "duplicate_same", {"type": task.record_type, "fields": fields})
    return Decision(reply, (SaveTask(done),), note="same as on record")
