"""今天睡了多久 answers what the summary, the charts and the page say: the night that ended that morning, whole,
and the day's own naps — never the night cut at midnight."""
from datetime import datetime
from zoneinfo import ZoneInfo

from domain.queries.totals import day_totals
from domain.turn import RecordView
from domain.vocabulary import RecordType

TZ = ZoneInfo("Asia/Shanghai")


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 5, day, hour, minute, tzinfo=TZ)


def sleep(n: int, start: datetime, end: datetime | None, nap: bool | None) -> RecordView:
    return RecordView(n, RecordType.SLEEP, 7, {"start": start, "end": end, "nap": nap}, start)


NIGHT = sleep(1, at(3, 20, 30), at(4, 6), False)
MORNING_NAP = sleep(2, at(4, 9), at(4, 10, 30), True)
AFTERNOON_NAP = sleep(3, at(4, 13), at(4, 14), None)         # unsaid: a nap by the clock
TONIGHT = sleep(4, at(4, 19, 45), None, None)


def test_a_days_sleep_is_the_night_that_ended_that_morning_whole_and_the_days_naps() -> None:
    totals = day_totals([NIGHT, MORNING_NAP, AFTERNOON_NAP], at(4, 4).date(), at(4, 17))
    assert (totals["total_min"], totals["count"], totals["naps"]) == (12 * 60, 3, 2)


def test_tonights_open_sleep_is_not_todays_but_is_said_to_be_going_on() -> None:
    totals = day_totals([NIGHT, AFTERNOON_NAP, TONIGHT], at(4, 4).date(), at(4, 20, 15))
    assert (totals["total_min"], totals["count"], totals["open_since"]) == (9.5 * 60 + 60, 2, at(4, 19, 45))


def test_yesterdays_night_counts_on_the_morning_it_ended_not_on_the_evening_it_began() -> None:
    assert day_totals([NIGHT], at(3, 4).date(), at(4, 17))["total_min"] == 0
