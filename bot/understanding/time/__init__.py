"""Reading times in tired parents' words: 刚刚 / 半小时前 / 下午3点 / 昨晚8点到凌晨3点 / "she took 4oz at 3".

`read_time_phrase` reads one time phrase; `read_times` reads one whole message for the rule extractor.
Both are pure: the clock is always passed in.
"""
from __future__ import annotations

from bot.understanding.time.reading import read_time_phrase, read_times
from bot.understanding.time.resolve import FUTURE_SLACK
from bot.understanding.time.values import SaidTime, TimeReading, TimeValue

__all__ = ["FUTURE_SLACK", "SaidTime", "TimeReading", "TimeValue", "read_time_phrase", "read_times"]
