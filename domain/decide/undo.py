"""Undo: within 10 minutes, a write is taken back (a create deleted, an update restored)."""
from __future__ import annotations

from datetime import timedelta

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
