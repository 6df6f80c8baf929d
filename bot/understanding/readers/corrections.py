"""Corrections in plain words: what is affirmed, and what is said to be wrong.

不是9点，是9点20 / 是母乳不是奶粉 / 六点那顿是一百的 不是一百二 / it was 3.5 not 3 / sorry 100.1 not 101, typo /
the left side not the right. A correction is a class, not a list of sentences: a contrast (不是…是… / …不是… /
X not Y / not Y, X) found in any clause of the message, or a correction word opening it (不对 / 改成 / actually /
no it was …). The affirmed part is the new value; the negated part only names the record being corrected (9点
→ the one at 9:00; 120 → the record holding 120; 奶粉 → a feed), never a value to write. The clauses around the
contrast (不好意思, typo, misread the scale) are its apology: they change nothing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache

from bot.understanding import words as w
from bot.understanding.timeparse import CLOCK, resolve_point, said_time
from domain.extraction import RecordReference, Slots

_PART_ZH = r"(?:[^，,。；;\s]|(?<=\d)\s(?=\d)){1,40}?"   # bounded: a hostile run-on stays linear
_PART_EN = r"(?:[^,.;!?]|(?<=\d)\.(?=\d)){1,80}?"
_CLAUSE_END = r"\s*(?=$|[，,。；;!！?？]|\s+(?:[^\x00-\x7f]|typo|sorry|oops|lol|my bad|misread))"
_NOT_FIRST_ZH = re.compile(rf"(?P<topic>[^，,。；;]{{0,40}}?)不是\s*+(?P<old>{_PART_ZH})\s*+(?:[,，]\s*+)?(?:而是|应该是|其实是|是)\s*+"
                           rf"(?P<new>{_PART_ZH}){_CLAUSE_END}")
_NOT_AFTER_ZH = re.compile(rf"(?P<topic>[^，,。；;]{{0,40}}?)(?:应该是|其实是|是)?\s*+(?P<new>{_PART_ZH})\s*+(?:[,，]\s*+)?(?:而不是|不是)\s*+"
                           rf"(?P<old>{_PART_ZH}){_CLAUSE_END}")
_EN_END = r"\s*+(?=$|[,;!?]|\.(?!\d))"
_NOT_FIRST_EN = re.compile(rf"\bnot\s+(?:at\s+|the\s+)?(?P<old>{_PART_EN})\s*[,;]\s*(?:but\s+|it\s+was\s+|it'?s\s+|at\s+)?"
                           rf"(?P<new>{_PART_EN}){_EN_END}", re.I)
_NOT_AFTER_EN = re.compile(rf"(?P<new>{_PART_EN})(?:\s*+,\s++|\s++)not\s+(?:at\s+|the\s+)?(?P<old>{_PART_EN}){_EN_END}", re.I)
# 不是刚刚 七点喝的: the right value after a pause, without its 是
_NOT_THEN_VALUE_ZH = re.compile(rf"(?P<topic>[^，,。；;]{{0,40}}?)不是\s*+(?P<old>{_PART_ZH})(?:\s*+[,，]\s*+|\s++)(?=\d)"
                                rf"(?P<new>{_PART_ZH}){_CLAUSE_END}")
_CONTRASTS = ((_NOT_FIRST_ZH, True), (_NOT_AFTER_ZH, True), (_NOT_THEN_VALUE_ZH, True), (_NOT_AFTER_EN, False),
              (_NOT_FIRST_EN, False))
# the spaces around a contrast's parts are possessive (\s*+): what follows each never starts with a space that could
# help, and giving them back one by one made a run of spaces (a blanked aside) cost seconds. Each pattern finds what
# it found before (tests/unit/test_patterns_stay_linear.py holds them to the earlier patterns).
# every contrast says 不是 or not: a message with neither has none, and is not searched for one (the patterns' bounded
# parts are tried at every place — most of a message's cost in reading corrections); one that says it more often than
# anyone correcting a value does (不是不是不是…, a paste) is no correction, and searching it cost seconds
_SAYS_NOT = re.compile(r"不是|not", re.I)
NOTS_AT_MOST = 6
# the words that open a correction without saying anything (no wait, 不对，…): dropped from the values
_OPENING = re.compile(r"^[\s,，。.!！]*(?:(?:wait|sorry|oops|actually|no|nope|ugh|ok|okay|oh|scratch that|my bad)[\s,，]+)*"
                      r"(?:应该是|其实是|是|it\s+was\s+|it'?s\s+|make\s+(?:it|that)\s+|"
                      r"(?:(?:that|it|this)\s+)?(?:should(?:'ve|\s+have)?\s+been|should\s+be|was\s+meant\s+to\s+be)\s+|"
                      r"(?:[A-Za-z]+\s+)?(?:only\s+|just\s+)?(?:had|drank|took)\s+)?", re.I)
_APOLOGY = re.compile(r"^[\s,，]*(?:不对|不好意思|抱歉|对不起|说错了|记错了|写错了|发错了|打错了|搞错了|弄错了|sorry|oops|my bad|"
                      r"actually|no wait|wait|no|nope)[\s,，。.!！]*", re.I)
_NO_IT_WAS = re.compile(r"^\s*(?:no|nope)[\s,，]+(?:it\s+was|it'?s|she\s+had|he\s+had|wait)\b", re.I)


@dataclass(frozen=True)
class Affirmed:
    new: str                      # the words that carry the new values
    old: str | None = None        # the words said to be wrong (a hint at which record), if any
    old_span: tuple[int, int] | None = None
    topic: str = ""               # what the contrast is about, said before it (六点那顿 | 是100 不是120)
    end: int = 0                  # where the contrast ends in the words it was found in

    @property
    def values(self) -> str:
        """The words to read the new values from: the topic with them (六点那顿是100)."""
        return f"{self.topic}是{self.new}" if self.topic else self.new


def affirmed(text: str) -> Affirmed:
    """The affirmed part of a correction's words, and the negated part when one was said."""
    found = _contrast(text)
    if found is not None:
        return found
    return Affirmed(_OPENING.sub("", text).strip() or text)


