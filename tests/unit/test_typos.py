"""A typing slip is read as the one known word it was meant to be; a real word, a name, or a slip with two
readings is never changed. A WeChat sticker's code is an emoji, not a word."""
from datetime import datetime
from itertools import product
from zoneinfo import ZoneInfo

from hypothesis import given
from hypothesis import strategies as st

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from bot.understanding.typos import _one_slip, corrected, meant_word
from domain.extraction import Intent
from tests.unit.edit_distance import osa_distance

NOW = datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str, babies: tuple[str, ...] = ()):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", babies=babies))


def test_a_slip_no_dictionary_knows_is_read_as_the_one_word_it_is_near() -> None:
    for slip, meant in (("formla", "formula"), ("jsut", "just"), ("diapre", "diaper"), ("pmuped", "pumped"),
                        ("miilk", "milk"), ("tyllenol", "tylenol"), ("weigsh", "weighs"), ("chamge", "change")):
        assert meant_word(slip) == meant, slip


def test_real_words_are_never_changed_however_near_a_record_word() -> None:
    for word in ("pool", "battle", "ditty", "tine", "jut", "grown", "greet", "purse", "went"):
        assert meant_word(word) is None, word


def test_a_slip_with_two_readings_is_left_to_be_asked_about() -> None:
    for slip in ("wke", "napy", "gren", "lft"):        # wee or woke, nap or nappy, green or gran, left or lot
        assert meant_word(slip) is None, slip


def test_a_babys_name_is_no_slip() -> None:
    assert corrected("tilly napped from 1 to 2", ("Tilly",)) == "tilly napped from 1 to 2"
    assert corrected("Tilly napped from 1 to 2") == "Tilly napped from 1 to 2"   # a capital: maybe a name


def test_a_bottle_with_a_slip_in_every_word_it_needs_is_read_whole() -> None:
    reading = read("gave her 4 0z formla at 5:30")
    assert reading.intent is Intent.RECORD and reading.unaccounted == []
    assert reading.slots.kind == "formula" and reading.slots.amount_ml is not None


def test_a_wechat_sticker_code_is_an_emoji_not_a_word() -> None:
    for text in ("[捂脸]刚喝了90ml配方奶", "拉了[偷笑][偷笑]", "[Smile] she had 4 oz formula", "拉了[便便]"):
        reading = read(text)
        assert reading.intent is Intent.RECORD and reading.unaccounted == [], text


@given(st.text("abc", min_size=1, max_size=5))
def test_one_slip_is_every_word_at_distance_one_and_no_other(word: str) -> None:
    slips = _one_slip(word)
    assert all(osa_distance(word, s) == 1 for s in slips)
    every = {"".join(p) for n in range(len(word) - 1, len(word) + 2) for p in product("abc", repeat=n)}
    assert {s for s in every if osa_distance(word, s) == 1} <= slips
