"""Pumping (side, ml) and tummy time (minutes, milestones) in chat."""
from __future__ import annotations

import re
from datetime import datetime, timedelta

from bot.understanding import words as w
from bot.understanding.readers.arithmetic import summed_amounts
from bot.understanding.readers.quantities import bare_numbers, volumes_ml
from bot.understanding.timeparse import FUTURE_SLACK, TimeReading
from domain.extraction import Slots

_A_TOTAL = re.compile(r"(?:一共|总共|合计|总计|\btotal(?: of)?|\bgot)\s*(\d{1,4}(?:\.\d+)?)(?![\d.:])(?!\s*(?:分钟|分|min|小时|h\b))",
                      re.I)


def is_pumping(text: str) -> bool:
    return bool(w.PUMPING_WORDS.search(w.STORED_MILK.sub(" ", text))) and not w.EATING_VERBS.search(text)


def pumping_slots(text: str, times: TimeReading, now: datetime) -> Slots:
    """Amounts add up over the sides (左边60右边50 = 110 ml; 两边各60 = 120 ml)."""
    summed = summed_amounts(text)
    amounts = [summed[0].ml] if len(summed) == 1 else [q.value for q in volumes_ml(text)]   # 60加50毫升
    if not amounts and not times.duration_min:
        amounts = bare_numbers(text)[-1:]
    elif not amounts and (total := _A_TOTAL.search(text)):
        amounts = [float(total.group(1))]       # 双边吸了20分钟 一共130: the whole, said after how long
    side = next((s for p, s in w.PUMP_SIDES if p.search(text)), None)
    total = sum(amounts) if amounts else None
    if total is not None and side == "both" and len(amounts) == 1 and w.EACH.search(text):
        total *= 2
    start, end = _span(times, now)  # no time said: the domain takes now, when the record is started
    return Slots(start=start, end=end, amount_ml=total, side=side)


def is_tummy_time(text: str) -> bool:
    if w.ASLEEP_WORDS.search(text):
        return False
    return bool(w.TUMMY_WORDS.search(text)) or milestone(text) is not None


def tummy_slots(text: str, times: TimeReading, now: datetime, default_now: bool = True) -> Slots:
    """`default_now` False: an answer to an open task ("how long?" "20 min"), whose start stands."""
    duration = times.duration_min
    if not default_now and not (times.start or times.point):
        return Slots(duration_min=duration, milestone=milestone(text))
    start, end = _span(times, now)
    if start and end and not duration:
        duration = round((end - start).total_seconds() / 60, 1)
    return Slots(start=start, end=end, duration_min=duration, milestone=milestone(text))


def milestone(text: str) -> str | None:
    for pattern, name in w.MILESTONES:
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
