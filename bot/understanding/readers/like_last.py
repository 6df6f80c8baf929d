""""Same as last time": 跟上次一样 / 和上次一样多 / 还是上次那么多 / same as last time / the same amount as before.

The rules do not know the last record; the reading says which one it means — the latest of its type
(`Extraction.reference`, which "latest") — and the domain fills the values the message left unsaid from it
(domain/decide/like_last.py). The words are the reading's estimate (`Extraction.estimated`): such a reading is
read back, never written at once. The rest of the message is read as usual (又冲了一瓶 跟上次一样: a feed).
"""
from __future__ import annotations

import re
from collections.abc import Callable

from bot.understanding.request import ExtractionRequest
from domain.extraction import Extraction, Intent, RecordReference
from domain.vocabulary import RecordType

Reader = Callable[[ExtractionRequest, str, bool, dict], Extraction]

LIKE_LAST = re.compile(
    r"(?:跟|和|同|与)(?:上次|上一次|上1次|上一顿|上1顿|上一瓶|上1瓶|刚才|之前|前一次|前1次)(?:那次|那顿|那瓶)?(?:的)?(?:一样|差不多|相同)"
    r"(?:多|的量)?|还是(?:上次|上一次|上1次|之前)那么多|量(?:跟|和)上次一样|同上次|"
    r"\b(?:the\s+)?same(?:\s+(?:amount|as\s+(?:usual|always)))?\s+as\s+(?:last\s+time|before|earlier|the\s+last\s+"
    r"(?:one|bottle|feed|time)|last)\b|\blike\s+last\s+time\b|\bsame\s+(?:amount|again)\b", re.I)
_ASKED = re.compile(r"[?？吗]|是不是|有没有|\b(?:is|was|did|does)\s+(?:it|she|he)\b", re.I)
_REPEATABLE = (RecordType.FEEDING, RecordType.PUMPING, RecordType.HEALTH)


def read_like_last(request: ExtractionRequest, text: str, reader: Reader, common: dict) -> Extraction | None:
    """The reading of a message that repeats the last record's values, or None when it does not say so."""
    said = LIKE_LAST.search(text)
    if said is None or _ASKED.search(text):
        return None
    rest = (text[:said.start()] + " " + text[said.end():]).strip()
    reading = reader(request, rest, False, common) if rest else Extraction(intent=Intent.CHAT, **common)
    kind = reading.record_type or _task_type(request)
    if kind not in _REPEATABLE:
        return None
    intent = reading.intent if reading.intent in (Intent.RECORD, Intent.SUPPLY) else \
        Intent.SUPPLY if request.task else Intent.RECORD
    return reading.model_copy(update={
        "intent": intent, "record_type": kind, "reference": RecordReference(which="latest", record_type=kind),
        "estimated": [*reading.estimated, said.group(0).strip()], "confidence": min(reading.confidence, 0.9)})


def _task_type(request: ExtractionRequest) -> RecordType | None:
    if request.task and request.task.record_type:
        return RecordType(request.task.record_type)
    return None
