"""The profile a product needs: WHO percentiles need the baby's birth date and sex. A baby's first growth
record, when either is unknown, brings the question once (the answer is a parent's profile edit)."""
from __future__ import annotations

from dataclasses import replace

from domain.turn import Decision, Turn, WriteRecord
from domain.vocabulary import RecordType

NEEDED = ("birth_date", "sex")


def with_profile_question(turn: Turn, decision: Decision) -> Decision:
    """The decision's reply, asking for the birth date and sex the first growth record of a baby lacks."""
    if decision.reply is None:
        return decision
    first = next((e.baby_id for e in decision.effects if isinstance(e, WriteRecord)
                  and e.record_type is RecordType.GROWTH and e.baby_id not in turn.babies_with_growth), None)
    baby = next((b for b in turn.babies if b.id == first), None)
    if baby is None:
        return decision
    missing = [name for name in NEEDED if getattr(baby, name) is None]
    if not missing:
        return decision
    values = {**decision.reply.values, "profile_missing": {"baby": baby.name, "fields": missing}}
    return replace(decision, reply=replace(decision.reply, values=values))