@lru_cache(maxsize=256)
def _contrast(text: str) -> Affirmed | None:
    """The first contrast in the text whose new part says a value, else the first at all (the topic before
    不是/是 goes with the new values: 六点那顿 | 是100 不是120 → 六点那顿 100)."""
    found: list[Affirmed] = []
    nots = _SAYS_NOT.findall(text)
    if not nots or len(nots) > NOTS_AT_MOST:
        return None
    said_zh, said_en = "不是" in nots, nots.count("不是") < len(nots)
    for pattern, chinese in _CONTRASTS:
        if not (said_zh if chinese else said_en):
            continue                # 不是 for the Chinese contrasts, not for the English ones
        for m in pattern.finditer(text):
            new, old = m.group("new").strip(), m.group("old").strip()
            if not new or not old:
                continue
            topic = _APOLOGY.sub("", m.group("topic")).strip() if chinese else ""
            carried = _carried(old, new)
            new = _OPENING.sub("", new).strip() or new
            found.append(Affirmed(new, old, m.span("old"), f"{topic} {carried}".strip() if carried else topic,
                                  m.end()))
    return next((a for a in found if _says_a_value(a.new)), found[0] if found else None)


_VALUE = re.compile(r"\d+(?:[.:：点]\d+)?\s*(?:点|分|ml|毫升|cc|oz|kg|斤|cm|度|am|pm)?", re.I)


def _carried(old: str, new: str) -> str:
    """What the wrong part says besides its value goes with the new one: 不是五点醒的 是五点四十 → 五点四十醒的."""
    rest = _VALUE.sub("", old).strip()
    return rest if rest and not _says_a_value(rest) and re.search(r"\d", new) and re.search(r"醒|睡|woke|asleep|up\b",
                                                                                         rest, re.I) else ""


def wrong_spans(text: str) -> list[tuple[int, int]]:
    """Where the message says what is wrong (the 80 of 不是80，是100): no value is read from there."""
    said = _contrast(text)
    if said is None or said.old_span is None:
        return []
    start, end = said.old_span
    marker = _NOT_BEFORE.search(text[:start])           # its 不是 / not: the marker of what is wrong, said with it
    return [(marker.start() if marker else start, end)]


_NOT_BEFORE = re.compile(r"(?:不是|\bnot(?:\s+(?:at|the))?)\s*$", re.I)


