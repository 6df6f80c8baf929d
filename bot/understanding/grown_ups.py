"""Who a clause is about: the baby, or a grown-up (我睡了三小时 / I napped / Nan had her flu jab / 我去喝杯咖啡),
and who is asked to do something (老公今晚你哄睡吧). A grown-up's fact is chatter beside the baby's, never hers;
a grown-up who feeds, changes or puts down the baby tells the baby's fact."""
from __future__ import annotations

import re
from collections.abc import Sequence

from bot.understanding import spans as sp
from bot.understanding.clause_spans import clauses
from bot.understanding.lexicon import (
    BABY_PRONOUNS,
    DONE_TO_EN,
    DONE_TO_ZH,
    FIRST_PERSON,
    PRONOUNS,
    SECOND_PERSON_EN,
    SECOND_PERSON_ZH,
    Cue,
)
from bot.understanding.spans import Span
from domain.extraction import Extraction, Intent
from domain.vocabulary import RecordType


def addressed_to_someone(spans: Sequence[Span], text: str) -> bool:
    """You / 你 is who does what a clause says (你哄睡吧 / can you feed her / 老公今晚你哄睡吧): a request,
    not a report. The subject is the clause's first person, after a name said to call someone (老公，…)."""
    for clause in clauses(spans, text):
        subject = subject_of(clause)
        if subject is not None and subject.kind == sp.ADULT and _second_person(subject.text) and \
                any(s.kind == sp.RECORD for s in clause):
            return True
    return False


def subject_of(clause: list[Span]) -> Span | None:
    """The first person of a clause; a person named and then followed by another (a vocative) is skipped."""
    people = [n for n, s in enumerate(clause) if s.kind in (sp.BABY, sp.ADULT)]
    if not people:
        return None
    first = people[0]
    between = clause[first + 1:people[1]] if len(people) > 1 else None
    if between is not None and all(s.kind == sp.TIME for s in between) and _calls_someone(clause[first]):
        return clause[people[1]]
    return clause[first]


def _calls_someone(s: Span) -> bool:
    """A title or a name said to call a grown-up (老公，… / Grandma, …), not a pronoun."""
    return s.kind == sp.ADULT and s.text.lower() not in PRONOUNS


def _second_person(word: str) -> bool:
    return word in SECOND_PERSON_ZH or word.lower() in SECOND_PERSON_EN


def grown_ups_fact(types: set[RecordType], text: str, spans: Sequence[Span]) -> bool:
    """Every clause that names one of the reading's record types says it of a grown-up (我睡了三小时,
    I napped from 2 to 3:30): the nearest person before its verb is an adult, and the verb is one that
    happens to its subject (睡, 喝, drank), not one done to the baby (喂, 换, fed, changed)."""
    said = clauses(spans, text)
    named = [(c, _a_grown_ups_fact_before(said, n) if any(s.mention is not None and s.mention.value != (1.0,)
                                                          for s in c) else _left_unsaid(said, n))
             for n, c in enumerate(said) if any(s.kind == sp.RECORD and s.types & types for s in c)]
    measured = [(c, before) for c, before in named if any(s.mention is not None for s in c)]
    named = measured or named           # …100 oz of water today, breastfeeding is wild: the clause with the value
    return bool(named) and all(_said_of_a_grown_up(c, types, before) or a_grown_ups_own(c) for c, before in named)


def a_grown_ups_own(clause: Sequence[Span]) -> bool:
    """A record word said with a grown-up's drink or meal or their own idiom (现在喝第二杯咖啡了 / running on 4 hrs of
    sleep and my third coffee): the grown-up's, never the baby's — unless it names the baby."""
    return any(s.cue is Cue.GROWN_UP for s in clause) and not any(
        s.kind == sp.BABY or s.kind == sp.RECORD and done_to_the_baby(s) for s in clause)


