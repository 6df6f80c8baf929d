"""睡着了 opens a sleep; 醒了 closes the open one (a new fact, not a correction).

With several babies (twins) the sleep is the named baby's (米粒睡着了 is 米粒's); unnamed, 睡着了 asks
which baby, and 醒了 closes the one open sleep — or asks which baby when more than one is asleep. The
question is a task that keeps the event in its slots (`sleep_event`); the answer (a button, or the
baby's name) finishes the event for that baby (`with_baby`).
"""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from domain.babies import baby_named
from domain.decide.corrections import propose_update
from domain.decide.create import (
    advance_create,
    confirm_reply,
    confirmation_reason,
    save_step,
    which_baby_reply,
    write_now,
)
from domain.decide.items import SLEEP_EVENT as ITEM_SLEEP_EVENT
from domain.decide.items import item_effects, item_line, item_lines, several_done
from domain.decide.uncertain import doubts
from domain.extraction import Intent, SleepEvent
from domain.records import is_night_sleep, problems
from domain.tasks import PendingTask, new_task
from domain.turn import Button, Decision, Effect, RecordView, Reply, SaveTask, Turn, UpdateRecord, WriteRecord
from domain.vocabulary import ConfirmReason, RecordType, ReplyKind, TaskAction, TaskState

SLEEP_EVENT = ITEM_SLEEP_EVENT
LAST_NIGHT_WITHIN = timedelta(hours=18)     # a night that ended this long ago is still "last night"
FUTURE_SLACK = timedelta(minutes=5)


def open_sleeps(turn: Turn) -> tuple[RecordView, ...]:
    return turn.open_sleeps or ((turn.open_sleep,) if turn.open_sleep is not None else ())


def open_sleep_of(turn: Turn, baby_id: int | None) -> RecordView | None:
    return next((s for s in open_sleeps(turn) if baby_id is None or s.baby_id == baby_id), None)


def _baby(turn: Turn) -> int | None:
    named = baby_named(turn.babies, turn.extraction.baby)
    if named is not None:
        return named.id
    return turn.babies[0].id if len(turn.babies) == 1 else None


def fell_asleep(turn: Turn) -> Decision:
    start = turn.extraction.slots.start or turn.now
    baby = _baby(turn) if turn.babies else 0
    if baby is None:
        return _which_baby(turn, SleepEvent.FELL_ASLEEP, {"start": start})
    return _open(turn, baby, start, task=None)


def _open(turn: Turn, baby: int, start: datetime, task: PendingTask | None) -> Decision:
    done = _done(turn, task)
    already = open_sleep_of(turn, baby)
    if already is not None:
        return Decision(Reply(ReplyKind.ANSWER, "already_asleep", {"fields": already.fields}), done,
                        note="sleep already open")
    said_nap = turn.extraction.slots.nap if task is None else task.slots.get("nap")
    fields = {"start": start, "nap": said_nap if said_nap is not None else not is_night_sleep(start)}
    fatal = [p for p in problems(RecordType.SLEEP, fields, turn.now) if p.fatal]
    if fatal:
        return Decision(Reply(ReplyKind.ERROR, "invalid_value", {"problem": fatal[0]}), note="fatal")
    doubt = doubts(turn, fields, contributed=task is None)
    if said_nap and is_night_sleep(start.astimezone(turn.now.tzinfo)) and turn.extraction.clock_without_day \
            and task is None:
        doubt = {**doubt, "nap_at_night": start}   # down for a nap at 1, said at 12:40: never a nap since 1 AM
    if doubt:                                   # read back first: an open sleep from a time not fully read
        opened = new_task(TaskAction.CREATE, RecordType.SLEEP, turn.member.id, turn.now, baby)
        saved = replace(opened, state=TaskState.AWAITING_CONFIRMATION, slots=fields, revision=1,
                        requires_confirmation_reason=ConfirmReason.UNCERTAIN_READING)
        return Decision(confirm_reply(saved, fields, doubt=doubt), (SaveTask(saved),), note="open sleep: confirm")
    reply = Reply(ReplyKind.RECORDED, "fell_asleep", {"type": RecordType.SLEEP, "fields": fields},
                  (Button("undo"),))
    return Decision(reply, (*done, WriteRecord(RecordType.SLEEP, baby, fields, from_task=bool(done))),
                    note="open sleep")


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
    asleep = open_sleep_of(turn, _baby(turn) if turn.babies else None)
    if asleep is not None:
        return Decision(Reply(ReplyKind.ANSWER, "already_asleep", {"fields": asleep.fields}), note="still asleep")
    return Decision(Reply(ReplyKind.ASK, "still_asleep_since"), note="still asleep: since when?")


