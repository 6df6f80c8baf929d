"""A change read back because of a doubt says why (you said 45 min, this makes it 1 h 15 min)."""
from datetime import datetime
from zoneinfo import ZoneInfo

from domain.replies.render import render
from domain.turn import Reply
from domain.vocabulary import Language, RecordType, ReplyKind

NOW = datetime(2026, 5, 4, 13, 45, tzinfo=ZoneInfo("America/New_York"))
OPEN = {"start": NOW.replace(hour=12, minute=30), "end": None, "nap": True}


def change(doubt: dict) -> Reply:
    return Reply(ReplyKind.CONFIRM, "confirm", {"type": RecordType.SLEEP, "fields": {**OPEN, "end": NOW},
                                                "before": OPEN, "doubt": doubt})


def test_a_change_read_back_for_a_length_said_says_the_length_and_what_it_makes() -> None:
    said = render(change({"length_said": (45.0, 75.0)}), Language.EN, NOW)
    assert "you said 45 min" in said and "1 h 15 min" in said


def test_a_change_with_no_doubt_says_only_what_changes() -> None:
    assert "you said" not in render(change({}), Language.EN, NOW)
