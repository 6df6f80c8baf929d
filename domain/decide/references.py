"""Which existing records a message means, and what happens when it could mean several."""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from domain.decide.wrong_value import of_named_baby
from domain.extraction import RecordReference
from domain.records import TIME_FIELD
from domain.replies.describe import describe
from domain.tasks import PendingTask, new_task
from domain.turn import Button, Decision, RecordView, Reply, SaveTask, Turn
from domain.vocabulary import ConfirmReason, RecordType, ReplyKind, TaskAction, TaskState

AT_TIME_WINDOW = timedelta(minutes=45)
MAX_CHOICES = 4


def record_time(record: RecordView) -> datetime:
    return record.fields[TIME_FIELD[record.type]]


def resolve(turn: Turn, ref: RecordReference) -> list[RecordView]:
    """Candidates for a reference, best first. Bounded by the records the shell loaded (24 h)."""
    live = [r for r in of_named_baby(turn, turn.recent_records)
            if not r.deleted and (ref.record_type is None or r.type == ref.record_type)]
    if ref.medication:
        asked = ref.medication.lower()
        live = [r for r in live if asked in str(r.fields.get("medication") or "").lower()
                or str(r.fields.get("medication") or "x").lower() in asked]
    if ref.kind:                                    # 那次奶粉: a feed of that kind, never the breastfeed after it
        live = [r for r in live if r.fields.get("kind") == ref.kind]
    if ref.which == "last_night":
        nights = [r for r in live if r.type is RecordType.SLEEP and r.fields.get("nap") is False]
        return sorted(nights, key=record_time, reverse=True)[:1]
    if ref.which == "at_time" and ref.at is not None:
        return _near(live, ref.at) or _near(live, ref.at - timedelta(hours=12))
    if ref.record_type is None:
        return sorted(live, key=lambda r: (r.created_at, r.id), reverse=True)[:1]
    return sorted(live, key=record_time, reverse=True)[:1]


def _near(records: list[RecordView], at: datetime) -> list[RecordView]:
    """Records at about that time: a sleep by its start or its end (不是五点醒的: the night that ended at 5)."""
    def off(r: RecordView) -> timedelta:
        ends = [r.fields["end"]] if r.type is RecordType.SLEEP and r.fields.get("end") else []
        return min(abs(t - at) for t in (record_time(r), *ends))
    close = [r for r in records if off(r) <= AT_TIME_WINDOW]
    return sorted(close, key=off)[:MAX_CHOICES]


def ask_which(turn: Turn, action: TaskAction, candidates: list[RecordView], slots: dict[str, Any]) -> Decision:
    """Several records fit: a pending task remembers the change and asks which one, with a button each."""
    task = new_task(action, candidates[0].type, turn.member.id, turn.now, candidates[0].baby_id)
    saved = replace(task, state=TaskState.PENDING, slots=slots, missing=("target",), revision=1)
    buttons = tuple(Button(f"choose:r{r.id}", label=describe(r.type, r.fields, turn.now, turn.language))
                    for r in candidates) + (Button("cancel"),)
    return Decision(Reply(ReplyKind.ASK, "which_record", {"count": len(candidates)}, buttons),
                    (SaveTask(saved),), note="ask which record")


def propose_delete(turn: Turn, target: RecordView, task: PendingTask | None = None) -> Decision:
    base = task or new_task(TaskAction.DELETE, target.type, turn.member.id, turn.now, target.baby_id)
    saved = replace(base, state=TaskState.AWAITING_CONFIRMATION, target_record_id=target.id,
                    record_type=target.type, requires_confirmation_reason=ConfirmReason.DELETE,
                    missing=(), revision=base.revision + 1, expires_at=turn.now + timedelta(hours=1))
    reply = Reply(ReplyKind.CONFIRM, "confirm_delete", {"type": target.type, "fields": target.fields},
                  (Button("confirm"), Button("cancel")))
    return Decision(reply, (SaveTask(saved),), note="delete proposed")
