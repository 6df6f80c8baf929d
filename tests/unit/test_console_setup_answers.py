"""The terminal chat's set-up answers, read as people give them."""
from __future__ import annotations

from datetime import date

from bot.channels.console_setup import ask_until_read, birth_date_of, sex_of, units_of
from domain.units import US_CUSTOMARY

TODAY = date(2026, 5, 4)


def test_a_girl_or_a_boy_is_read_from_the_words_people_use_in_either_language():
    assert [sex_of(w) for w in ("女", "女孩", "女孩子吧", "girl", "Girl.", "1")] == ["female"] * 6
    assert [sex_of(w) for w in ("男", "男孩", "boy", "2", "男宝宝")] == ["male"] * 5
    assert sex_of("还不知道") is None and sex_of("maybe") is None


def test_a_birthday_is_read_with_or_without_its_year_and_never_in_the_future():
    assert birth_date_of("2026-03-01", TODAY) == date(2026, 3, 1)
    assert birth_date_of("2026年3月1日", TODAY) == date(2026, 3, 1)
    assert birth_date_of("3月1日", TODAY) == date(2026, 3, 1)
    assert birth_date_of("March 1", TODAY) == date(2026, 3, 1)
    assert birth_date_of("1st march 2026", TODAY) == date(2026, 3, 1)
    assert birth_date_of("12月20号", TODAY) == date(2025, 12, 20)        # without a year: the last one passed
    assert birth_date_of("2026-06-01", TODAY) is None                     # a day to come
    assert birth_date_of("2月30日", TODAY) is None and birth_date_of("明年", TODAY) is None


def test_units_are_a_number_or_a_word():
    assert units_of("") is None and units_of("lots") is None
    assert units_of("1") == {} and units_of("公制") == {}
    assert units_of("斤") == {"weight": "jin"}
    assert units_of("US") == dict(vars(US_CUSTOMARY)) == units_of("3")


def test_an_answer_that_cannot_be_read_is_asked_again_and_enter_leaves_it_for_later(capsys):
    answers = iter(["next year", "3月1日"])
    assert ask_until_read(lambda _: next(answers), "?", lambda s: birth_date_of(s, TODAY),
                          lambda said: f"again: {said}") == date(2026, 3, 1)
    assert capsys.readouterr().out == "again: next year\n"
    assert ask_until_read(lambda _: "", "?", sex_of, str) is None
    assert ask_until_read(lambda _: None, "?", sex_of, str) is None
