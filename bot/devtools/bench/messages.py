"""`fawn bench messages`: what the rules cost to read the worst message they may be given.

A message up to `MAX_TEXT` characters is read; one made of a run of one thing (spaces, ？ held down, 不是不是…, a
digit, an aside pasted over and over) used to cost seconds to hours (issue 28: a pattern backtracking on the run,
on the event loop every family's turns share). Each hostile message — a run of one piece inside a few ordinary
surroundings, cut to the longest length allowed — is read once to warm up and once measured; ordinary messages
the same way, for scale. CPU time of this thread, not wall time. Checked against a limit: no message costs more
than `LIMIT_MS`.
"""
from __future__ import annotations

import argparse
import statistics
import time
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.devtools.bench.report import emit

LIMIT_MS = 250.0
PIECES = (" ", "\u3000", "\n", "?", "？", "? ", "!", ".", "，", "~", "-", "1", "1 ", " 1", "1.", "1:", "a", "a ",
          "几", "多", "个", " 多 ", "小时", "分钟", "了", "喝", "点", "一", "十", "和", "and ", "half ", "not ", "不是",
          "是", "哈", "😀", "吗", "right?", "lol ", "的", "喝了100ml ", "fed 4oz ", "右边堵了 ", "blocked duct ",
          "打了两个嗝 ", "还没睡 ", "多少不知道 ", "not sure how much ", "中间醒了两次 喂了一次 ", "不是90是100 ",
          "that should be 100 not 90 ", "38.5 ", "3点 ", "at 3 ", "8点到3点 ", "120ml ", "比昨天多了二十 ", "sorry ",
          "? 1 ", "1 ? ")
AROUND = ("{}", "喝了{}100ml", "fed {} 4oz at 3", "{}吗？", "右边堵了{}左边吸了60")
ORDINARY = ("刚刚喝了91ml配方奶", "昨晚睡了7个小时，醒1次", "不是，晚8点到凌晨3点", "she took 4oz at 3",
            "Morning pump 120ml left side only, right side has a blocked duct again ugh", "两点那次不算",
            "十一点半左右喝了100奶粉 没喝完 剩了20", "fed her 4oz, down for a nap hopefully", "今天喝了多少奶？",
            "sorry it was 4:15 not 4:30, and she drank 100ml", "是38.2，刚才看错了", "洗完澡喝了120母乳 八点就睡了")


def bench_messages(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="fawn bench messages")
    parser.add_argument("--length", type=int, default=None, help="the hostile messages' length (default: MAX_TEXT)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from bot.turn.incoming import MAX_TEXT, safe_text
    length = args.length or MAX_TEXT
    hostile = [safe_text(around.format((piece * length)[:length]))[:length] for piece in PIECES for around in AROUND]
    ordinary_ms = [_cpu_ms(text) for text in ORDINARY]
    timed = sorted(((_cpu_ms(text), text) for text in hostile), reverse=True)
    worst_ms, worst = timed[0]
    emit({"bench": "messages", "length": length, "hostile_messages": len(hostile), "limit_ms": LIMIT_MS,
          "worst_cpu_ms": round(worst_ms, 1), "worst_message": _shape(worst),
          "slowest": [{"cpu_ms": round(ms, 1), "message": _shape(text)} for ms, text in timed[:5]],
          "hostile_cpu_ms_p50": round(statistics.median(ms for ms, _ in timed), 2),
          "ordinary_cpu_ms_mean": round(statistics.fmean(ordinary_ms), 2),
          "within_limit": worst_ms <= LIMIT_MS}, args.json)
    return 0


def _cpu_ms(text: str) -> float:
    from bot.understanding.request import ExtractionRequest
    from bot.understanding.rules import extract

    request = ExtractionRequest(text=text, now=datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai")),
                                timezone="Asia/Shanghai", babies=("朵朵",), people=("妈妈",))
    extract(request)                  # the first reading compiles what it needs: measured, the second
    began = time.thread_time()
    extract(request)
    return (time.thread_time() - began) * 1000


def _shape(text: str) -> str:
    """A long message shown by its start and its length."""
    return text if len(text) <= 40 else f"{text[:32]!r}… ({len(text)} characters)"
