"""A waiting task takes answers, not whatever comes next: a message fills it only when it gives what the task
asked (or corrects it); anything else is a new topic and the task waits as it was."""
from dataclasses import replace
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from domain.decide.answers import answers_task
from domain.decide.decide_turn import decide_turn
from domain.extraction import Extraction, Intent, RecordReference, Slots
from domain.tasks import PendingTask
from domain.turn import BabyView, MemberView, SaveTask, Turn, WriteRecord
from domain.vocabulary import RecordType, ReplyKind, Role, TaskAction, TaskState

TZ = ZoneInfo("America/New_York")
NOW = datetime(2026, 5, 4, 15, 0, tzinfo=TZ)
MOM = MemberView(1, Role.PARENT, "Kim", "Mom")
DAD = MemberView(2, Role.PARENT, "Tom", "Dad")
BABY = (BabyView(7, "Lily"),)


def bottle_task(state=TaskState.PENDING, missing=("amount_ml",), **slots) -> PendingTask:
    return PendingTask(action=TaskAction.CREATE, record_type=RecordType.FEEDING, state=state, started_by=1,
                       expires_at=NOW + timedelta(minutes=50), id=4, revision=2, baby_id=7, missing=missing,
                       slots={"kind": "formula", "start": NOW - timedelta(minutes=5), **slots})


def turn(extraction: Extraction, task: PendingTask, member: MemberView = MOM) -> Turn:
    return Turn(member=member, extraction=extraction, now=NOW, babies=BABY, active_task=task)


def supply(**slots) -> Extraction:
    return Extraction(intent=Intent.SUPPLY, slots=Slots(**slots))


def test_another_members_clock_time_does_not_answer_a_question_about_the_amount() -> None:
    home_at_seven = supply(start=NOW.replace(hour=19)).model_copy(update={"unaccounted": ["home", "traffic"]})
    assert not answers_task(turn(home_at_seven, bottle_task(), DAD), bottle_task())
    decision = decide_turn(turn(home_at_seven, bottle_task(), DAD))
    assert not any(isinstance(e, (SaveTask, WriteRecord)) for e in decision.effects)


def test_a_bare_amount_answers_the_amount_question_and_writes_the_bottle() -> None:
    decision = decide_turn(turn(supply(amount_ml=120), bottle_task()))
    assert decision.reply.kind is ReplyKind.RECORDED
    assert any(isinstance(e, WriteRecord) and e.fields["amount_ml"] == 120 for e in decision.effects)


def test_a_time_answers_when_the_task_asked_when() -> None:
    task = bottle_task(missing=("start",))
    assert answers_task(turn(supply(start=NOW - timedelta(hours=1)), task), task)


def test_a_new_bottle_said_while_a_bottle_waits_for_its_yes_is_not_folded_into_it() -> None:
    waiting = bottle_task(state=TaskState.AWAITING_CONFIRMATION, missing=(), amount_ml=90)
    new_bottle = Extraction(intent=Intent.RECORD, record_type=RecordType.FEEDING,
                            slots=Slots(kind="formula", amount_ml=60))
    assert not answers_task(turn(new_bottle, waiting), waiting)


def test_a_correction_always_speaks_to_the_waiting_task() -> None:
    waiting = bottle_task(state=TaskState.AWAITING_CONFIRMATION, missing=(), amount_ml=90)
    corrected = Extraction(intent=Intent.CORRECT, slots=Slots(amount_ml=100))
    assert answers_task(turn(corrected, waiting), waiting)


def test_a_formula_bottle_corrected_to_breast_milk_still_asks_its_amount() -> None:
    decision = decide_turn(turn(Extraction(intent=Intent.CORRECT, slots=Slots(kind="breast_milk")), bottle_task()))
    assert decision.reply.kind is ReplyKind.ASK
    (saved,) = [e.task for e in decision.effects if isinstance(e, SaveTask)]
    assert saved.slots["method"] == "bottle" and "amount_ml" in saved.missing
    assert not any(isinstance(e, WriteRecord) for e in decision.effects)


def test_a_whole_other_bottle_said_while_a_bottle_waits_for_its_kind_is_another_bottle() -> None:
    waiting = bottle_task(missing=("kind",), amount_ml=118.3)
    waiting = replace(waiting, slots={k: v for k, v in waiting.slots.items() if k != "kind"})
    other = supply(kind="breast_milk", method="bottle", amount_ml=103.5)
    assert not answers_task(turn(other, waiting), waiting)


def test_the_kind_alone_or_with_the_same_amount_answers_the_kind_question() -> None:
    waiting = bottle_task(missing=("kind",), amount_ml=118.3)
    waiting = replace(waiting, slots={k: v for k, v in waiting.slots.items() if k != "kind"})
    assert answers_task(turn(supply(kind="formula"), waiting), waiting)
    assert answers_task(turn(supply(kind="formula", amount_ml=118.3), waiting), waiting)


def test_a_correction_of_a_value_the_waiting_task_does_not_hold_is_not_the_tasks() -> None:
    waiting = bottle_task(missing=("kind",), amount_ml=118.3)
    said = Extraction(intent=Intent.CORRECT, slots=Slots(kind="breast_milk", amount_ml=103.5),
                      reference=RecordReference(which="latest", value=3.0))
    assert not answers_task(turn(said, waiting), waiting)
    holds_it = Extraction(intent=Intent.CORRECT, slots=Slots(amount_ml=147.9),
                          reference=RecordReference(which="latest", value=4.0))
    assert answers_task(turn(holds_it, waiting), waiting)
