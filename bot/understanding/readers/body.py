"""Diapers (wet, solid, colour) and growth measurements (weight, length, head) in chat."""
from __future__ import annotations

import re
from datetime import datetime

from bot.understanding import words as w
from bot.understanding.readers.quantities import NUM, Quantity, lengths_cm, now_unless_other_day, weights_kg
from bot.understanding.timeparse import TimeReading
from domain.extraction import Slots

_BARE_AFTER = r"(?:'s|’s)?\s*(?:是|为|有|:|：|is|was|of|measured|measures)?\s*{num}(?!\s*[\d.a-z\u4e00-\u9fff\"″])"


def is_diaper(text: str) -> bool:
    if w.DIAPER_WORDS.search(text):
        return True
    rest = _strip(text)
    return bool(re.search(r"尿了|尿尿|小便|嘘嘘|尿湿|尿得|\bwet\b|\bpee|\bwee\b|\bweed\b|urinated", rest, re.I)
                or w.SOLID_WORDS.search(rest) or re.search(r"又尿又拉|又拉又尿", rest))


def _strip(text: str) -> str:
    return w.NOT_A_DIAPER.sub(" ", w.DIAPER_WORDS.sub(" ", text))


def diaper_slots(text: str, times: TimeReading) -> Slots:
    rest = _strip(text)
    wet = True if w.WET_WORDS.search(rest) else None
    solid = True if w.SOLID_WORDS.search(rest) else None
    if w.WET_AND_SOLID.search(rest):
        wet = solid = True
    if w.NOT_WET.search(rest):
        wet = False
    if w.NOT_SOLID.search(rest):
        solid = False
    color = next((c for p, c in w.STOOL_COLORS if p.search(rest)), None)
    consistency = next((c for p, c in w.STOOL_CONSISTENCIES if p.search(rest)), None)
    if (color or consistency) and solid is None and not wet:
        solid = True
    if wet is not True and solid is not True and (wet is False or solid is False):
        wet = solid = None          # 还没拉 / no poop yet: no diaper change said, nothing to record
    return Slots(time=times.point or times.start, wet=wet, solid=solid, color=color, consistency=consistency)


def is_growth(text: str) -> bool:
    if _GAINED_BY.search(text) or w.GAINED.search(text) and not _WEIGHT_UNIT.search(text):
        return False                    # 重了半斤 / 长了200克: by how much, no weight; 14斤2两 又重了: a weight
    words = w.WEIGHT_WORDS.search(text) or w.HEAD_WORDS.search(text) or \
        re.search(r"身高|身长|\bheight\b|\blength\b", text, re.I)
    lengths = lengths_cm(text)
    if any(_length_field(text, q, 0) == "height_cm" and re.match(r"\s*(?:long|tall)", text[q.end:], re.I)
           for q in lengths):
        return True
    if _WEIGHT_UNIT.search(text) and weights_kg(text):
        return True                     # 5.3 kg / 12 lb 4 oz / 13磅: only a weight is said in these units
    if words and _MEASURED_NO_VALUE.search(text) and not re.search(r"\d", text):
        return True                     # 今天去社区量了身高体重 / weighed her today: measured — the values are asked
    return bool(words) and bool(weights_kg(text) or lengths or _bare(text))


_MEASURED_NO_VALUE = re.compile(r"[量称测]了|量过|称过|\b(?:weighed|measured)\b", re.I)


_WEIGHT_UNIT = re.compile(r"\d\s*(?:kg|kgs|kilos?|公斤|千克|斤|lbs?|pounds?|磅)(?![a-z])", re.I)
_GAINED_BY = re.compile(rf"(?:{w.GAINED.pattern})\s*(?:了)?\s*(?:\d|半|一)", re.I)


def _bare(text: str) -> dict[str, float]:
    found: dict[str, float] = {}
    for field, words in (("weight_kg", w.WEIGHT_WORDS), ("height_cm", w.HEIGHT_WORDS), ("head_cm", w.HEAD_WORDS)):
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
    heads = [m.end() for m in w.HEAD_WORDS.finditer(before)]
    heights = [m.end() for m in w.HEIGHT_WORDS.finditer(before)]
    if heads or heights:
        return "head_cm" if heads and (not heights or heads[-1] > heights[-1]) else "height_cm"
    return "head_cm" if re.match(r"\s*的?头围", after) else "height_cm"
