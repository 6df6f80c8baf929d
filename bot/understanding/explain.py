"""Which spans of a message a reading used — and what it left unexplained, who it is about, which cues it
ignored.

A span is *used* (explained) by a reading when
- filler, baby          always: they carry no fact, or name the one facts are about by default;
- adult                 always as a word; who the sentence is about is judged apart (grown_ups.py);
- number / time / unit  the reading holds a value that comes from it (accounting.py: a clock time one of
                        its times shows, an amount in its unit or a unit it converts from …);
- time word             (昨天, 明早, 刚刚, this morning) one of the reading's times falls on that day or in
                        that part of the day (a record said without a time happens now);
- record                one of the reading's facts (or the record a correction names) is of a type the word
                        may name;
- cue                   the reading uses it: a negation the reading turned into a value (没拉 → solid false,
                        还没醒, 不是9点是9点20), a correction word in a correction;
- unknown               only inside text the reading keeps as said (a note, a food, a medicine's name).
Anything else is unexplained. The reading decides nothing with this; rules.py turns it into what the domain
reads (`Extraction.unaccounted`, `Extraction.cues`).
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.understanding import spans as sp
from bot.understanding.accounting import Span as Range
from bot.understanding.accounting import estimated_spans, explained_mentions, kept_text_spans, quantity_spans
from bot.understanding.clause_spans import clauses
from bot.understanding.grown_ups import (
    about_oneself,
    addressed_to_someone,
    grown_ups_chatter,
    grown_ups_fact,
    pronoun,
)
from bot.understanding.lexicon import (
    GENERIC_RECORD_WORDS,
    PROFESSIONALS,
    SAYING,
    Cue,
)
from bot.understanding.numerals import normalise
from bot.understanding.spans import Span
from bot.understanding.typos import a_typo_of_a_record_word, a_word
from bot.understanding.words import DOCTOR_WORDS, VISIT
from domain.extraction import Extraction, Intent
from domain.vocabulary import RecordType

READING = frozenset({Intent.RECORD, Intent.SUPPLY, Intent.CORRECT})
_PERIOD_HOURS = {"small_hours": (0, 6), "morning": (5, 12), "noon": (11, 14), "afternoon": (12, 19),
                 "evening": (17, 24)}


@dataclass(frozen=True)
class Explanation:
    unexplained: tuple[str, ...] = ()          # spans' texts, in message order
    cues: tuple[Cue, ...] = ()                 # cues the reading did not use (each once)
    grown_up: bool = False                     # every record word of the facts is said of a grown-up


def explain(reading: Extraction, text: str, spans: Sequence[Span], now: datetime,
            consumed: Sequence[Range] = ()) -> Explanation:
    """What of `text` (normalised, cut into `spans`) the reading of a record does not account for."""
    if reading.intent not in READING:
        return Explanation()
    kept = [*consumed, *kept_text_spans(text, reading), *quantity_spans(text, reading)]
    # words kept as said (a symptom's notes, a food) still say when and whether: their cues stay cues — only a
    # note the family asked for keeps its cues as its own words
    uncued = kept if reading.record_type is RecordType.NOTE else [*consumed, *quantity_spans(text, reading),
                                                                   *estimated_spans(text, reading)]
    used_mentions = explained_mentions(text, reading, now, consumed)
    chatter = grown_ups_chatter(spans, text, used_mentions) | commentary(spans, text, _types(reading), used_mentions)
    chatter |= _negated_asides(spans, text) | _a_question_beside(spans, text, _types(reading), used_mentions)
    chatter |= _where_it_was_measured(spans, text, _types(reading)) | _a_verdict(spans, text, used_mentions, [
        normalise(f.said) for f in reading.also if f.said])
    chatter |= _generic_beside_the_fact(spans, text, _types(reading), used_mentions)
    chatter |= _a_reason_or_a_hope_beside(spans, text, _types(reading), used_mentions)
    left: list[Span] = [s for s in spans if s not in chatter and not described(s, text)
                        and not _used(s, reading, now, uncued if s.kind == sp.CUE else kept, used_mentions)]
    cues = tuple(dict.fromkeys(s.cue for s in left if s.kind == sp.CUE and s.cue is not None))
    if addressed_to_someone(spans, text):
        cues = tuple(dict.fromkeys((*cues, Cue.REQUEST)))
    grown_up = grown_ups_fact(_types(reading), text, spans) or about_oneself(reading, text, spans)
    if grown_up:
        cues = tuple(dict.fromkeys((*cues, Cue.GROWN_UP)))
    words = tuple(s.text.strip() for s in left if s.mention is None)     # numbers and times: accounting.py's
    return Explanation(words, cues, grown_up)


# where a thing was, what with, who with (in the crib, on the play mat, with the tape, from the fridge, at work),
# and how it was (so fussy, such a good girl, proper chunk): nothing a record holds, nothing that changes it
_PLACE_EN = re.compile(r"(?:\b(?:in|on|at|with|into|onto|under|from|by|for)\s+(?:(?:the|a|an|my|our|his|her|their|"
                       r"your|this|that|some)\s+)?(?:[a-z]+\s+){0,2}|\b(?:so|such|very|really|pretty|super|totally|"
                       r"completely|absolutely|proper|quite|such a|a good|good|little|big)\s+(?:[a-z]+\s+)?)$", re.I)
_PLACE_ZH = re.compile(r"(?:在[\u4e00-\u9fff]{0,4}|(?:挺|很|好|真|太|超|可|蛮|特别|非常|有点|比较))$")
_PLACE_ZH_AFTER = re.compile(r"^[\u4e00-\u9fff]{0,3}[上里下边]")


_INSTRUMENT_SAYS = re.compile(r"\b(?:scale|thermometer|app|monitor)\s+(?:says|said)$", re.I)


def described(s: Span, text: str) -> bool:
    """An unknown word that only says where, with what or how (tape in `with the tape`, 秤 in 在秤上称的, 开心 in
    挺开心的) — never a verb told as done (spilled, refused), a typo of a record word, or a word after a number."""
    if s.kind != sp.UNKNOWN or a_typo_of_a_record_word(s.text):
        return False
    before = text[max(0, s.start - 40):s.start]
    if _INSTRUMENT_SAYS.search(before + s.text):
        return True                         # the home scale says / thermometer said: what it read, the fact's
    if s.text.isascii():
        word = s.text.lower()
        if word.endswith(("ed", "ing")) or re.search(r"\d\s*$", before) or not a_word(word):
            return False
        return bool(_PLACE_EN.search(before))
    return bool(_PLACE_ZH.search(before)) and (not before.endswith(tuple("在")) or
                                                 bool(_PLACE_ZH_AFTER.match(text[s.start:])))


def _a_question_beside(spans: Sequence[Span], text: str, types: set[RecordType],
                       used: set[tuple[int, int]]) -> set[Span]:
    """A question the family asks each other about the fact beside it (is that normal? / 是不是着凉了啊 /
    你们看下要不要紧): the fact stands. Never a question that measures, names a time, or names another record."""
    said = clauses(spans, text)

    def carries(clause: list[Span]) -> bool:
        return any(s.mention is not None and (s.mention.start, s.mention.end) in used
                   or s.kind == sp.RECORD and s.types & types for s in clause)

    found: set[Span] = set()
    for n, clause in enumerate(said):
        if len(clause) > 1 and clause[-1].cue is Cue.QUESTION and clause[-2].text.lower() == "right":
            clause = [*clause[:-2], clause[-1]]           # …, right?: a tag, not a side — and not sure
        if not any(s.cue is Cue.QUESTION for s in clause) or carries(clause) and any(
                s.kind == sp.RECORD and not s.types & types for s in clause):
            continue
        if any(s.kind in (sp.NUMBER, sp.TIME, sp.UNIT) or s.mention is not None for s in clause):
            continue                    # (a question of another record — 是不是奶粉的问题啊 — asks; it tells nothing)
        if any(s.kind == sp.RECORD for s in clause) and _MORE.search(text[clause[0].start:clause[-1].end]):
            continue                    # 还要不要再喂点: asks for more of it — whether it is over is not said
        if any(s.cue not in (Cue.QUESTION, Cue.PLAN, Cue.HYPOTHETICAL, Cue.NEGATION, None) for s in clause):
            continue                    # (是不是该换奶粉了 / could it be the formula?: what is asked, not told)
        if any(carries(c) for m, c in enumerate(said) if m != n):
            found.update(clause)          # a tag's "right" stays unexplained: she is checking, so it is confirmed
    return found


def generic(s: Span, types: set[RecordType] | frozenset[RecordType]) -> bool:
    """An everyday word some record type also uses (took, gave, up, every, right …), not said of the fact's type."""
    return s.kind == sp.RECORD and not s.types & types and s.text.strip().lower() in GENERIC_RECORD_WORDS


