"""The display units a family has not chosen are guessed from the first record written with a unit said —
never on a turn that only asks: the units wait in the task until it writes."""
from datetime import datetime
from zoneinfo import ZoneInfo

from domain.decide.decide_turn import decide_turn
from domain.extraction import Extraction, Intent, Slots
from domain.turn import BabyView, GuessUnits, MemberView, SaveTask, Turn, WriteRecord
from domain.vocabulary import RecordType, ReplyKind, Role, TaskState

TZ = ZoneInfo("America/New_York")
NOW = datetime(2026, 5, 4, 8, 0, tzinfo=TZ)
DAD = MemberView(1, Role.PARENT, "Tom", "Dad")
FRIEND = MemberView(3, Role.FRIEND, "Sam")
ONE = (BabyView(7, "Mia"),)
TWINS = (BabyView(7, "Mia"), BabyView(8, "Leo"))
FOUR_OZ = Extraction(intent=Intent.RECORD, record_type=RecordType.FEEDING, units_said={"volume": "oz"},
                     slots=Slots(kind="formula", amount_ml=118.3))


def turn(extraction: Extraction, member: MemberView = DAD, babies=ONE, **kw) -> Turn:
    return Turn(member=member, extraction=extraction, now=NOW, babies=babies, **kw)


def guesses(decision) -> list[dict[str, str]]:
    return [e.units for e in decision.effects if isinstance(e, GuessUnits)]


def test_a_bottle_written_in_ounces_guesses_ounces_for_the_family() -> None:
    decision = decide_turn(turn(FOUR_OZ))
    assert any(isinstance(e, WriteRecord) for e in decision.effects)
    assert guesses(decision) == [{"volume": "oz"}]


def test_a_turn_that_only_asks_which_twin_guesses_nothing_and_the_task_keeps_the_units() -> None:
    decision = decide_turn(turn(FOUR_OZ, babies=TWINS))
    assert decision.reply.kind is ReplyKind.ASK
    assert guesses(decision) == []
    (saved,) = [e.task for e in decision.effects if isinstance(e, SaveTask)]
    assert saved.units_said == {"volume": "oz"}


def test_the_answer_that_writes_the_task_guesses_the_units_its_first_message_said() -> None:
    asked = decide_turn(turn(FOUR_OZ, babies=TWINS))
    (task,) = [e.task for e in asked.effects if isinstance(e, SaveTask)]
    stored = task.__class__(**{**task.__dict__, "id": 5, "revision": 1})
    answer = Extraction(intent=Intent.SUPPLY, baby="Mia")
    decision = decide_turn(turn(answer, babies=TWINS, active_task=stored))
    assert any(isinstance(e, WriteRecord) for e in decision.effects), decision
    assert guesses(decision) == [{"volume": "oz"}]


def test_a_unit_the_family_already_chose_is_never_guessed_again() -> None:
    decision = decide_turn(turn(FOUR_OZ, units_unchosen=frozenset({"weight"})))
    assert guesses(decision) == []


def test_a_friends_bottle_guesses_nothing() -> None:
    decision = decide_turn(turn(FOUR_OZ, member=FRIEND))
    assert decision.reply.kind is ReplyKind.REFUSED and guesses(decision) == []
    assert not any(isinstance(e, SaveTask) and e.task.state is TaskState.PENDING for e in decision.effects)
