"""Chinese numerals in running text become Arabic digits before the rules read it.

九十一 = 91, 两千四百五 = 2450, 百三 = 130, 一千零五 = 1005, 兩 (traditional) = 两; 俩 / 仨 before a
measure word are 2 / 3. 半 (half) needs rules of its own: 两个半小时 = 150分钟, 半小时 = 30分钟,
8点半 = 8点30分. Words that merely contain a numeral character stay words: 一切, 一看, 四川, 美味十足,
两两, 三三两两 — a single numeral character is a number only before a measure word, a digit, or the end of a
word, or after 剩 / 加 (还剩十倒掉了); a run with a doubled character (两两, 三三) never. 两 as a weight unit (三斤二两) is left alone.
English numbers in words, fractions and unit spellings are number_words.py's (three and a half oz → 3.5 oz).
"""
from __future__ import annotations

import re
from functools import lru_cache

import cn2an

from bot.understanding.number_words import spell_out

_DIGIT_VALUES = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
                 "八": 8, "九": 9}
_UNIT_VALUES = {"十": 10, "百": 100, "千": 1000}
_DIGITS = "零〇一二两三四五六七八九十百千"
# a decimal said in words before its unit (三十八点五度, 六点三公斤, 四十一点五厘米) is a number, not a clock
_DECIMAL_UNIT = r"\s*(?:毫|度|公斤|千克|斤|厘米|公分|克|磅|盎司|kg|cm|ml|oz|lb|℃|°)"
_RUN = re.compile(rf"[{_DIGITS}]+(?:点[零〇一二三四五六七八九]+(?={_DECIMAL_UNIT}))?")
# 六公斤八 (6公斤8 once its runs are numbers): 6.8 kg, as 三十八度二 is 38.2 degrees
_KILOS_AND_A_TENTH = re.compile(r"(?<![\d.])(\d{1,2})\s*公斤\s*(\d)(?![\d.]|\s*(?:两|斤|克|g|公斤|kg|个|次|月|天|岁))")
# 三十八度二 (38度二 once its run is a number): 38.2 degrees, as 37度5 is
_DEGREES_AND_A_TENTH = re.compile(r"(?<![\d.])(3[4-9]|4[0-2])\s*度\s*([一二三四五六七八九])(?![\d一二三四五六七八九十百])")
_DIGIT_DECIMAL = re.compile(rf"(?<![\d.])(\d+)点(\d)(?={_DECIMAL_UNIT})", re.I)
# Words that begin with a numeral but are not numbers.
_IDIOMS = ("一下", "一些", "一直", "一起", "一样", "一定", "一会", "一点点", "一口气", "一般",
           "一边", "一次性", "一觉", "两边", "一半", "一点儿", "千万", "万一", "一共", "一整", "一切", "一看",
           "四川", "一旦", "一向", "一概", "一律", "一再", "一连", "一面", "一阵", "一个人", "一个都", "一滴都", "一口都",
           "一滴不剩")
# What may follow a lone numeral character that is a number: measure words, units, time words, joins.
_MEASURES = set("个個次回顿口勺瓶杯碗袋包片粒颗滴支只块条张件双对雙對位天日周月年岁歲斤两兩克公毫升厘米寸度点點时時分秒刻"
                "小大钟鐘号號下多来余几半百千万宝胎泡坨管针剂格圈趟遍种样份盒罐桶段餐到至或和比人磅盎觉")
_A_LITTLE = re.compile(r"一点(?!\s*(?:钟|半|过|整|多|\d|[零一二三四五六七八九十]+分|[一二三]刻))")
_AMOUNT_NEXT = ("剩", "剩了", "剩下", "加", "加上")    # 还剩十倒掉了, 六十加五: what follows them is an amount
_LIANG_UNIT = re.compile(r"(?<=[一二三四五六七八九十斤\d])两(?!两)")
_UNIT_MARK = "\u2042"
_COLLOQUIAL = re.compile(r"俩(?=[个小钟点分次回顿瓶杯天岁月斤克毫])|仨(?=[个小钟点分次回顿瓶杯天岁月斤克毫])")
_HALF_HOURS = re.compile(r"(\d+)个半(小时|钟头)")
_HALF_HOUR = re.compile(r"(?<![\d个])半(个)?(小时|钟头)")
_HALF_CLOCK = re.compile(r"(\d+)点半")