def _generic_beside_the_fact(spans: Sequence[Span], text: str, types: set[RecordType],
                             used: set[tuple[int, int]]) -> set[Span]:
    """Everyday words in the fact's own clause that another type also uses (he took a little cat nap / mustard
    yellow all up her back / right on her line): the fact's words, not another fact — as long as the clause
    says nothing of that other type but them."""
    found: set[Span] = set()
    for clause in clauses(spans, text):
        if not any(s.kind == sp.RECORD and s.types & types or s.mention is not None
                   and (s.mention.start, s.mention.end) in used for s in clause):
            continue
        others = [s for s in clause if s.kind == sp.RECORD and not s.types & types]
        if any(s.mention is not None and (s.mention.start, s.mention.end) not in used for s in clause):
            continue                        # took 4oz: a number of something else
        if others and all(generic(s, types) for s in others):
            found.update(others)
    return found


_HOPE = re.compile(r"\s*(?:hopefully|fingers crossed|希望吧|希望|但愿)\s*", re.I)
_REASON_OR_HOPE = re.compile(r"\s*(?:because|cos|coz|cuz|since|因为|hopefully|希望)\b\s*", re.I)


def _a_reason_or_a_hope_beside(spans: Sequence[Span], text: str, types: set[RecordType],
                               used: set[tuple[int, int]]) -> set[Span]:
    """Why it happened or what is hoped next, beside the fact (changed him on the floor cos the change table's
    covered in washing / gave her panadol, hopefully it kicks in soon): no value, no other record, no one else's."""
    said = clauses(spans, text)
    found: set[Span] = set()
    for n, clause in enumerate(said):
        gap = text[said[n - 1][-1].end:clause[0].start] if n else ""
        opens = bool(_REASON_OR_HOPE.search(gap) or _REASON_OR_HOPE.fullmatch(clause[0].text))
        hoping = any(s.cue is Cue.PLAN for s in clause) and all(s.cue in (Cue.PLAN, None) for s in clause)
        hope = bool(_HOPE.fullmatch(clause[-1].text) or _HOPE.fullmatch(clause[0].text)) and \
            all(s.cue is None for s in clause)                  # back down hopefully / 希望能睡个好觉
        opens = opens or hope
        if not (opens or hoping):
            continue
        valued = any(any(s2.mention is not None and (s2.mention.start, s2.mention.end) in used for s2 in c)
                     and any(s2.kind == sp.RECORD and s2.types & types for s2 in c)
                     for k, c in enumerate(said) if k != n)     # a value said of the fact, in its own words
        if any(s.kind in (sp.NUMBER, sp.UNIT) or s.mention is not None or s.kind == sp.BABY and not pronoun(s)
               or s.kind == sp.TIME and s.period is None and s.offset is None
               or s.kind == sp.RECORD and not (s.types & types) and not (hoping and valued) and not hope
               or s.cue not in (None, Cue.PLAN, Cue.NEGATION) for s in clause):
            continue                    # (keep an eye on her tonight: a part of the day is no clock; fed her 4oz,
            #                              will change her soon: a plan of another thing, beside a value said)
        if hoping and not opens and any(s.kind == sp.RECORD for s in clause) and not valued:
            continue                    # fed her, will change her soon: what is done is not said well enough
        if valued or any(s2.kind == sp.RECORD and s2.types & types for k, c in enumerate(said) if k != n for s2 in c):
            found.update(clause)        # 37.8 … 一会儿再量: the plan beside a value said is no fact of its own
    return found


