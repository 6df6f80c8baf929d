"""Corrections in plain words: what is affirmed, and what is said to be wrong.

不是9点，是9点20 / 是母乳不是奶粉 / 母乳，不是奶粉 / not 9, 9:20 / it was breast milk, not formula. The new
values are the affirmed part; the negated part names the record being corrected (9点 → the one at 9:00;
奶粉 → a feed), never a value to write.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from bot.understanding import words as w
from bot.understanding.timeparse import CLOCK, resolve_point, said_time
from domain.extraction import RecordReference

_END = r"[\s。.!！~～]*$"
_NOT_FIRST_ZH = re.compile(rf"^\s*(?:不对[,，\s]*)?不是\s*(?P<old>[^，,。]+?)\s*[,，]?\s*(?:而是|应该是|其实是|是)\s*(?P<new>[^，,。]+?){_END}")
_NOT_AFTER_ZH = re.compile(rf"^\s*(?:是|应该是|其实是)?\s*(?P<new>[^，,。]+?)\s*[,，]?\s*(?:而不是|不是)\s*(?P<old>[^，,。]+?){_END}")
_NOT_FIRST_EN = re.compile(rf"^\s*(?:no[,\s]+)?not\s+(?:at\s+)?(?P<old>[^,.;]+?)\s*[,;]\s*(?:but\s+|it\s+was\s+|it'?s\s+|at\s+)?"
                           rf"(?P<new>[^,.;]+?){_END}", re.I)
_NOT_AFTER_EN = re.compile(rf"^\s*(?:it\s+was\s+|it'?s\s+)?(?P<new>[^,.;]+?)\s*,?\s+not\s+(?:at\s+)?(?P<old>[^,.;]+?){_END}", re.I)
# the words that open a correction without saying anything (no wait, 不对，…): dropped from the values
_OPENING = re.compile(r"^[\s,，。.!！]*(?:(?:wait|sorry|oops|actually|no)[\s,，]+)*(?:应该是|其实是|是|it\s+was\s+|it'?s\s+|make\s+it\s+)",
                      re.I)


@dataclass(frozen=True)
class Affirmed:
    new: str                      # the words that carry the new values
    old: str | None = None        # the words said to be wrong (a hint at which record), if any
    old_span: tuple[int, int] | None = None


def affirmed(text: str) -> Affirmed:
    """The affirmed part of a correction's words, and the negated part when one was said."""
    for pattern in (_NOT_FIRST_ZH, _NOT_AFTER_ZH, _NOT_FIRST_EN, _NOT_AFTER_EN):
        m = pattern.match(text)
        if m and m.group("new").strip() and m.group("old").strip():
            return Affirmed(_OPENING.sub("", m.group("new")).strip(), m.group("old").strip(), m.span("old"))
    return Affirmed(_OPENING.sub("", text).strip() or text)


def wrong_spans(text: str) -> list[tuple[int, int]]:
    """Where the message says what is wrong (the 80 of 不是80，是100): no value is read from there."""
    opening = w.CORRECTION.match(text)
    said = affirmed(text)
    if said.old_span is not None:
        return [said.old_span]
    if opening:
        said = affirmed(text[opening.end():])
        if said.old_span is not None:
            return [(said.old_span[0] + opening.end(), said.old_span[1] + opening.end())]
    return []


_QUESTION = re.compile(r"[吗呢?？]\s*$")


def plain_correction(text: str, now: datetime) -> tuple[bool, str, RecordReference | None]:
    """(is it a correction, the words with the new values, the record the wrong words point at).

    A correction opens with its word (不对 / 改成 / no, …) or says what is wrong (是母乳不是奶粉)."""
    opening = w.CORRECTION.match(text)
    said = affirmed(text)
    if said.old is None and opening:
        said = affirmed(text[opening.end():])
    if said.old is not None and not opening and not _says_a_value(said.new):
        said = Affirmed(text)        # 宝宝是饿了不是困了: no record's value, just talk
    if said.old is None and not opening or _QUESTION.search(text):
        return bool(opening), text[opening.end():] if opening else text, None
    return True, said.new, _pointed_at(said.old, now)


def _says_a_value(words: str) -> bool:
    """A number, a time, or a word a record holds (母乳, 右边, 尿, nap …)."""
    patterns = [p for p, _ in (*w.KIND_WORDS, *w.SIDE_WORDS, *w.STOOL_COLORS, *w.STOOL_CONSISTENCIES)]
    return bool(re.search(r"\d", words)) or any(p.search(words) for p in patterns) or \
        bool(w.WET_WORDS.search(words) or w.SOLID_WORDS.search(words) or w.NAP.search(words))


def _pointed_at(old: str | None, now: datetime) -> RecordReference | None:
    """不是9点 points at the record at 9:00; a wrong value without a time points nowhere in particular."""
    if not old:
        return None
    clock = CLOCK.search(old)
    if clock is None or not re.search(r"\d", clock.group(0)):
        return None
    said = said_time(clock)
    return RecordReference(which="at_time", at=resolve_point(said, now)) if said is not None else None
