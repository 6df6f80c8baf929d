"""Arithmetic said in words: leftovers, parts, sums and ranges, read by the rules (readers/arithmetic.py) — each
form in many wordings. A sure form is the amount; a range or a form that may mean otherwise is an estimate (the
reading names it in `estimated`, and the domain reads it back); nothing that was said is left unexplained."""
from __future__ import annotations

from datetime import datetime
from itertools import product
from zoneinfo import ZoneInfo

import pytest
from cn2an import an2cn
from hypothesis import given
from hypothesis import strategies as st

from bot.understanding.request import ContextLine, ExtractionRequest, TaskHint
from bot.understanding.rules import extract
from domain.extraction import Intent
from domain.units import OZ_ML
from domain.vocabulary import RecordType
from tests.unit.spoken import spoken

NOW = datetime(2026, 5, 4, 20, 17, tzinfo=ZoneInfo("Asia/Shanghai"))
BOTTLE_TASK = TaskHint("create", "feeding", "pending", {"kind": "formula", "method": "bottle"})


def read(text: str, task: TaskHint | None = None):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", task=task))


def sure(text: str, ml: float, task: TaskHint | None = None) -> None:
    e = read(text, task)
    assert e.record_type is RecordType.FEEDING or task is not None, text
    assert e.slots.amount_ml == pytest.approx(ml, abs=0.2), text
    assert (e.unaccounted, e.estimated) == ([], []), text


def estimate(text: str, ml: float, task: TaskHint | None = None) -> None:
    e = read(text, task)
    assert e.slots.amount_ml == pytest.approx(ml, abs=0.2), text
    assert e.estimated and e.unaccounted == [], text


ZH_MADE = ["冲了", "泡了", "兑了", "冲", "刚冲了", "奶粉冲了"]
ZH_LEFT = ["剩了{}", "还剩{}", "剩下{}", "剩{}", "还剩{}倒掉了", "剩了{}扔了"]
ZH_NUMBERS = [("150", "30", 120), ("一百五", "三十", 120), ("160", "四十", 120), ("一百二十", "20", 100)]
ZH_SEP = [" ", "，", " 她", "～ "]


@pytest.mark.parametrize("made, left, numbers, sep", list(product(ZH_MADE, ZH_LEFT, ZH_NUMBERS, ZH_SEP)))
def test_made_and_left_in_chinese_is_what_she_drank(made, left, numbers, sep) -> None:
    x, y, drank = numbers
    sure(f"{made}{x}{sep}{left.format(y)}", drank)


EN_MADE = ["made {} oz", "made {} ounces", "mixed {} oz", "warmed up {} oz", "made a {} oz bottle", "gave her {} oz"]
EN_LEFT = ["she left {}", "she left {} oz", "{} oz left", "{} left over", "left {} oz"]
EN_NUMBERS = [("5", "1", 4), ("five", "one", 4), ("6", "1.5", 4.5), ("4", "half an", 3.5)]
EN_SEP = [", ", " and ", "... ", " 😩 "]


@pytest.mark.parametrize("made, left, numbers, sep", list(product(EN_MADE, EN_LEFT, EN_NUMBERS, EN_SEP)))
def test_made_and_left_in_english_is_what_she_drank(made, left, numbers, sep) -> None:
    x, y, drank = numbers
    if y == "half an" and "oz" not in left:
        return                       # "she left half an" says no unit: not a wording anyone uses
    said = f"{made.format(x)}{sep}{left.format(y)}".replace("half an oz", "half an ounce")
    sure(said, drank * OZ_ML)


@pytest.mark.parametrize("said, ml", [
    ("冲了一百六只喝了一半", 80), ("冲了160 只喝了一半", 80), ("泡了120 喝了一半", 60),
    ("冲了150，她喝了三分之二", 100),
    ("made 4 oz, she drank half", 2 * OZ_ML), ("made 6 oz and she only had half", 3 * OZ_ML),
    ("made 4 oz, she took about half", 2 * OZ_ML), ("喝了120的一半", 60), ("120的三分之二", 80),
])
def test_a_part_of_what_was_made_is_worked_out(said: str, ml: float) -> None:
    sure(said, ml, BOTTLE_TASK if said.startswith("120") else None)


@pytest.mark.parametrize("said", ["喝了一半", "she drank half", "半瓶奶粉", "喝了半瓶", "half a bottle of formula",
                                  "喝了小半瓶配方奶"])