def _where_it_was_measured(spans: Sequence[Span], text: str, types: set[RecordType]) -> set[Span]:
    """The clinic a weight was taken at (weigh in at the clinic, 社区医院称的 — and the words naming it): where,
    not a visit; a visit told (去医院看了, took him to the GP) is a visit of its own."""
    if RecordType.GROWTH not in types or RecordType.HEALTH in types or VISIT.search(text):
        return set()
    found: set[Span] = set()
    for n, s in enumerate(spans):
        if s.kind == sp.RECORD and DOCTOR_WORDS.fullmatch(s.text.strip()):
            found.add(s)
            before = spans[n - 1] if n else None
            if before is not None and before.kind == sp.UNKNOWN and before.end == s.start and not before.text.isascii():
                found.add(before)                   # 社区医院
    return found


def _a_verdict(spans: Sequence[Span], text: str, used: set[tuple[int, int]],
               facts_said: Sequence[str] = ()) -> set[Span]:
    """What a doctor or nurse said of it (医生说没啥事 / nurse said totally normal / doc says all clear / he says
    it's fine, after a doctor): their verdict beside the fact, as long as it measures nothing, names no time, no
    record and no baby by name (医生说每4小时喂一次 is not set aside)."""
    said = clauses(spans, text)
    found: set[Span] = set()
    named = False
    for n, clause in enumerate(said):
        for m, s in enumerate(clause[:-1]):
            word = s.text.strip().lower()
            if s.kind == sp.RECORD and DOCTOR_WORDS.fullmatch(word) or word in PROFESSIONALS:
                named = True
            speaker = word in PROFESSIONALS or named and s.kind == sp.BABY and word in ("he", "she", "他", "她")
            if not speaker or clause[m + 1].text.strip().lower() not in SAYING:
                continue
            rest = clause[m + 2:]
            if any(r.mention is not None and (r.mention.start, r.mention.end) in used for r in rest) and \
                    not any(said.replace(" ", "").startswith(f"{s.text}{clause[m + 1].text}".replace(" ", ""))
                            for said in facts_said):
                found.update(clause[m:m + 2])   # 医生说每6到8小时…: what the doctor said is the reading's own
                break                           # (never a fact made of the doctor's words alone: 医生说每4小时喂药)
            if any(r.kind in (sp.NUMBER, sp.TIME, sp.UNIT, sp.RECORD) or r.mention is not None
                   or r.kind == sp.BABY and not pronoun(r)
                   or r.kind == sp.CUE and r.cue not in (Cue.NEGATION, Cue.QUESTION) for r in rest):
                break
            if any(s2.mention is not None and (s2.mention.start, s2.mention.end) in used or s2.kind == sp.RECORD
                   for k, c in enumerate(said) if k != n for s2 in c):
                found.update(clause[m:])
            break
    return found


