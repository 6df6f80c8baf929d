"""Diapers (wet, solid, colour) and growth measurements (weight, length, head) in chat."""
from __future__ import annotations

import re
from datetime import datetime

from bot.understanding.readers.quantities import NUM, Quantity, lengths_cm, now_unless_other_day, weights_kg
from bot.understanding.timeparse import TimeReading
from domain.extraction import Slots

_DIAPER_ITEM = re.compile(r"尿布|尿不湿|尿片|纸尿裤|拉拉裤|diapers?|nappy|nappies", re.I)
_WET = re.compile(r"尿|小便|嘘嘘|湿|\bwet\b|\bpee(?:d|s)?\b|\bwee(?:d)?\b|\burinated\b", re.I)
_SOLID = re.compile(r"拉了|拉屎|拉粑|拉便|便便|臭臭|大便|粑粑|屎|排便|胎便|拉了?一?泡|"
                    r"\bpoo(?:p|ped|py|s)?\b|\bdirty\b|\bsoiled\b|\bbm\b|\bstool\b|\bsolid\b", re.I)
_BOTH = re.compile(r"都有|又尿又拉|又拉又尿|尿了也拉了|拉了也尿了|\bboth\b", re.I)
_NO_WET = re.compile(r"没(?:有)?(?:尿|小便)|\bno pee\b|\bnot wet\b", re.I)
_NO_SOLID = re.compile(r"没(?:有)?(?:拉|便便|大便|臭臭)|\bno poop\b|\bnot dirty\b", re.I)
_NOT_DIAPER = re.compile(r"拉肚子|拉链|拉着|拉住", re.I)
COLORS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"墨绿|绿|green", re.I), "green"),
    (re.compile(r"黑|胎便|black|tarry", re.I), "black"),
    (re.compile(r"棕|褐|咖啡|brown", re.I), "brown"),
    (re.compile(r"黄|yellow|mustard", re.I), "yellow"),
]

_WEIGHT_WORD = re.compile(r"体重|称了|称重|重量|\bweigh(?:s|ed|t|ing)?\b", re.I)
_HEIGHT_WORD = re.compile(r"身高|身长|长度|个子|\bheight\b|\blength\b|\blong\b|\btall\b", re.I)
_HEAD_WORD = re.compile(r"头围|\bhead\b", re.I)
_GAIN = re.compile(r"长了|重了|涨了|增加了|胖了|瘦了|轻了|少了|gained|lost", re.I)
_BARE_AFTER = r"\s*(?:是|为|有|:|：|is|of)?\s*{num}(?!\s*[\d.a-z\u4e00-\u9fff\"″])"


def is_diaper(text: str) -> bool:
    if _DIAPER_ITEM.search(text):
        return True
    rest = _strip(text)
    return bool(re.search(r"尿了|尿尿|小便|嘘嘘|尿湿|尿得|\bwet\b|\bpee|\bwee\b|\bweed\b|urinated", rest, re.I)
                or _SOLID.search(rest) or re.search(r"又尿又拉|又拉又尿", rest))


def _strip(text: str) -> str:
    return _NOT_DIAPER.sub(" ", _DIAPER_ITEM.sub(" ", text))


def diaper_slots(text: str, times: TimeReading) -> Slots:
    rest = _strip(text)
    wet = True if _WET.search(rest) else None
    solid = True if _SOLID.search(rest) else None
    if _BOTH.search(rest):
        wet = solid = True
    if _NO_WET.search(rest):
        wet = False
    if _NO_SOLID.search(rest):
        solid = False
    color = next((c for p, c in COLORS if p.search(rest)), None)
    if color and solid is None and not wet:
        solid = True
    return Slots(time=times.point or times.start, wet=wet, solid=solid, color=color)


def is_growth(text: str) -> bool:
    if _GAIN.search(text):
        return False
    words = _WEIGHT_WORD.search(text) or _HEAD_WORD.search(text) or \
        re.search(r"身高|身长|\bheight\b|\blength\b", text, re.I)
    lengths = lengths_cm(text)
    if any(_length_field(text, q, 0) == "height_cm" and re.match(r"\s*(?:long|tall)", text[q.end:], re.I)
           for q in lengths):
        return True
    return bool(words) and bool(weights_kg(text) or lengths or _bare(text))


def _bare(text: str) -> dict[str, float]:
    found: dict[str, float] = {}
    for field, words in (("weight_kg", _WEIGHT_WORD), ("height_cm", _HEIGHT_WORD), ("head_cm", _HEAD_WORD)):
        for word in words.finditer(text):
            m = re.match(_BARE_AFTER.format(num=NUM), text[word.end():], re.I)
            if m:
                found[field] = float(m.group(1))
    return found


def growth_slots(text: str, times: TimeReading, now: datetime, named: bool) -> Slots:
    """Measures by their unit; a length is a head circumference when 头围/head is nearest to it."""
    found = _bare(text)
    weights = weights_kg(text)
    if weights:
        found["weight_kg"] = weights[0].value
    previous = 0
    for length in lengths_cm(text):
        found[_length_field(text, length, previous)] = length.value
        previous = length.end
    when = now_unless_other_day(text, times.point or times.start, now, named)
    return Slots(time=when, **found)


def _length_field(text: str, q: Quantity, previous: int) -> str:
    """The measure word said since the previous quantity wins; else one right after (40 cm head)."""
    after = text[q.end:q.end + 10]
    if re.match(r"\s*(?:long|tall)\b", after, re.I):
        return "height_cm"
    if re.match(r"\s*head\b", after, re.I):
        return "head_cm"
    before = text[previous:q.start]
    heads = [m.end() for m in _HEAD_WORD.finditer(before)]
    heights = [m.end() for m in _HEIGHT_WORD.finditer(before)]
    if heads or heights:
        return "head_cm" if heads and (not heights or heads[-1] > heights[-1]) else "height_cm"
    return "head_cm" if re.match(r"\s*的?头围", after) else "height_cm"
