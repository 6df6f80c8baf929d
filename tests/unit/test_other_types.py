"""Diaper, growth, health, pumping, tummy time and notes: what the rules propose, how records read."""
from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from bot.understanding.numerals import normalise
from bot.understanding.readers.other_records import detect_other_type, other_slots
from bot.understanding.timeparse import read_times
from domain.extraction import Slots
from domain.records import missing_fields, problems
from domain.replies.asks import ask_text
from domain.replies.describe import describe
from domain.vocabulary import Language, RecordType

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 20, 15, tzinfo=TZ)


def read(text: str, record_type: RecordType | None = None) -> tuple[RecordType | None, dict]:
    body = normalise(text)
    found = detect_other_type(body)
    kind = record_type or found
    slots = other_slots(kind, body, read_times(body, NOW), NOW) if kind else Slots()
    return found, slots.given()


def test_wet_solid_and_colour_of_a_diaper():
    assert read("尿了") == (RecordType.DIAPER, {"wet": True})
    assert read("拉了，黄色的") == (RecordType.DIAPER, {"solid": True, "color": "yellow"})
    assert read("又尿又拉，绿色")[1] == {"wet": True, "solid": True, "color": "green"}
    assert read("只尿了，没拉")[1] == {"wet": True, "solid": False}
    assert read("dirty diaper, green poop")[1] == {"solid": True, "color": "green"}


def test_a_changed_diaper_alone_asks_wet_or_solid():
    found, slots = read("换了尿不湿")
    assert found is RecordType.DIAPER and slots == {}
    assert missing_fields(RecordType.DIAPER, {"time": NOW}) == ["wet"]
    assert "尿了还是拉了" in ask_text(RecordType.DIAPER, ["wet"], {}, Language.ZH)
    assert read("都有", RecordType.DIAPER)[1] == {"wet": True, "solid": True}


def test_jin_and_liang_become_kilograms():
    assert read("体重6斤半")[1]["weight_kg"] == 3.25
    assert read("称了体重十二斤三两")[1]["weight_kg"] == 6.15
    assert read("体重3200克")[1]["weight_kg"] == 3.2


def test_pounds_ounces_and_inches_are_converted():
    assert read("she weighs 14 lb 3 oz")[1]["weight_kg"] == 6.435
    assert read("length 24 inches, head 40 cm")[1] == {"time": NOW, "height_cm": 61.0, "head_cm": 40.0}


def test_three_measures_in_one_message_each_find_their_field():
    found, slots = read("体重6.5kg，身长62cm，头围40cm")
    assert found is RecordType.GROWTH
    assert (slots["weight_kg"], slots["height_cm"], slots["head_cm"]) == (6.5, 62.0, 40.0)
    assert read("62 cm long, 40 cm head")[1]["head_cm"] == 40.0


def test_a_weight_gain_is_not_a_measurement():
    assert read("宝宝体重长了2斤")[0] is None


def test_temperatures_in_celsius_fahrenheit_and_spoken_form():
    assert read("体温38.5")[1]["temperature_c"] == 38.5
    assert read("三十七度五")[1]["temperature_c"] == 37.5
    assert read("temp 101F")[1]["temperature_c"] == 38.33
    assert read("发烧38度")[1]["kind"] == "temperature"


def test_milk_temperature_is_not_the_babys():
    assert read("奶温40度")[0] is None


def test_medication_with_dose_unit_and_next_dose():
    found, slots = read("刚刚喂了美林2.5ml，每6小时")
    assert found is RecordType.HEALTH
    assert slots == {"time": NOW, "kind": "medication", "medication": "美林", "dose": 2.5,
                     "dose_unit": "ml", "next_dose_after_h": 6.0}
    assert read("维生素D 1粒")[1]["dose_unit"] == "tablets"
    assert read("益生菌5滴")[1]["dose_unit"] == "drops"
    assert read("泰诺林3ml，6小时后再吃")[1]["next_dose_after_h"] == 6.0


def test_medicine_spit_up_and_pumping_are_not_feeds():
    assert read("吃了美林")[0] is RecordType.HEALTH
    assert read("喝完奶吐奶了")[1]["symptom"] == "吐奶"
    assert read("吸奶左边60ml右边50ml") == (RecordType.PUMPING, {"amount_ml": 110.0, "side": "both"})
    assert read("刚吸完奶")[0] is RecordType.PUMPING
    assert read("挤出来的奶喝了60ml")[0] is None


def test_symptoms_vaccines_and_doctor_visits():
    assert read("拉肚子")[1]["symptom"] == "腹泻"
    assert read("she has a rash")[1]["symptom"] == "rash"
    assert read("上午10点打了乙肝疫苗第二针")[1]["vaccine"] == "乙肝疫苗第2针"
    assert read("下午去医院看医生了")[1]["kind"] == "doctor_visit"


def test_an_event_on_another_day_without_a_time_is_asked_about():
    assert "time" not in read("昨天打了疫苗")[1]


def test_a_question_is_not_a_record():
    assert read("宝宝发烧了怎么办？")[0] is None


def test_tummy_time_from_a_length_a_clock_time_and_a_milestone():
    assert read("趴了十分钟")[1] == {"start": NOW - timedelta(minutes=10), "end": NOW, "duration_min": 10.0}
    slots = read("下午3点趴了15分钟，会抬头了")[1]
    assert (slots["start"].hour, slots["end"].minute, slots["milestone"]) == (15, 15, "抬头")
    assert read("趴着睡着了")[0] is None


def test_notes_in_chinese_and_english():
    assert read("note: she loves the bath") == (RecordType.NOTE, {"text": "she loves the bath"})


def test_a_dose_is_judged_in_its_own_unit():
    def codes(fields: dict) -> list[str]:
        return [p.code for p in problems(RecordType.HEALTH, {"time": NOW, **fields}, NOW)]
    assert codes({"dose": 120, "dose_unit": "mg"}) == []
    assert codes({"dose": 600, "dose_unit": "mg"}) == ["implausible"]
    assert codes({"dose": 200, "dose_unit": "ml"}) == ["absurd"]


def test_records_read_in_chinese_and_english():
    med = {"time": NOW, "kind": "medication", "medication": "美林", "dose": 2.5, "dose_unit": "ml",
           "next_dose_after_h": 6}
    assert describe("health", med, NOW, Language.ZH) == "用药 美林 2.5ml（6小时后可再用） @ 20:15"
    temp = {"time": NOW, "kind": "temperature", "temperature_c": 38.3}
    assert describe("health", temp, NOW, Language.EN) == "temperature 38.3°C (100.9°F) @ 20:15"
    diaper = {"time": NOW, "wet": True, "solid": True, "color": "green"}
    assert describe("diaper", diaper, NOW, Language.ZH) == "尿布：尿+便便（绿色） @ 20:15"
    growth = {"time": NOW, "weight_kg": 6.15, "head_cm": 40}
    assert describe("growth", growth, NOW, Language.EN) == "weight 6.15 kg, head 40 cm @ 20:15"
    pump = {"start": NOW, "amount_ml": 110, "side": "both"}
    assert describe("pumping", pump, NOW, Language.ZH) == "吸奶 两边 110ml @ 20:15"