WAKING_FIELDS = {"night_wakings", "nap"}


def wakings_of_last_night(turn: Turn) -> Decision | None:
    """woke up twice last night / 昨晚醒了3次, with the night on record: the night's wakings change
    (confirmed, as every update); None when no such night is there (then the sleep is asked about)."""
    slots = turn.extraction.slots.given()
    if slots.get("night_wakings") is None or not set(slots) <= WAKING_FIELDS or slots.get("nap"):
        return None
    nights = [r for r in turn.recent_records if r.type is RecordType.SLEEP and not r.deleted
              and r.fields.get("nap") is False and r.fields.get("end") is not None
              and turn.now - r.fields["end"] <= LAST_NIGHT_WITHIN]
    if not nights:
        return None
    night = max(nights, key=lambda r: r.fields["start"])
    return propose_update(turn, night, {"night_wakings": slots["night_wakings"]})


def bare_time_closes(turn: Turn) -> Decision | None:
    """"Asleep since 13:00 — tell me when she wakes." "3pm": a bare time after the open sleep's start,
    said as a fragment (no sleep word of its own), is when the baby woke; None otherwise."""
    e = turn.extraction
    slots = e.slots.given()
    if e.intent is not Intent.SUPPLY or set(slots) != {"start"}:
        return None
    asleep = open_sleep_of(turn, _baby(turn) if turn.babies else None)
    if asleep is None or not asleep.fields["start"] < slots["start"] <= turn.now + FUTURE_SLACK:
        return None
    return _close(turn, asleep, slots["start"], task=None)


#: how far the length said on waking (45 min nap) may be from the open sleep's before the close is confirmed
LENGTH_SLACK_MIN = 15


def woke_up(turn: Turn) -> Decision:
    end = turn.extraction.slots.end or turn.now
    baby = _baby(turn) if turn.babies else 0
    asleep = open_sleeps(turn) if baby is None else tuple(s for s in open_sleeps(turn) if s.baby_id == baby)
    if baby is None and len(asleep) != 1:
        if not asleep:
            return _which_baby(turn, SleepEvent.WOKE_UP, {**turn.extraction.slots.given(), "end": end})
        return _which_baby(turn, SleepEvent.WOKE_UP, {"end": end}, among=asleep)
    if not asleep:
        task = new_task(TaskAction.CREATE, RecordType.SLEEP, turn.member.id, turn.now, baby)
        return advance_create(turn, task, {**turn.extraction.slots.given(), "end": end})
    return _close(turn, asleep[0], end, task=None)


def _close(turn: Turn, open_sleep: RecordView, end: datetime, task: PendingTask | None) -> Decision:
    fields = {**open_sleep.fields, "end": end}
    if turn.extraction.slots.night_wakings is not None and task is None:
        fields["night_wakings"] = turn.extraction.slots.night_wakings    # 五点四十醒的 中间就醒了一次
    if "nap" not in open_sleep.fields or open_sleep.fields.get("nap") is None:
        fields["nap"] = not is_night_sleep(fields["start"], end)
    found = problems(RecordType.SLEEP, fields, turn.now)
    fatal = [p for p in found if p.fatal]
    if fatal:
        return Decision(Reply(ReplyKind.ERROR, "invalid_value", {"problem": fatal[0]}), note="fatal")
    doubt = doubts(turn, fields, contributed=task is None)
    said = turn.extraction.slots.duration_min
    length = (end - fields["start"]).total_seconds() / 60 if fields.get("start") else None
    if said and length is not None and abs(length - said) > max(LENGTH_SLACK_MIN, said * 0.25) and task is None:
        doubt = {**doubt, "length_said": (said, length)}   # she's awake, 45 min — of a sleep open since 1 AM
    reason = confirmation_reason(RecordType.SLEEP, fields, found, turn.now) or \
        (ConfirmReason.UNCERTAIN_READING if doubt else None)
    done = _done(turn, task)
    if reason:
        update = new_task(TaskAction.UPDATE, RecordType.SLEEP, turn.member.id, turn.now,
                          open_sleep.baby_id, open_sleep.id)
        saved = replace(update, state=TaskState.AWAITING_CONFIRMATION, slots=fields, revision=1,
                        requires_confirmation_reason=reason)
        return Decision(confirm_reply(saved, fields, found, before=open_sleep.fields, doubt=doubt),
                        (*done, SaveTask(saved)), note="close sleep: confirm")
    reply = Reply(ReplyKind.UPDATED, "woke_up", {"type": RecordType.SLEEP, "fields": fields},
                  (Button("undo", open_sleep.id),))
    return Decision(reply, (*done, UpdateRecord(open_sleep.id, fields, open_sleep.fields)),
                    note="close sleep")


