"""Several facts in one message (喝了90ml，尿了 / 刚醒，接着喝了100ml / 俩宝都拉了): one record per fact.

Each fact is decided under the same rules as a fact said alone (new_record.py: missing fields,
plausibility, duplicates, the reading's doubts); a fact said for every baby is one fact per baby.
Then the message is answered as a whole:
- a fact that cannot be (a value refused) → that answer, and nothing of the message is written;
- every fact complete and plain → all written at once, each named in the reply, one undo for all;
- any fact that needs a field or a confirmation → ONE task for the message: it asks about that fact
  (its other facts wait in `task.items`) and is confirmed, written or cancelled as a whole.
Facts said earlier in the same message count as records on file, so the same fact twice is asked about.
Parts of the message nobody understood (`Extraction.unread`) are quoted in the reply.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from domain.babies import baby_named
from domain.decide.create import save_step
from domain.decide.items import item_line, several_done
from domain.decide.new_record import new_record
from domain.extraction import Fact
from domain.tasks import PendingTask, TaskItem
from domain.turn import Button, Decision, Effect, RecordView, Reply, SaveTask, Turn, UpdateRecord, WriteRecord
from domain.vocabulary import RecordType, ReplyKind, TaskState

SYNTHETIC_ID = -1000           # records a message said a moment ago have no id yet: ids below this


@dataclass(frozen=True)
class Part:
    """One fact and how it was decided alone."""

    fact: Fact
    decision: Decision
    task: PendingTask | None       # the task it would have opened (to ask or to confirm)

    @property
    def ready(self) -> bool:
        return self.task is None and any(isinstance(e, WriteRecord | UpdateRecord) for e in self.decision.effects)

    @property
    def failed(self) -> bool:
        return self.decision.reply is not None and self.decision.reply.kind is ReplyKind.ERROR


def decide_several(turn: Turn) -> Decision:
    parts = _decided(turn)
    failed = next((p for p in parts if p.failed), None)
    if failed is not None:
        return replace(failed.decision, note="several: a fact refused, nothing written")
    unread = list(turn.extraction.unread)
    waiting = [p for p in parts if p.task is not None]
    if waiting:
        return _one_task(turn, parts, waiting, unread)
    effects = [e for p in parts if p.ready for e in p.decision.effects]
    lines = [_line(turn, p) for p in parts if p.ready]
    said = [p.decision.reply for p in parts if not p.ready and p.decision.reply is not None]
    extra = {"several_notes": said, "unread": unread}
    if not effects:
        return Decision(Reply(ReplyKind.ANSWER, "several_said", extra), note="several: nothing to write")
    return Decision(several_done(effects, lines, extra), tuple(effects), note=f"several: {len(lines)} written")


def _decided(turn: Turn) -> list[Part]:
    parts: list[Part] = []
    earlier: list[RecordView] = []
    for fact in facts_of(turn):
        alone = replace(turn, extraction=turn.extraction.of_fact(fact),
                        recent_records=(*earlier, *turn.recent_records))
        decision = new_record(alone)
        task = next((e.task for e in decision.effects if isinstance(e, SaveTask) and e.task.active), None)
        part = Part(fact, decision, task)
        parts.append(part)
        earlier += _as_records(turn, part, len(earlier))
    return parts


def facts_of(turn: Turn) -> list[Fact]:
    """The message's facts, one per baby where a fact is about every baby; a fact that names no baby is
    about the one baby the message names (米粒喝了90ml，尿了)."""
    facts = turn.extraction.facts()
    named = {b.id: b for f in facts if (b := baby_named(turn.babies, f.baby)) is not None}
    only = next(iter(named.values())).name if len(named) == 1 else None
    out: list[Fact] = []
    for fact in facts:
        if fact.every_baby and len(turn.babies) > 1:
            out += [fact.model_copy(update={"baby": b.name, "every_baby": False}) for b in turn.babies]
        else:
            out.append(fact if fact.baby or only is None else fact.model_copy(update={"baby": only}))
    return out


def _as_records(turn: Turn, part: Part, count: int) -> list[RecordView]:
    """What a fact would write, as records on file for the facts said after it."""
    found = [(e.record_type, e.baby_id, e.fields) for e in part.decision.effects if isinstance(e, WriteRecord)]
    if part.task is not None and part.task.baby_id is not None and not part.task.missing \
            and part.task.target_record_id is None:
        found.append((part.task.record_type, part.task.baby_id, dict(part.task.slots)))
    return [RecordView(SYNTHETIC_ID - count - n, t, baby, fields, turn.now, created_by=turn.member.id)
            for n, (t, baby, fields) in enumerate(found)]


def _line(turn: Turn, part: Part) -> dict[str, Any]:
    effect = next(e for e in part.decision.effects if isinstance(e, WriteRecord | UpdateRecord))
    baby = effect.baby_id if isinstance(effect, WriteRecord) else _baby_of(turn, effect.record_id)
    return item_line(turn, part.fact.record_type, effect.fields, baby)


def _baby_of(turn: Turn, record_id: int) -> int | None:
    records = (*turn.open_sleeps, *turn.recent_records, *((turn.open_sleep,) if turn.open_sleep else ()))
    return next((r.baby_id for r in records if r.id == record_id), None)


def _item(turn: Turn, part: Part) -> TaskItem:
    task = part.task
    if task is not None:
        return TaskItem(task.record_type, dict(task.slots), task.baby_id, tuple(task.missing),
                        task.requires_confirmation_reason, task.target_record_id)
    effect: Effect = next(e for e in part.decision.effects if isinstance(e, WriteRecord | UpdateRecord))
    if isinstance(effect, UpdateRecord):
        return TaskItem(RecordType.SLEEP, dict(effect.fields), _baby_of(turn, effect.record_id),
                        target_record_id=effect.record_id)
    return TaskItem(effect.record_type, dict(effect.fields), effect.baby_id)


def _one_task(turn: Turn, parts: list[Part], waiting: list[Part], unread: list[str]) -> Decision:
    """The message waits as one task: about the first fact that asks (else the first to confirm)."""
    current = next((p for p in waiting if p.task.missing), None) or \
        next((p for p in waiting if p.task.target_record_id is None), waiting[0])
    items = tuple(_item(turn, p) for p in parts if p is not current and (p.ready or p.task is not None))
    said = [p.decision.reply for p in parts if not p.ready and p.task is None and p.decision.reply is not None]
    task = replace(current.task, items=items)
    if task.revision == 0:
        task = save_step(task, task.state, turn.now)
    reply = current.decision.reply
    kept = [p for p in parts if p is current or p.ready or p.task is not None]
    values = {**reply.values, "several": [item_line(turn, i.record_type, i.fields, i.baby_id or task.baby_id,
                                                  i.reason) for i in items],
              "several_notes": said, "unread": unread, "at": kept.index(current)}
    if items and reply.key in ("confirm_duplicate", "confirm_dose_too_soon"):   # a duplicate's own question
        values = {**values, "reason": task.requires_confirmation_reason}
        reply = replace(reply, kind=ReplyKind.CONFIRM, key="confirm", buttons=_confirm_buttons())
    effects = tuple(SaveTask(task) if isinstance(e, SaveTask) else e for e in current.decision.effects)
    note = "several: ask" if task.state is TaskState.PENDING else "several: confirm"
    return Decision(replace(reply, values=values), effects, note=note)


def _confirm_buttons() -> tuple[Button, ...]:
    return (Button("confirm"), Button("cancel"))
