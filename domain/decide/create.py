"""Advancing a record task: merge slots, then ask, confirm, refuse or write."""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from domain.babies import baby_named
from domain.decide.duplicates import TWIN_REASONS, Twin, earlier_twin, writer_title
from domain.decide.items import item_effects, item_line, item_lines, items_reason, next_to_ask, several_done
from domain.decide.profile import execute_profile
from domain.decide.uncertain import doubts
from domain.limits import bottle_max_ml, growth_range
from domain.records import BOUNDS, FIELDS, Problem, fields_for, is_night_sleep, missing_fields, problems
from domain.tasks import PendingTask, TaskItem, transition
from domain.turn import Button, Decision, DeleteRecord, Reply, SaveTask, Turn, UpdateRecord, WriteRecord
from domain.vocabulary import ConfirmReason, FeedingKind, FeedingMethod, RecordType, ReplyKind, TaskAction, TaskState

DEFAULT_NOW_TYPES = (RecordType.FEEDING, RecordType.DIAPER, RecordType.NOTE, RecordType.PHOTO,
                     RecordType.PUMPING)


def merge_slots(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    merged = {**old, **{k: v for k, v in new.items() if v is not None}}
    if "start" in new and "end" not in new and old.get("end") and new["start"] and \
            old.get("duration_min") is None and new["start"] >= old["end"]:
        merged.pop("end")
    return merged


def _bottle_kept(old: dict[str, Any], merged: dict[str, Any]) -> dict[str, Any]:
    """A formula feed is a bottle: corrected to breast milk (不对，是母乳) it is still a bottle, still asking its
    amount — a correction keeps what the task still needs."""
    if old.get("kind") in (FeedingKind.FORMULA.value, FeedingKind.FORTIFIED_BREAST_MILK.value) and \
            not old.get("method") and not merged.get("method") and merged.get("kind") != old.get("kind") and \
            merged.get("kind") in (FeedingKind.BREAST_MILK.value, FeedingKind.WATER.value):
        return {**merged, "method": FeedingMethod.BOTTLE.value}
    return merged


def complete_fields(record_type: RecordType, slots: dict[str, Any], now: datetime) -> dict[str, Any]:
    fields = fields_for(record_type, slots)
    if record_type is RecordType.SLEEP:
        fields = _sleep_from_duration(fields, slots.get("duration_min"), now)
    key = "start" if "start" in _time_fields(record_type) else "time"
    if record_type in DEFAULT_NOW_TYPES and not fields.get(key):
        fields[key] = now
    return fields


def _time_fields(record_type: RecordType) -> tuple[str, ...]:
    return FIELDS[record_type]


def _sleep_from_duration(fields: dict[str, Any], duration: float | None, now: datetime) -> dict[str, Any]:
    if not duration:
        return fields
    if fields.get("end") and not fields.get("start"):
        fields["start"] = fields["end"] - timedelta(minutes=duration)
    elif fields.get("start") and not fields.get("end") and \
            fields["start"] + timedelta(minutes=duration) <= now + timedelta(minutes=5):
        fields["end"] = fields["start"] + timedelta(minutes=duration)
    if fields.get("start") and fields.get("end") and "nap" not in fields:
        fields["nap"] = not is_night_sleep(fields["start"], fields["end"])
    return fields


def confirmation_reason(record_type: RecordType, fields: dict[str, Any],
                        found: list[Problem], zone_now: datetime) -> ConfirmReason | None:
    if any(not p.fatal for p in found):
        return ConfirmReason.IMPLAUSIBLE_VALUE
    if record_type is RecordType.HEALTH:
        return ConfirmReason.HEALTH_EVENT
    if record_type is RecordType.SLEEP and fields.get("start") and fields.get("end"):
        zone = zone_now.tzinfo
        if fields["start"].astimezone(zone).date() != fields["end"].astimezone(zone).date():
            return ConfirmReason.CROSS_DAY_SLEEP
    return None


def _reason(record_type: RecordType, fields: dict[str, Any], found: list[Problem], zone_now: datetime,
            doubt: dict[str, Any]) -> ConfirmReason | None:
    """Why a complete reading is read back: the contract's own reason (a night across midnight, a health
    event, an unusual value) names it first; a doubt about the words is shown in the read-back either way."""
    reason = confirmation_reason(record_type, fields, found, zone_now)
    return reason or (ConfirmReason.UNCERTAIN_READING if doubt else None)


def advance_create(turn: Turn, task: PendingTask, new_slots: dict[str, Any], from_message: bool = True) -> Decision:
    """One more step of a create task: its slots are merged; decide what happens next.

    `from_message`: the turn's extraction is what moves the task on (not a re-ask after 确认)."""
    slots = _bottle_kept(task.slots, merge_slots(task.slots, new_slots))
    record_type = task.record_type
    fields = complete_fields(record_type, slots, turn.now)
    found = problems(record_type, fields, turn.now) + _bottle_problems(turn, task.baby_id, record_type, fields) + \
        _growth_problems(turn, task.baby_id, record_type, fields)
    fatal = [p for p in found if p.fatal]
    if fatal:
        return Decision(Reply(ReplyKind.ERROR, "invalid_value", {"problem": fatal[0], "type": record_type}),
                        note="fatal value")
    doubt = doubts(turn, fields, contributed=from_message)
    if task.state is TaskState.PENDING and task.requires_confirmation_reason is ConfirmReason.UNCERTAIN_READING:
        doubt = doubt or {"earlier": True}         # an earlier message of this task was not fully read
    if task.baby_id is None and len(turn.babies) == 1:
        task = replace(task, baby_id=turn.babies[0].id)
    missing = (["baby"] if task.baby_id is None else []) + missing_fields(record_type, fields)
    if missing:
        saved = save_step(task, TaskState.PENDING, turn.now, slots=storable(slots, fields), missing=tuple(missing),
                          last_supplied_by=turn.member.id,
                          requires_confirmation_reason=ConfirmReason.UNCERTAIN_READING if doubt else None)
        ask = which_baby_reply(turn) if missing[0] == "baby" else ask_reply(record_type, missing, slots)
        if saved.items:
            ask = replace(ask, values={**ask.values, "several": item_lines(turn, saved)})
        if doubt.get("unaccounted"):
            ask = replace(ask, values={**ask.values, "doubt": doubt})
        return Decision(ask, (SaveTask(saved),), note="ask")
    return _complete(turn, task, storable(slots, fields), fields, found, doubt)


def _bottle_problems(turn: Turn, baby_id: int | None, record_type: RecordType,
                     fields: dict[str, Any]) -> list[Problem]:
    """A bottle large for this baby's weight or age (350ml for a 6 kg baby) is asked about."""
    amount = fields.get("amount_ml")
    baby = next((b for b in turn.babies if b.id == baby_id), None)
    if record_type is not RecordType.FEEDING or baby is None or not isinstance(amount, (int, float)) \
            or fields.get("kind") == "solid_food":
        return []
    limit = bottle_max_ml(baby.birth_date, turn.weights_kg.get(baby.id), turn.now.date())
    if amount <= limit or amount > BOUNDS["amount_ml"].plausible_max:   # above 350: already asked
        return []
    return [Problem("amount_ml", "implausible", False, {"value": amount, "limit": limit})]


def _growth_problems(turn: Turn, baby_id: int | None, record_type: RecordType,
                     fields: dict[str, Any]) -> list[Problem]:
    """A weight, length or head far from what a baby of this age measures (45 lb at two months) is asked about."""
    baby = next((b for b in turn.babies if b.id == baby_id), None)
    if record_type is not RecordType.GROWTH or baby is None:
        return []
    found = []
    for measure in ("weight_kg", "height_cm", "head_cm"):
        value, band = fields.get(measure), growth_range(measure, baby.birth_date, turn.now.date())
        if isinstance(value, (int, float)) and band is not None and not band[0] <= value <= band[1]:
            found.append(Problem(measure, "implausible", False, {"value": value}))
    return found


def _complete(turn: Turn, task: PendingTask, slots: dict[str, Any], fields: dict[str, Any],
              found: list[Problem], doubt: dict[str, Any]) -> Decision:
    """Everything known: read it back when uncertain or risky, ask about a twin on file, else write."""
    reason = _reason(task.record_type, fields, found, turn.now, doubt)
    if task.items:
        return _complete_several(turn, task, slots, fields, found, doubt, reason)
    if reason in (None, ConfirmReason.HEALTH_EVENT, ConfirmReason.UNCERTAIN_READING):
        twin = earlier_twin(turn, task.record_type, task.baby_id, fields)
        # a doubted reading is read back whole; only a dose too soon (itself a read-back) names the earlier one
        if twin is not None and (not doubt or twin.reason is ConfirmReason.DOSE_TOO_SOON):
            return twin_question(turn, replace(task, slots=slots), fields, twin)
    if reason:
        saved = save_step(task, TaskState.AWAITING_CONFIRMATION, turn.now, slots=slots, missing=(),
                          requires_confirmation_reason=reason, last_supplied_by=turn.member.id)
        return Decision(confirm_reply(saved, fields, found, doubt=doubt), (SaveTask(saved),), note="confirm")
    return write_now(turn, task, fields)


def _complete_several(turn: Turn, task: PendingTask, slots: dict[str, Any], fields: dict[str, Any],
                      found: list[Problem], doubt: dict[str, Any], reason: ConfirmReason | None) -> Decision:
    """A fact of a message that said several is known: ask the next one, or confirm or write them all.
    A possible duplicate is one more reason to confirm the message as a whole (no "same one?" question)."""
    if reason in (None, ConfirmReason.HEALTH_EVENT) or (doubt and reason is ConfirmReason.UNCERTAIN_READING):
        twin = earlier_twin(turn, task.record_type, task.baby_id, fields)
        reason = twin.reason if twin is not None else reason
    following = next_to_ask(task, TaskItem(task.record_type, slots, task.baby_id, reason=reason))
    if following is not None:
        return advance_create(turn, following, {}, from_message=False)
    reason = reason or items_reason(task)
    if reason is None:
        return write_now(turn, task, fields)
    saved = save_step(task, TaskState.AWAITING_CONFIRMATION, turn.now, slots=slots, missing=(),
                      requires_confirmation_reason=reason, last_supplied_by=turn.member.id)
    reply = confirm_reply(saved, fields, found, doubt=doubt)
    return Decision(replace(reply, values={**reply.values, "several": item_lines(turn, saved)}), (SaveTask(saved),),
                    note="several: confirm")


def write_now(turn: Turn, task: PendingTask, fields: dict[str, Any]) -> Decision:
    """Write a complete record; a task that led here is completed in the same decision."""
    effects: list = []
    stored = task.revision > 0
    if stored:
        effects.append(SaveTask(save_step(task, TaskState.COMPLETED, turn.now, slots=storable(fields, fields),
                                      missing=(), confirmed_by=task.confirmed_by or turn.member.id)))
    effects.append(WriteRecord(task.record_type, task.baby_id, fields, from_task=stored))
    if task.items:
        more, lines = item_effects(turn, task)
        effects += more
        lines = [item_line(turn, task.record_type, fields, task.baby_id), *lines]
        return Decision(several_done(effects, lines), tuple(effects), note=f"several: {len(lines)} written")
    reply = Reply(ReplyKind.RECORDED, "recorded", {"type": task.record_type, "fields": fields},
                  (Button("undo"),))
    return Decision(reply, tuple(effects), note="write")


def execute_confirmed(turn: Turn, task: PendingTask) -> Decision:
    """A confirmed task runs: create writes, update changes the target record."""
    confirmed = replace(task, confirmed_by=turn.member.id)
    if task.action is TaskAction.PROFILE_UPDATE:
        return execute_profile(turn, task)
    if task.action is TaskAction.CREATE:
        fields = complete_fields(task.record_type, task.slots, turn.now)
        twin = None if task.requires_confirmation_reason in TWIN_REASONS or task.items else \
            earlier_twin(turn, task.record_type, task.baby_id, fields)
        if twin is not None:                      # read back and confirmed; now the record on file
            return twin_question(turn, task, fields, twin)
        return write_now(turn, confirmed, fields)
    target = next((r for r in turn.recent_records if r.id == task.target_record_id), None)
    if task.action is TaskAction.DELETE and target is not None and not target.deleted:
        done = save_step(confirmed, TaskState.COMPLETED, turn.now)
        return Decision(Reply(ReplyKind.DELETED, "deleted", {"type": target.type, "fields": target.fields},
                              (Button("undo", target.id),)),
                        (SaveTask(done), DeleteRecord(target.id, target.fields)), note="delete")
    if target is None or target.deleted:
        saved = save_step(confirmed, TaskState.CANCELLED, turn.now)
        return Decision(Reply(ReplyKind.ERROR, "target_gone"), (SaveTask(saved),), note="target gone")
    saved = save_step(confirmed, TaskState.COMPLETED, turn.now)
    fields = {k: v for k, v in task.slots.items() if v is not None}
    if task.items:                                # a 醒了 confirmed with the message's other facts
        effects, lines = item_effects(turn, task)
        effects = [UpdateRecord(target.id, fields, target.fields), *effects]
        lines = [item_line(turn, target.type, fields, target.baby_id), *lines]
        return Decision(several_done(effects, lines), (SaveTask(saved), *effects), note="several: confirmed")
    return Decision(Reply(ReplyKind.UPDATED, "updated", {"type": target.type, "before": target.fields,
                                                         "fields": fields}, (Button("undo", target.id),)),
                    (SaveTask(saved), UpdateRecord(target.id, fields, target.fields)), note="update")


def confirm_reply(task: PendingTask, fields: dict[str, Any], found: list[Problem] = (),
                  before: dict[str, Any] | None = None, doubt: dict[str, Any] | None = None) -> Reply:
    values = {"type": task.record_type, "fields": fields, "reason": task.requires_confirmation_reason,
              "before": before, "problems": list(found), "doubt": doubt or {}}
    if task.items:
        values["several"] = [{"type": i.record_type, "fields": i.fields, "reason": i.reason} for i in task.items]
    return Reply(ReplyKind.CONFIRM, "confirm", values, (Button("confirm"), Button("cancel")))


CHOICES: dict[tuple[RecordType, str], dict[str, dict[str, Any]]] = {
    (RecordType.FEEDING, "kind"): {FeedingKind.FORMULA.value: {"kind": FeedingKind.FORMULA.value},
                                   FeedingKind.BREAST_MILK.value: {"kind": FeedingKind.BREAST_MILK.value}},
    (RecordType.DIAPER, "wet"): {"wet": {"wet": True, "solid": False}, "solid": {"wet": False, "solid": True},
                                 "both": {"wet": True, "solid": True}},
}


def choice_slots(task: PendingTask, value: str) -> dict[str, Any] | None:
    """The slots a pressed choice stands for, for the field the task is asking about."""
    for field in task.missing:
        options = CHOICES.get((task.record_type, field))
        if options is not None:
            return options.get(value)
    return None


def ask_reply(record_type: RecordType, missing: list[str], slots: dict[str, Any]) -> Reply:
    options = CHOICES.get((record_type, missing[0]), {})
    buttons = tuple(Button(f"choose:{value}") for value in options) + (Button("cancel"),)
    return Reply(ReplyKind.ASK, "ask", {"type": record_type, "missing": missing, "slots": slots}, buttons)


def named_baby(turn: Turn) -> int | None:
    baby = baby_named(turn.babies, turn.extraction.baby)
    return baby.id if baby else None


def which_baby_reply(turn: Turn) -> Reply:
    buttons = tuple(Button(f"choose:b{b.id}", label=b.name) for b in turn.babies) + (Button("cancel"),)
    return Reply(ReplyKind.ASK, "which_baby", {"babies": [b.name for b in turn.babies]}, buttons)


def storable(slots: dict[str, Any], fields: dict[str, Any]) -> dict[str, Any]:
    """What the task keeps: the derived fields plus what was said (e.g. a duration)."""
    keep = {k: v for k, v in slots.items() if v is not None}
    keep.update(fields)
    return keep


def save_step(task: PendingTask, state: TaskState, now: datetime, **changes: Any) -> PendingTask:
    if task.revision == 0:
        return replace(task, state=state, revision=1, **changes)
    return transition(task, state, now, **changes)


def twin_question(turn: Turn, task: PendingTask, fields: dict[str, Any], twin: Twin) -> Decision:
    """The task waits; the question names the record on file and who wrote it."""
    saved = save_step(task, TaskState.AWAITING_CONFIRMATION, turn.now, slots=storable(task.slots, fields),
                      missing=(), requires_confirmation_reason=twin.reason, last_supplied_by=turn.member.id)
    values = {"type": task.record_type, "fields": fields, "existing": twin.record.fields,
              "by": writer_title(turn, twin.record), "by_you": twin.record.created_by == turn.member.id,
              "interval_h": twin.interval_h, "reason": twin.reason}
    if twin.reason is ConfirmReason.DOSE_TOO_SOON:
        reply = Reply(ReplyKind.CONFIRM, "confirm_dose_too_soon", values, (Button("confirm"), Button("cancel")))
    else:
        # "the same one?" is a question with two answers, not a read-back (the contract: duplicates are asked about)
        reply = Reply(ReplyKind.ASK, "confirm_duplicate", values, (Button("choose:same"), Button("choose:another")))
    return Decision(reply, (SaveTask(saved),), note=f"asked: {twin.reason.value}")