_NOT_DONE = frozenset(("哭", "闹", "哭闹", "哭了", "闹了"))     # 没哭 / 没闹: what the baby did not do besides


def _negated_asides(spans: Sequence[Span], text: str) -> set[Span]:
    """A negation of a word nothing here knows, and that word (没哭 / 没闹 / no dramas): what did not happen
    besides the fact — never a record word's negation (没喝完, 没怎么喝), an English verb's (didn't finish), or a
    slip's."""
    found: set[Span] = set()
    for clause in clauses(spans, text):
        for n, s in enumerate(clause[:-1]):
            after = clause[n + 1]
            if s.cue is not Cue.NEGATION or after.start - s.end > 1 or after.kind != sp.UNKNOWN and not (
                    after.kind == sp.FILLER and after.text in _NOT_DONE):
                continue
            if after.text.isascii() and (s.text.lower() != "no" or not a_word(after.text)
                                         or a_typo_of_a_record_word(after.text)):
                continue                # didn't finish: an English verb may be the fact's; no dramas is not
            if n + 2 < len(clause) and clause[n + 2].kind == sp.RECORD:
                continue                # no contact nap: the nap's own words
            found.update((s, after))
    return found


def _used(s: Span, reading: Extraction, now: datetime, kept: Sequence[Range], mentions: set[tuple[int, int]]) -> bool:
    if s.kind in (sp.FILLER, sp.BABY, sp.ADULT) or _inside(s, kept):
        return True
    if s.mention is not None:
        return (s.mention.start, s.mention.end) in mentions
    if s.kind == sp.TIME:
        return _time_word_used(s, reading, now)
    if s.kind == sp.RECORD:
        return bool(s.types & _types(reading))
    if s.kind == sp.CUE:
        return _cue_used(s.cue, reading)
    return False


def _inside(s: Span, ranges: Sequence[Range]) -> bool:
    return any(a <= s.start and s.end <= b for a, b in ranges)


def _types(reading: Extraction) -> set[RecordType]:
    found = {f.record_type for f in reading.facts()}
    if reading.record_type is not None:
        found.add(reading.record_type)
    if reading.reference is not None and reading.reference.record_type is not None:
        found.add(reading.reference.record_type)
    return found


def _times(reading: Extraction, now: datetime) -> list[datetime]:
    values = [getattr(f.slots, n) for f in (*reading.facts(), reading) for n in ("start", "end", "time")
              if hasattr(f, "slots")]
    if reading.reference is not None and reading.reference.at is not None:
        values.append(reading.reference.at)
    return [t.astimezone(now.tzinfo) if t.tzinfo else t.replace(tzinfo=now.tzinfo)
            for t in values if isinstance(t, datetime)]


def _time_word_used(s: Span, reading: Extraction, now: datetime) -> bool:
    """A day word or a part of the day fits one of the reading's times (no time said: now)."""
    times = _times(reading, now) or [now]
    if s.offset is not None and s.offset != 0:
        day = (now + timedelta(days=s.offset)).date()
        night = s.period in ("evening", "small_hours")
        return any(t.date() == day or night and t.date() == day + timedelta(days=1) for t in times)
    if s.offset == 0 and s.period is None:
        return any(t.date() == now.date() or now - t < timedelta(hours=12) for t in times)
    if s.period is None:
        return True
    low, high = _PERIOD_HOURS.get(s.period, (0, 24))
    sleeps_at_night = s.period in ("evening", "small_hours") and any(
        f.record_type is RecordType.SLEEP for f in reading.facts())
    return sleeps_at_night or any(low <= t.hour < high for t in times)