_QUESTION = re.compile(r"[吗呢?？]\s*$")

# an apology that only says sorry, or sorry for being late (sorry for the late update, 刚才忘记发了, forgot to log
# this earlier): before a whole new fact it opens no correction (sorry, she's asleep); before a bare value it does
_SORRY = re.compile(r"^[\s,，。.!！]*(?:(?:(?:so+rr?y|oops|my bad|不好意思|抱歉|对不起)[\s,，。.!！:：]*)+"
                    r"(?:(?:for the )?late update|(?:i )?forgot to (?:log|say|send|post|write|add)(?: this| that| it)?"
                    r"(?: earlier| before)?|忘(?:记|了)?(?:发|说|记)了?|打扰一下|忘了)?"
                    r"|(?:刚才|刚刚|差点)?忘(?:记|了)?(?:发|说|记)?了?|(?:oops )?(?:i )?forgot to (?:log|say|send|post|add)"
                    r"(?: this| that| it)?(?: earlier| before)?)[\s,，。.!！:：]*", re.I)
_RESTATED = re.compile(r"^(?:it\s+was|it'?s\s+\d|that\s+was|that'?s|make\s+it|i\s+meant?|not\b|should|应该|是\d|不是)",
                       re.I)


def apology_before(text: str) -> int:
    """Where a plain apology ends when a message opens with one (0 when it does not, or when what follows
    restates a value: sorry, it was 5 oz / 不好意思 是120): the caller asks whether the rest is a new fact."""
    m = _SORRY.match(text)
    if m is None or not m.group(0).strip(" ,，。.!！:：") or m.end() >= len(text):
        return 0
    rest = text[m.end():]
    if _RESTATED.match(rest) or "的是" in rest or _contrast(rest) is not None or w.CORRECTION.match(rest):
        return 0
    return m.end()


# 我看错了 / 我问过阿姨了 / I misread it: the one correcting says why — no value of the record
_OWN_REASON = re.compile(r"[，,。\s]+(?:(?:我|咱)[^，,。\d]{0,12}|(?:刚才|刚刚|之前)?(?:我)?(?:看|记|说|写|打|搞|弄|读)错了?[^，,。\d]{0,6}|(?:i\b|i'm\b|i've\b|read it|misread|typed|fat[- ]fingered|"
                         r"my bad|typo|looked)[^，,。\d]{0,40})$", re.I)


# a value, then that it was misread (是38.2，刚才看错了 / 38.4 misread it): a correction said the other way round
_MISREAD_LAST = re.compile(r"[，,。\s]+(?:刚才|刚刚|之前)?(?:我)?(?:看|记|说|写|打|搞|弄|读)错了?[^，,。\d]{0,6}$|"
                           r"[,.\s]+(?:typo|misread(?: it)?|my bad|read it wrong)\b[^,.\d]{0,40}$", re.I)


def own_reason_span(text: str) -> tuple[int, int] | None:
    """Where a correction's teller says why, last (sorry, 38.4, read it wrong without my glasses): said, and set
    aside — only in a message that corrects."""
    if not (w.CORRECTION.match(text) or _contrast(text) or _MISREAD_LAST.search(text)) or not re.search(r"\d", text):
        return None
    m = _OWN_REASON.search(text)
    return m.span() if m else None


def without_own_reason(body: str) -> str:
    """A correction's values without the reason its teller gives last (是一百三 我看错了 → 是一百三)."""
    return _OWN_REASON.sub("", body) if re.search(r"\d", body) else body


# it's not even 10am / not yet 3 / 还不到: a not that measures, never one that corrects
_NOT_EVEN = re.compile(r"\bnot\s+(?:even|yet|quite|(?:too\s+|so\s+|that\s+)?bad|great|ideal)\b|还不到|都不到", re.I)


