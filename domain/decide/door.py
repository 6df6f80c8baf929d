"""The domain's door: every value an extraction carries is checked before any decision uses it.

Texts are cleaned (no lone surrogates, no control characters) and bounded; numbers must be finite,
not negative and within hard limits; times get the family's zone when they have none and must
fall between 2000 (or the baby's birth) and a day from now; a timezone must be one zoneinfo knows.
Output no reading could mean (a delete with no record named) gets a polite answer. Either way a
turn that fails here changes nothing.
"""
from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime
from enum import Enum
from typing import Any

from pydantic import BaseModel

from domain.babies import baby_named
from domain.extraction import Extraction, Intent, Slots
from domain.limits import (
    EARLIEST,
    PROFILE_BOUNDS,
    REMINDER_BOUNDS,
    SETTINGS_BOUNDS,
    SLOT_BOUNDS,
    aware,
    clean_text,
    date_problem,
    known_zone,
    number_problem,
    text_problem,
    time_problem,
)
from domain.records import Problem
from domain.turn import Decision, Reply, Turn
from domain.units import OZ_ML
from domain.vocabulary import ReplyKind

_PARTS = ("slots", "profile", "reference", "role_change", "settings", "query", "reminder")
_NUMBER_BOUNDS = {"slots": SLOT_BOUNDS, "profile": PROFILE_BOUNDS, "settings": SETTINGS_BOUNDS,
                  "reminder": REMINDER_BOUNDS}


def at_the_door(turn: Turn) -> Turn | Decision:
    """The turn with its extraction checked and cleaned, or the decision that refuses it."""
    extraction = _cleaned(turn.extraction, turn)
    problem = _first_problem(extraction, turn)
    if problem is not None:
        key = "settings_invalid" if problem.field == "timezone" else "invalid_value"
        return Decision(Reply(ReplyKind.ERROR, key, {"problem": problem, "type": extraction.record_type}),
                        note=f"door: {problem.field} {problem.code}")
    unclear = _impossible(extraction)
    if unclear is not None:
        return Decision(unclear, note="door: impossible request")
    return replace(turn, extraction=extraction)


def _as_ounces(slots: Slots, assumed: bool) -> Slots:
    """喝了4 / she drank 4 / make that 5, in a family that reads ounces: 4 oz, not 4 ml."""
    if not assumed or slots.amount_ml is None:
        return slots
    return slots.model_copy(update={"amount_ml": round(slots.amount_ml * OZ_ML, 1)})


def _cleaned(e: Extraction, turn: Turn) -> Extraction:
    """Texts cleaned, blank texts gone, naive times in the family's zone — in every part."""
    update: dict[str, Any] = {name: _clean_model(getattr(e, name), turn) for name in _PARTS
                              if getattr(e, name) is not None}
    update["baby"] = clean_text(e.baby) if e.baby else None
    update["unaccounted"] = [t for t in (clean_text(u) for u in e.unaccounted) if t][:20]
    update["estimated"] = [t[:200] for t in (clean_text(u) for u in e.estimated) if t][:8]
    update["clock_without_day"] = clean_text(e.clock_without_day) if e.clock_without_day else None
    if update.get("role_change") is not None and update["role_change"].member is None:
        update["role_change"] = None               # a role for nobody named is no role change
    update["also"] = [f.model_copy(update={"slots": _clean_model(f.slots, turn),
                                           "baby": clean_text(f.baby) if f.baby else None,
                                           "said": clean_text(f.said) if f.said else None}) for f in e.also]
    update["said"] = clean_text(e.said) if e.said else None
    if turn.units.volume == "oz":                  # a number said without a unit is in the family's own unit
        update["slots"] = _as_ounces(update.get("slots", e.slots), e.amount_unit_assumed)
        update["also"] = [f.model_copy(update={"slots": _as_ounces(f.slots, f.amount_unit_assumed)})
                          for f in update["also"]]
    update["unread"] = [t[:200] for t in (clean_text(u) for u in e.unread) if t][:8]
    return e.model_copy(update=update)


def _clean_model(part: BaseModel, turn: Turn) -> BaseModel:
    fixed: dict[str, Any] = {}
    for name, value in part:
        if isinstance(value, Enum):
            continue
        if isinstance(value, str):
            fixed[name] = clean_text(value)
        elif isinstance(value, datetime):
            fixed[name] = aware(value, turn.now.tzinfo)
    return part.model_copy(update=fixed)


def _first_problem(e: Extraction, turn: Turn) -> Problem | None:
    for part_name in _PARTS:
        part = getattr(e, part_name)
        for name, value in part or ():
            problem = _value_problem(part_name, name, value, turn, e)
            if problem is not None:
                return problem
    for fact in e.also:                          # each further fact of the message, checked the same way
        for name, value in fact.slots:
            problem = _value_problem("slots", name, value, turn, e.model_copy(update={"baby": fact.baby}))
            if problem is not None:
                return problem
    for said in (e.baby, *(f.baby for f in e.also)):
        if said and (problem := text_problem("baby", said)) is not None:
            return problem
    return None


def _value_problem(part: str, name: str, value: Any, turn: Turn, e: Extraction) -> Problem | None:
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return number_problem(name, value, _NUMBER_BOUNDS.get(part, {}).get(name))
    if isinstance(value, str):
        if part == "settings" and name == "timezone" and not known_zone(value):
            return Problem("timezone", "unknown_zone", True, {"value": value[:64]})
        return text_problem(name, value)
    if isinstance(value, datetime):
        return time_problem(name, value, turn.now, _earliest(turn, e))
    if isinstance(value, date):
        return date_problem(name, value, turn.now.date())
    return None


def _earliest(turn: Turn, e: Extraction) -> date:
    """No record is older than the baby it is about (the named one, else the family's oldest)."""
    named = baby_named(turn.babies, e.baby)
    babies = (named,) if named else turn.babies
    births = [b.birth_date for b in babies if b.birth_date is not None]
    return max(EARLIEST, min(births)) if births and len(births) == len(babies) else EARLIEST


def _impossible(e: Extraction) -> Reply | None:
    """Requests that name nothing to act on: a polite question back, nothing changes."""
    if e.intent is Intent.DELETE and e.reference is None:
        return Reply(ReplyKind.ASK, "delete_unclear")
    if e.intent is Intent.ROLE and e.role_change is None:
        return Reply(ReplyKind.ASK, "role_unclear")
    return None
