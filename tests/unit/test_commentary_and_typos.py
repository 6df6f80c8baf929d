"""How it went, said beside a fact, is no word to account for — unless it says something a record could hold,
or is a typo of a record word."""
from datetime import datetime
from zoneinfo import ZoneInfo

from hypothesis import given
from hypothesis import strategies as st

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from bot.understanding.spans import _one_edit, near_a_record_word
from tests.unit.edit_distance import osa_distance

NOW = datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai"))


def test_a_comment_after_the_fact_leaves_nothing_unaccounted() -> None:
    for text in ("she just finished 4 oz of formula, burped like a trucker", "喝了120ml奶粉 喝得可快了",
                 "用奶瓶喂了80毫升母乳 老婆放心", "pumped 5 oz, mama cow reporting lol"):
        assert read(text).unaccounted == [], text


def test_a_comment_clause_that_denies_asks_or_names_another_baby_is_still_accounted_for() -> None:
    assert read("喝了120ml奶粉 没喝完").unaccounted or read("喝了120ml奶粉 没喝完").intent.value != "record"
    assert read("she had 4 oz of formula, gren").unaccounted == ["gren"]     # green or gran: asked


def test_a_body_part_seen_red_beside_a_diaper_is_never_dropped_as_a_comment() -> None:
    reading = read("刚尿了 换的时候看屁屁有点红")
    assert reading.unaccounted or any(f.record_type.value == "health" for f in reading.facts())


def test_typos_of_record_words_are_near_and_other_words_are_not() -> None:
    assert all(near_a_record_word(w) for w in ("formla", "grern", "diapr", "botle"))
    assert not any(near_a_record_word(w) for w in ("trucker", "outfit", "fridge", "pizza", "lol", "ok"))


@given(st.text("abcde", min_size=0, max_size=7), st.text("abcde", min_size=0, max_size=7))
def test_one_edit_is_exactly_distance_one(a: str, b: str) -> None:
    assert _one_edit(a, b) == (osa_distance(a, b) == 1)
