"""References to existing records — 刚才那条, 6点那次, 最后一次喂奶, 昨晚那次睡眠 — and deletes.

Returns the reference and the rest of the message (the new values, after 改成 / to).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from bot.understanding import words as w
from bot.understanding.timeparse import CLOCK, read_times, resolve_point, said_time
from domain.extraction import RecordReference
from domain.vocabulary import RecordType

DELETE = re.compile(r"^\s*(?:把|将)?\s*(?:删掉|删除|删了|去掉|撤掉|不要了)|\b(?:delete|remove)\b|(?<![别不])(?<!不要)(?:删掉|删除|删了)\s*(?:吧)?(?=[\s,，。.!！]|$)|"
                    r"(?<=那[次顿条瓶个])\s*(?:不算|不作数|作废)|\b(?:one|it|that|bottle|feed) (?:doesn'?t|does not|don'?t) count\b", re.I)   # 两点那次不算
CHANGE = re.compile(r"\s*(?:改成|改为|改一下|应该是|其实是|换成|(?<=那[条次顿个])\s*是|(?<=那[一1][次顿])\s*是|"
                    r"(?:(?<=feed)|(?<=bottle)|(?<=one)|(?<=nap)|(?<=sleep)|(?<=diaper))\s+was\b|"
                    r"\bto\b|should be|was actually)\s*", re.I)
_TYPE_WORDS = [(pattern, RecordType(name)) for pattern, name in w.RECORD_NAMES]
_LATEST = re.compile(r"^\s*那[一1]?[次顿瓶]|刚才.{0,6}?那[条次顿个瓶]|刚刚.{0,6}?那[条次顿个瓶]|上[一1][条次顿个]|最后[一1][条次顿个]|最近[一1][条次顿个]|上次|那[条次顿]记录|"
                     r"the last (?:one|entry|record)|that (?:one|entry|record)|the last\b|last (?:feed|sleep|diaper|entry)", re.I)
_AT_TIME = re.compile(r"(?P<clock>.{0,4}?\d{1,2}(?:[点:：]\d{0,2}分?|点钟|\s*(?:am|pm)))\s*(?:多|左右)?\s*(?:的)?"
                      r"(?:那[条次顿个瓶]|那[一1][次顿瓶])|"
                      r"the (?P<clock2>\d{1,2}(?::\d{2})?\s*(?:am|pm)?) (?:feed|one|bottle|nap|sleep|diaper)", re.I)
_MEDICINE_DOSE = re.compile(rf"(?P<med>{w.MEDICINE_NAMES})\s*(?:的)?\s*(?:那[条次顿个]|那[一1]次|\bdose\b)|"
                            rf"the (?P<med2>{w.MEDICINE_NAMES}) (?:dose|one)", re.I)
_LAST_NIGHT = re.compile(r"昨晚那[次个条]|昨晚的睡眠|昨天晚上那[次个条]|last night'?s sleep", re.I)


@dataclass(frozen=True)
class ReferenceReading:
    reference: RecordReference | None
    values: str          # what the message says the record should become
    delete: bool


def read_reference(text: str, now: datetime) -> ReferenceReading:
    delete = bool(DELETE.search(text))
    head, _, tail = _split_change(text)
    if not delete and tail is None:
        return ReferenceReading(None, "", False)   # a reference matters only with a change or a delete
    reference = _reference(head, now)
    if reference is None and delete:
        reference = RecordReference(which="latest", record_type=_record_type(head))
    return ReferenceReading(reference, tail if tail is not None else "", delete)


# 那次奶粉是11点40喝的 / 那瓶母乳是120: "that one" and its record word, then what it was
_THAT_ONE_WAS = re.compile(r"(?:那[一1]?[次顿瓶个条]|刚才那[次顿瓶个条])(?:[\u4e00-\u9fff]{0,4}?)(?P<was>\s*(?:(?:其实|应该)是?|是))")


def _split_change(text: str) -> tuple[str, str, str | None]:
    m = CHANGE.search(text)
    that = _THAT_ONE_WAS.search(text)
    if that is not None and (m is None or that.start("was") < m.start()):
        return text[:that.start("was")], that.group("was"), text[that.end():]
    return (text[:m.start()], m.group(0), text[m.end():]) if m else (text, "", None)


def _reference(head: str, now: datetime) -> RecordReference | None:
    record_type = _record_type(head)
    if m := _MEDICINE_DOSE.search(head):
        return RecordReference(which="latest", record_type=RecordType.HEALTH, medication=m.group("med") or m.group("med2"))
    if _LAST_NIGHT.search(head):
        return RecordReference(which="last_night", record_type=RecordType.SLEEP)
    if m := _AT_TIME.search(head):
        raw = m.group("clock") or m.group("clock2")
        clock = CLOCK.search(raw if re.search(r"点|:|am|pm", raw, re.I) else raw + "点")
        said = said_time(clock) if clock else None
        if said is not None:
            return RecordReference(which="at_time", record_type=record_type, at=resolve_point(said, now))
    if _LATEST.search(head):
        kind = next((k.value for p, k in w.KIND_WORDS if p.search(head)), None) \
            if record_type is RecordType.FEEDING else None
        return RecordReference(which="latest", record_type=record_type, kind=kind)
    return None


def _record_type(text: str) -> RecordType | None:
    for pattern, record_type in _TYPE_WORDS:
        if re.search(pattern, text, re.I):
            return record_type
    return None


__all__ = ["read_reference", "ReferenceReading", "read_times"]
