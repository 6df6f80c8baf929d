"""The text as the time grammar reads it: lower case, English number words as digits, am/pm folded.

"Seven thirty p. m." becomes "7:30 pm"; so does "7 30 pm" (voice-to-text, or numbers.normalise's "seven thirty"):
an hour and two-digit minutes side by side, neither followed by a unit, are a clock time. Every character of the prepared text remembers where it came
from, so a span found in it maps back to the message as the family typed it (after numerals.normalise).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from bot.understanding.time.words import TENS_EN, UNITS_EN


@dataclass(frozen=True)
class Prepared:
    text: str
    starts: tuple[int, ...]      # for each character, where it starts in the source
    ends: tuple[int, ...]        # for each character, where it ends in the source

    def source_span(self, start: int, end: int) -> tuple[int, int]:
        if not self.text:
            return 0, 0
        end = max(end, start + 1)
        return self.starts[min(start, len(self.text) - 1)], self.ends[min(end, len(self.text)) - 1]


@lru_cache(maxsize=256)
def prepare(text: str) -> Prepared:
    """The prepared text (immutable, a pure function of `text`: a turn prepares the same text two or three
    times, for its spans, its mentions and its times — the last 256 are kept)."""
    lowered = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
    first = _rewrite(Prepared(lowered, tuple(range(len(text))), tuple(range(1, len(text) + 1))), _number_words)
    return _rewrite(_rewrite(first, _spoken_clocks), _meridiem)


Replacement = tuple[int, int, str]

_UNIT = "|".join(sorted(UNITS_EN, key=len, reverse=True))
_TENS = "|".join(TENS_EN)
_NUMBER_WORD = re.compile(rf"\b(?:(?P<tens>{_TENS})(?:[- ](?P<unit>{_UNIT}))?|(?P<alone>{_UNIT}))\b")
_MEASURE_AFTER = re.compile(r"[- ]?(?:hours?|hrs?|minutes?|mins?|quarters?|ml|oz|ounces?|times|days?|weeks?|months?)\b")
_MERIDIEM = re.compile(r"(?<=\d)\s*(?:(?P<a>[ap])\s*\.\s*m\b\s*\.?|(?P<b>[ap])\s+m\b\s*\.?|\.(?P<c>am|pm)\b)")


def _number_words(text: str) -> list[Replacement]:
    found = [(m.start(), m.end(), _word_value(m)) for m in _NUMBER_WORD.finditer(text)]
    out: list[Replacement] = []
    i = 0
    while i < len(found):
        start, end, value = found[i]
        nxt = found[i + 1] if i + 1 < len(found) else None
        gap = text[end:nxt[0]] if nxt else ""
        if nxt and gap == " and " and value in TENS_EN.values() and nxt[2] < 10:
            out.append((start, nxt[1], str(value + nxt[2])))          # twenty and four = 24
            i += 2
        elif nxt and gap == " " and value < 24 and 0 < nxt[2] < 60 and not _MEASURE_AFTER.match(text, end) \
                and not _MEASURE_AFTER.match(text, nxt[1]):
            out.append((start, nxt[1], f"{value}:{nxt[2]:02d}"))      # seven thirty = 7:30
            i += 2
        else:
            out.append((start, end, str(value)))
            i += 1
    return out


_SPOKEN_CLOCK = re.compile(r"(?<![\d.:/-])(?<![\d.:/-] )(?P<h>[01]?\d|2[0-3]) (?P<m>[0-5]\d)(?![\d.:/])")


def _spoken_clocks(text: str) -> list[Replacement]:
    """7 15 / 3 30: hours and minutes said one after the other (not 7 15 minutes, not 2 45 oz)."""
    return [(m.start(), m.end(), f"{int(m.group('h'))}:{m.group('m')}") for m in _SPOKEN_CLOCK.finditer(text)
            if not _MEASURE_AFTER.match(text, m.end()) and not _UNIT_AFTER.match(text, m.end())]


_UNIT_AFTER = re.compile(r"\s*(?:ml|毫升|毫|cc|oz|ounces?|g\b|grams?|克|kg|公斤|斤|两|lbs?|pounds?|磅|cm|厘米|%|度|°|℃|次|个|分|"
                         r"小时|钟|秒|天|岁|号|月|周|年|mins?\b|h\b|hrs?\b)")


def _word_value(m: re.Match[str]) -> int:
    if m.group("alone"):
        return UNITS_EN[m.group("alone")]
    return TENS_EN[m.group("tens")] + (UNITS_EN[m.group("unit")] if m.group("unit") else 0)


def _meridiem(text: str) -> list[Replacement]:
    return [(m.start(), m.end(), " " + (m.group("a") or m.group("b") or m.group("c")[0]) + "m")
            for m in _MERIDIEM.finditer(text)]


def _rewrite(source: Prepared, find) -> Prepared:
    chars: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    pos = 0
    for start, end, new in find(source.text):
        _keep(source, pos, start, chars, starts, ends)
        chars.append(new)
        starts.extend([source.starts[start]] * len(new))
        ends.extend([source.ends[end - 1]] * len(new))
        pos = end
    _keep(source, pos, len(source.text), chars, starts, ends)
    return Prepared("".join(chars), tuple(starts), tuple(ends))


def _keep(source: Prepared, start: int, end: int, chars: list[str], starts: list[int], ends: list[int]) -> None:
    chars.append(source.text[start:end])
    starts.extend(source.starts[start:end])
    ends.extend(source.ends[start:end])
