"""English numbers said in words, fractions and unit spellings, as the rules read them (numerals.normalise).

    three and a half ounces → 3.5 ounces      a hundred and forty mls → 140 ml     twenty-five min → 25 min
    seven oh five → 7 05 (a clock time)
    4 and a half oz → 4.5 oz                  3 1/2 oz, 3½ oz → 3.5 oz             an ounce and a half → 1.5 ounce
    half an ounce → 0.5 ounce                 four point five → 4.5                3 fl oz, 3 ozs → 3 oz

What stays a word: "a" and "one" before a noun or on their own (a bottle, one diaper, one of them, this one):
an article, not an amount — "one" is a number only beside a unit, another number or a clock word (one oz,
one thirty, at one); "a couple", "a few" (not sure how many). Two numbers said one after the other stay two
numbers (seven thirty → 7 30): the time reader reads that as a clock time (time/prepare.py), as it reads a
voice-to-text "7 30". Time words (an hour and a half, half an hour) are left to the time reader.
"""
from __future__ import annotations

import re
from collections.abc import Callable

NUMBER_UNITS_EN = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                   "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
                   "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
NUMBER_TENS_EN = {"twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
                  "eighty": 80, "ninety": 90}
_SCALES = {"hundred": 100, "thousand": 1000}
_WORD = "|".join(sorted([*NUMBER_UNITS_EN, *NUMBER_TENS_EN, *_SCALES], key=len, reverse=True))
# a run of number words, with the joins said inside one number (a hundred and forty, twenty-five)
_RUN = re.compile(rf"\b(?:(?:an?|one)[\s-]+(?=(?:hundred|thousand)\b))?(?:{_WORD})"
                  rf"(?:(?:[\s-]+|[\s-]+and[\s-]+)(?:{_WORD}))*\b", re.I)
