"""Numbers said as words, the way families type or dictate them — 九十, 一百二, 三十八点五, 两点半; ninety,
one twenty, four and a half, two thirty — and read back (for the property tests: a word form keeps its value).

This is the variation suite's own small writer of numerals, not the bot's reader: it must not share code
with what it tests."""
from __future__ import annotations

import re
from decimal import Decimal

ZH_DIGITS = "零一二三四五六七八九"
ZH_UNITS = ((1000, "千"), (100, "百"), (10, "十"))

EN_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
           "sixteen seventeen eighteen nineteen").split()
EN_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
EN_FRACTIONS = {Decimal("0.5"): "and a half", Decimal("0.25"): "and a quarter", Decimal("0.75"): "and three quarters"}


def zh_integer(n: int, *, liang: bool = False, short: bool = False) -> str:
    """0 ≤ n < 10000 in Chinese: 90 → 九十, 105 → 一百零五, 120 → 一百二十 (short: 一百二), 2 → 二 (liang: 两)."""
    if not 0 <= n < 10000:
        raise ValueError(n)
    if n < 10:
        return "两" if liang and n == 2 else ZH_DIGITS[n]
    if n < 20:
        return "十" + (ZH_DIGITS[n % 10] if n % 10 else "")
    out, rest, gap = "", n, False
    for value, name in ZH_UNITS:
        digit, rest = divmod(rest, value)
        if digit:
            out += ("零" if gap else "") + ("两" if liang and digit == 2 and value >= 100 else ZH_DIGITS[digit]) + name
            gap = False
        elif out:
            gap = True
    if rest:
        out += ("零" if gap else "") + ZH_DIGITS[rest]
    if short and n >= 100 and out.endswith("十") and "零" not in out:
        out = out[:-1]                      # 一百二十 → 一百二, 一千五百 stays (it ends with 百)
    return out


def zh_number(value: str, *, liang: bool = False, short: bool = False) -> str:
    """A number as written in digits ("38.5", "120") in Chinese words (三十八点五, 一百二十)."""
    whole, _, fraction = value.partition(".")
    words = zh_integer(int(whole), liang=liang and not fraction, short=short and not fraction)
    return words + ("点" + "".join(ZH_DIGITS[int(d)] for d in fraction) if fraction else "")


def read_zh(words: str) -> Decimal:
    """The value of Chinese numerals written by `zh_number` (and the colloquial 一百二 / 一千五)."""
    whole, _, fraction = words.partition("点")
    value = Decimal(_read_zh_integer(whole))
    if fraction:
        value += Decimal("0." + "".join(str(ZH_DIGITS.index(c)) for c in fraction))
    return value


def _read_zh_integer(words: str) -> int:
    units = {name: value for value, name in ZH_UNITS}
    total, digit, last_unit, gap = 0, None, None, False
    for char in words.replace("两", "二"):
        if char == "零":
            gap = True
        elif char in ZH_DIGITS:
            digit = ZH_DIGITS.index(char)
        else:
            total += (1 if digit is None else digit) * units[char]
            digit, last_unit = None, units[char]
    if digit is not None:      # 一百二: the 二 is 20 — but 一百零二 is 102
        total += digit * (last_unit // 10 if last_unit and last_unit >= 100 and not gap else 1)
    return total


def en_integer(n: int, *, paired: bool = False) -> str:
    """0 ≤ n < 1000 in English: 90 → ninety, 120 → a hundred and twenty (paired: one twenty)."""
    if not 0 <= n < 1000:
        raise ValueError(n)
    if n < 20:
        return EN_ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return EN_TENS[tens] + ("-" + EN_ONES[ones] if ones else "")
    hundreds, rest = divmod(n, 100)
    if paired and rest >= 10:
        return f"{EN_ONES[hundreds]} {en_integer(rest)}"
    head = "a hundred" if hundreds == 1 else f"{EN_ONES[hundreds]} hundred"
    return head + (f" and {en_integer(rest)}" if rest else "")


def en_number(value: str, *, paired: bool = False, point: bool = False) -> str:
    """A number in digits in English words: 4.5 → four and a half (point: four point five), 2.4 → two point four."""
    number = Decimal(value)
    whole = int(number)
    fraction = number - whole
    if not fraction:
        return en_integer(whole, paired=paired)
    if fraction in EN_FRACTIONS and not point:
        return f"{en_integer(whole)} {EN_FRACTIONS[fraction]}" if whole else EN_FRACTIONS[fraction][4:]
    return f"{en_integer(whole)} point " + " ".join(EN_ONES[int(d)] for d in value.partition(".")[2])


def en_clock(hour: int, minute: int) -> str:
    """2:30 → two thirty, 1:05 → one oh five, 3:00 → three."""
    if minute == 0:
        return en_integer(hour)
    return f"{en_integer(hour)} {'oh ' + EN_ONES[minute] if minute < 10 else en_integer(minute)}"


_EN_WORD = re.compile(r"[a-z]+")


def read_en(words: str) -> Decimal:
    """The value of English numerals written by `en_number` / `en_clock` (a clock as hours + minutes/100)."""
    tokens = _EN_WORD.findall(words.lower().replace("-", " "))
    for fraction, said in EN_FRACTIONS.items():
        if words.endswith(said[4:]):
            head = words[: -len(said)].strip() if words.endswith(said) else ""
            return (read_en(head) if head else Decimal(0)) + fraction
    if "point" in tokens:
        at = tokens.index("point")
        digits = "".join(str(EN_ONES.index(t)) for t in tokens[at + 1:])
        return Decimal(_read_en_integer(tokens[:at])) + Decimal("0." + digits)
    return Decimal(_read_en_integer(tokens))


def read_en_clock(words: str) -> tuple[int, int]:
    """The hour and minute of `en_clock`'s words."""
    hour, *minute = words.split(" ", 1)
    return EN_ONES.index(hour), int(_read_en_integer(_EN_WORD.findall(minute[0].replace("-", " ")))) if minute else 0


def _read_en_integer(tokens: list[str]) -> int:
    total, current = 0, 0
    for token in tokens:
        if token in ("a", "and", "oh"):
            continue
        if token == "hundred":
            current = (current or 1) * 100
            continue
        number = EN_TENS.index(token) * 10 if token in EN_TENS else EN_ONES.index(token)
        if 0 < current < 10 and number >= 10:      # paired: "one twenty" is 1 × 100 + 20
            total, current = total + current * 100, number
        else:
            current += number
    return total + current