def test_a_part_of_nothing_said_is_no_amount(said: str) -> None:
    e = read(said)
    assert e.slots.amount_ml is None and e.estimated == [], said


@pytest.mark.parametrize("said, ml", [
    ("六十加五十", 110), ("60加50", 110), ("60+50", 110), ("60 + 50 ml", 110), ("六十加上五十毫升", 110),
    ("2 + 2.5 oz", 4.5 * OZ_ML), ("2 plus 2.5 oz", 4.5 * OZ_ML), ("two plus two and a half oz", 4.5 * OZ_ML),
    ("90 plus 30", 120), ("30+30+30", 90),
])
def test_a_sum_is_the_amount(said: str, ml: float) -> None:
    sure(said, ml, BOTTLE_TASK)
    sure(f"刚喝了{said}" if not said[0].isalpha() else f"she drank {said}", ml)


@pytest.mark.parametrize("said, ml", [
    ("四五十", 45), ("四五十吧", 45), ("大概四五十", 45), ("三四十ml", 35), ("七八十毫升", 75), ("一百二三", 125),
    ("一百二三十", 125), ("四十几", 45), ("4 or 5 oz", 4.5 * OZ_ML), ("four or five ounces", 4.5 * OZ_ML),
    ("4-5oz", 4.5 * OZ_ML), ("40-50ml", 45), ("40到50毫升", 45), ("90 to 120 ml", 105), ("like 4 or 5 oz", 4.5 * OZ_ML),
])
def test_a_range_is_read_back_with_its_middle(said: str, ml: float) -> None:
    estimate(said, ml, BOTTLE_TASK)
    estimate(f"喝了{said}" if not said[0].isalpha() or said[0] in "4" else f"she drank {said}", ml)


@pytest.mark.parametrize("said", ["喝了100 剩了20", "喝了100奶粉，剩了20", "she drank 5 oz, 1 oz left",
                                  "泡了160 喝了120 剩30"])
def test_a_leftover_that_may_be_the_bottles_or_does_not_add_up_is_an_estimate(said: str) -> None:
    e = read(said)
    assert e.estimated and e.unaccounted == [], said


@pytest.mark.parametrize("said, ml", [("十一点半左右喝了100奶粉 没喝完 剩了20", 80), ("喝了100 没喝完 剩20", 80),
                                      ("刚冲了150的奶粉 剩了30没喝完", 120),
                                      ("made 5 oz, 1 oz left, she didn't finish it", 4 * OZ_ML),
                                      ("冲了150 喝了120", 120), ("泡了160 喝了120 剩40", 120),
                                      ("made 5 oz and she drank 4", 4 * OZ_ML)])
def test_a_leftover_said_with_what_makes_it_sure_is_the_amount(said: str, ml: float) -> None:
    sure(said, ml)


@pytest.mark.parametrize("said", [
    "gave her 40 ml, then nursed left 10 min", "fed from 3 to 5", "made 4 oz, left side 10 min",
    "冲了90 左边10分钟", "喝了90 三四十分钟前", "she napped half an hour", "两三个小时前喝了90",
    "gave her 4 oz then nursed on the left one",
])
def test_no_sum_leftover_or_range_is_made_of_times_or_sides(said: str) -> None:
    e = read(said)
    assert e.estimated == [], said
    assert e.slots.amount_ml in (None, 40, 90, pytest.approx(4 * OZ_ML, abs=0.2)), said


@pytest.mark.parametrize("said", ["fed 2 or 3 times", "喂了两三次", "2 or 3 bottles today", "喝了2到3口",
                                  "3 or 4 scoops of formula", "换了3到4次尿布"])
def test_a_range_of_counts_is_no_amount_worked_out(said: str) -> None:
    assert read(said).estimated == [], said


def test_a_couple_of_ounces_is_not_sure_and_is_left_as_said() -> None:
    e = read("a couple of ounces of formula")
    assert e.slots.amount_ml is None and "couple" in e.unaccounted


def test_made_and_left_without_a_feeding_word_is_a_feed() -> None:
    e = read("冲了150 剩了30")
    assert (e.intent, e.record_type, e.slots.amount_ml) == (Intent.RECORD, RecordType.FEEDING, 120)


@given(st.integers(min_value=3, max_value=36).map(lambda n: n * 10), st.integers(min_value=1, max_value=9),
       st.sampled_from(ZH_MADE), st.sampled_from(ZH_LEFT), st.sampled_from(ZH_SEP),
       st.sampled_from(["", "ml", "毫升"]), st.booleans(), st.sampled_from(["", "配方奶", "的奶粉", "奶粉"]))
