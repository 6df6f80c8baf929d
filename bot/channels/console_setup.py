"""The terminal chat's set-up: the demo family, or the questions, answered as people answer them —
`女` / `女孩` / `girl` / `男` / `boy`, a birthday with or without its year (`2026-03-01`, `3月1日`, `March 1`),
the units as a number or a word, Enter to leave a question for later. An answer that cannot be read is asked
again, never dropped."""
from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import TypeVar

from bot.channels.terminal import read_line
from bot.protocol import DEFAULT_BABY_NAME, FamilySetup, MemberSetup
from domain.birthdays import MONTHS, birthday
from domain.replies.catalog import text
from domain.units import UNIT_CHOICES, US_CUSTOMARY, display_units
from domain.vocabulary import ChatKind, Language

T = TypeVar("T")

FEMALE = ("1", "女", "女孩", "女孩子", "女宝", "女宝宝", "闺女", "girl", "female", "f", "g", "she", "daughter")
MALE = ("2", "男", "男孩", "男孩子", "男宝", "男宝宝", "儿子", "boy", "male", "m", "b", "he", "son")
METRIC = {"1": {}, "metric": {}, "公制": {}, "ml": {}, "kg": {}, "公斤": {}, "毫升": {}}
JIN = {"2": {"weight": "jin"}, "斤": {"weight": "jin"}, "jin": {"weight": "jin"}, "用斤": {"weight": "jin"}}
US = {"3": dict(vars(US_CUSTOMARY)), "us": dict(vars(US_CUSTOMARY)), "oz": dict(vars(US_CUSTOMARY)),
      "lb": dict(vars(US_CUSTOMARY)), "imperial": dict(vars(US_CUSTOMARY)), "美制": dict(vars(US_CUSTOMARY)),
      "英制": dict(vars(US_CUSTOMARY)), "us units": dict(vars(US_CUSTOMARY))}
UNITS = {**METRIC, **JIN, **US}

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
        born = birthday(year, month, day, today)
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


PLATFORM = "console"
DEMO_ROLES = (("mom", "demo.parent", "parent"), ("grandma", "demo.caregiver", "caregiver"),
              ("friend", "demo.friend", "friend"))


def demo_members(lang: Language) -> tuple[MemberSetup, ...]:
    return tuple(MemberSetup(user, text(lang, key), text(lang, key), role) for user, key, role in DEMO_ROLES)


def demo_setup(chat_id: str, lang: Language) -> FamilySetup:
    """The demo family (a parent, a caregiver, a friend), in the terminal's language, zone and units."""
    return FamilySetup(PLATFORM, chat_id, ChatKind.GROUP, language=lang.value,
                       timezone=text(lang, "demo.timezone"), babies=({"name": text(lang, "demo.baby")},),
                       members=demo_members(lang), units=units_of(text(lang, "demo.units")) or {})


def asked_setup(chat_id: str, lang: Language, today: date, notice: Callable[..., str]) -> FamilySetup:
    """The set-up's questions (`notice` words them), answered as people answer (女孩, 3月1日, Enter to skip),
    asked again when an answer cannot be read."""
    def ask(key: str, parse: Callable[[str], T | None]) -> T | None:
        return ask_until_read(read_line, notice(key) + " ", parse, lambda said: notice("console.ask_again", said=said))

    baby = (read_line(notice("console.ask_baby") + " ") or "").strip() or DEFAULT_BABY_NAME
    profile: dict[str, object] = {"name": baby}
    if (born := ask("console.ask_birth", lambda said: birth_date_of(said, today))) is not None:
        profile["birth_date"] = born
    if (sex := ask("console.ask_sex", sex_of)) is not None:
        profile["sex"] = sex
    title = (read_line(notice("console.ask_title") + " ") or "").strip() or text(lang, "console.default_title")
    units = ask("console.ask_units", units_of) or {}
    chosen = {q: u for q, u in vars(display_units(units)).items() if q in UNIT_CHOICES}  # each chosen for good
    return FamilySetup(PLATFORM, chat_id, ChatKind.GROUP, language=lang.value, babies=(profile,),
                       members=(MemberSetup("me", title, title, "parent"),), units=chosen)
