"""Pumping (side, ml) and tummy time (minutes, milestones) in chat."""
from __future__ import annotations

import re
from datetime import datetime, timedelta

from bot.understanding.readers.quantities import bare_numbers, volumes_ml
from bot.understanding.timeparse import FUTURE_SLACK, TimeReading
from domain.extraction import Slots

_PUMPING = re.compile(r"[吸挤泵]完?了?奶|背奶|吸出|挤出|吸了\d+\s*(?:ml|毫升|cc)|\bpump(?:ed|ing|s)?\b|"
                      r"\bexpress(?:ed|ing)\b", re.I)
_EATING = re.compile(r"喝|吃|喂|瓶喂|drank|drink|\bfed\b|\bfeed|\bate\b|bottle of", re.I)
_SIDES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"两边|两侧|双侧|双边|左右|左.*右|右.*左|\bboth\b|\beach side|left.*right|right.*left", re.I), "both"),
    (re.compile(r"左|\bleft\b", re.I), "left"),
    (re.compile(r"右|\bright\b", re.I), "right"),
]
_EACH = re.compile(r"各|each", re.I)

_TUMMY = re.compile(r"趴|俯卧|tummy", re.I)
_NOT_TUMMY = re.compile(r"睡|sleep|asleep|nap", re.I)
MILESTONES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(?:会)?抬头|lift(?:s|ed)? (?:her|his|the) head|hold(?:s)? (?:her|his) head up|head up", re.I),
     "抬头 / head up"),
    (re.compile(r"(?:会)?翻身|roll(?:ed|s)? over", re.I), "翻身 / rolled over"),
    (re.compile(r"(?:会)?撑起|push(?:ed|es)? up", re.I), "撑起 / pushed up"),
    (re.compile(r"(?:会)?(?<!趴)爬|crawl\w*", re.I), "爬 / crawled"),
]


def is_pumping(text: str) -> bool:
    return bool(_PUMPING.search(text)) and not _EATING.search(text)


def pumping_slots(text: str, times: TimeReading, now: datetime) -> Slots:
    """Amounts add up over the sides (左边60右边50 = 110 ml; 两边各60 = 120 ml)."""
    amounts = [q.value for q in volumes_ml(text)]
    if not amounts and not times.duration_min:
        amounts = bare_numbers(text)[-1:]
    side = next((s for p, s in _SIDES if p.search(text)), None)
    total = sum(amounts) if amounts else None
    if total is not None and side == "both" and len(amounts) == 1 and _EACH.search(text):
        total *= 2
    start, end = _span(times, now)  # no time said: the domain takes now, when the record is started
    return Slots(start=start, end=end, amount_ml=total, side=side)


def is_tummy_time(text: str) -> bool:
    if _NOT_TUMMY.search(text):
        return False
    return bool(_TUMMY.search(text)) or milestone(text) is not None


def tummy_slots(text: str, times: TimeReading, now: datetime) -> Slots:
    start, end = _span(times, now)
    duration = times.duration_min
    if start and end and not duration:
        duration = round((end - start).total_seconds() / 60, 1)
    return Slots(start=start, end=end, duration_min=duration, milestone=milestone(text))


def milestone(text: str) -> str | None:
    for pattern, name in MILESTONES:
        if pattern.search(text):
            zh, en = name.split(" / ")
            return zh if re.search(r"[\u4e00-\u9fff]", text) else en
    return None


def _span(times: TimeReading, now: datetime) -> tuple[datetime | None, datetime | None]:
    """A range as said. A length starts at the clock time said (下午3点趴了15分钟) unless that would
    end in the future (刚刚趴了10分钟): then it ends there, or now. A bare point is the start."""
    if times.start:
        return times.start, times.end
    if times.duration_min:
        length = timedelta(minutes=times.duration_min)
        if times.point and times.point + length <= now + FUTURE_SLACK:
            return times.point, times.point + length
        end = times.point or now
        return end - length, end
    return times.point, None
