"""English numbers in words, fractions and unit spellings become digits before the rules read (numerals.normalise)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.understanding.numerals import normalise
from tests.unit.spoken import spoken


@given(st.integers(min_value=2, max_value=9999), st.sampled_from([" and ", " "]), st.sampled_from(["-", " "]),
       st.sampled_from(["one", "a"]), st.sampled_from(["ml", "oz", "ounces", "mls", "minutes"]))
def test_a_number_said_in_words_before_a_unit_is_that_number(n: int, hundred: str, tens: str, article: str,
                                                              unit: str) -> None:
    said = spoken(n, hundred, tens, article)
    assert normalise(f"she drank {said} {unit}").split()[2] == str(n)


@given(st.integers(min_value=0, max_value=99), st.sampled_from(["oz", "ounces", "ml", ""]),
       st.sampled_from(["", "about ", "like "]))
def test_and_a_half_adds_a_half_whether_the_whole_is_said_in_words_or_digits(n: int, unit: str, lead: str) -> None:
    for whole in (str(n), spoken(n) if n else "zero"):
        text = normalise(f"{lead}{whole} and a half {unit}".strip())
        assert f"{n}.5" in text, (whole, text)


@pytest.mark.parametrize("said, read", [
    ("3 1/2 oz", "3.5 oz"), ("3½ oz", "3.5 oz"), ("3 ½ oz", "3.5 oz"), ("1/2 oz", "0.5 oz"), ("½ oz", "0.5 oz"),
    ("2 1/4 oz", "2.25 oz"), ("4-1/2 oz", "4.5 oz"), ("half an ounce", "0.5 ounce"), ("a half oz", "0.5 oz"),
    ("an ounce and a half", "1.5 ounce"), ("one and a half ounces", "1.5 ounces"), ("four point five oz", "4.5 oz"),
    ("a hundred and forty mls", "140 ml"), ("one hundred twenty ml", "120 ml"), ("twenty-five min", "25 min"),
    ("Twenty Five Minutes", "25 Minutes"), ("3 fl oz", "3 oz"), ("3 fl. oz. formula", "3 oz formula"),
    ("4 ozs", "4 oz"), ("5 fluid ounces", "5 oz"), ("90 millilitres", "90 ml"), ("an ounce", "1 ounce"),
    ("one oz", "1 oz"),
])
def test_fractions_halves_and_unit_spellings(said: str, read: str) -> None:
    assert normalise(said) == read


@pytest.mark.parametrize("said", [
    "a bottle", "one diaper change", "one of them pooped", "this one", "no one was up", "someone changed her",
    "half a bottle", "a couple of ounces", "a few ounces", "one more bottle", "which one", "the one on the left",
    "on 1/2 she had a shot",
])
def test_an_article_a_pronoun_or_an_unsure_amount_stays_a_word(said: str) -> None:
    assert normalise(said) == said


@pytest.mark.parametrize("said, read", [
    ("one", "1"), ("one?", "1?"), ("at one", "at 1"), ("around one pm", "around 1 pm"), ("one or two oz", "1 or 2 oz"),
    ("one thirty", "1 30"), ("one hour", "1 hour"), ("one month old", "1 month old"),
])
def test_one_is_a_number_beside_a_unit_another_number_or_a_clock_word_or_alone(said: str, read: str) -> None:
    assert normalise(said) == read


@pytest.mark.parametrize("said, read", [
    ("seven thirty", "7 30"), ("six fifteen", "6 15"), ("eleven five", "11 05"), ("eight forty-five", "8 45"),
    ("seven oh five", "7 05"), ("7 o 5", "7 05"),
    ("four and five", "4 and 5"), ("twenty and four hours", "24 hours"),
])
def test_two_numbers_said_together_stay_two_numbers_for_the_time_reader(said: str, read: str) -> None:
    assert normalise(said) == read


def test_chinese_numerals_and_english_words_in_one_message() -> None:
    assert normalise("喝了一百二 then three and a half oz") == "喝了120 then 3.5 oz"


@pytest.mark.parametrize("said, read", [
    ("剩了一点", "剩了一点"), ("喝了100 剩了一点", "喝了100 剩了一点"), ("只喝了一点奶", "只喝了一点奶"),
    ("还有一点", "还有一点"), ("凌晨一点喝的", "凌晨1点喝的"), ("睡到一点", "睡到1点"), ("是一点喝的", "是1点喝的"),
    ("一点半喝的", "1点30分喝的"),
])
def test_a_little_is_no_one_oclock(said: str, read: str) -> None:
    assert normalise(said) == read


@pytest.mark.parametrize("said, read", [
    ("三点十分喝了90", "3点10分喝了90"), ("下午一点十分", "下午1点10分"), ("十分可爱", "十分可爱"),
    ("她十分乖", "她十分乖"),
    ("还剩十倒掉了", "还剩10倒掉了"), ("六十加五", "60加5"),
])
def test_ten_past_the_hour_and_a_lone_ten_after_a_leftover_or_a_plus_are_numbers(said: str, read: str) -> None:
    assert normalise(said) == read
