"""跟上次一样 / same as last time: the values left unsaid come from the baby's last record of that type, and the
record is read back before it is written."""
from dataclasses import replace
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from domain.decide.decide_turn import decide_turn
from domain.extraction import Extraction, Intent, RecordReference, Slots
from domain.replies.render import render
from domain.tasks import PendingTask
from domain.turn import BabyView, MemberView, Press, RecordView, Turn, WriteRecord
from domain.vocabulary import Language, RecordType, ReplyKind, Role

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 14, 40, tzinfo=TZ)
MOM = MemberView(1, Role.PARENT, "妈妈", "妈妈")
BABY = (BabyView(7, "小满"),)
TWINS = (BabyView(7, "豆豆"), BabyView(8, "米粒"))


def on_file(record_id: int, hour: int, baby: int = 7, record_type: RecordType = RecordType.FEEDING,
            **fields) -> RecordView:
    start = NOW.replace(hour=hour, minute=0)
    return RecordView(record_id, record_type, baby, {"start": start, **fields}, created_at=start)


FORMULA_AT_11 = on_file(1, 11, kind="formula", method="bottle", amount_ml=120.0)
BREAST_AT_12 = on_file(2, 12, kind="breast_milk", method="left_breast", duration_min=15.0)
FORMULA_AT_8 = on_file(3, 8, kind="formula", amount_ml=90.0)


def again(said: str = "跟上次一样", intent: Intent = Intent.RECORD, record_type=RecordType.FEEDING,
          estimated: bool = True, **slots) -> Extraction:
    return Extraction(intent=intent, record_type=record_type, slots=Slots(start=NOW, **slots),
                      reference=RecordReference(which="latest", record_type=RecordType.FEEDING),
                      estimated=[said] if estimated else [])


def turn(extraction: Extraction, records=(FORMULA_AT_8, FORMULA_AT_11), babies=BABY, **kw) -> Turn:
    return Turn(member=MOM, extraction=extraction, now=NOW, babies=babies, recent_records=tuple(records), **kw)


def read_back(decision) -> PendingTask:
    assert decision.reply.kind is ReplyKind.CONFIRM, decision.reply
    [save] = decision.effects
    # read back for the worked-out value (a contract reason such as an unusual amount may name it first)
    assert save.task.requires_confirmation_reason is not None and decision.reply.values["doubt"]["estimated"]
    return replace(save.task, id=9)


def test_the_same_as_last_time_is_the_latest_feeds_kind_and_amount_read_back_with_the_words() -> None:
    d = decide_turn(turn(again()))
    task = read_back(d)
    assert (task.slots["kind"], task.slots["amount_ml"]) == ("formula", 120.0)
    assert "120" in render(d.reply, Language.ZH, NOW) and "按“跟上次一样”算的" in render(d.reply, Language.ZH, NOW)
    assert "worked out from “跟上次一样”" in render(d.reply, Language.EN, NOW)


def test_confirming_it_writes_a_new_record_and_leaves_the_old_one() -> None:
    task = read_back(decide_turn(turn(again())))
    d = decide_turn(turn(Extraction(intent=Intent.CONFIRM), press=Press("confirm", task_id=9, revision=task.revision),
                         active_task=task))
    [write] = [e for e in d.effects if isinstance(e, WriteRecord)]
    assert (write.fields["amount_ml"], write.fields["kind"], write.fields["start"]) == (120.0, "formula", NOW)


def test_a_kind_the_message_names_picks_the_last_feed_of_that_kind() -> None:
    task = read_back(decide_turn(turn(again(kind="formula"), records=(FORMULA_AT_11, BREAST_AT_12))))
    assert task.slots["amount_ml"] == 120.0
    task = read_back(decide_turn(turn(again(kind="breast_milk"), records=(FORMULA_AT_11, BREAST_AT_12))))
    assert (task.slots.get("amount_ml"), task.slots["duration_min"]) == (None, 15.0)


def test_what_the_message_says_wins_over_the_last_record() -> None:
    task = read_back(decide_turn(turn(again(amount_ml=100.0))))
    assert (task.slots["amount_ml"], task.slots["kind"]) == (100.0, "formula")


def test_with_no_feed_on_file_the_bot_asks_for_what_is_missing() -> None:
    d = decide_turn(turn(again(), records=()))
    assert d.reply.kind is ReplyKind.ASK


def test_with_twins_and_no_name_nothing_is_guessed_from_either_baby() -> None:
    records = (FORMULA_AT_11, on_file(4, 12, baby=8, kind="formula", amount_ml=60.0))
    d = decide_turn(turn(again(), records=records, babies=TWINS))
    assert d.reply.kind is ReplyKind.ASK and not any(isinstance(e, WriteRecord) for e in d.effects)


def test_a_named_twin_repeats_her_own_last_feed() -> None:
    records = (FORMULA_AT_11, on_file(4, 12, baby=8, kind="formula", amount_ml=60.0))
    e = again().model_copy(update={"baby": "豆豆"})
    assert read_back(decide_turn(turn(e, records=records, babies=TWINS))).slots["amount_ml"] == 120.0


def test_an_answer_to_the_amount_question_repeats_the_last_amount() -> None:
    asked = decide_turn(turn(Extraction(intent=Intent.RECORD, record_type=RecordType.FEEDING,
                                        slots=Slots(start=NOW, kind="formula", method="bottle"))))
    [save] = asked.effects
    waiting = replace(save.task, id=5)
    answer = again(intent=Intent.SUPPLY, record_type=None)
    assert read_back(decide_turn(turn(answer, active_task=waiting))).slots["amount_ml"] == 120.0


def test_a_deleted_or_older_feed_is_not_the_last_one() -> None:
    deleted = replace(on_file(6, 13, kind="formula", amount_ml=200.0), deleted=True)
    assert read_back(decide_turn(turn(again(), records=(FORMULA_AT_8, deleted, FORMULA_AT_11)))).slots[
        "amount_ml"] == 120.0


def test_a_reference_without_the_words_it_repeats_from_fills_nothing() -> None:
    d = decide_turn(turn(again(estimated=False)))
    assert d.reply.kind is not ReplyKind.RECORDED or \
        all(e.fields.get("amount_ml") is None for e in d.effects if isinstance(e, WriteRecord))


def test_the_last_feed_is_the_one_said_latest_not_the_one_listed_first() -> None:
    old = replace(FORMULA_AT_11, fields={**FORMULA_AT_11.fields, "start": NOW - timedelta(days=3)})
    task = read_back(decide_turn(turn(again(), records=(old, FORMULA_AT_8))))
    assert task.slots["amount_ml"] == 90.0
