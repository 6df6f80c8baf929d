"""What a message says beside its facts that no reader may take as one of them.

- A night told with its wakings (中间醒了两次 喂了一次 / only up twice for feeds): the feeds said beside the
  wakings, with no amount, kind or time of their own, are what the wakings were for — the night's detail, not
  feeds to ask about (a feed that says how much, 喂了一次 90ml, is a feed).
- A difference (比昨天多了二十): its number is no amount.
- A side that gave nothing while the other was pumped (右边堵了 / right side was empty / gave like nothing).
- A value said not to be known (多少我不知道 / not sure how much): no question — the value is missing.
- Not asleep (yet): 还没睡 / she's STILL awake / fighting sleep — no sleep of its own.
- Burps: 打了两个嗝 / burped twice.

Each is a span the readers do not see (`without`); rules.py says which of them count as understood."""
from __future__ import annotations

import re

from bot.understanding import words as w

_WAKINGS = re.compile(r"醒了?\s*\d+\s*[次回]|夜醒\s*\d+|\b(?:up|woke(?:\s+up)?|waking|awake)\s+(?:\d+\s*(?:times?|x)|"
                      r"once|twice)\b", re.I)
_FEEDS_BESIDE = re.compile(r"(?:(?<=[\s，,。])|^)(?:就|也|都|还)?(?:喂|吃|喝)了?(?:奶)?\s*\d+\s*(?:次|回|顿)(?:奶)?"
                           r"(?=\s*(?:[，,。.!！~]|$))|\s+(?:for|to)\s+(?:a\s+)?feeds?\b|\s+to\s+feed\b|"
                           r"[,\s]+(?:fed|feeding)\s+(?:once|twice|each time|both times)\b", re.I)


def night_feed_spans(text: str) -> list[tuple[int, int]]:
    """Where the feeds said beside a night's wakings stand in `text` (normalised), when the message tells a
    sleep and its wakings; none otherwise."""
    if not _WAKINGS.search(text) or not w.SLEEP_WORDS.search(text):
        return []
    return [m.span() for m in _FEEDS_BESIDE.finditer(text)]


# 比昨天多了二十 / 多了20 / 20 more than yesterday / 1 oz less than usual: a difference, never the amount
_DIFFERENCE = re.compile(r"比[^，,。\d\s]{0,6}(?:多|少)了?\s*\d+(?:\.\d+)?\s*(?:ml|毫升|oz|克|g)?|(?:多|少)了\s*\d+(?:\.\d+)?"
                         r"\s*(?:ml|毫升|oz|克|g)?(?=[\s，,。!！~]|$)|\d+(?:\.\d+)?\s*(?:ml|oz|mls?|ounces?)?\s+(?:more|less)"
                         r"\s+than\b", re.I)


def difference_spans(text: str) -> list[tuple[int, int]]:
    """Where a difference is said (比昨天多了二十): its number is no amount of the fact, so no reader takes it —
    it stays a number the reading did not use (the message is confirmed, the number quoted)."""
    return [m.span() for m in _DIFFERENCE.finditer(text)]


def without(text: str, spans: list[tuple[int, int]]) -> str:
    """`text` with the spans blanked (their places kept: the spans after them still point right)."""
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text


# the other side, said to have given nothing: 右边堵了 / 右边堵着吸不出来 / 另一边没奶 / Right was empty after his feed /
# right side gave like nothing / right side has a blocked duct again / right side's been a bit blocked
_SIDE = r"(?:另一边|另外一边|左边|右边|左侧|右侧|(?:the\s+)?(?:left|right|other)(?:\s+(?:side|one|boob|breast))?(?:'s)?)"
_GAVE_NOTHING = (r"(?:堵|吸不出|挤不出|出不来|没(?:有|奶|吸|挤|出|什么|啥|多少)|几乎没|空|\b(?:empty|nothing|blocked|clogged|duct|dry|"
                 r"barely|not much|zilch|zero)\b)")
_IN_CLAUSE = r"(?:(?!\s+[\u4e00-\u9fff])[^，,。.!！;；\d])"        # a space before Chinese ends a clause
_NOTHING_FROM_A_SIDE = re.compile(rf"(?:(?<=[\s，,。.!！;；])|^)(?:但是?|可是|\bbut\s+)?{_SIDE}{_IN_CLAUSE}{{0,30}}?"
                                  rf"{_GAVE_NOTHING}{_IN_CLAUSE}*", re.I)


