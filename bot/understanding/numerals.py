"""Chinese numerals in running text become Arabic digits before the rules read it.

cn2an converts well-formed numerals; 半 (half) and 两 (two, before a measure word)
need rules of their own. 两 as a weight unit (一两) is left alone.
"""
from __future__ import annotations

import re

import cn2an

_DIGITS = "零〇一二两三四五六七八九十百千"
_RUN = re.compile(rf"[{_DIGITS}]+(?:点[{_DIGITS}]+(?=[毫度]))?")
# Words that begin with a numeral but are not numbers.
_IDIOMS = ("一下", "一些", "一直", "一起", "一样", "一定", "一会", "一点点", "一口气", "一般",
           "一边", "一次性", "一觉", "两边", "一半", "一点儿", "千万", "万一", "一共", "一整")
_LIANG_UNIT = re.compile(r"(?<=[一二三四五六七八九十斤\d])两")
_UNIT_MARK = "\u2042"
_HALF_HOURS = re.compile(r"(\d+)个半(小时|钟头)")
_HALF_HOUR = re.compile(r"(?<![\d个])半(个)?(小时|钟头)")
_HALF_CLOCK = re.compile(r"(\d+)点半")


def to_number(run: str) -> float | None:
    """One numeral run (九十一, 两, 一百二十) as a number, or None."""
    if run.isdigit():
        return float(run)
    try:
        return float(cn2an.cn2an(run.replace("两", "二").replace("〇", "零"), "smart"))
    except (ValueError, KeyError, OverflowError):
        return None


def normalise(text: str) -> str:
    """Digits for numerals, half hours as minutes, full-width characters folded."""
    text = _fold_width(text)
    text = _LIANG_UNIT.sub(_UNIT_MARK, text)
    text = _replace_runs(text).replace(_UNIT_MARK, "两")
    text = _HALF_HOURS.sub(lambda m: f"{int(m.group(1)) * 60 + 30}分钟", text)
    text = _HALF_HOUR.sub("30分钟", text)
    text = _HALF_CLOCK.sub(lambda m: f"{m.group(1)}点30分", text)
    return text


def _replace_runs(text: str) -> str:
    out: list[str] = []
    pos = 0
    for match in _RUN.finditer(text):
        start, run = match.start(), match.group(0)
        if _is_idiom(text, start) or _is_weight_liang(text, start, run):
            continue
        value = to_number(run)
        if value is None:
            continue
        out.append(text[pos:start])
        out.append(_format(value))
        pos = match.end()
    out.append(text[pos:])
    return "".join(out)


def _is_idiom(text: str, start: int) -> bool:
    if text.startswith("十分", start) and not text.startswith("十分钟", start):
        return True  # 十分 = very
    return any(text.startswith(idiom, start) for idiom in _IDIOMS)


def _is_weight_liang(text: str, start: int, run: str) -> bool:
    """两 right after a number (三斤二两) or at the end of 斤…两 is a unit, not a numeral."""
    return run == "两" and start > 0 and (text[start - 1].isdigit() or text[start - 1] in _DIGITS)


def _format(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


_WIDTH = str.maketrans("０１２３４５６７８９：，．！？（）％−－", "0123456789:,.!?()%--")


def _fold_width(text: str) -> str:
    return text.translate(_WIDTH)
