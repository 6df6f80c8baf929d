"""A value said to be wrong names the record that holds it, in the unit it was said in, and a bare new number is
a new value of that field in that unit — always proposed for confirmation, never written at once."""
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from domain.decide.decide_turn import decide_turn
from domain.extraction import Extraction, Intent, RecordReference, Slots
from domain.turn import BabyView, MemberView, RecordView, SaveTask, Turn, UpdateRecord, WriteRecord
from domain.vocabulary import RecordType, ReplyKind, Role

TZ = ZoneInfo("America/New_York")
NOW = datetime(2026, 5, 4, 15, 0, tzinfo=TZ)
MOM = MemberView(1, Role.PARENT, "Kim", "Mom")
BABY = (BabyView(7, "Lily"),)
BOTTLE = RecordView(40, RecordType.FEEDING, 7, {"start": NOW - timedelta(hours=1), "kind": "formula",
                                                "amount_ml": 88.7, "method": "bottle"}, NOW - timedelta(hours=1))
WEIGHT = RecordView(41, RecordType.GROWTH, 7, {"time": NOW - timedelta(minutes=30), "weight_kg": 5.1},
                    NOW - timedelta(minutes=30))


def corrected(new: float, wrong: float) -> Extraction:
    return Extraction(intent=Intent.CORRECT, slots=Slots(amount_ml=new), amount_unit_assumed=True,
                      reference=RecordReference(which="latest", value=wrong))


def decide(extraction: Extraction):
    return decide_turn(Turn(member=MOM, extraction=extraction, now=NOW, babies=BABY,
                            recent_records=(BOTTLE, WEIGHT)))


def proposed(decision) -> dict:
    (task,) = [e.task for e in decision.effects if isinstance(e, SaveTask)]
    return task


def test_three_and_a_half_not_three_changes_the_bottle_that_held_three_ounces_in_ounces() -> None:
    decision = decide(corrected(3.5, 3))
    assert decision.reply.kind is ReplyKind.CONFIRM
    task = proposed(decision)
    assert task.target_record_id == BOTTLE.id and abs(task.slots["amount_ml"] - 103.5) < 0.1
    assert not any(isinstance(e, (WriteRecord, UpdateRecord)) for e in decision.effects)


def test_a_weight_said_wrong_is_the_weight_changed_not_an_amount_of_milk() -> None:
    task = proposed(decide(corrected(5.3, 5.1)))
    assert task.target_record_id == WEIGHT.id and task.slots["weight_kg"] == 5.3


def test_a_wrong_value_no_record_holds_changes_nothing_and_says_so() -> None:
    decision = decide(corrected(7, 6))
    assert decision.reply.kind is ReplyKind.ANSWER and decision.effects == ()