def plain_correction(text: str, now: datetime) -> tuple[bool, str, RecordReference | None]:
    """(is it a correction, the words with the new values, the record the wrong words point at).

    A correction opens with its word (不对 / 改成 / no it was …) or says what is wrong (是母乳不是奶粉)."""
    opening = w.CORRECTION.match(text) or _NO_IT_WAS.match(text)
    said = _contrast(text) if not _NOT_EVEN.search(text) else None
    if said is None and not opening and (last := _MISREAD_LAST.search(text)) and re.search(r"\d", text[:last.start()]):
        return True, text[:last.start()], None          # 是38.2，刚才看错了: the value, then why it was wrong
    if said is not None and not opening and not _says_a_value(said.new):
        said = None                  # 宝宝是饿了不是困了: no record's value, just talk
    if said is None and not opening or _QUESTION.search(text):
        return bool(opening), text[opening.end():] if opening else text, None
    if said is None:
        return True, affirmed(text[opening.end():]).new, None
    rest = text[said.end:]
    more = f" {rest.strip(' ,，')}" if _MORE_SAID.match(rest) else ""   # 4:15 not 4:30, and she drank 100ml
    return True, said.values + more, _pointed_at(said.old, said.new, now)


# after the contrast, a clause with a value of its own (…not 4:30, and she drank 100ml): the same record's
_MORE_SAID = re.compile(r"\s*[,，]?\s*(?:and|also|plus|还有|而且|并且|然后)?\s*[^,，。.;；]*\d", re.I)


def another_type_said(text: str) -> str | None:
    """不是喂奶，是吸奶器吸的，一共110ml: what is said wrong is a record *type* and the right part names another — the
    words said wrong (a record of the type said is meant, never a change of one of the other type)."""
    said = _contrast(text)
    if said is None or said.old is None or re.search(r"\d", said.old):
        return None
    old, new = _type_named(said.old), _type_named(said.new)
    return said.old if old is not None and new is not None and old != new else None


def _type_named(words: str) -> str | None:
    return next((name for pattern, name in w.RECORD_NAMES if re.search(pattern, words, re.I)), None)


def _says_a_value(words: str) -> bool:
    """A number, a time, or a word a record holds (母乳, 右边, 尿, nap …)."""
    patterns = [p for p, _ in (*w.KIND_WORDS, *w.SIDE_WORDS, *w.STOOL_COLORS, *w.STOOL_CONSISTENCIES)]
    return bool(re.search(r"\d", words)) or any(p.search(words) for p in patterns) or \
        bool(w.WET_WORDS.search(words) or w.SOLID_WORDS.search(words) or w.NAP.search(words))


_A_CLOCK = re.compile(r"\d\s*(?:[:：点]|am\b|pm\b)", re.I)
_WRONG_NUMBER = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?:ml|毫升|cc|oz|ounces?|kg|公斤|斤|lb|lbs|cm|厘米|in|度|°)?\s*(?:的)?"
                           r"(?:\s+(?:lol|haha|sorry|typo|oops|lmao|omg|my bad|x+)\b)*[\s!！.。]*$", re.I)


def _pointed_at(old: str | None, new: str, now: datetime) -> RecordReference | None:
    """不是9点 points at the record at 9:00 (so does "not 6, 6:20": the new value is a time); 不是120 at the
    record holding 120; a wrong word points nowhere in particular."""
    if not old:
        return None
    if (m := _WRONG_NUMBER.match(old)) and (not _A_CLOCK.search(new) or float(m.group(1)) > 24):
        return RecordReference(which="latest", value=float(m.group(1)))
    clock = CLOCK.search(old) if _A_CLOCK.search(old) or not re.fullmatch(r"\s*\d{3,}\s*", old) else None
    if clock is None or not re.search(r"\d", clock.group(0)):
        return None                     # (…喝了130 不是120: 120 is the amount said wrong, never 12:00)
    said = said_time(clock)
    return RecordReference(which="at_time", at=resolve_point(said, now)) if said is not None else None


NOW_SLACK = timedelta(minutes=2)


def no_time_of_now(slots: Slots, now: datetime) -> Slots:
    """A correction's 刚才 / just now names the record it corrects (刚才体温记错了 是37度5), and a time it was given
    only because none was said is none: neither moves the record to now."""
    drop = {k: None for k in ("start", "time") if (t := getattr(slots, k)) is not None and abs(t - now) <= NOW_SLACK}
    if "start" in drop and slots.end is not None and abs(slots.end - now) <= NOW_SLACK:
        drop["end"] = None
    return slots.model_copy(update=drop) if drop else slots