def empty_side_spans(text: str) -> list[tuple[int, int]]:
    """Where a pumping message says a side gave nothing (右边堵了 只吸了左边 七十毫升): that side is no side of
    the pumping and no breastfeed — the side pumped and its amount are the fact. Only in a message that pumps
    and says an amount; never a clause with a number of its own."""
    if not w.PUMPING_WORDS.search(text) or not re.search(r"\d", text):
        return []
    return [m.span() for m in _NOTHING_FROM_A_SIDE.finditer(text)]


# a value said not to be known: 多少我不知道 / 不知道喝了多少 / 几点忘了 / not sure how much / no idea what time
_NOT_KNOWN = r"(?:不知道|不清楚|不记得了?|忘了|没看|没注意|没数)"
_ASKED_WORD = r"(?:多少|几点|什么时候|多久|多长时间)"
_A_VALUE_NOT_KNOWN = re.compile(
    rf"{_ASKED_WORD}[^，,。.!！?？\d]{{0,4}}?{_NOT_KNOWN}|{_NOT_KNOWN}[^，,。.!！?？\d]{{0,4}}?{_ASKED_WORD}|"
    r"\b(?:(?:i\s+)?(?:don'?t|do not|didn'?t) know|not sure|no idea|dunno|can'?t remember|forgot)\s+"
    r"(?:how (?:much|many|long)|what time|when)(?:\s+(?:she|he|it|they)\s+(?:had|took|drank|was|did))?\b", re.I)


def unknown_value_spans(text: str) -> list[tuple[int, int]]:
    """Where a message says a value is not known (朵朵刚喝了一瓶奶粉 多少我不知道): no question asked — the value is
    missing, and the domain asks for it as for any missing value."""
    return [m.span() for m in _A_VALUE_NOT_KNOWN.finditer(text)]


# not asleep (yet): she's STILL awake / still up / wide awake / fighting sleep / 还没睡 / 还醒着 / 不肯睡 / 就是不睡
_NOT_ASLEEP = re.compile(r"(?:还|就是|怎么都|死活)?(?:没睡着?|醒着|不肯睡|不睡)(?:呢|啊|呀|哦)?(?!醒)|"
                         r"\b(?:still|wide)\s+(?:wide\s+)?(?:awake|up)\b(?!\s+(?:at|since|around|about|from)\b)|"
                         r"\b(?:fighting|fought|fights) (?:sleep|her nap|his nap|the nap|bedtime|it)\b"
                         r"(?:\s+for\s+(?:\d+|an?|half an?)\s*(?:min(?:ute)?s?|hours?|hrs?)\b)?|"
                         r"(?:哄|拍|摇|抱|弄)了?\s*(?:(?:\d+\s*(?:分钟|个?小时|个?钟头?)|半个?小时|一个多小时)"
                         r"(?=\s*(?:才|就|终于)?\s*睡)|老半天|半天|好久|很久)|"
                         r"\btook\s+(?:\d+|an?|ages|forever|half an?)\s*(?:min(?:ute)?s?|hours?|hrs?)?\s+to\s+"
                         r"(?:settle|get (?:her|him) down|fall asleep|go down|get to sleep)\b|\bwon'?t (?:go down|settle|sleep)\b|"
                         r"\brefus(?:es|ing|ed) to (?:sleep|nap|settle)\b", re.I)


def not_asleep_spans(text: str) -> list[tuple[int, int]]:
    """Where a message says the baby is not asleep (yet), or how long she took to settle: no sleep and no sleep's
    length — the sleep, when it comes, is told apart (还没睡 / she's STILL awake ugh: nothing; 哄了二十分钟才睡 /
    fought sleep for an hour, down at 8: asleep now / at 8, never a 20-minute or an hour's sleep)."""
    return [m.span() for m in _NOT_ASLEEP.finditer(text)]


# burps, however many: 打了两个嗝 / 拍出一个大嗝 / burped twice — no record holds them
_BURPS = re.compile(r"(?:拍|打)?了?出?\s*(?:\d+|几|好几)?\s*个?大?嗝|\bburp(?:ed|s|ing)?\b(?:\s+(?:her|him))?"
                    r"(?:\s+(?:once|twice|\d+\s*times|a few times|loads))?", re.I)


def burp_spans(text: str) -> list[tuple[int, int]]:
    """Where a message tells of burps (十点喝了奶粉一百五 打了两个嗝): how the feed went, no fact and no count to use."""
    return [m.span() for m in _BURPS.finditer(text)]