def _which_baby(turn: Turn, event: SleepEvent, slots: dict[str, Any],
                among: tuple[RecordView, ...] = ()) -> Decision:
    """Twins, and nobody named: the question is a task that remembers the event."""
    task = new_task(TaskAction.CREATE, RecordType.SLEEP, turn.member.id, turn.now, None)
    saved = save_step(task, TaskState.PENDING, turn.now, slots={**slots, SLEEP_EVENT: event.value},
                      missing=("baby",))
    reply = which_baby_reply(turn)
    if among:
        asleep = {s.baby_id for s in among}
        reply = replace(reply, buttons=tuple(b for b in reply.buttons
                                             if not b.action.startswith("choose:b") or int(b.action[8:]) in asleep))
    return Decision(reply, (SaveTask(saved),), note=f"which baby: {event.value}")


def with_baby(turn: Turn, task: PendingTask, baby_id: int) -> Decision | None:
    """The answer to "which baby?" for a sleep event: that baby's sleep opened or closed; None for any
    other task (the caller advances it as usual)."""
    event = task.slots.get(SLEEP_EVENT)
    if task.action is not TaskAction.CREATE or event is None:
        return None
    task = replace(task, baby_id=baby_id)
    if event == SleepEvent.FELL_ASLEEP.value:
        return _with_items(turn, task, _open(turn, baby_id, task.slots.get("start") or turn.now, task))
    asleep = open_sleep_of(turn, baby_id)
    if asleep is None:
        slots = {k: v for k, v in task.slots.items() if k != SLEEP_EVENT}
        return advance_create(turn, replace(task, slots=slots), {}, from_message=False)
    return _with_items(turn, task, _close(turn, asleep, task.slots.get("end") or turn.now, task))


def _with_items(turn: Turn, task: PendingTask, decision: Decision) -> Decision:
    """The sleep event asked "which baby?" for a message of several facts: its other facts go with it —
    written now, or waiting in the task that now asks to confirm."""
    if not task.items:
        return decision
    waiting = [e for e in decision.effects if isinstance(e, SaveTask) and e.task.active]
    if waiting:
        effects = tuple(SaveTask(replace(e.task, items=task.items)) if e in waiting else e for e in decision.effects)
        reply = replace(decision.reply, values={**decision.reply.values, "several": item_lines(turn, task)})
        return replace(decision, effects=effects, reply=reply)
    wrote = [e for e in decision.effects if isinstance(e, WriteRecord | UpdateRecord)]
    more, lines = item_effects(turn, task)
    first = [item_line(turn, RecordType.SLEEP, e.fields, task.baby_id) for e in wrote]
    effects = (*decision.effects, *more)
    return Decision(several_done([*wrote, *more], [*first, *lines]), effects, note="several: sleep event and more")


def _done(turn: Turn, task: PendingTask | None) -> tuple[Effect, ...]:
    """The question answered: its task completed in the same decision."""
    if task is None:
        return ()
    return (SaveTask(save_step(task, TaskState.COMPLETED, turn.now, missing=(), last_supplied_by=turn.member.id)),)


__all__ = ["bare_time_closes", "fell_asleep", "still_asleep", "wakings_of_last_night", "woke_up", "with_baby",
           "open_sleep_of", "ConfirmReason"]
