"""Numbers and units in a message: where they are, spelled as words, and their units spelled another way
(ml / 毫升 / cc / mls, oz / ounces, 度 / ℃ …). The two number-bearing transformations are built on these."""
from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from bot.devtools.variations.numerals import en_clock, en_number, zh_integer, zh_number

# Each unit's spellings per language; the first recognised spelling decides the unit.
UNIT_SPELLINGS: dict[str, dict[str, tuple[str, ...]]] = {
    "ml": {"zh": ("ml", "毫升", "ML", "cc", "mL"), "en": ("ml", "mL", "mls", "cc", "milliliters", "ML")},
    "oz": {"zh": ("oz", "盎司"), "en": ("oz", "ounces", "ozs", "oz.", "ounce")},
    "g": {"zh": ("g", "克"), "en": ("g", "grams", "gr")},
    "kg": {"zh": ("kg", "公斤", "千克", "KG"), "en": ("kg", "kilos", "kgs", "KG")},
    "jin": {"zh": ("斤",)},
    "lb": {"en": ("lb", "lbs", "pounds", "pound")},
    "cm": {"zh": ("cm", "厘米", "公分", "CM"), "en": ("cm", "centimeters", "cms", "centimetres")},
    "in": {"en": ("in", "inches", "inch")},
    "c": {"zh": ("度", "℃", "°C"), "en": ("C", "°C", "degrees")},
    "f": {"en": ("F", "°F", "degrees")},
    "min": {"zh": ("分钟", "min", "mins"), "en": ("minutes", "min", "mins", "minute")},
    "h": {"zh": ("小时", "个小时", "h"), "en": ("hours", "hrs", "hour")},
}
NUMBER = r"\d+(?:\.\d+)?"
CLOCK = re.compile(r"(?<![\d.:])(\d{1,2}):(\d{2})(?![\d:])")
LONE_NUMBER = re.compile(r"(?<![\d.:])(" + NUMBER + r")(?![\d:]|\.\d)")
ZH_MEASURES = "个次瓶滴粒针泡勺口天点"       # after these (and a clock's 点) 2 is 两
SINGULAR = frozenset({"ounce", "pound", "inch", "minute", "hour"})   # said after 1 only


@dataclass(frozen=True)
class Quantity:
    """A number said with a unit: where it is in the text, its digits, its unit and how the unit is spelled."""

    start: int
    end: int
    number: str
    unit: str
    spelling: str
    space: str


def _spellings(language: str, family: str) -> list[tuple[str, str]]:
    """(spelling, unit) pairs, the longest first; `degrees` is °F in an American family, °C elsewhere."""
    pairs = [(s, unit) for unit, by_language in UNIT_SPELLINGS.items() for s in by_language.get(language, ())
             if not (s == "degrees" and unit != ("f" if family == "en_us" else "c"))]
    return sorted(set(pairs), key=lambda pair: -len(pair[0]))


def quantities(text: str, language: str, family: str = "") -> list[Quantity]:
    """Every number in digits followed by a unit (`90ml`, `4 oz`, `38.5度`), left to right."""
    spelled = "|".join(re.escape(s) for s, _ in _spellings(language, family))
    pattern = re.compile(r"(?<![\d.:])(" + NUMBER + r")(\s?)(" + spelled + r")(?![A-Za-z])")
    units = dict(_spellings(language, family))
    return [Quantity(m.start(), m.end(), m.group(1), units[m.group(3)], m.group(3), m.group(2))
            for m in pattern.finditer(text)]


def respell_units(text: str, language: str, family: str, rng: random.Random, *, spacing: bool = False) -> str:
    """Every unit after a number spelled another way (`90ml` → `90毫升`); `spacing` also adds or drops the
    space between the number and its unit."""
    out, last = [], 0
    for q in quantities(text, language, family):
        others = [s for s in UNIT_SPELLINGS[q.unit][language]
                  if s != q.spelling and (s not in SINGULAR or q.number == "1")] or [q.spelling]
        spelling = rng.choice(others)
        space = (" " if not q.space else "") if spacing else q.space
        if not re.match(r"[A-Za-z°]", spelling):
            space = ""                                  # 90毫升, 38.5度
        elif len(spelling) > 3 and spelling.isalpha():
            space = " "                                 # 4 ounces, 120 milliliters
        out += [text[last:q.start], q.number, space, spelling]
        last = q.end
    out.append(text[last:])
    return "".join(out)


def spell_numbers(text: str, language: str, *, colloquial: bool = False) -> str:
    """Every number in digits said in words: clock times first (2:30 → two thirty / 2点30分), then the rest."""
    words = NUMBER_WORDS[language]
    text = CLOCK.sub(lambda m: words.clock(int(m.group(1)), int(m.group(2))), text)
    if colloquial and words.colloquial is not None:
        text = words.colloquial(text)
    return LONE_NUMBER.sub(lambda m: words.number(m, text, colloquial), text)


def _zh_clock(hour: int, minute: int) -> str:
    said = "半" if minute == 30 else "" if minute == 0 else ("零" if minute < 10 else "") + zh_integer(minute) + "分"
    return zh_integer(hour, liang=True) + "点" + said


def _zh_temperature(text: str) -> str:
    """38.5度 → 三十八度五, as a temperature is said aloud."""
    return re.sub(r"(?<![\d.])(\d+)\.(\d)(度|℃)",
                  lambda m: f"{zh_integer(int(m.group(1)))}度{zh_integer(int(m.group(2)))}", text)


def _zh_number(match: re.Match[str], text: str, colloquial: bool) -> str:
    after = text[match.end():match.end() + 1]
    return zh_number(match.group(1), liang=after in ZH_MEASURES or colloquial, short=colloquial)


def _en_number(match: re.Match[str], text: str, colloquial: bool) -> str:
    point = colloquial or _is_temperature(text, match.end())
    after = text[match.end():match.end() + 1]
    return en_number(match.group(1), paired=colloquial, point=point) + (" " if after.isalpha() else "")


def _is_temperature(text: str, end: int) -> bool:
    return bool(re.match(r"\s?(°|F\b|C\b|degrees)", text[end:])) or "temp" in text.lower()


@dataclass(frozen=True)
class NumberWords:
    clock: Callable[[int, int], str]
    number: Callable[[re.Match[str], str, bool], str]
    colloquial: Callable[[str], str] | None = None


NUMBER_WORDS = {"zh": NumberWords(_zh_clock, _zh_number, _zh_temperature), "en": NumberWords(en_clock, _en_number)}


def digits_of(text: str) -> list[str]:
    """The numbers written in digits, in order (full-width digits count as digits)."""
    return re.findall(NUMBER, text.translate(FULL_WIDTH_DIGITS))


FULL_WIDTH_DIGITS = str.maketrans("０１２３４５６７８９．", "0123456789.")