def _a_grown_ups_fact_before(said: list[list[Span]], n: int) -> Span | None:
    """A clause that measures and names no one goes on about the grown-up whose own fact the clauses before told
    (i need a nap so bad lol. slept maybe 4 hrs / I've had 3 coffees and it's not even 10am, slept like 4 hours):
    their sleep, not the baby's. Clauses naming no one and no record are passed over."""
    if subject_of(said[n]) is not None:
        return None
    for before in reversed(said[:n]):
        subject = subject_of(before)
        records = [s for s in before if s.kind == sp.RECORD]
        if subject is None and not records:
            continue
        if subject is not None and subject.kind == sp.ADULT and (
                records and all(s.experienced for s in records) or a_grown_ups_own(before)):
            return subject
        return None
    return None


def about_oneself(reading: Extraction, text: str, spans: Sequence[Span]) -> bool:
    """A value said with no record word, of the speaker (I'm home at 7 tonight / 我十点到): the grown-up's own
    plans, never an answer to the baby's task."""
    if reading.intent is not Intent.SUPPLY or any(s.kind == sp.RECORD for s in spans):
        return False
    subjects = [subject_of(c) for c in clauses(spans, text)]
    return any(s is not None and s.kind == sp.ADULT and s.text.strip().lower() in FIRST_PERSON for s in subjects)


def _left_unsaid(said: list[list[Span]], n: int) -> Span | None:
    """A clause that names no one goes on about the grown-up the clause before was about, when that clause
    said nothing of the baby's records (我头疼死了 吃了一片布洛芬: the pill is mine) — unless it measures
    something (我帮你们记一下 刚喝了90ml: the baby's bottle; the caller checks)."""
    if n == 0:
        return None
    before = said[n - 1]
    subject = subject_of(before)
    if subject is None or subject.kind != sp.ADULT or any(s.kind == sp.RECORD for s in before):
        return None
    return subject


def done_to_the_baby(s: Span) -> bool:
    return any(word in DONE_TO_EN for word in re.findall(r"[a-z]+", s.text.lower())) \
        or any(c in s.text for c in DONE_TO_ZH)


def pronoun(s: Span) -> bool:
    return s.text.strip().lower() in BABY_PRONOUNS


def grown_ups_chatter(spans: Sequence[Span], text: str, used: set[tuple[int, int]]) -> set[Span]:
    """The spans of clauses said of a grown-up (宝宝睡了 我也要睡了 / now I need a coffee / 我去喝杯咖啡: the
    second clause) when the reading took no value from them and they name no baby, no record word but one that
    happens to its subject, and nothing done to the baby: chatter beside the fact, nothing to account for."""
    found: set[Span] = set()
    before = False                      # the clause before was a grown-up's chatter
    said = clauses(spans, text)
    of_the_baby = any((subject_of(c) is None or subject_of(c).kind == sp.BABY) and any(
        s.mention is not None and (s.mention.start, s.mention.end) in used for s in c) for c in said)
    for clause in said:
        unnamed = subject_of(clause) is None and clause[0].kind != sp.CUE and \
            not any(s.kind in (sp.NUMBER, sp.UNIT) for s in clause)        # 我饿死了，刚吃完饭: still mine
        chatter = (_a_grown_up_speaks(clause) or before and unnamed) and _nothing_of_the_baby(clause, used) \
            and (of_the_baby or not any(s.cue is Cue.REQUEST for s in clause))   # go back to sleep babe
        chatter = chatter or a_grown_ups_treat(clause) and any(
            s.mention is not None and (s.mention.start, s.mention.end) in used or s.kind == sp.BABY
            for c in said if c is not clause for s in c)                        # …asleep now. cuppa time
        if chatter:
            found.update(clause)
        before = chatter
    return found


def a_grown_ups_treat(clause: Sequence[Span]) -> bool:
    """A clause of a grown-up's drink or meal and nothing of the baby (wine o'clock / cuppa time / 该我喝咖啡了)."""
    return any(s.cue is Cue.GROWN_UP for s in clause) and not any(
        s.kind in (sp.BABY, sp.RECORD, sp.NUMBER, sp.UNIT) or s.mention is not None for s in clause)


