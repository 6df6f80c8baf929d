"""A family's display units, guessed from the first message that records an amount with a unit (4oz → oz),
for each quantity the family has not chosen (set-up or 用斤显示 / show ounces choose them for good)."""
from __future__ import annotations

from dataclasses import replace

from domain.permissions import Permission, may
from domain.turn import Decision, GuessUnits, SaveTask, Turn, WriteRecord
from domain.units import UNIT_CHOICES
from domain.vocabulary import ReplyKind


def with_units_guess(turn: Turn, decision: Decision) -> Decision:
    """The decision, plus the guess when this message records (or starts recording) something."""
    guess = {q: u for q, u in turn.extraction.units_said.items()
             if q in turn.units_unchosen and u in UNIT_CHOICES.get(q, ())}      # a model's odd unit is ignored
    records = any(isinstance(e, (WriteRecord, SaveTask)) for e in decision.effects)
    if not guess or not records or decision.reply is None or decision.reply.kind is ReplyKind.REFUSED \
            or not may(turn.member.role, Permission.RECORD):
        return decision
    return replace(decision, effects=(*decision.effects, GuessUnits(guess)))
