"""Several facts of one type in one message are several facts: two bottles at two times, each side, two naps,
two diapers, a temperature and then a dose. What one record holds (a growth message's measures, a sleep's
start and end) stays one. Each case is said several ways: the reading must not depend on the wording."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Extraction
from domain.vocabulary import RecordType

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 20, 30, tzinfo=TZ)


def facts(text: str, babies: tuple[str, ...] = ("小满",)) -> list:
    e: Extraction = extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", babies=babies))
    return e.facts()


@pytest.mark.parametrize("text", [
    "早上八点喝了一百二 十一点又喝了九十 都是奶粉",
    "早上8点喝了120ml奶粉，11点又喝了90ml",
    "嗯 早上8点120ml奶粉 然后11点90ml 😅",
    "she had 4oz formula at 8am and 3oz at 11",
    "formula 4 oz at 8am, then 3 oz at 11am lol",
])
def test_two_bottles_at_two_times_are_two_feeds_with_their_own_amount_and_time(text: str) -> None:
    found = facts(text)
    assert [f.record_type for f in found] == [RecordType.FEEDING, RecordType.FEEDING], text
    assert [f.slots.start.hour for f in found] == [8, 11], text
    assert found[0].slots.amount_ml > found[1].slots.amount_ml, text
    assert {f.slots.kind for f in found} == {"formula"}, text       # the kind said once is both feeds'


@pytest.mark.parametrize("text", ["刚喂完 左边十分钟 右边八分钟", "左边10分钟，右边8分钟",
                                  "10 min left then 8 min right"])
def test_each_side_with_its_own_minutes_is_its_own_breast_feed(text: str) -> None:
    found = facts(text)
    assert [(f.slots.method, f.slots.duration_min) for f in found] == [("left_breast", 10), ("right_breast", 8)], text


@pytest.mark.parametrize("text", ["今天白天睡了两觉 十点到十一点 下午两点到三点半",
                                  "naps were 10 to 11 and 2 to 3:30pm"])
def test_two_naps_with_their_own_ranges_are_two_sleeps(text: str) -> None:
    found = facts(text)
    assert [f.record_type for f in found] == [RecordType.SLEEP, RecordType.SLEEP], text
    assert [(f.slots.start.hour, f.slots.end.hour) for f in found] == [(10, 11), (14, 15)], text


@pytest.mark.parametrize("text", ["changed a wet one at 5 and a poopy one at 6:30", "5点尿了，6点半又拉了"])
def test_two_diapers_at_two_times_are_two_diapers(text: str) -> None:
    found = facts(text)
    assert [f.record_type for f in found] == [RecordType.DIAPER, RecordType.DIAPER], text
    assert [f.slots.time.hour for f in found] == [17, 18], text


def test_a_temperature_and_then_a_dose_are_two_health_events() -> None:
    found = facts("又量了下 38.5度了 给她吃了美林 2.5毫升")
    assert [f.slots.kind for f in found] == ["temperature", "medication"]


@pytest.mark.parametrize("text", ["今天体检，体重6.5kg，身长62cm，头围40cm", "length 24 inches, head 40 cm",
                                  "体重3200克，身高0.55米"])
def test_one_growth_message_is_one_record_whatever_it_measures(text: str) -> None:
    assert [f.record_type for f in facts(text)] == [RecordType.GROWTH], text


@pytest.mark.parametrize("text", ["昨晚9点睡的，早上6点醒", "睡了一个半小时，10点醒的", "went down at 7, up at 9"])
def test_a_sleep_said_as_its_start_and_its_end_stays_one_sleep(text: str) -> None:
    assert [f.record_type for f in facts(text)] == [RecordType.SLEEP], text
