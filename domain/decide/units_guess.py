"""A family's display units, guessed from the first record written from a message that said an amount with a
unit (4oz → oz), for each quantity the family has not chosen (set-up or 用斤显示 / show ounces choose them for
good).

The guess is made only when a record is written: a message that opens a task (which twin? how much?) keeps the
units it said in the task, and they are guessed when the task writes — so a turn that only asks changes nothing
of the family."""
from __future__ import annotations

from dataclasses import replace

from domain.permissions import Permission, may
from domain.turn import Decision, GuessUnits, SaveTask, Turn, UpdateRecord, WriteRecord
from domain.units import UNIT_CHOICES
from domain.vocabulary import ReplyKind


def with_units_guess(turn: Turn, decision: Decision) -> Decision:
    """The decision, plus the guess when it writes; a task it keeps carries the units said until then."""
    said = {**(turn.active_task.units_said if turn.active_task else {}), **turn.extraction.units_said}
    guess = {q: u for q, u in said.items()
             if q in turn.units_unchosen and u in UNIT_CHOICES.get(q, ())}      # a model's odd unit is ignored
    if not guess or decision.reply is None or decision.reply.kind is ReplyKind.REFUSED \
            or not may(turn.member.role, Permission.RECORD):
        return decision
    if any(isinstance(e, (WriteRecord, UpdateRecord)) for e in decision.effects):
        return replace(decision, effects=(*decision.effects, GuessUnits(guess)))
    kept = tuple(SaveTask(replace(e.task, units_said=guess)) if isinstance(e, SaveTask) and e.task.active else e
                 for e in decision.effects)
    return replace(decision, effects=kept)
