"""Every word the time reader knows: day words, parts of the day, markers, English number words.

The one list of 今天/昨晚/前天/凌晨/下午/tonight/last night… for the whole understanding layer. Text is
read lower-cased (see prepare.py), so the English patterns are lower case. Other readers that need a day
or a part of the day should import from here.
"""
from __future__ import annotations

import re

from bot.understanding.number_words import NUMBER_TENS_EN, NUMBER_UNITS_EN

# Parts of the day, as said before or after a clock time. A period decides which 12-hour reading a
# clock time has (see resolve.hour_candidates).
SMALL_HOURS, MORNING, NOON, AFTERNOON, EVENING = "small_hours", "morning", "noon", "afternoon", "evening"
AM, PM = "am", "pm"

PERIOD_WORDS: list[tuple[str, str, int | None]] = [
    # (pattern, period, the hour it names when said without a clock time)
    (r"后半夜|凌晨|半夜|深夜|夜里|夜间", SMALL_HOURS, None),
    (r"午夜", SMALL_HOURS, 0),
    (r"早上|早晨|上午|清晨|早", MORNING, None),
    (r"中午", NOON, 12),
    (r"下午|午后", AFTERNOON, None),
    (r"晚上|傍晚|晚间|夜晚|晚", EVENING, None),
    (r"(?:at )?noon(?:ish)?|(?:at )?mid[- ]?day|(?:at )?lunch ?time", NOON, 12),
    (r"(?:at )?mid[- ]?night", SMALL_HOURS, 0),
    (r"mid[- ]?morning", MORNING, 10),
    (r"mid[- ]?afternoon", AFTERNOON, 14),
    (r"(?:in the |early )?(?:early )?morning", MORNING, None),
    (r"(?:in the )?afternoon", AFTERNOON, None),
    (r"(?:in the )?evening", EVENING, None),
    (r"(?:in the |at )?night", EVENING, None),
]

# Day words: (pattern, days from today, the part of the day they name). Longer words first.
DAY_WORDS: list[tuple[str, int, str | None]] = [
    (r"大前天", -3, None),
    (r"(?:the )?day before yesterday", -2, None),
    (r"(?<!大)前天晚上|前晚", -2, EVENING),
    (r"(?<!大)前天", -2, None),
    (r"昨天晚上|昨晚|昨夜|last night", -1, EVENING),
    (r"昨天早上|昨早", -1, MORNING),
    (r"昨天|昨日|yesterday", -1, None),
    (r"今天晚上|今晚|今夜|tonight|this night", 0, EVENING),
    (r"今天早上|今早|今晨|this morning", 0, MORNING),
    (r"this afternoon", 0, AFTERNOON),
    (r"this evening", 0, EVENING),
    (r"今天|今日|today", 0, None),
    (r"明天早上|明早|tomorrow morning", 1, MORNING),
    (r"明天晚上|明晚|tomorrow night", 1, EVENING),
    (r"(?<!大)后天|(?:the )?day after tomorrow", 2, None),
    (r"明天|明日|tomorrow", 1, None),
]



def day_words_for(offset: int) -> re.Pattern[str]:
    """Every word for one day as one pattern: day_words_for(-1) finds 昨天, 昨晚, yesterday, last night…"""
    return re.compile("|".join(p for p, days, _ in DAY_WORDS if days == offset), re.I)


# Words that say the family is talking about the night (the rules read a sleep range across midnight).
NIGHT_WORDS = re.compile(r"昨晚|昨夜|前晚|夜里|夜间|晚上|凌晨|半夜|整晚|一晚|晚\d|last night|overnight|night", re.I)

# "Now" and its neighbours: a point at the current minute.
NOW_WORDS = (r"刚刚|刚才|刚(?![好满刚])|现在|此刻|这会儿?|目前"
             r"|just now|right now|at the (?:present )?(?:moment|minute|time)|at present|at this time|currently|\bnow\b")

# Open ends: before / after / since / until a clock time.
BOUND_PRE: list[tuple[str, str]] = [
    (r"at or after|>=|≥|as early as|any ?time from|starting (?:at|from)|since|自从", "since"),
    (r"at or before|<=|≤|as late as|up to|no later than", "until"),
    (r"after|later than|>", "after"),
    (r"before|prior to|in advance of|earlier than|<", "before"),
]
BOUND_POST: list[tuple[str, str]] = [
    (r"or later|or after|onwards?|开始", "since"),
    (r"or earlier|or before|为止", "until"),
    (r"之后|以后|后", "after"),
    (r"之前|以前|前(?![天晚后])", "before"),
]

# A length of time back from now, said after it (半小时前, 2 hours ago), or a window that ends now.
AGO_WORDS = r"之前|以前|前(?![天晚])|\bago\b|\bearlier\b|\bback\b"
WINDOW_BEFORE_EN = r"\b(?:in\s+)?(?:the\s+)?(?:last|past|previous)\s+$"       # the last 3 minutes
WINDOW_BEFORE_ZH = r"(?:过去的?|最近的?|之前的?|上)\s*$"                     # 过去3小时, 之前3小时, 上个小时

# Words that join two clock times into a range.
RANGE_JOINS = r"一直到|直到|睡到|到|至|~|～|—|–|-|to|till|til|until|thru|through"
UNTIL_JOINS = re.compile(r"until|till|til|直到")
BETWEEN = r"between"
FROM = r"from|从"
AND = r"and"

# Words before a bare number that make it a clock time: "at 3" always; "around 7" only when a day word
# is said too (tonight around 7) — "drank about 4" is an amount. Chinese says 点 (大约10点).
# at 3 / at around 3; and a bottle around 2 (an event, then about when: never an amount — attach.py)
CLOCK_LEADS = r"\bat(?:\s+(?:around|about|approx\.?|approximately|roughly|circa))?\s*$"
ABOUT_LEAD = r"\b(?:around|about|roughly|approx\.?)\s*$"
EVENT_BEFORE = (r"\b(?:bottles?|feed|feeding|fed|nap|napped|nappy|diaper|poo|poop|pooped|bath|asleep|down|up|woke|"
                r"pumped|pumping|nursed|changed|weighed|tylenol|calpol|panadol|motrin|meds|medicine)\s+$")
CLOCK_LEADS_WITH_A_DAY = r"(?:\baround|\babout|\bcirca|\bapproximately|\bapprox\.?|\broughly|\bby)\s*$"
# Words that may sit between a part of the day and its clock time, or around a clock time.
FILLERS = r"(?:\s|[,，、]|\bat\b|\baround\b|\babout\b|\bcirca\b|\bapproximately\b|\broughly\b|大约|大概|约莫|约|差不多|左右|前后|的|在|\bo'?clock\b)*"

# English number words, read as digits before the time grammar runs (the rules' own list: number_words.py).
UNITS_EN = NUMBER_UNITS_EN
TENS_EN = {word: value for word, value in NUMBER_TENS_EN.items() if value <= 50}

# 几 / few / several / some: an amount said without a number. Recognizers' convention, kept here: 3.
FEW = 3
FEW_WORDS = re.compile(r"\b(?:a few|few|several|some)\b|几|幾")
