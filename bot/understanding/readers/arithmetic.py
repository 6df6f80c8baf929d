"""Amounts worked out from what was said (normalised text): leftovers, parts, sums and ranges.

    made, some left     冲了150 剩了30 / 泡了160 还剩40倒掉了 / made 5 oz, she left 1 / a 5 oz bottle, 1 oz left → 120 / 4 oz
    made, then drank    冲了150 喝了120 / made 5 oz, she took 4 → 120 / 4 oz (what was made is accounted for)
    a part of it        冲了160只喝了一半 → 80 / made 4 oz, drank half → 2 oz / 120的三分之二 → 80
    a sum               60加50 → 110 / 2 + 2.5 oz → 4.5 oz / 90 plus 30 → 120
    a range             四五十 / 三四十ml / 一百二三 / 4 or 5 oz / 40-50ml / 四十几 → the middle (45): an estimate

A leftover said of what she drank (喝了100 剩了20: the bottle, or what she drank?) or with no verb at all (应该是130
剩了20) is worked out too, as an estimate — unless 没喝完 / didn't finish says the first number was the bottle. An estimate is never written at once: the
reading names it (`Extraction.estimated`, see accounting.py) and the domain reads it back. Each amount keeps the
span of all it was worked out from: those words are accounted for when the reading holds its value. An amount is
in the unit said (ml or oz), or in none; a number followed by a unit of time, weight or length is no amount here.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from domain.units import OZ_ML

_NOT_AN_AMOUNT = (r"(?!\s*(?:点|:|分|小时|钟|个|次|回|遍|秒|号|日|月|天|岁|周|度|°|斤|两|公斤|克|厘米|口|勺|瓶|杯|顿|"
                  r"min|h\b|hrs?\b|hours?|sec|am\b|pm\b|kg|g\b|lb|cm|in\b|inch|times?\b|x\b|bottles?\b|"
                  r"diapers?\b|nappies\b|feeds?\b|naps?\b|poops?\b|scoops?\b|spoons?\b))")


def _amount(name: str, one: str = "") -> str:
    """A number and the unit said with it (ml or oz), never a time, a weight or a length; `one`: the word "one"
    may be the number (she left one: numerals.normalise leaves a lone "one" a word)."""
    number = r"\d+(?:\.\d+)?" + (r"|\bone\b" if one else "")
    return (rf"(?<![\d.:])(?P<{name}>{number})(?![\d:]){_NOT_AN_AMOUNT}\s*(?P<{name}_unit>ml|毫升|毫|cc|oz|ounces?|盎司)?"
            rf"(?![a-z\d])")


# made / prepared / offered: how much was in the bottle; drank: how much she took
_MADE = (r"(?:冲|泡|兑|调|热|温|准备|装|弄)了?|做了|made|mixed|prepared|warmed(?:\s+up)?|heated|poured|fixed|"
         r"filled|gave(?:\s+(?:her|him|them))?|offered")
_DRANK = r"(?:只|就)?(?:喝|吃)了?|drank|took|had|finished|ate|downed"
_BOTTLE = r"\s*(?:的)?\s*(?:bottle|瓶|奶瓶)"
_LEFT_BEFORE = r"(?:还|又)?剩(?:下|了|下了)?(?:的)?|(?<!the )left|leftover|left\s+over|remaining"   # 剩了30 / left 1
_LEFT_AFTER = r"left(?:\s+over)?|leftover|remaining|to\s+spare"                             # 1 oz left
_DROPPED = (r"(?:[\s,，]*(?:倒掉了?|倒了|扔了|扔掉了?|浪费了|没要|没喝完|没吃完|wasted|tossed|dumped|thrown\s+out|"
            r"(?:she\s+|he\s+)?(?:didn'?t|did\s+not)\s+finish(?:\s+it)?))?")
# what may stand between the numbers of one form: words, and a clock time (made 5 oz at 4:30, she left 1)
_CLOCK = r"(?<![\d.])\d{1,2}(?:[:：]\d{2}|\s*(?:am|pm)\b|点(?:\d{1,2}分?|半)?)(?![\d.])"
_GAP = rf"(?:[^\d]|{_CLOCK})" + "{0,24}?"
_LEFT = rf"(?:(?:{_LEFT_BEFORE})\s*{_amount('y', one='one')}|{_amount('y2', one='one')}\s*(?:{_LEFT_AFTER})){_DROPPED}"
_LEFTOVER = re.compile(rf"(?:(?P<verb>{_MADE}|{_DRANK}){_GAP})?{_amount('x')}(?P<bottle>{_BOTTLE})?{_GAP}{_LEFT}",
                       re.I)
_MADE_THEN_DRANK = re.compile(rf"(?P<verb>{_MADE}){_GAP}{_amount('x')}(?:{_BOTTLE})?{_GAP}(?:{_DRANK})\s*"
                              rf"(?:about\s+|大概|差不多)?{_amount('z')}(?:{_GAP}{_LEFT})?", re.I)
_PART = r"一半|半瓶|(?P<n>[1-9])分之(?P<k>[1-9])|half|a third|one third|two thirds|(?:a|one|three) quarters?"
_PART_OF_MADE = re.compile(rf"(?:(?P<verb>{_MADE}){_GAP})?{_amount('x')}(?P<bottle>{_BOTTLE})?{_GAP}(?:{_DRANK})?\s*"
                           rf"(?:about\s+|大概|差不多)?(?P<part>{_PART})(?!\s*(?:an?\s+)?(?:hours?|小时|个小时))", re.I)
_PART_OF_X = re.compile(rf"{_amount('x')}\s*的\s*(?P<part>{_PART})")
_SUM = re.compile(rf"(?<![\d.:])(?P<x>\d+(?:\.\d+)?)\s*(?P<x_unit>ml|毫升|毫|cc|oz|ounces?|盎司)?\s*"
                  rf"(?P<more>(?:(?:\+|＋|加上?|再加|plus)\s*\d+(?:\.\d+)?\s*(?:ml|毫升|毫|cc|oz|ounces?|盎司)?\s*)+)"
                  rf"(?![a-z\d.]){_NOT_AN_AMOUNT}", re.I)
_SUMMAND = re.compile(r"(?:\+|＋|加上?|再加|plus)\s*(?P<y>\d+(?:\.\d+)?)\s*(?P<y_unit>ml|毫升|毫|cc|oz|ounces?|盎司)?",
                      re.I)
_CN = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_D = "一二两三四五六七八九"
_RANGE_ZH = re.compile(rf"(?:(?P<h>[{_D}])百(?P<a>[{_D}])(?P<b>[{_D}])十?|(?P<a2>[{_D}])(?P<b2>[{_D}])十)"
                       rf"\s*(?P<unit>ml|毫升|毫|cc|oz|盎司)?{_NOT_AN_AMOUNT}", re.I)
_RANGE = re.compile(rf"{_amount('x')}\s*(?:或者?|到|至|~|～|-|–|or|to)\s*{_amount('y')}", re.I)
_SOME_TENS = re.compile(rf"(?<![\d.])(?P<x>[1-9]0)\s*几\s*(?P<unit>ml|毫升|毫|cc|oz|盎司)?{_NOT_AN_AMOUNT}", re.I)


@dataclass(frozen=True)
class Worked:
    amount: float          # in `unit`
    unit: str | None       # "ml", "oz", or None when no unit was said
    start: int
    end: int
    estimate: bool         # a range's middle, or a form that may mean otherwise: read it back
    numbers: tuple[tuple[int, int], ...] = ()     # where the numbers it was worked out from stand
    pieces: tuple[tuple[int, int], ...] = ()      # its span without a clock time said inside it

    def uses_any_of(self, spans: Iterable[tuple[int, int]]) -> bool:
        """One of its numbers stands in one of `spans` (a time expression's: made 5 oz at 4:30 keeps 4:30 a time)."""
        return any(a < end and start < b for start, end in self.numbers or ((self.start, self.end),) for a, b in spans)

    @property
    def ml(self) -> float:
        return round(self.amount * OZ_ML, 1) if self.unit == "oz" else self.amount


def worked_amounts(text: str) -> list[Worked]:
    """Every amount worked out in `text`, in text order (none overlap; the first form found wins)."""
    found: list[Worked] = []
    for finder in (_made_then_drank, _leftovers, _parts, _sums, _ranges):
        for w in finder(text):
            if w.amount > 0 and not any(w.start < o.end and o.start < w.end for o in found):
                found.append(replace(w, pieces=_without_clocks(text, w.start, w.end)))
    return sorted(found, key=lambda w: w.start)


def summed_amounts(text: str) -> list[Worked]:
    """Only the sums said (60加50 / 2 + 2.5 oz): what a pumping message may add up — its left and right are
    sides, never leftovers."""
    return [replace(w, pieces=_without_clocks(text, w.start, w.end)) for w in _sums(text) if w.amount > 0]


def _without_clocks(text: str, start: int, end: int) -> tuple[tuple[int, int], ...]:
    """start..end cut around the clock times inside it: they are the time reader's to account for."""
    pieces, at = [], start
    for m in re.finditer(_CLOCK, text[:end]):
        if m.start() >= start and m.start() >= at:
            pieces.append((at, m.start()))
            at = m.end()
    return tuple((a, b) for a, b in (*pieces, (at, end)) if b > a)


def says_a_bottle_was_made(text: str) -> bool:
    """冲了150 剩了30 / made 5 oz, she left 1 / 冲了160只喝了一半: a feed, though no feeding word is said."""
    said = [m for m in (*_LEFTOVER.finditer(text), *_PART_OF_MADE.finditer(text)) if m.group("verb") or m.group("bottle")]
    return bool(said or _made_then_drank(text))


def _unit(said: str | None) -> str | None:
    if not said:
        return None
    return "oz" if said.lower().startswith(("oz", "ounce", "盎")) else "ml"


def _in(value: float, unit: str | None, wanted: str | None) -> float:
    """A value said in `unit`, in `wanted` (ml or oz); a value said without a unit is in the unit beside it."""
    if unit is None or wanted is None or unit == wanted:
        return value
    return value * OZ_ML if unit == "oz" else value / OZ_ML


def _spans(m: re.Match[str], *names: str) -> tuple[tuple[int, int], ...]:
    return tuple(m.span(name) for name in names if m.group(name))


def _left(m: re.Match[str]) -> tuple[float, str | None, int] | None:
    """What was left (its value, unit and where it starts), if the match says it."""
    for name in ("y", "y2"):
        if m.group(name):
            said = m.group(name)
            return 1.0 if said.lower() == "one" else float(said), _unit(m.group(f"{name}_unit")), m.start(name)
    return None


_ONLY_DRANK = re.compile(r"(?:只|就|才)(?:喝|吃)了?\s*$")


def _leftovers(text: str) -> list[Worked]:
    found = []
    for m in _LEFTOVER.finditer(text):
        left = _left(m)
        if left is None:
            continue
        made_unit = _unit(m.group("x_unit"))
        unit = made_unit or left[1]
        verb = m.group("verb") or ""
        if not m.group("bottle") and _ONLY_DRANK.search(text[:m.start("x")]):
            # 只喝了100 剩50: only 100 drunk, said — what was left is of the bottle, not taken from it
            found.append(Worked(float(m.group("x")), made_unit, m.start(), m.end(), estimate=False,
                                numbers=_spans(m, "x", "y", "y2")))
            continue
        drank = float(m.group("x")) - _in(left[0], left[1], unit)
        if drank <= 0:
            continue
        made = m.group("bottle") or verb and re.fullmatch(_DRANK, verb, re.I) is None
        unfinished = re.search(r"没(?:喝|吃)完|didn'?t finish|did not finish", text[m.end("x"):left[2]], re.I)
        found.append(Worked(round(drank, 2), unit, m.start(), m.end(), estimate=not (made or unfinished),
                            numbers=_spans(m, "x", "y", "y2")))
    return found


def _made_then_drank(text: str) -> list[Worked]:
    """冲了150 喝了120 (剩30): what she drank is said; what was made and left must add up to it, else it is an
    estimate (泡了160 喝了120 剩30: which number is wrong?)."""
    found = []
    for m in _MADE_THEN_DRANK.finditer(text):
        unit = _unit(m.group("z_unit")) or _unit(m.group("x_unit"))
        made, drank = _in(float(m.group("x")), _unit(m.group("x_unit")), unit), float(m.group("z"))
        if drank > made:
            continue
        left = _left(m)
        adds_up = left is None or abs(made - drank - _in(left[0], left[1], unit)) < 0.01
        found.append(Worked(drank, unit, m.start(), m.end(), estimate=not adds_up, numbers=_spans(m, "x", "z", "y", "y2")))
    return found


def _parts(text: str) -> list[Worked]:
    found = []
    for m in (*_PART_OF_MADE.finditer(text), *_PART_OF_X.finditer(text)):
        if "verb" in m.re.groupindex and not (m.group("verb") or m.group("bottle")):
            continue
        part = _part(m.group("part"), m.group("n"), m.group("k"))
        if part is not None:
            found.append(Worked(round(float(m.group("x")) * part, 2), _unit(m.group("x_unit")), m.start(), m.end(),
                                estimate=False, numbers=_spans(m, "x")))
    return found


def _part(said: str, n: str | None, k: str | None) -> float | None:
    if n and k:
        return int(k) / int(n) if 0 < int(k) < int(n) else None
    said = re.sub(r"\s+", " ", said.lower())
    if "quarter" in said:
        return 3 / 4 if said.startswith("three") else 1 / 4
    return {"一半": 1 / 2, "半瓶": 1 / 2, "half": 1 / 2, "a third": 1 / 3, "one third": 1 / 3,
            "two thirds": 2 / 3}.get(said)


def _sums(text: str) -> list[Worked]:
    found = []
    for m in _SUM.finditer(text):
        terms = [(float(m.group("x")), _unit(m.group("x_unit")))]
        terms += [(float(t.group("y")), _unit(t.group("y_unit"))) for t in _SUMMAND.finditer(m.group("more"))]
        unit = next((u for _, u in reversed(terms) if u), None)          # 2 + 2.5 oz: the last unit said
        found.append(Worked(round(sum(_in(v, u, unit) for v, u in terms), 2), unit, m.start(),
                            m.start() + len(m.group(0).rstrip()), estimate=False))
    return found


def _ranges(text: str) -> list[Worked]:
    found = []
    for m in _RANGE_ZH.finditer(text):
        hundreds = _CN[m.group("h")] * 100 if m.group("h") else 0
        low = hundreds + _CN[m.group("a") or m.group("a2")] * 10
        high = hundreds + _CN[m.group("b") or m.group("b2")] * 10
        if high == low + 10:                      # 四五十: forty or fifty (not 两四十)
            found.append(Worked((low + high) / 2, _unit(m.group("unit")), m.start(), m.end(), estimate=True))
    for m in _RANGE.finditer(text):
        low, high = float(m.group("x")), float(m.group("y"))
        if low < high <= low * 2:                 # 4 or 5 oz, 40-50ml, 90 to 120 (not 3 to 10)
            unit = _unit(m.group("y_unit")) or _unit(m.group("x_unit"))
            found.append(Worked((low + high) / 2, unit, m.start(), m.end(), estimate=True, numbers=_spans(m, "x", "y")))
    for m in _SOME_TENS.finditer(text):           # 四十几 → 40几: forty-something
        found.append(Worked(float(m.group("x")) + 5, _unit(m.group("unit")), m.start(), m.end(), estimate=True))
    return found
