"""睡着了 opens a sleep; 醒了 closes the open one (a new fact, not a correction)."""
from __future__ import annotations

from dataclasses import replace

from domain.decide.create import advance_create, confirm_reply, confirmation_reason, write_now
from domain.decide.uncertain import doubts
from domain.records import is_night_sleep, problems
from domain.tasks import PendingTask, new_task
from domain.turn import Button, Decision, Reply, SaveTask, Turn, UpdateRecord, WriteRecord
from domain.vocabulary import ConfirmReason, RecordType, ReplyKind, TaskAction, TaskState


def fell_asleep(turn: Turn) -> Decision:
    if turn.open_sleep is not None:
        return Decision(Reply(ReplyKind.ANSWER, "already_asleep", {"fields": turn.open_sleep.fields}),
                        note="sleep already open")
    start = turn.extraction.slots.start or turn.now
    fields = {"start": start}
    fatal = [p for p in problems(RecordType.SLEEP, fields, turn.now) if p.fatal]
    if fatal:
        return Decision(Reply(ReplyKind.ERROR, "invalid_value", {"problem": fatal[0]}), note="fatal")
    baby = turn.babies[0].id if turn.babies else 0
    doubt = doubts(turn, fields, contributed=True)
    if doubt:                                   # read back first: an open sleep from a time not fully read
        task = new_task(TaskAction.CREATE, RecordType.SLEEP, turn.member.id, turn.now, baby)
        saved = replace(task, state=TaskState.AWAITING_CONFIRMATION, slots=fields, revision=1,
                        requires_confirmation_reason=ConfirmReason.UNCERTAIN_READING)
        return Decision(confirm_reply(saved, fields, doubt=doubt), (SaveTask(saved),), note="open sleep: confirm")
    reply = Reply(ReplyKind.RECORDED, "fell_asleep", {"type": RecordType.SLEEP, "fields": fields},
                  (Button("undo"),))
    return Decision(reply, (WriteRecord(RecordType.SLEEP, baby, fields),), note="open sleep")


def still_asleep(turn: Turn, task: PendingTask | None = None) -> Decision:
    """还没醒 / still asleep: the sleep goes on. A sleep task that knows its start (asked "when did she
    wake up?") is written as an open sleep; an open sleep on record is said back; else we ask since when."""
    if task is not None and task.action is TaskAction.CREATE and task.record_type is RecordType.SLEEP \
            and task.slots.get("start") and not task.slots.get("end"):
        fields = {k: v for k, v in task.slots.items() if k in ("start", "nap", "notes") and v is not None}
        written = write_now(turn, task, fields)
        reply = Reply(ReplyKind.RECORDED, "fell_asleep", {"type": RecordType.SLEEP, "fields": fields},
                      (Button("undo"),))
        return replace(written, reply=reply, note="still asleep: open sleep")
    if turn.open_sleep is not None:
        return Decision(Reply(ReplyKind.ANSWER, "already_asleep", {"fields": turn.open_sleep.fields}),
                        note="still asleep")
    return Decision(Reply(ReplyKind.ASK, "still_asleep_since"), note="still asleep: since when?")


def woke_up(turn: Turn) -> Decision:
    end = turn.extraction.slots.end or turn.now
    open_sleep = turn.open_sleep
    if open_sleep is None:
        baby = turn.babies[0].id if turn.babies else 0
        task = new_task(TaskAction.CREATE, RecordType.SLEEP, turn.member.id, turn.now, baby)
        return advance_create(turn, task, {**turn.extraction.slots.given(), "end": end})
    fields = {**open_sleep.fields, "end": end}
    if "nap" not in open_sleep.fields or open_sleep.fields.get("nap") is None:
        fields["nap"] = not is_night_sleep(fields["start"], end)
    found = problems(RecordType.SLEEP, fields, turn.now)
    fatal = [p for p in found if p.fatal]
    if fatal:
        return Decision(Reply(ReplyKind.ERROR, "invalid_value", {"problem": fatal[0]}), note="fatal")
    doubt = doubts(turn, fields, contributed=True)
    reason = ConfirmReason.UNCERTAIN_READING if doubt else confirmation_reason(RecordType.SLEEP, fields, found,
                                                                             turn.now)
    if reason:
        task = new_task(TaskAction.UPDATE, RecordType.SLEEP, turn.member.id, turn.now,
                        open_sleep.baby_id, open_sleep.id)
        saved = replace(task, state=TaskState.AWAITING_CONFIRMATION, slots=fields, revision=1,
                        requires_confirmation_reason=reason)
        return Decision(confirm_reply(saved, fields, found, before=open_sleep.fields, doubt=doubt),
                        (SaveTask(saved),), note="close sleep: confirm")
    reply = Reply(ReplyKind.UPDATED, "woke_up", {"type": RecordType.SLEEP, "fields": fields},
                  (Button("undo", open_sleep.id),))
    return Decision(reply, (UpdateRecord(open_sleep.id, fields, open_sleep.fields),),
                    note="close sleep")


__all__ = ["fell_asleep", "still_asleep", "woke_up", "ConfirmReason"]