def to_number(run: str) -> float | None:
    """One numeral run (九十一, 两, 一百二十, 百三) as a number, or None."""
    run = run.strip().replace("兩", "两")
    if re.fullmatch(r"\d+(?:\.\d+)?", run):
        return float(run)
    whole = chinese_integer(run)
    if whole is not None:
        return float(whole)
    if len(run) == 2 and all(c in _DIGIT_VALUES for c in run) or run in ("百", "千"):
        return None                  # 三四 is "three or four", not 34 (二零二五 is read digit by digit)
    try:
        return float(cn2an.cn2an(run.replace("两", "二").replace("〇", "零"), "smart"))
    except (ValueError, KeyError, OverflowError):
        return None


def chinese_integer(run: str) -> int | None:
    """A Chinese integer below 10,000, colloquial forms included: 两千四百五 = 2450, 百三 = 130, 零十 = 10."""
    if not run or any(c not in _DIGIT_VALUES and c not in _UNIT_VALUES for c in run):
        return None
    if len(run) > 1 and all(c in _DIGIT_VALUES for c in run):
        return _DIGIT_VALUES[run[1]] if len(run) == 2 and run[0] in "零〇" else None   # 十点零五: 零五 = 5
    if run in ("百", "千"):
        return None                  # 百分位: a lone 百 is a word (十 alone is 10)
    total, digit, last_unit, zero = 0, None, 10_000, False
    for c in run:
        if c in _DIGIT_VALUES:
            if digit is not None:
                return None          # two digits in a row (三四)
            digit, zero = _DIGIT_VALUES[c], zero or _DIGIT_VALUES[c] == 0
            digit = None if digit == 0 else digit
            continue
        unit = _UNIT_VALUES[c]
        if unit >= last_unit:
            return None              # 十百: units must fall
        total, digit, last_unit, zero = total + (digit if digit is not None else 1) * unit, None, unit, False
    if digit is not None:            # 二百五 = 250 unless a 零 came first (一千零五 = 1005)
        total += digit if zero or last_unit == 10_000 or last_unit == 10 else digit * last_unit // 10
    return total


@lru_cache(maxsize=512)
def normalise(text: str) -> str:
    """Digits for numerals, half hours as minutes, full-width characters folded. A pure function of the
    string, and one message's clauses are normalised several times over: the last 512 are kept."""
    text = _bounded_runs(_fold_width(text)).replace("兩", "两")
    text = _COLLOQUIAL.sub(lambda m: "2" if m.group(0) == "俩" else "3", text)
    text = _LIANG_UNIT.sub(_UNIT_MARK, text)
    text = spell_out(_replace_runs(_measured_decimals(text)).replace(_UNIT_MARK, "两"))
    text = _DIGIT_DECIMAL.sub(r"\1.\2", text)
    text = _KILOS_AND_A_TENTH.sub(r"\1.\2公斤", text)
    text = _DEGREES_AND_A_TENTH.sub(lambda m: f"{m.group(1)}.{_DIGIT_VALUES[m.group(2)]}度", text)
    text = _HALF_HOURS.sub(lambda m: f"{int(m.group(1)) * 60 + 30}分钟", text)
    text = _HALF_HOUR.sub("30分钟", text)
    text = _HALF_CLOCK.sub(lambda m: f"{m.group(1)}点30分", text)
    text = _ZERO_FOR_O.sub("oz", text)
    return _LATIN_BESIDE_CJK.sub(" ", text)


# a gap or a row of marks longer than anyone types to mean something (a run of spaces pasted, ？？？？？？ held
# down): read as a short one. What the rules read is then never a long run of one kind of character, which is
# what makes a pattern's backtracking grow with the message (issue 28: 60 spaces cost five seconds).
_LONG_GAP = re.compile(r"\s{4,}")
_LONG_MARKS = re.compile(r"[?!.,~;:。，！？～、；：…·\-\s]{5,}")
_LONG_DIGITS = re.compile(r"(?<=\d{12})\d+")          # no amount, time or weight has more than twelve digits