_FRACTIONS = {"½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3}
_AMOUNT_UNITS = r"oz|ounces?|ml|lbs?|pounds?|kg|kilos?|cups?"
_AFTER_ONE = re.compile(rf"\s*-?\s*(?:{_AMOUNT_UNITS}|g|grams?|hours?|hrs?|minutes?|mins?|seconds?|secs?|days?|weeks?|"
                        r"months?|years?|inch(?:es)?|cm|degrees?|tablets?|pills?|drops?|scoops?|times?|am|pm|"
                        rf"a\.m|p\.m|o'?clock|ish|(?:or|to|-)\s*(?:\d|{_WORD})|and\s+(?:a\s+)?half|point)(?![a-z])",
                        re.I)
_BEFORE_ONE = re.compile(r"(?:\b(?:at|around|about|by|till|until|til|from|since|past|after|before|to|or)|\d\s*-?)\s*$",
                         re.I)
Replacement = tuple[int, int, str]


def spell_out(text: str) -> str:
    """`text` with English numbers in words as digits, fractions as decimals and unit spellings folded."""
    for step in (_unit_spellings, _twice, _number_words, _oh, _fractions, _and_a_half, _halves, _articles,
                 _and_a_half, _point):
        text = _apply(text, step)
    return text


def _apply(text: str, find: Callable[[str], list[Replacement]]) -> str:
    out, pos = [], 0
    for start, end, new in find(text):
        out += [text[pos:start], new]
        pos = end
    return "".join([*out, text[pos:]])


def _format(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:.2f}".rstrip("0").rstrip(".")


# twice / thrice: a count (woke up twice = 2 times); "once" stays a word (once she's up)
_TWICE = re.compile(r"(?<![a-z])(twice|thrice|(?<=woke )once|(?<=woke up )once|(?<=up )once|(?<=waking )once)(?![a-z])",
                    re.I)     # woke once: 1 time (once alone stays a word: once she's up)


def _twice(text: str) -> list[Replacement]:
    counts = {"twice": "2 times", "thrice": "3 times", "once": "1 time"}
    return [(m.start(), m.end(), counts[m.group(1).lower()]) for m in _TWICE.finditer(text)]


# --- unit spellings -------------------------------------------------------------------------------------
_SPELLINGS = ((re.compile(r"(?<![a-z])(?:fl\.?\s*oz\.?|fluid\s+ounces?|ozs)(?![a-z])", re.I), "oz"),
              (re.compile(r"(?<![a-z])(?:mls|millilit(?:er|re)s?|mils)(?![a-z])", re.I), "ml"))
_BODY_F = r"(?:9\d|10\d|11[0-5])(?:\.\d+)?"          # a baby's temperature in °F
_DEGREES = ((re.compile(rf"华氏\s*(?P<n>\d+(?:\.\d+)?)\s*度?|(?<![\d.])(?P<f>{_BODY_F})\s*(?:°\s*)?(?:degrees?\s+|deg\s+)?"
                        r"(?:f|fahrenheit)(?![a-z])", re.I), "℉"),
            (re.compile(r"摄氏\s*(?P<n>\d+(?:\.\d+)?)\s*度?|(?<![\d.])(?P<f>[34]\d(?:\.\d+)?)\s*(?:degrees?|deg)\s+"
                        r"(?:c|celsius)(?![a-z])", re.I), "℃"))


def _unit_spellings(text: str) -> list[Replacement]:
    """fl oz, ozs → oz; mls → ml; 华氏100.4度, 100.4 F, 101 degrees F → 100.4℉; 摄氏38度 → 38℃."""
    found = [(m.start(), m.end(), unit) for pattern, unit in _SPELLINGS for m in pattern.finditer(text)]
    found += [(m.start(), m.end(), (m.group("n") or m.group("f")) + unit) for pattern, unit in _DEGREES
              for m in pattern.finditer(text)]
    return sorted(found)


# --- number words ---------------------------------------------------------------------------------------
_TOKEN = re.compile(rf"(?:{_WORD}|an?)\b", re.I)


def _number_words(text: str) -> list[Replacement]:
    found: list[Replacement] = []
    for run in _RUN.finditer(text):
        numbers = _numbers(text, run)
        for i, (start, end, value, words) in enumerate(numbers):
            if words == ["one"] and len(numbers) == 1 and not _one_is_a_number(text, start, end):
                continue                 # one of them, one diaper, this one: an article or a pronoun
            found.append((start, end, _minutes(value) if _after_an_hour(text, numbers, i) else str(value)))
    return found


def _after_an_hour(text: str, numbers: list[tuple[int, int, int, list[str]]], i: int) -> bool:
    """eleven five: the minutes of a clock time (11 05), as the time reader reads two numbers said together."""
    if i == 0 or text[numbers[i - 1][1]:numbers[i][0]] != " " or numbers[i - 1][2] >= 24:
        return False
    return not _AFTER_ONE.match(text, numbers[i][1])


def _minutes(value: int) -> str:
    return f"{value:02d}" if value < 10 else str(value)


def _numbers(text: str, run: re.Match[str]) -> list[tuple[int, int, int, list[str]]]:
    """The numbers a run of number words says, each with its span (seven thirty → 7, 30; a hundred and
    forty → 140; four and five → 4, 5)."""
    numbers: list[tuple[int, int, int, list[str]]] = []
    start = end = total = current = 0
    last: str | None = None              # the kind of the word before: unit, teen, tens, scale
    words: list[str] = []
    for m in _TOKEN.finditer(text, run.start(), run.end()):
        word = "one" if m.group(0).lower() in ("a", "an") else m.group(0).lower()
        kind, value = _kind(word)
        joined_by_and = "and" in text[end:m.start()].lower()
        if last is not None and _starts_a_new_number(last, kind, value, joined_by_and):
            numbers.append((start, end, total + current, words))
            total, current, last, words = 0, 0, None, []
        if last is None:
            start = m.start()
        if kind == "scale" and value == 1000:
            total, current = total + max(current, 1) * 1000, 0
        elif kind == "scale":
            current = max(current, 1) * 100
        else:
            current += value
        last, end = kind, m.end()
        words.append(word)
    numbers.append((start, end, total + current, words))
    return numbers


def _kind(word: str) -> tuple[str, int]:
    if word in _SCALES:
        return "scale", _SCALES[word]
    if word in NUMBER_TENS_EN:
        return "tens", NUMBER_TENS_EN[word]
    return ("teen" if NUMBER_UNITS_EN[word] >= 10 else "unit"), NUMBER_UNITS_EN[word]


def _starts_a_new_number(last: str, kind: str, value: int, joined_by_and: bool) -> bool:
    """seven thirty, one twenty, four and five: two numbers; twenty-five, a hundred and forty: one."""
    if kind == "scale":
        return joined_by_and
    if last == "scale":
        return False
    return not (last == "tens" and kind == "unit" and value > 0)      # twenty-five, twenty and four


def _one_is_a_number(text: str, start: int, end: int) -> bool:
    """one oz, one and a half, one or two, at one — or "one" said alone (an answer)."""
    alone = not re.search(r"[^\W\d_]", text[:start] + text[end:])
    return alone or bool(_AFTER_ONE.match(text, end) or _BEFORE_ONE.search(text[:start]))


# --- "an ounce", "half an ounce", fractions, "and a half", "point five" ------------------------------------
_ARTICLE = re.compile(rf"\b(?:an?|one)\s+(?=(?:{_AMOUNT_UNITS})\b)", re.I)
_HALF = re.compile(rf"\b(?:half\s+(?:an?\s+)?|an?\s+half\s+)(?=(?:{_AMOUNT_UNITS})\b)", re.I)
_FRACTION = re.compile(r"(?<![\d./])(?:(?P<whole>\d+)(?:\s+|\s*-\s*|(?=[½¼¾⅓⅔])))?"
                       r"(?:(?P<glyph>[½¼¾⅓⅔])|(?P<num>[1-3])\s*/\s*(?P<den>[234])(?![\d/]))")
_AND_A_HALF = re.compile(rf"(?<![\d.])(?P<n>\d+(?:\.\d+)?)(?P<unit>\s*(?:{_AMOUNT_UNITS}))?\s+and\s+(?:a|one)\s+half\b",
                         re.I)
_POINT = re.compile(r"(?<![\d.])(?P<n>\d+)\s+point\s+(?P<d>\d+)\b", re.I)
_UNIT_AFTER = re.compile(rf"\s*(?:{_AMOUNT_UNITS})(?![a-z])", re.I)


def _articles(text: str) -> list[Replacement]:
    """an ounce, a pound, one oz: 1 of that unit."""
    return [(m.start(), m.end(), "1 ") for m in _ARTICLE.finditer(text)]


def _halves(text: str) -> list[Replacement]:
    """half an ounce, a half oz: 0.5 (half a bottle says no amount and stays as said)."""
    return [(m.start(), m.end(), "0.5 ") for m in _HALF.finditer(text)]


def _fractions(text: str) -> list[Replacement]:
    """3 1/2, 3½, ½: decimals. A lone 1/2 is a fraction only before a unit (1/2 alone may be a date)."""
    found = []
    for m in _FRACTION.finditer(text):
        part = _FRACTIONS[m.group("glyph")] if m.group("glyph") else int(m.group("num")) / int(m.group("den"))
        if part >= 1 or not (m.group("whole") or m.group("glyph") or _UNIT_AFTER.match(text, m.end())):
            continue
        found.append((m.start(), m.end(), _format(int(m.group("whole") or 0) + part)))
    return found


def _and_a_half(text: str) -> list[Replacement]:
    """4 and a half oz, an ounce and a half (1 oz and a half): 4.5, 1.5 — in a unit of amount or alone."""
    found = []
    for m in _AND_A_HALF.finditer(text):
        if m.group("unit") is None and re.match(r"\s*(?:hours?|hrs?|minutes?|mins?)\b", text[m.end():], re.I):
            continue                    # 2 and a half hours: the time reader's
        found.append((m.start(), m.end(), _format(float(m.group("n")) + 0.5) + (m.group("unit") or "")))
    return found


_OH = re.compile(r"(?<![\d.:])(?P<h>1?\d|2[0-3])\s+(?:oh|o)\s+(?P<m>[1-9])(?![\d.:])", re.I)


def _oh(text: str) -> list[Replacement]:
    """seven oh five → 7 05: the minutes of a clock time."""
    return [(m.start(), m.end(), f"{m.group('h')} 0{m.group('m')}") for m in _OH.finditer(text)]


def _point(text: str) -> list[Replacement]:
    return [(m.start(), m.end(), f"{m.group('n')}.{m.group('d')}") for m in _POINT.finditer(text)]