def test_any_made_and_left_amounts_said_any_way_give_what_she_drank(made: int, tenths: int, verb: str, left: str,
                                                                    sep: str, unit: str, in_words: bool,
                                                                    milk: str) -> None:
    leftover = max(10, made * tenths // 100 * 10)          # tens of ml: 剩三 (3 ml) is said by nobody
    x, y = (an2cn(made), an2cn(leftover)) if in_words else (str(made), str(leftover))
    sure(f"{verb}{x}{unit}{milk}{sep}{left.format(y)}", made - leftover)


@given(st.lists(st.integers(min_value=1, max_value=120), min_size=2, max_size=4),
       st.sampled_from(["加", "+", " + ", "加上", " plus "]), st.sampled_from(["", "ml", " oz"]))
def test_any_sum_of_amounts_is_their_total(terms: list[int], plus: str, unit: str) -> None:
    total = sum(terms) * (OZ_ML if unit == " oz" else 1)
    sure(plus.join(str(t) for t in terms) + unit, total, BOTTLE_TASK)


@given(st.integers(min_value=1, max_value=8), st.sampled_from(["", "吧", "ml", "毫升", "左右"]),
       st.sampled_from(["", "大概", "差不多", "喝了"]))
def test_any_two_neighbouring_tens_are_a_range_read_back_with_their_middle(tens: int, after: str, before: str) -> None:
    digits = "一二三四五六七八九"
    estimate(f"{before}{digits[tens - 1]}{digits[tens]}十{after}", tens * 10 + 5, BOTTLE_TASK)


@given(st.integers(min_value=2, max_value=12), st.integers(min_value=1, max_value=11), st.booleans(),
       st.sampled_from(["made {} oz", "mixed {} ounces", "made a {} oz bottle"]),
       st.sampled_from(["she left {}", "{} oz left", "left {} oz"]))
def test_any_made_and_left_ounces_in_words_or_digits(made: int, left: int, words: bool, said: str, rest: str) -> None:
    if left >= made:
        return
    x, y = (spoken(made), spoken(left)) if words else (str(made), str(left))
    sure(f"{said.format(x)}, {rest.format(y)}", (made - left) * OZ_ML)


@pytest.mark.parametrize("said", ["吃了小半碗米粉", "小半碗米粉", "吃了半碗米糊", "吃了一小碗米粉",
                                  "刚吃了大半碗米糊😋"])
def test_a_portion_of_a_bowl_is_no_amount_in_ml_and_no_number_to_explain(said: str) -> None:
    e = read(said)
    assert e.record_type is RecordType.FEEDING and e.slots.kind == "solid_food", said
    assert (e.slots.amount_ml, e.unaccounted) == (None, []), said


@pytest.mark.parametrize("said", ["不对 应该是130 剩了20", "不对，是130 剩了20", "应该是一百三 还剩二十"])
def test_a_correction_with_a_leftover_and_no_verb_is_an_estimate_of_the_feed_talked_about(said: str) -> None:
    fed = ContextLine(NOW, "1分钟前", "妈妈", "parent", "妈妈", "十一点半左右喝了100奶粉 没喝完 剩了20")
    e = extract(ExtractionRequest(text=said, now=NOW, timezone="Asia/Shanghai", recent=(fed,)))
    assert (e.intent, e.slots.amount_ml) == (Intent.CORRECT, 110) and e.estimated and e.unaccounted == [], said


@pytest.mark.parametrize("said, ml, hour, minute", [
    ("made her a 5oz bottle of formula at 4:30, she left 1oz in it", 4 * OZ_ML, 16, 30),
    ("made 5 oz at 7pm and she left 1 oz", 4 * OZ_ML, 19, 0), ("冲了150 3点喝的 剩了30", 120, 15, 0),
    ("泡了一百六的奶粉 下午三点半喝的 还剩四十倒掉了", 120, 15, 30), ("冲了160 八点喝了一半", 80, 20, 0),
])
def test_a_clock_time_said_inside_a_leftover_is_the_feeds_time_and_the_amount_is_still_worked_out(
        said: str, ml: float, hour: int, minute: int) -> None:
    e = read(said)
    assert e.slots.amount_ml == pytest.approx(ml, abs=0.2) and e.unaccounted == [], said
    assert (e.slots.start.hour, e.slots.start.minute) == (hour, minute), said
