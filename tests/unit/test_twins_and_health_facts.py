"""Several facts, read by the rules: a message naming each twin gives each its own facts; two health facts in one
message are two facts (a temperature beside a dose, a symptom beside a temperature or a diaper); a dose is never
a feed."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.clauses import babies_named
from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Extraction, Fact, Intent
from domain.vocabulary import RecordType

TZ = ZoneInfo("America/New_York")
NOW = datetime(2026, 5, 4, 15, 10, tzinfo=TZ)
EN_TWINS = ("Ava", "Leo")
ZH_TWINS = ("安安/大宝/哥哥", "乐乐/小宝/弟弟")
OZ = 29.5735


def read(text: str, babies: tuple[str, ...] = ()) -> Extraction:
    return extract(ExtractionRequest(text=text, now=NOW, timezone="America/New_York", babies=babies))


def facts(text: str, babies: tuple[str, ...] = ()) -> list[Fact]:
    return read(text, babies).facts()


def by_baby(found: list[Fact]) -> dict[str | None, list[Fact]]:
    out: dict[str | None, list[Fact]] = {}
    for f in found:
        out.setdefault(f.baby, []).append(f)
    return out


# --- twins -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, amounts", [
    ("Ava had 4oz formula, Leo only 3", {"Ava": 4 * OZ, "Leo": 3 * OZ}),
    ("formula: leo 5 oz, ava just 4.5", {"Leo": 5 * OZ, "Ava": 4.5 * OZ}),
    ("twins just had formula, Ava 4 oz and Leo 3 and a half", {"Ava": 4 * OZ, "Leo": 3.5 * OZ}),
    ("Leo drank 120ml formula and Ava 90", {"Leo": 120, "Ava": 90}),
])
def test_each_twin_named_with_its_own_feed_gives_one_feed_each(text, amounts):
    found = by_baby(facts(text, EN_TWINS))
    assert set(found) == set(amounts)
    for baby, ml in amounts.items():
        (feed,) = found[baby]
        assert feed.record_type is RecordType.FEEDING and feed.slots.kind == "formula"
        assert feed.slots.amount_ml == pytest.approx(ml, abs=0.2)


@pytest.mark.parametrize("text, expected", [
    ("大宝喝了120ml奶粉 小宝喝了100ml奶粉", {"大宝": 120, "小宝": 100}),
    ("安安喝了150ml奶粉，乐乐130ml", {"安安": 150, "乐乐": 130}),
])
def test_zh_twins_each_their_feed(text, expected):
    found = by_baby(facts(text, ZH_TWINS))
    assert {b: [f.slots.amount_ml for f in fs] for b, fs in found.items()} == {b: [v] for b, v in expected.items()}


@pytest.mark.parametrize("text, wet, solid", [
    ("安安拉了 乐乐尿了", ("乐乐",), ("安安",)),
    ("大宝尿了，二宝拉了", ("大宝",), ("二宝",)),
    ("ava wet diaper, leo poopy one", ("Ava",), ("Leo",)),
])
def test_twins_diapers_each_their_own(text, wet, solid):
    found = by_baby(facts(text, ZH_TWINS if "ava" not in text else EN_TWINS))
    assert {b for b, fs in found.items() if any(f.slots.wet for f in fs)} == set(wet)
    assert {b for b, fs in found.items() if any(f.slots.solid for f in fs)} == set(solid)
    assert all(len(fs) == 1 for fs in found.values())


@pytest.mark.parametrize("text, baby", [
    ("大宝拉了 小宝还没拉", "大宝"),
    ("乐乐睡着了 安安还在那玩", "乐乐"),
    ("安安尿了，乐乐没尿", "安安"),
    ("Leo pooped, Ava hasn't yet", "Leo"),
    ("Leo pooped, Ava fine", "Leo"),
    ("乐乐拉了 安安没事", "乐乐"),
    ("ava is asleep, leo still awake", "Ava"),
    ("Leo's asleep, Ava's still fighting it", "Leo"),
])
def test_the_other_twin_said_to_have_nothing_gets_nothing(text, baby):
    reading = read(text, ZH_TWINS if text[0] in "大乐安" else EN_TWINS)
    found = reading.facts()
    assert [f.baby for f in found] == [baby]
    assert not reading.unread and not reading.unaccounted


def test_still_asleep_is_not_said_to_be_nothing():
    """还没醒 is a fact (still asleep): it is never dropped as 'nothing'."""
    reading = read("大宝醒了 小宝还没醒", ZH_TWINS)
    assert "小宝" in [f.baby for f in reading.facts()] or reading.unread or reading.unaccounted


@pytest.mark.parametrize("text, babies", [
    ("安安和乐乐都拉了", ZH_TWINS),
    ("大宝小宝都尿了", ZH_TWINS),
    ("Ava and Leo both pooped", EN_TWINS),
])
def test_twins_named_together_each_get_the_fact(text, babies):
    found = facts(text, babies)
    assert len(found) == 2 and len({f.baby for f in found}) == 2
    assert all(f.record_type is RecordType.DIAPER for f in found)


@pytest.mark.parametrize("text", ["终于两个都睡着了", "俩都睡着了", "both boys asleep", "both asleep now"])
def test_both_asleep_is_a_sleep_for_every_baby(text):
    reading = read(text, ("Jacob", "Max"))
    assert reading.record_type is RecordType.SLEEP and reading.every_baby and reading.sleep_event is not None
    assert not reading.unaccounted


@pytest.mark.parametrize("text", ["leo poopy diaper 9:10", "LEO wet diaper", "poopy diaper for leo"])
def test_a_twin_named_in_any_case_is_that_twin(text):
    assert read(text, EN_TWINS).baby == "Leo"


def test_a_name_inside_another_word_is_not_the_baby():
    assert babies_named(ExtractionRequest(text="", now=NOW, timezone="UTC", babies=("Max", "Eli")),
                        "maximum 4 oz, relied on it") == []


def test_temperatures_for_each_twin():
    found = by_baby(facts("temps: ava 99.8, leo 100.6", EN_TWINS))
    assert found["Ava"][0].slots.temperature_c == pytest.approx(37.67, abs=0.02)
    assert found["Leo"][0].slots.temperature_c == pytest.approx(38.11, abs=0.02)


@pytest.mark.parametrize("text, baby", [("leo only had 3 not 4", "Leo"), ("ava had 2 not 3", "Ava")])
def test_a_correction_naming_one_twin_reads_its_value(text, baby):
    reading = read(text, EN_TWINS)
    assert reading.intent is Intent.CORRECT and reading.baby == baby
    assert reading.slots.amount_ml is not None and not reading.unaccounted


# --- two health facts ------------------------------------------------------------------------------------

def kinds(found: list[Fact]) -> list[str | None]:
    return sorted(str(f.slots.kind) for f in found if f.record_type is RecordType.HEALTH)


@pytest.mark.parametrize("text, temperature", [
    ("he's burning up, 102.4, gave 1.25 ml tylenol at 11", 39.11),
    ("she's hot, 101.5, gave her motrin 2.5 ml at 2:20", 38.61),
    ("she's burning up 39.4 gave 4ml calpol at 3", 39.4),
    ("38.6，刚喂了布洛芬 5ml", 38.6),
    ("喂了美林2.5ml 38.9", 38.9),
    ("体温38.5 喂了美林", 38.5),
])
def test_a_temperature_and_a_dose_are_two_health_facts(text, temperature):
    found = facts(text)
    assert kinds(found) == ["medication", "temperature"]
    temp = next(f for f in found if f.slots.kind == "temperature")
    med = next(f for f in found if f.slots.kind == "medication")
    assert temp.slots.temperature_c == pytest.approx(temperature, abs=0.02)
    assert med.slots.temperature_c is None
    assert not any(f.record_type is RecordType.FEEDING for f in found)


@pytest.mark.parametrize("text", ["三点喂了美林 2.5ml 烧还没退", "喂了泰诺林 3ml 还在烧", "gave calpol 5ml still hot"])
def test_a_dose_is_never_a_feed(text):
    reading = read(text)
    assert all(f.record_type is RecordType.HEALTH for f in reading.facts()) and reading.facts()
    assert any(f.slots.dose for f in reading.facts())


def test_a_dose_and_a_feed_stay_both():
    found = facts("美林 2.5ml，宝宝喝了90ml配方奶")
    assert sorted(f.record_type.value for f in found) == ["feeding", "health"]
    assert next(f for f in found if f.record_type is RecordType.FEEDING).slots.amount_ml == 90
    assert next(f for f in found if f.record_type is RecordType.HEALTH).slots.dose == 2.5


@pytest.mark.parametrize("text, symptom", [
    ("38.1 and she keeps pulling at her left ear", "ear pulling"),
    ("37.9, tugging at his ear all evening", "ear pulling"),
    ("38.2 还咳嗽", "咳嗽"),
])
def test_a_temperature_and_a_symptom_are_two(text, symptom):
    found = facts(text)
    assert kinds(found) == ["symptom", "temperature"]
    assert next(f for f in found if f.slots.kind == "symptom").slots.symptom == symptom


def test_a_fever_with_its_temperature_stays_one():
    assert kinds(facts("发烧38.5")) == ["temperature"]


@pytest.mark.parametrize("text", ["刚尿了 换的时候看屁屁有点红", "尿了，屁股有点红", "wet diaper, bit of diaper rash"])
def test_a_diaper_and_a_red_bottom_are_two(text):
    found = facts(text)
    assert sorted(f.record_type.value for f in found) == ["diaper", "health"]
    assert next(f for f in found if f.record_type is RecordType.HEALTH).slots.kind == "symptom"


@pytest.mark.parametrize("text", ["Ava 4.5 oz, Leo 3.5", "喝了120ml 37.5"])
def test_a_decimal_with_no_health_word_is_no_temperature(text):
    assert not any(f.record_type is RecordType.HEALTH for f in facts(text, EN_TWINS))


# --- a correction naming one twin (domain) -----------------------------------------------------------------

def test_a_correction_naming_one_twin_offers_that_twins_record():
    from domain.decide.decide_turn import decide_turn
    from domain.extraction import RecordReference, Slots
    from domain.turn import BabyView, MemberView, RecordView, SaveTask, Turn
    from domain.vocabulary import Role

    twins = (BabyView(7, "Ava"), BabyView(8, "Leo"))
    at = NOW.replace(hour=15, minute=0)
    records = (RecordView(2, RecordType.FEEDING, 7, {"start": at, "kind": "formula", "amount_ml": 118.29}, at),
               RecordView(1, RecordType.FEEDING, 8, {"start": at, "kind": "formula", "amount_ml": 118.29}, at))
    for baby, target in (("Leo", 1), ("Ava", 2)):
        said = Extraction(intent=Intent.CORRECT, baby=baby, slots=Slots(amount_ml=3), amount_unit_assumed=True,
                          reference=RecordReference(value=4))
        d = decide_turn(Turn(member=MemberView(1, Role.PARENT, "Kate", "Mom"), extraction=said, now=NOW,
                             babies=twins, recent_records=records))
        (task,) = [e.task for e in d.effects if isinstance(e, SaveTask)]
        assert task.target_record_id == target


# --- what a per-baby reading must not do -------------------------------------------------------------------

def test_the_same_again_for_the_other_twin():
    found = by_baby(facts("Ava pooped, Leo too", EN_TWINS))
    assert {b: [f.slots.solid for f in fs] for b, fs in found.items()} == {"Ava": [True], "Leo": [True]}
    found = by_baby(facts("大宝喝了120ml 小宝也是", ZH_TWINS))
    assert {b: [f.slots.amount_ml for f in fs] for b, fs in found.items()} == {"大宝": [120], "小宝": [120]}


def test_a_time_for_the_other_twin_is_no_amount():
    found = by_baby(facts("Ava 4oz at 3pm, Leo at 4", EN_TWINS))
    assert found["Leo"][0].slots.amount_ml is None          # asked, never 4 oz
    found = by_baby(facts("Ava had 4oz, Leo 3 at 5", EN_TWINS))
    assert found["Leo"][0].slots.amount_ml == pytest.approx(3 * OZ, abs=0.2)
    assert found["Leo"][0].slots.start.hour % 12 == 5      # the time said, for Leo


def test_another_babys_possession_is_not_a_fact_of_that_baby():
    reading = read("Leo had Ava's leftover 2oz", EN_TWINS)
    assert [f.baby for f in reading.facts()] == ["Leo"]


def test_both_in_a_twins_part_is_every_baby_and_no_mixed_diaper():
    found = facts("ava had 120ml and leo had 90ml and both pooped", EN_TWINS)
    diaper = [f for f in found if f.record_type is RecordType.DIAPER]
    assert len(diaper) == 1 and diaper[0].every_baby and diaper[0].baby is None
    assert diaper[0].slots.solid and not diaper[0].slots.wet


def test_a_lead_fact_is_said_once():
    found = facts("both pooped, Ava 4oz, Leo 3", EN_TWINS)
    assert sum(f.record_type is RecordType.DIAPER for f in found) == 1


def test_what_is_said_after_the_last_name_of_each_is_each():
    found = by_baby(facts("安安喝的是母乳 乐乐喝的奶粉 都是100", ZH_TWINS))
    assert {b: [(f.slots.kind, f.slots.amount_ml) for f in fs] for b, fs in found.items()} == \
        {"安安": [("breast_milk", 100)], "乐乐": [("formula", 100)]}


def test_a_twins_fever_and_dose_beside_the_other_fine_are_that_twins():
    found = facts("乐乐发烧38.5 喂了美林2.5ml 安安没事", ZH_TWINS)
    assert kinds(found) == ["medication", "temperature"] and {f.baby for f in found} == {"乐乐"}


def test_dabao_xiaobao_without_nicknames_are_the_elder_and_the_younger():
    found = by_baby(facts("大宝拉了 小宝尿了", ("安安", "乐乐")))
    assert {b: [(f.slots.wet, f.slots.solid) for f in fs] for b, fs in found.items()} == \
        {"大宝": [(None, True)], "小宝": [(True, None)]}
    assert read("小宝宝睡着了", ("安安", "乐乐")).baby is None          # the little baby, not 小宝


def test_xiaobao_is_the_youngest_in_the_domain():
    from domain.babies import baby_named
    from domain.turn import BabyView
    babies = (BabyView(8, "乐乐", birth_date=datetime(2026, 3, 2).date()),
              BabyView(7, "安安", birth_date=datetime(2026, 3, 1).date()))
    assert baby_named(babies, "小宝").id == 8 and baby_named(babies, "大宝").id == 7
    assert baby_named(babies[:1], "小宝") is None


def test_another_twins_sleep_does_not_begin_with_this_twins_feed():
    found = by_baby(facts("安安1点喝了120ml奶粉 乐乐睡着了", ZH_TWINS))
    assert found["乐乐"][0].slots.start is None or found["乐乐"][0].slots.start.hour != 13
    found = facts("安安1点喝了120ml奶粉 吃完就睡了", ZH_TWINS)            # her own sleep: after her feed
    assert [f.record_type for f in found] == [RecordType.FEEDING, RecordType.SLEEP]
    assert found[1].slots.start == found[0].slots.start
