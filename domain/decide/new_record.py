"""A new fact, alone: a sleep opened or closed, or a create task advanced (written, asked or confirmed)."""
from __future__ import annotations

from domain.decide.create import advance_create, named_baby
from domain.decide.sleep_events import bare_time_closes, fell_asleep, still_asleep, wakings_of_last_night, woke_up
from domain.extraction import SleepEvent
from domain.tasks import new_task
from domain.turn import Decision, Turn
from domain.vocabulary import ChatKind, RecordType, TaskAction

# what makes a reading a clear fact: a value measured or observed, not only a record type and a time
_DECISIVE = frozenset({"amount_ml", "amount_g", "duration_min", "wet", "solid", "color", "consistency", "weight_kg",
                       "height_cm", "head_cm", "temperature_c", "medication", "dose", "symptom", "vaccine", "food",
                       "text", "milestone", "night_wakings", "end", "kind"})


def chatter_in_group(turn: Turn) -> bool:
    """An unaddressed group message read only in part, with a negation it did not use and no clear baby fact
    (yesterday he wouldn't take the bottle from rosa): chatter — no task, no reply (vocabulary.md). A fact
    read in part but not denied (昨晚一共睡了差不多七个钟) is still asked about."""
    e = turn.extraction
    return turn.chat_kind is ChatKind.GROUP and not turn.addressed and turn.press is None \
        and bool(e.unaccounted) and "negation" in e.cues and e.sleep_event is None \
        and not _DECISIVE & e.slots.given().keys()


def new_record(turn: Turn) -> Decision:
    e = turn.extraction
    if chatter_in_group(turn):
        return Decision(None, note="read in part, no clear fact: chatter")
    if e.record_type is RecordType.SLEEP and e.sleep_event is SleepEvent.FELL_ASLEEP:
        return fell_asleep(turn)
    if e.record_type is RecordType.SLEEP and e.sleep_event is SleepEvent.WOKE_UP:
        return woke_up(turn)
    if e.record_type is RecordType.SLEEP and e.sleep_event is SleepEvent.STILL_ASLEEP:
        return still_asleep(turn)
    if e.record_type is RecordType.SLEEP and (wakings := wakings_of_last_night(turn)) is not None:
        return wakings
    if e.record_type is RecordType.SLEEP and (closed := bare_time_closes(turn)) is not None:
        return closed
    task = new_task(TaskAction.CREATE, e.record_type, turn.member.id, turn.now, baby_id_of(turn))
    return advance_create(turn, task, e.slots.given())


def baby_id_of(turn: Turn) -> int | None:
    """The baby a message is about: the one named, the only one, or None (then we ask)."""
    named = named_baby(turn)
    if named is not None:
        return named
    return turn.babies[0].id if len(turn.babies) == 1 else None
