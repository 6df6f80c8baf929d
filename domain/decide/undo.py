"""Undo: within 10 minutes, a write is taken back (a create deleted, an update restored)."""
from __future__ import annotations

from datetime import timedelta

from domain.decide.items import item_line
from domain.turn import Decision, DeleteRecord, Reply, RestoreRecord, Turn, UndoTarget, UpdateRecord
from domain.vocabulary import ReplyKind

UNDO_WINDOW = timedelta(minutes=10)


def undo_refusal(turn: Turn, target: UndoTarget | None) -> Reply | None:
    if target is None or target.record.deleted != target.was_delete:
        return Reply(ReplyKind.ANSWER, "nothing_to_undo")
    if turn.now - target.written_at > UNDO_WINDOW:
        return Reply(ReplyKind.ANSWER, "undo_too_late")
    return None


def undo(turn: Turn, target: UndoTarget | None) -> Decision:
    refusal = undo_refusal(turn, target)
    if refusal:
        return Decision(refusal, note="undo refused")
    if target.together:
        return _undo_message(turn, target)
    return _undo_one(target)


def _undo_one(target: UndoTarget) -> Decision:
    record = target.record
    values = {"type": record.type, "fields": record.fields}
    if target.was_delete:
        return Decision(Reply(ReplyKind.UNDONE, "undone_delete", values), (RestoreRecord(record.id),),
                        note="undo delete")
    if target.before is None:
        return Decision(Reply(ReplyKind.UNDONE, "undone_create", values),
                        (DeleteRecord(record.id, record.fields, undo=True),), note="undo create")
    return Decision(Reply(ReplyKind.UNDONE, "undone_update", {**values, "before": target.before}),
                    (UpdateRecord(record.id, target.before, record.fields),), note="undo update")


def _undo_message(turn: Turn, target: UndoTarget) -> Decision:
    """A message that wrote several records: one undo takes back all of them (each as _undo_one would)."""
    still = sorted((t for t in (target, *target.together) if t.record.deleted == t.was_delete),
                   key=lambda t: t.record.id)
    effects = [e for t in still for e in _undo_one(t).effects]
    lines = [item_line(turn, t.record.type, t.before or t.record.fields, t.record.baby_id) for t in still]
    return Decision(Reply(ReplyKind.UNDONE, "undone_several", {"several": lines}), tuple(effects),
                    note=f"undo {len(still)} of one message")
