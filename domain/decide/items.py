"""The other facts of a task about a message that said several (喝了90ml，尿了): what they write when
the task completes, how they are shown, and which one is asked about next.

A task's own slots are the fact it is asking or confirming about; `task.items` are the others. When
the task completes, every item is written with it (a 醒了 item closes the open sleep it names), so the
message is written, confirmed or cancelled as a whole and one undo takes it all back.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.records import fields_for, is_night_sleep
from domain.tasks import PendingTask, TaskItem
from domain.turn import Button, DeleteRecord, Effect, RecordView, Reply, Turn, UpdateRecord, WriteRecord
from domain.vocabulary import ConfirmReason, RecordType, ReplyKind

SLEEP_EVENT = "sleep_event"     # a sleep item that waited for its baby keeps its event (sleep_events.py)


def item_line(turn: Turn, record_type: RecordType | str, fields: dict[str, Any], baby_id: int | None,
              reason: ConfirmReason | None = None) -> dict[str, Any]:
    """One fact as the reply shows it: its record, the baby's name when the family has several, why it asks."""
    line: dict[str, Any] = {"type": RecordType(record_type), "fields": fields}
    baby = next((b for b in turn.babies if b.id == baby_id), None) if len(turn.babies) > 1 else None
    if baby is not None:
        line["baby"] = baby.name
    if reason is not None:
        line["reason"] = reason
    return line


def item_lines(turn: Turn, task: PendingTask) -> list[dict[str, Any]]:
    return [item_line(turn, i.record_type, i.fields, i.baby_id or task.baby_id, i.reason) for i in task.items]


def items_reason(task: PendingTask) -> ConfirmReason | None:
    """The first reason an item of the task has to be confirmed (the message is confirmed as a whole)."""
    return next((i.reason for i in task.items if i.reason is not None), None)


def next_to_ask(task: PendingTask, current: TaskItem) -> PendingTask | None:
    """The task turned to its next item still missing a field (the finished `current` kept as an item)."""
    index = next((n for n, i in enumerate(task.items) if _still_missing(task, i)), None)
    if index is None:
        return None
    item = task.items[index]
    others = (*task.items[:index], current, *task.items[index + 1:])
    return replace(task, record_type=item.record_type, slots=dict(item.fields), missing=item.missing,
                   baby_id=item.baby_id or task.baby_id, items=others, requires_confirmation_reason=None)


def _still_missing(task: PendingTask, item: TaskItem) -> bool:
    """An item waiting only for the baby has it once the task knows its baby (the message is about one)."""
    return bool([m for m in item.missing if m != "baby" or (item.baby_id or task.baby_id) is None])


def item_effects(turn: Turn, task: PendingTask) -> tuple[list[Effect], list[dict[str, Any]]]:
    """What the task's items write, and their lines for the reply (an open sleep already closed is skipped)."""
    effects: list[Effect] = []
    lines: list[dict[str, Any]] = []
    for item in task.items:
        baby = item.baby_id or task.baby_id
        fields = fields_for(item.record_type, item.fields)
        target_id = item.target_record_id
        if item.fields.get(SLEEP_EVENT) == "woke_up" and target_id is None:     # 醒了 of the baby now known
            target_id = next((r.id for r in turn.open_sleeps if r.baby_id == baby), None)
            fields = {"end": fields.get("end") or turn.now}
            if target_id is None:
                continue
        if item.fields.get(SLEEP_EVENT) == "fell_asleep" and any(r.baby_id == baby for r in turn.open_sleeps):
            continue                                          # 睡着了 of a baby already asleep
        if target_id is not None:
            target = _live(turn, target_id)
            if target is None or target.fields.get("end") is not None:
                continue
            closed = {**target.fields, **fields}
            if closed.get("nap") is None and closed.get("start") and closed.get("end"):
                closed["nap"] = not is_night_sleep(closed["start"], closed["end"])
            effects.append(UpdateRecord(target.id, closed, target.fields))
        else:
            effects.append(WriteRecord(item.record_type, baby, fields, from_task=True))
        lines.append(item_line(turn, item.record_type, fields, baby))
    return effects, lines


def _live(turn: Turn, record_id: int) -> RecordView | None:
    found = next((r for r in (*turn.open_sleeps, *turn.recent_records) if r.id == record_id), None)
    if found is None and turn.open_sleep is not None and turn.open_sleep.id == record_id:
        found = turn.open_sleep
    return None if found is None or found.deleted else found


def several_done(effects: list[Effect], lines: list[dict[str, Any]], extra: dict[str, Any] | None = None) -> Reply:
    """The reply to a message whose facts were all written: each named, one undo for all of them."""
    undo_id = None if any(isinstance(e, WriteRecord) for e in effects) else \
        next((e.record_id for e in effects if isinstance(e, UpdateRecord | DeleteRecord)), None)
    return Reply(ReplyKind.RECORDED, "recorded_several", {"several": lines, **(extra or {})},
                 (Button("undo", undo_id),))