# what a grown-up may say of themselves beside the baby's fact: I need a coffee, I haven't eaten yet, I wasn't
# paying attention sorry, go back to sleep babe (a request to a grown-up: only beside a fact said of the baby)
_A_GROWN_UPS_OWN = frozenset({Cue.PLAN, Cue.NEGATION, Cue.GROWN_UP, Cue.CORRECTION, Cue.REQUEST})


def _nothing_of_the_baby(clause: Sequence[Span], used: set[tuple[int, int]]) -> bool:
    records = [s for s in clause if s.kind == sp.RECORD]
    if records and not any(s.experienced for s in records):
        return False                    # I changed a wet nappy: the baby's fact, told by a grown-up
    cues = [s for s in clause if s.cue is not None]
    if any(s.cue not in _A_GROWN_UPS_OWN for s in cues) or cues and not records and not used:
        return False                    # formula! we're almost out / babe go to bed: about the rest, not beside it
    if any(s.kind == sp.BABY or s.kind == sp.RECORD and done_to_the_baby(s) for s in clause):
        return False                    # I gave her a snack / I fed a bottle: the baby's fact, told by a grown-up
    return not any(s.mention is not None and (s.mention.start, s.mention.end) in used for s in clause)


def about_a_grown_up(spans: Sequence[Span], text: str, after_a_grown_up: bool = False) -> bool:
    """Every clause of `text` that says anything happen says it of a grown-up (我也要睡了 / Dad's asleep on the
    couch / 我去喝杯咖啡): chatter beside the baby's facts, never a fact of its own. `after_a_grown_up`: the
    clause before was a grown-up's, so one that names no one goes on about them (我饿死了，刚吃完饭)."""
    said = [c for c in clauses(spans, text) if any(s.kind == sp.RECORD for s in c)]
    if not said:
        return False
    for clause in said:
        if any(s.kind in (sp.NUMBER, sp.UNIT) or s.mention is not None or s.kind == sp.BABY
               or s.kind == sp.RECORD and done_to_the_baby(s) for s in clause):
            return False
        if not any(s.kind == sp.RECORD and s.experienced for s in clause):
            return False
        subject = subject_of(clause)
        named = subject is not None or clause[0].kind == sp.CUE
        if not (_a_grown_up_speaks(clause) or not named and after_a_grown_up):
            return False
    return True


def a_grown_up_aside(spans: Sequence[Span], text: str) -> bool:
    """A clause that says how a grown-up is, and no record word (我饿死了 / I'm wrecked): the clause after it,
    naming no one, may go on about them."""
    said = clauses(spans, text)
    return bool(said) and all(_a_grown_up_speaks(c) and not any(
        s.kind in (sp.NUMBER, sp.UNIT, sp.RECORD, sp.BABY) or s.mention is not None for s in c) for c in said)


def _a_grown_up_speaks(clause: Sequence[Span]) -> bool:
    """The clause's subject is a grown-up: a person (我, Dad's, mum), or a plan that says who (我去, 我先去)."""
    subject = subject_of(clause)
    return subject is not None and subject.kind == sp.ADULT or clause[0].kind == sp.CUE and clause[0].text.startswith("我")


def _said_of_a_grown_up(clause: list[Span], types: set[RecordType], person: Span | None = None) -> bool:
    had = False                         # Nan had her flu jab / dad got his covid shot: happened to the grown-up
    for s in clause:
        if s.kind in (sp.BABY, sp.ADULT) and not (had and s.text.lower() in _OWN):
            person, had = s, False
        elif s.kind == sp.RECORD and s.types & types and (s.experienced or had):
            return person is not None and person.kind == sp.ADULT
        elif s.kind == sp.FILLER and s.text.lower() in _HAD:
            had = True
    return False


_HAD = frozenset("had has got gets getting having took takes".split())


_OWN = frozenset("her his their my own".split())         # …had her flu jab: her own, not the baby
