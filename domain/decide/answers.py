"""Does a message answer the task that waits? A task takes answers, not whatever comes next.

A message supplies a waiting task only when it answers what the task asked — a field it is missing (a time
when it asked when, an amount when it asked how much), a choice it offered — or corrects it; while the task
waits for a yes or no, only a correction or a bare new value of what was read back. Anything else (another
member's "I'm home at 7", a new bottle while a sleep waits) is a new topic, and the task waits
(vocabulary.md, "A waiting task takes answers").
"""
from __future__ import annotations

from domain.decide.wrong_value import SAID_IN
from domain.extraction import Intent
from domain.tasks import PendingTask
from domain.turn import Turn
from domain.vocabulary import RecordType, TaskState

# a missing field → the slots that answer it
ANSWERED_BY: dict[str, frozenset[str]] = {
    "start": frozenset({"start", "time", "end", "duration_min"}),
    "end": frozenset({"end", "start", "duration_min"}),
    "time": frozenset({"time", "start"}),
    "kind": frozenset({"kind", "method"}),
    "amount_ml": frozenset({"amount_ml"}),
    "food": frozenset({"food", "kind"}),
    "wet": frozenset({"wet", "solid", "color", "consistency"}),
    "weight_kg": frozenset({"weight_kg", "height_cm", "head_cm"}),
    "duration_min": frozenset({"duration_min", "end", "start"}),
    "medication": frozenset({"medication", "dose"}),
}
# what a task of a type asks beside its missing fields (a sleep's question asks the night's wakings too)
ALSO_ASKED: dict[RecordType, frozenset[str]] = {RecordType.SLEEP: frozenset({"night_wakings", "nap"})}


def answers_task(turn: Turn, task: PendingTask) -> bool:
    e = turn.extraction
    if e.intent is Intent.CORRECT:                    # 不是，晚8点到凌晨3点: the waiting task, corrected —
        wrong = e.reference.value if e.reference is not None else None      # unless the value said to be wrong
        return wrong is None or _holds(task, wrong)                        # is not the task's (3.5 not 3)
    given = set(e.slots.given())
    if task.state is TaskState.AWAITING_CONFIRMATION:           # a plain new value of what is read back (8点到3点);
        held = {k for k, v in task.slots.items() if v is not None} | ALSO_ASKED.get(task.record_type, frozenset())
        # …and no value it did not hold: she took 4oz at 3 beside a nursing read back is a new fact; nor a
        # whole new fact of the same type (十一点半喝了100奶粉 剩了20: a time, a kind and an amount)
        return e.intent is Intent.SUPPLY and bool(given) and not e.unaccounted and given <= held \
            and len(given) <= 2
    if _clashes(e.slots.given(), task):
        return False       # gave her a bottle of breast milk, 3.5 oz while 4 oz waits for its kind: another bottle
    wanted = set(ALSO_ASKED.get(task.record_type, frozenset())) if task.record_type else set()
    for missing in task.missing:
        wanted |= ANSWERED_BY.get(missing, frozenset({missing}))
    return bool(given & wanted)


# the values a task already holds that a message may not silently replace by "answering" (times may: 3点 → 3:05)
_HELD_VALUES = frozenset({"amount_ml", "kind", "weight_kg", "height_cm", "head_cm", "temperature_c", "dose",
                          "medication", "duration_min"})


def _clashes(given: dict[str, object], task: PendingTask) -> bool:
    """The message says another value for something the task already holds (and did not ask for)."""
    for name in _HELD_VALUES & given.keys():
        held = task.slots.get(name)
        if held is None or name in task.missing:
            continue
        new = given[name]
        if isinstance(held, (int, float)) and isinstance(new, (int, float)):
            if abs(float(held) - float(new)) > 0.5:
                return True
        elif str(getattr(new, "value", new)) != str(getattr(held, "value", held)):
            return True
    return False


def _holds(task: PendingTask, value: float) -> bool:
    """The task holds `value` in some unit a family says it in (3 → 3 oz = 88.7 ml)."""
    return any(isinstance(held, (int, float)) and not isinstance(held, bool)
               and any(abs(held - value * per_unit) <= max(0.05, abs(value * per_unit) * 0.02)
                       for _, per_unit in (*SAID_IN.get(name, ()), ("as said", 1.0)))
               for name, held in task.slots.items())