def _bounded_runs(text: str) -> str:
    """Four or more spaces are one (a newline when the run holds one); five or more marks keep their first two
    and their last two (好了吗？？？？？？ → 好了吗？？？？, the question still a question); a number's digits past the
    twelfth go."""
    text = _LONG_GAP.sub(lambda m: "\n" if "\n" in m.group(0) else " ", text)
    text = _LONG_MARKS.sub(lambda m: m.group(0)[:2] + m.group(0)[-2:], text)
    return _LONG_DIGITS.sub("", text)


# 4 0z: a zero typed for the o of oz after an amount (the same length: spans keep their places)
_ZERO_FOR_O = re.compile(r"(?<=\d )0z\b", re.I)
# pee了 / 刚换好diaper: an English word run into Chinese is still a whole word
# (lower-case words only: 维生素D, AD滴剂 and MMR are names, kept as typed)
_LATIN_BESIDE_CJK = re.compile(r"(?<=[a-z]{2})(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])(?=[a-z]{2})")


# 头围四十一点五 / 体重六点八: a decimal said after what it measures is a number too
_MEASURED_DECIMAL = re.compile(r"(头围|身长|身高|体重|体温|温度)(\s*(?:是|有|为|:|：)?\s*)([零一二两三四五六七八九十]+)点([零一二三四五六七八九])"
                               r"(?![零一二三四五六七八九十\d分])")


def _measured_decimals(text: str) -> str:
    def one(m: re.Match[str]) -> str:
        whole = to_number(m.group(3))
        return m.group(0) if whole is None else f"{m.group(1)}{m.group(2)}{_format(whole)}.{_DIGIT_VALUES[m.group(4)]}"
    return _MEASURED_DECIMAL.sub(one, text)


def _replace_runs(text: str) -> str:
    out: list[str] = []
    pos = 0
    for match in _RUN.finditer(text):
        start, run = match.start(), match.group(0)
        if not _is_numeral(text, start, match.end(), run):
            continue
        value = to_number(run)
        if value is None:
            continue
        out.append(text[pos:start])
        out.append(_format(value))
        pos = match.end()
    out.append(text[pos:])
    return "".join(out)


def _is_numeral(text: str, start: int, end: int, run: str) -> bool:
    if _is_idiom(text, start) or _is_weight_liang(text, start, run):
        return False
    if len(run) > 1:
        return not any(a == b != "零" for a, b in zip(run, run[1:], strict=False))   # 两两, 三三两两: words
    after = text[end:end + 1]
    return not after or not _is_cjk(after) or after in _MEASURES or text[max(0, start - 2):start].endswith(_AMOUNT_NEXT)


def _is_cjk(char: str) -> bool:
    return "\u4e00" <= char <= "\u9fff"


def _is_idiom(text: str, start: int) -> bool:
    if text.startswith("十分", start) and not text.startswith("十分钟", start) and \
            not text[:start].rstrip().endswith(("点", "點")):
        return True  # 十分 = very (三点十分: ten past three)
    if _A_LITTLE.match(text, start) and start > 0 and text[start - 1] in "剩了下有喝吃多少差":
        return True  # 剩了一点 / 喝了一点: a little, not one o'clock
    return any(text.startswith(idiom, start) for idiom in _IDIOMS)


def _is_weight_liang(text: str, start: int, run: str) -> bool:
    """两 right after a number (三斤二两) or at the end of 斤…两 is a unit, not a numeral."""
    return run == "两" and start > 0 and (text[start - 1].isdigit() or text[start - 1] in _DIGITS)


def _format(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


_WIDTH = str.maketrans("０１２３４５６７８９：，．！？（）％−－", "0123456789:,.!?()%--")


def _fold_width(text: str) -> str:
    return text.translate(_WIDTH)
