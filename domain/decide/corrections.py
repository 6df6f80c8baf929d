"""Corrections of existing records: never silent, always an update task awaiting confirmation."""
from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import Any

from domain.decide.create import confirm_reply
from domain.decide.references import ask_which, propose_delete, resolve
from domain.decide.wrong_value import bare_number, holding, new_value, of_named_baby
from domain.extraction import Intent
from domain.records import FIELDS, fields_for, is_night_sleep, problems
from domain.tasks import PendingTask, new_task, transition
from domain.turn import Decision, RecordView, Reply, SaveTask, Turn
from domain.units import OZ_ML
from domain.vocabulary import ConfirmReason, RecordType, ReplyKind, TaskAction, TaskState

CORRECTION_WINDOW = timedelta(hours=12)


def correction_candidates(turn: Turn, record_type: RecordType | None) -> list[RecordView]:
    """Recent records (newest first) a correction may mean: same type, bounded in time."""
    oldest = turn.now - CORRECTION_WINDOW
    return [r for r in of_named_baby(turn, turn.recent_records)
            if not r.deleted and r.created_at >= oldest and (record_type is None or r.type == record_type)]


def corrected_fields(record: RecordView, slots: dict[str, Any]) -> dict[str, Any]:
    changes = fields_for(record.type, slots)
    fields = {**record.fields, **changes}
    old_start, old_end = record.fields.get("start"), record.fields.get("end")
    if record.type is not RecordType.SLEEP and changes.get("start") and "end" not in changes \
            and old_start and old_end:
        fields["end"] = old_end + (changes["start"] - old_start)    # 是三点半喂的 不是三点: it lasted as long
    if record.type is RecordType.SLEEP and ("start" in changes or "end" in changes) \
            and "nap" not in changes and fields.get("start") and fields.get("end"):
        fields["nap"] = not is_night_sleep(fields["start"], fields["end"])
    return fields


def correct_recent_record(turn: Turn) -> Decision:
    e = turn.extraction
    slots = e.slots.given()
    if not slots:
        return Decision(Reply(ReplyKind.ASK, "correction_unclear"), note="correction without values")
    candidates = correction_candidates(turn, e.record_type)
    if e.record_type is None:        # 改成130: the most recent record that holds an amount, not the diaper after it
        candidates = [r for r in candidates if _holds(r.type, slots)]
    candidates = _best_first(candidates, slots)
    if not candidates:
        return Decision(Reply(ReplyKind.ANSWER, "no_recent_record", {"type": e.record_type}),
                        note="no candidate")
    return propose_update(turn, candidates[0], slots)


def _best_first(candidates: list[RecordView], slots: dict[str, Any]) -> list[RecordView]:
    """The record a correction most likely means: one it would change (是母乳 is not about the breast
    feed), then one that already has the corrected values' fields (5 oz: a bottle, not a nursing), newest
    first within each."""
    values = [k for k in slots if k not in ("start", "end", "time", "duration_min")]

    def rank(record: RecordView) -> tuple[bool, bool]:
        changes = corrected_fields(record, slots) != record.fields
        has_fields = all(record.fields.get(k) is not None for k in values)
        return not changes, not has_fields
    return sorted(candidates, key=rank)


def _holds(record_type: RecordType, slots: dict[str, Any]) -> bool:
    own = set(FIELDS[record_type]) | {"start", "time", "duration_min"}
    return all(name in own for name in slots)


