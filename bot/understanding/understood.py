"""A reading held against the whole message: what it used, what it left, who it is about.

The readers propose a reading from the words they know. Here the message is read as spans (spans.py) and
the reading is checked against every one of them (explain.py):
- a fact said of a grown-up (我睡了三小时, I napped from 2 to 3:30) and a sentence that does not report a
  fact now — a plan, a hypothesis, a question, a habit, a story, a request, "that doesn't count" — are chat:
  they propose no record, and the domain lets a group's chatter be;
- a correction word the readers did not use (不好意思 刚才喂的是右边, actually …) makes the reading a correction,
  which the domain only ever proposes to confirm;
- anything else left unexplained (a word, a number, a time) goes in `unaccounted`: the domain never writes
  such a reading at once — it reads back what it understood and quotes what it did not.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from bot.understanding.accounting import Span as Range
from bot.understanding.accounting import lasted
from bot.understanding.explain import explain
from bot.understanding.lexicon import Cue
from bot.understanding.readers.corrections import no_time_of_now
from bot.understanding.request import ExtractionRequest
from bot.understanding.spans import RECORD, Span, read_spans
from domain.extraction import Extraction, Intent
from domain.vocabulary import RecordType

NOT_A_REPORT = frozenset({Cue.PLAN, Cue.HYPOTHETICAL, Cue.QUESTION, Cue.HABIT, Cue.NOT_COUNTED, Cue.STORY,
                          Cue.REQUEST, Cue.GROWN_UP, Cue.STOCK, Cue.PRICE, Cue.OTHERS})


def as_understood(reading: Extraction, text: str, request: ExtractionRequest,
                  consumed: Sequence[Range] = ()) -> Extraction:
    """`reading` of `text` (normalised) with what it left unexplained and the cues it did not use."""
    spans = read_spans(text, request.now, request.babies, request.people, lasted(reading), request.bot_names)
    found = explain(reading, text, spans, request.now, consumed)
    cues = [c.value for c in found.cues]
    stops = NOT_A_REPORT & set(found.cues)
    if _unnamed(reading, spans):    # 奶奶来了: no word of the message names the record (奶奶 is a person, not 奶)
        return Extraction(intent=Intent.CHAT, cues=cues, confidence=0.5, baby=reading.baby,
                          addressed_to_bot=reading.addressed_to_bot, unaccounted=list(found.unexplained)[:12])
    if stops and stops <= {Cue.STOCK, Cue.PRICE} and _measured(reading) and \
            reading.record_type in (RecordType.FEEDING, RecordType.PUMPING) and \
            (not reading.amount_unit_assumed or Cue.PRICE not in stops and _FED.search(text)):
        stops = set()           # 刚喝了120ml 奶粉快没了: the feed stays (its stock remark is left unexplained)
        # — but 又涨价了 一罐三百八: a number said with a price and no unit is what it cost
    if stops:
        return Extraction(intent=Intent.CHAT, cues=cues, confidence=0.5, baby=reading.baby,
                          addressed_to_bot=reading.addressed_to_bot, unaccounted=list(found.unexplained)[:12])
    if Cue.CORRECTION in found.cues and reading.intent in (Intent.RECORD, Intent.SUPPLY):
        reading = reading.model_copy(update={"intent": Intent.CORRECT,
                                             "slots": no_time_of_now(reading.slots, request.now)})
        found = explain(reading, text, spans, request.now, consumed)
        cues = [c.value for c in found.cues]
    words = [w for w in found.unexplained if not any(w in part for part in reading.unread)]   # quoted already
    merged = list(dict.fromkeys([*reading.unaccounted, *words]))[:12]
    return reading.model_copy(update={"unaccounted": merged, "cues": cues})


_FED = re.compile(r"喝了|吃了|喂了|吸了|\b(?:drank|fed|had|took|pumped)\b", re.I)   # 刚喝了120 奶粉快没了: a feed said


def _unnamed(reading: Extraction, spans: Sequence[Span]) -> bool:
    """A new record no word of the message names and no number or time of it measures."""
    if reading.intent is not Intent.RECORD or reading.record_type in (None, RecordType.NOTE, RecordType.PHOTO) \
            or reading.also:
        return False
    return not any(s.kind == RECORD and reading.record_type in s.types or s.mention is not None for s in spans)


def _measured(reading: Extraction) -> bool:
    return any(isinstance(v, (int, float)) and not isinstance(v, bool) for f in (reading, *reading.also)
               for _, v in f.slots)
