"""A read-back waiting for 确认 takes a new value of what it holds, nothing else; an unaddressed group message
that leaves a negation unused and states no clear fact is chatter; the day's highest temperature."""
from dataclasses import replace
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from domain.decide.answers import answers_task
from domain.decide.decide_turn import decide_turn
from domain.extraction import Extraction, Intent, Query, QueryMetric, Slots
from domain.queries.latest import highest_temperature
from domain.tasks import new_task
from domain.turn import BabyView, MemberView, RecordView, Turn
from domain.vocabulary import ChatKind, RecordType, ReplyKind, Role, TaskAction, TaskState

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 16, 0, tzinfo=TZ)
MOM = MemberView(1, Role.PARENT, "妈妈", "妈妈")
DAD = MemberView(2, Role.PARENT, "爸爸", "爸爸")
BABY = (BabyView(7, "小满"),)


def waiting(record_type: RecordType, **slots) -> object:
    task = new_task(TaskAction.CREATE, record_type, MOM.id, NOW, 7)
    return replace(task, state=TaskState.AWAITING_CONFIRMATION, slots=slots, revision=1, id=3)


def said(task, by: MemberView = DAD, **slots) -> Turn:
    e = Extraction(intent=Intent.SUPPLY, record_type=task.record_type, slots=Slots(**slots))
    return Turn(member=by, extraction=e, now=NOW, babies=BABY, active_task=task)


NURSING = waiting(RecordType.FEEDING, kind="breast_milk", method="both_breasts", duration_min=10.0, start=NOW)
NIGHT = waiting(RecordType.SLEEP, start=NOW - timedelta(hours=20), end=NOW - timedelta(hours=13), nap=False)
FEED = waiting(RecordType.FEEDING, kind="breast_milk", amount_ml=120.0, start=NOW)


def test_a_bottle_of_4_oz_at_3_is_no_answer_to_a_nursing_read_back() -> None:
    assert not answers_task(said(NURSING, amount_ml=118.3, start=NOW.replace(hour=15)), NURSING)


def test_a_new_start_and_end_answer_a_night_read_back_and_so_do_its_wakings() -> None:
    assert answers_task(said(NIGHT, start=NOW - timedelta(hours=19), end=NOW - timedelta(hours=12)), NIGHT)
    assert answers_task(said(NIGHT, night_wakings=1), NIGHT)


def test_a_whole_new_feed_with_time_kind_and_amount_is_a_new_fact_even_of_the_same_type() -> None:
    assert not answers_task(said(FEED, start=NOW - timedelta(hours=4), kind="formula", amount_ml=80.0), FEED)


def test_a_bare_new_amount_still_answers_a_feed_read_back() -> None:
    assert answers_task(said(FEED, amount_ml=130.0), FEED)


def denied(chat: ChatKind = ChatKind.GROUP, addressed: bool = False, cues=("negation",), **slots) -> Turn:
    e = Extraction(intent=Intent.RECORD, record_type=RecordType.FEEDING, slots=Slots(**slots),
                   unaccounted=["yesterday", "wouldn't"], cues=list(cues))
    return Turn(member=MOM, extraction=e, now=NOW, babies=BABY, chat_kind=chat, addressed=addressed)


def test_an_unused_negation_with_no_value_in_the_group_gets_no_reply_and_no_task() -> None:
    d = decide_turn(denied(method="bottle"))
    assert d.reply is None and d.effects == ()


def test_the_same_said_to_the_bot_or_in_private_is_asked_about() -> None:
    assert decide_turn(denied(addressed=True, method="bottle")).reply.kind is ReplyKind.ASK
    assert decide_turn(denied(chat=ChatKind.PRIVATE, method="bottle")).reply.kind is ReplyKind.ASK


def test_a_value_or_a_fact_read_in_part_without_a_negation_is_still_asked_about() -> None:
    assert decide_turn(denied(amount_ml=90.0)).reply is not None
    assert decide_turn(denied(cues=(), method="bottle")).reply is not None


def temp(record_id: int, hour: int, celsius: float) -> RecordView:
    at = NOW.replace(hour=hour)
    return RecordView(record_id, RecordType.HEALTH, 7, {"kind": "temperature", "temperature_c": celsius, "time": at},
                      created_at=at)


def test_the_highest_temperature_is_the_highest_of_those_given_not_the_last() -> None:
    found = highest_temperature([temp(1, 9, 37.6), temp(2, 13, 38.5), temp(3, 15, 38.1)], NOW)
    assert found["last"].id == 2 and found["count"] == 3


def test_asked_today_it_leaves_out_yesterdays_higher_one() -> None:
    yesterday = replace(temp(4, 20, 39.2), fields={"kind": "temperature", "temperature_c": 39.2,
                                                   "time": NOW - timedelta(hours=20)})
    e = Extraction(intent=Intent.QUERY, query=Query(metric=QueryMetric.TEMPERATURE, detail="highest"))
    d = decide_turn(Turn(member=MOM, extraction=e, now=NOW, babies=BABY, addressed=True,
                         query_records=(yesterday, temp(1, 9, 37.6), temp(2, 13, 38.5))))
    assert d.reply.kind is ReplyKind.ANSWER and "38.5" in str(d.reply.values) and "39.2" not in str(d.reply.values)