def propose_update(turn: Turn, target: RecordView, slots: dict[str, Any],
                   task: PendingTask | None = None) -> Decision:
    fields = corrected_fields(target, slots)
    if fields == target.fields:
        return Decision(Reply(ReplyKind.ANSWER, "already_so", {"type": target.type, "fields": fields}),
                        note="no change")
    found = problems(target.type, fields, turn.now)
    fatal = [p for p in found if p.fatal]
    if fatal:
        return Decision(Reply(ReplyKind.ERROR, "invalid_value", {"problem": fatal[0], "type": target.type}),
                        note="fatal value")
    if task is None:
        task = new_task(TaskAction.UPDATE, target.type, turn.member.id, turn.now, target.baby_id, target.id)
        saved = _first_save(task, fields)
    else:
        saved = transition(task, TaskState.AWAITING_CONFIRMATION, turn.now, slots=fields, missing=(),
                           target_record_id=target.id, requires_confirmation_reason=ConfirmReason.UPDATE,
                           last_supplied_by=turn.member.id)
    return Decision(confirm_reply(saved, fields, found, before=target.fields), (SaveTask(saved),),
                    note="update proposed")


def reopen_update(turn: Turn, task: PendingTask, slots: dict[str, Any]) -> Decision:
    """A further correction while an update task is open changes what it proposes."""
    target = next((r for r in turn.recent_records if r.id == task.target_record_id), None)
    if target is None:
        return Decision(Reply(ReplyKind.ERROR, "target_gone"), note="target gone")
    proposed = RecordView(target.id, target.type, target.baby_id, dict(task.slots), target.created_at)
    merged = corrected_fields(proposed, slots)
    return propose_update(turn, target, merged, task)


def _first_save(task: PendingTask, fields: dict[str, Any]) -> PendingTask:
    from dataclasses import replace
    return replace(task, state=TaskState.AWAITING_CONFIRMATION, slots=fields, revision=1,
                   requires_confirmation_reason=ConfirmReason.UPDATE)


def change_by_reference(turn: Turn) -> Decision:
    """删掉刚才那条 / 把6点那次改成120ml: find the record(s) meant; one → confirm, several → choose."""

    e = turn.extraction
    if e.reference.value is not None and e.intent is Intent.CORRECT:
        return _wrong_value_changed(turn)
    candidates = resolve(turn, e.reference)
    if not candidates:
        return Decision(Reply(ReplyKind.ANSWER, "no_recent_record", {"type": e.reference.record_type}),
                        note="reference: nothing")
    deleting = e.intent is Intent.DELETE
    if len(candidates) > 1:
        action = TaskAction.DELETE if deleting else TaskAction.UPDATE
        return ask_which(turn, action, candidates, e.slots.given())
    if deleting:
        return propose_delete(turn, candidates[0])
    if not e.slots.given():
        return Decision(Reply(ReplyKind.ASK, "correction_unclear"), note="reference without values")
    return propose_update(turn, candidates[0], e.slots.given())


def _wrong_value_changed(turn: Turn) -> Decision:
    """不是120，是100: the record holding the wrong value, that field changed — always confirmed."""
    e = turn.extraction
    found = holding(turn, e.reference.value)
    if found is None:
        return Decision(Reply(ReplyKind.ANSWER, "no_recent_record", {"type": e.reference.record_type}),
                        note="wrong value: no record holds it")
    target, field, per_unit = found
    slots = e.slots.given()
    said = bare_number(slots) if e.amount_unit_assumed else None   # 4 oz not 3: the new value has its own unit
    if said is not None and turn.units.volume == "oz":
        said = round(said / OZ_ML, 3)           # the door read the bare number in the family's ounces: as said
    if said is not None:
        slots = {field: new_value(field, per_unit, said)}
    if not slots:
        return Decision(Reply(ReplyKind.ASK, "correction_unclear"), note="wrong value without a new one")
    return propose_update(turn, target, slots)


def choose_target(turn: Turn, task: PendingTask, record_id: int) -> Decision:
    """The family picked which record a pending update or delete means."""

    target = next((r for r in turn.recent_records if r.id == record_id and not r.deleted), None)
    if target is None:
        return Decision(Reply(ReplyKind.REFUSED, "stale_button"), press_rejected=True, note="choice gone")
    chosen = replace(task, target_record_id=target.id, record_type=target.type, baby_id=target.baby_id)
    if task.action is TaskAction.DELETE:
        return propose_delete(turn, target, chosen)
    return propose_update(turn, target, dict(task.slots), chosen)
