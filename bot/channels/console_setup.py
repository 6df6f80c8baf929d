"""The terminal chat's set-up questions, answered as people answer them: `女` / `女孩` / `girl` / `男` / `boy`,
a birthday with or without its year (`2026-03-01`, `3月1日`, `March 1`), the units as a number or a word,
Enter to leave a question for later. An answer that cannot be read is asked again, never dropped."""
from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import TypeVar

from domain.units import US_CUSTOMARY

T = TypeVar("T")

FEMALE = ("1", "女", "女孩", "女孩子", "女宝", "女宝宝", "闺女", "girl", "female", "f", "g", "she", "daughter")
MALE = ("2", "男", "男孩", "男孩子", "男宝", "男宝宝", "儿子", "boy", "male", "m", "b", "he", "son")
METRIC = {"1": {}, "metric": {}, "公制": {}, "ml": {}, "kg": {}, "公斤": {}, "毫升": {}}
JIN = {"2": {"weight": "jin"}, "斤": {"weight": "jin"}, "jin": {"weight": "jin"}, "用斤": {"weight": "jin"}}
US = {"3": dict(vars(US_CUSTOMARY)), "us": dict(vars(US_CUSTOMARY)), "oz": dict(vars(US_CUSTOMARY)),
      "lb": dict(vars(US_CUSTOMARY)), "imperial": dict(vars(US_CUSTOMARY)), "美制": dict(vars(US_CUSTOMARY)),
      "英制": dict(vars(US_CUSTOMARY)), "us units": dict(vars(US_CUSTOMARY))}
UNITS = {**METRIC, **JIN, **US}

MONTHS = {name: number for number, names in enumerate(
    (("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"), ("may",), ("jun", "june"),
     ("jul", "july"), ("aug", "august"), ("sep", "sept", "september"), ("oct", "october"), ("nov", "november"),
     ("dec", "december")), start=1) for name in names}
_FULL = re.compile(r"^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*[日号]?$")
_NO_YEAR = re.compile(r"^(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*[日号]?$")
_MONTH_DAY = re.compile(r"^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s*(\d{4}))?$")
_DAY_MONTH = re.compile(r"^(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([a-z]+)\.?(?:,?\s*(\d{4}))?$")


def sex_of(answer: str) -> str | None:
    """female / male from `女`, `女孩`, `girl`, `1`, …; None when the answer says neither."""
    word = answer.strip().lower().rstrip("。.!！~～吧啊呀哦的")
    return "female" if word in FEMALE else "male" if word in MALE else None


def units_of(answer: str) -> dict[str, str] | None:
    """The display units a set-up answer chooses (`1` / `metric`, `2` / `斤`, `3` / `US` / `oz`), or None."""
    return UNITS.get(answer.strip().lower())


def birth_date_of(answer: str, today: date) -> date | None:
    """A birthday as said: `2026-03-01`, `2026年3月1日`, `3月1日`, `3/1`, `March 1`, `1 March 2026`. Without a year,
    the most recent such day (a baby is born before today). None for what is no day, or a day to come."""
    said = answer.strip().lower()
    year, month, day = _parts(said)
    if month is None:
        return None
    try:
        born = date(year or today.year, month, day)
        if year is None and born > today:
            born = date(today.year - 1, month, day)
    except ValueError:
        return None
    return born if born <= today else None


def _parts(said: str) -> tuple[int | None, int | None, int]:
    if m := _FULL.match(said):
        return int(m.group(1)), int(m.group(2)), int(m.group(3))
    if m := _NO_YEAR.match(said):
        return None, int(m.group(1)), int(m.group(2))
    if (m := _MONTH_DAY.match(said)) and m.group(1) in MONTHS:
        return (int(m.group(3)) if m.group(3) else None), MONTHS[m.group(1)], int(m.group(2))
    if (m := _DAY_MONTH.match(said)) and m.group(2) in MONTHS:
        return (int(m.group(3)) if m.group(3) else None), MONTHS[m.group(2)], int(m.group(1))
    return None, None, 0


def ask_until_read(read: Callable[[str], str | None], question: str, parse: Callable[[str], T | None],
                   again: Callable[[str], str]) -> T | None:
    """Ask until the answer is read; Enter (or the end of input) leaves it for later (None)."""
    while True:
        answer = read(question)
        if answer is None or not answer.strip():
            return None
        value = parse(answer)
        if value is not None:
            return value
        print(again(answer.strip()))