def _cue_used(cue: Cue | None, reading: Extraction) -> bool:
    """A negation the reading turned into a value, a correction word in a correction."""
    if cue is Cue.CORRECTION:
        return reading.intent is Intent.CORRECT or reading.reference is not None
    if cue is Cue.NEGATION:
        if reading.intent is Intent.CORRECT:
            return True
        return any(f.slots.wet is False or f.slots.solid is False or f.slots.night_wakings == 0
                   or f.sleep_event is not None and f.sleep_event.value == "still_asleep" for f in reading.facts())
    return False


_SAYS_SOMETHING = frozenset({sp.NUMBER, sp.TIME, sp.UNIT, sp.RECORD, sp.CUE})


def commentary(spans: Sequence[Span], text: str, types: set[RecordType] | frozenset[RecordType] = frozenset(),
               used: set[tuple[int, int]] | frozenset[tuple[int, int]] = frozenset()) -> set[Span]:
    """The spans of clauses beside the fact that say nothing new a record could hold: no number or time, no
    day word, no cue (a negation, a question, a plan, a correction …), no baby by name, and no record word but
    the fact's own type — words nothing here knows, fillers and people around it (burped like a trucker /
    老婆放心 / mama cow reporting lol / 喝得可快了 / 长得好快呀). How it went, not what happened: nothing the reading
    must account for. A clause is never commentary on its own fact: another clause must carry it."""
    said = clauses(spans, text)
    if len(said) < 2:
        return set()
    carries = [any(s.mention is not None and (s.mention.start, s.mention.end) in used
                   or s.kind == sp.RECORD and s.types & types for s in clause) for clause in said]
    found: set[Span] = set()
    for n, clause in enumerate(said):
        if not any(c for m, c in enumerate(carries) if m != n):
            continue
        own = [s for s in clause if s.kind == sp.RECORD and s.types & types]
        if own and not any(_how_it_went(s, text) for s in own):
            continue                    # the fact's own word, not said of how it went: 换的时候看屁屁有点红
        rest = [s for s in clause if s not in own and not generic(s, types)]
        if says_nothing_new(rest) or len(rest) < len(clause) - len(own) and not any(
                s.kind in _SAYS_SOMETHING or s.mention is not None or s.kind in (sp.BABY, sp.UNKNOWN) and not
                pronoun(s) for s in rest):   # all up her back: an everyday word and nothing else
            found.update(clause)
    return found


def says_nothing_new(clause: Sequence[Span]) -> bool:
    """A clause of words nothing here knows, with fillers and people around them: no number or time, no day
    word, no cue, no record word, no baby by name (乐乐睡着了 安安还在玩 is about another twin), and no typo of a
    record word (grern, napy: a word to ask about). How it went, never what happened."""
    if any(s.kind in _SAYS_SOMETHING or s.mention is not None or s.kind == sp.BABY and not pronoun(s)
           for s in clause):
        return False
    unknown = [s for s in clause if s.kind == sp.UNKNOWN]
    if any(_happened(s, clause[n + 1:]) for n, s in enumerate(clause) if s.kind == sp.UNKNOWN):
        return False                    # 还去楼下遛了个弯: something else happened, a word to ask about
    return bool(unknown) and not any(a_typo_of_a_record_word(s.text) for s in unknown)


_EVENT_AFTER = re.compile(r"[了过]")


def _happened(word: Span, rest: Sequence[Span]) -> bool:
    """An unknown verb told as done: 遛了个弯 / 去过医院 (a Chinese verb, its aspect word, and what it was
    done to — 快了 / 涨死了 are states), a past tense (walked)."""
    after = rest[0] if rest else None
    if after is not None and after.start == word.end and _EVENT_AFTER.match(after.text) \
            and any(s.kind != sp.FILLER for s in rest[1:]):
        return True
    return word.text.isascii() and word.text.lower().endswith("ed")


_HOW_IT_WENT = re.compile(r"\s*(?:得|like\b)", re.I)


def _how_it_went(s: Span, text: str) -> bool:
    """The fact's verb with how it went after it: 喝得可快了 / 长得好快 / 吃得挺香 / burped like a trucker."""
    return bool(_HOW_IT_WENT.match(text, s.end))


_MORE = re.compile(r"再|又|还要|\b(?:more|again|another)\b", re.I)


