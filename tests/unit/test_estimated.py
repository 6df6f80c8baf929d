"""A value the reading worked out rather than read (the middle of 四五十, a leftover that may be the bottle's) is
read back with what it was worked out from — never written at once."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from domain.decide.decide_turn import decide_turn
from domain.extraction import Extraction, Intent, Slots
from domain.replies.render import render
from domain.tasks import PendingTask
from domain.turn import BabyView, MemberView, Turn
from domain.vocabulary import ConfirmReason, Language, RecordType, ReplyKind, Role

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 14, 40, tzinfo=TZ)
MOM = MemberView(1, Role.PARENT, "妈妈", "妈妈")
BABY = (BabyView(7, "小满"),)


def turn(extraction: Extraction, **kw) -> Turn:
    return Turn(member=MOM, extraction=extraction, now=NOW, babies=BABY, **kw)


def feed(estimated: list[str], **slots) -> Extraction:
    values = {"start": NOW, "kind": "formula", "amount_ml": 45, **slots}
    return Extraction(intent=Intent.RECORD, record_type=RecordType.FEEDING, slots=Slots(**values), estimated=estimated)


@pytest.mark.parametrize("said", ["四五十", "4 or 5 oz", "喝了100 剩了20", "40-50ml"])
def test_a_complete_feed_with_an_estimated_amount_is_read_back_quoting_what_it_came_from(said: str) -> None:
    d = decide_turn(turn(feed([said])))
    assert d.reply.kind is ReplyKind.CONFIRM
    [save] = d.effects
    assert save.task.requires_confirmation_reason is ConfirmReason.UNCERTAIN_READING
    assert f"按“{said}”算的" in render(d.reply, Language.ZH, NOW)
    assert f"worked out from “{said}”" in render(d.reply, Language.EN, NOW)
    assert "45" in render(d.reply, Language.ZH, NOW)


def test_the_same_feed_without_an_estimate_is_written_at_once() -> None:
    assert decide_turn(turn(feed([]))).reply.kind is ReplyKind.RECORDED


def test_an_estimate_that_opens_a_task_is_still_read_back_when_the_task_is_complete() -> None:
    d = decide_turn(turn(feed(["四五十"], kind=None)))
    [save] = d.effects
    assert d.reply.kind is ReplyKind.ASK
    stored = PendingTask(**{**save.task.__dict__, "id": 4})
    d = decide_turn(turn(Extraction(intent=Intent.SUPPLY, slots=Slots(kind="formula")), active_task=stored))
    assert d.reply.kind is ReplyKind.CONFIRM


def test_an_estimated_answer_to_the_amount_question_is_read_back() -> None:
    d = decide_turn(turn(feed([], amount_ml=None)))
    [save] = d.effects
    stored = PendingTask(**{**save.task.__dict__, "id": 4})
    answer = Extraction(intent=Intent.SUPPLY, slots=Slots(amount_ml=45), estimated=["四五十"])
    d = decide_turn(turn(answer, active_task=stored))
    assert d.reply.kind is ReplyKind.CONFIRM and "四五十" in render(d.reply, Language.ZH, NOW)


def test_estimates_are_cleaned_and_bounded_at_the_door() -> None:
    d = decide_turn(turn(feed(["四五十\x00", "   ", "x" * 500])))
    text = render(d.reply, Language.ZH, NOW)
    assert "\x00" not in text and "x" * 201 not in text and d.reply.kind is ReplyKind.CONFIRM
