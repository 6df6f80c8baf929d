"""A message as spans: every character belongs to one span, and every span says what kind of thing it is.

The normalised text (numerals.normalise) is cut into, in this order of precedence:
  number / time   the numbers and time expressions the time reader and the quantity readers see (their units
                  with them); day words, 刚刚 / just now, parts of the day
  record          a word that names a record type or one of its values (words.py, and the support words below)
  baby / adult    who a sentence is about: 宝宝, 她, the babies' names / 我, 老公, 奶奶, mum, I, the members
  cue             a word that says the sentence may not report a baby fact now (lexicon.Cue)
  filler          a word that carries no fact (particles, fillers, feelings, politeness)
  unknown         anything else with letters in it: a word nothing here knows
Whitespace, punctuation, emoji and other symbols belong to no span. Longer matches win over shorter ones;
of two of the same length the earlier kind in the list above wins (奶奶 is a person, not 奶).

The spans decide nothing. `explain.py` says which of them a reading used; what is left is unexplained.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache, lru_cache

from bot.understanding import lexicon as lx
from bot.understanding import words as w
from bot.understanding.accounting import Mention, mentions
from bot.understanding.required_text import Required, fold, required_text
from bot.understanding.time.expressions import read_expressions
from bot.understanding.time.prepare import prepare
from bot.understanding.time.words import DAY_WORDS, NOW_WORDS, PERIOD_WORDS
from domain.vocabulary import RecordType as T

NUMBER, TIME, UNIT, RECORD, BABY, ADULT, CUE, FILLER, UNKNOWN = (
    "number", "time", "unit", "record", "baby", "adult", "cue", "filler", "unknown")
_RANK = {k: n for n, k in enumerate((NUMBER, TIME, UNIT, RECORD, BABY, ADULT, CUE, FILLER, UNKNOWN))}


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    kind: str
    text: str
    types: frozenset[T] = frozenset()        # record: the record types the word may name
    cue: lx.Cue | None = None                # cue: which
    mention: Mention | None = None           # number / time: the mention the accounting resolves
    period: str | None = None                # time: the part of the day a day word or period names
    offset: int | None = None                # time: the day a day word names (days from today)
    experienced: bool = False                # record: a verb whose subject is the one it happens to (睡, drank)


# --- record words beyond words.py: the verbs and nouns that go with a record type --------------------------
_SUPPORT: dict[T, tuple[str, str]] = {      # (Chinese, English) alternations
    T.FEEDING: ("干了(?=\\s*[一1]?\\s*[整大]?[瓶杯碗])|夜奶|补了?|冲了?|冲奶|奶瓶|瓶子|喝完|吃完|喂完|剩下?|拍嗝|打了?个?[大小]?嗝|打嗝|嗝|吐奶|吸管|奶嘴|一口|几口|口|顿|餐|吃奶|喝奶|喂奶|母乳|奶粉",
                r"fed (?:him|her)self|(?:all )?by (?:him|her)self|self[- ]?fed|"     # (before fed: the longer first)
                r"bottles?|feeds?|feeding|fed|gave|give|given|giving|offered|drank|drink|drinking|took|take|takes|"
                r"ate|eaten|finished|left|leftover|"
                r"burp(?:ed|ing)?|nursed|nursing|latch(?:ed)?|meal|snack|milk|oz|ounces?|ml|mls|breastfed|"
                r"breastfeeding|formula|puree|solids?|spoon(?:ful)?s?|gulp(?:ed)?|chugged|smashed|downed|guzzled|"
                r"tried|trying|tasted|taste|first taste"),
    T.SLEEP: ("哄|入睡|睡着|睡觉|睡眠|睡了|睡|躺下|躺|小睡|午睡|午觉|夜醒|醒来|醒了|醒|起床|起来|眯了?|打盹|抱睡|奶睡|"
              "回笼觉|觉|夜里|整觉|一觉",
              r"out cold|out like a light|spark out|dead to the world|contact naps?|"
              r"slept|sleep|sleeping|asleep|nap|naps|napped|napping|down|out|bed|bedtime|crib|cot|bassinet|woke|"
              r"wake|waking|awake|up|settled|settle|rocked|dozed|dozing|snooze|kip|zonked|crashed|conked|fell|"
              r"night night"),
    T.DIAPER: ("换了?尿布|换尿布|换了?|尿布|尿不湿|纸尿裤|尿片|拉拉裤|尿|拉|便便|臭臭|粑粑|屎|大便|小便|屁屁|便|"
               "[黄绿黑棕褐灰白红]色|颜色|都有|又尿又拉|又拉又尿",
               r"diapers?|nappy|nappies|changed|change|changing|wet|dirty|poop(?:ed|y|s)?|poo|pee(?:d|s)?|wee(?:d)?|"
               r"blowout|soiled|stool|bm|mess"),
    T.GROWTH: ("称了?|量了?|体重|身高|身长|头围|长了|重了|胖了|体检|儿保",
               r"weigh-?in|weigh(?:s|ed|t|ing)?|measured|measure|length|long|tall|height|head|scale|percentile|check-?up|"
               r"well[- ]baby|visit"),
    T.HEALTH: (r"打了?(?=[\u4e00-\u9fff\s\d]{0,8}?(?:针|疫苗|预防针))|量了?|测了?|体温|发烧|发热|低烧|高烧|退烧|烧|药|吃药|喂药|打针|疫苗|针|接种|"
               "看医生|医院|体检|症状|咳嗽|鼻涕|每|隔|间隔",
               r"temp|temperature|fever|feverish|meds?|medicine|medication|dose|dosed|gave|given|shots?|"
               r"vaccin\w*|jabs?|doctor|dr|pediatrician|checkup|check-up|appointment|appt|rectal|armpit|"
               r"thermometer|degrees?|every|hourly|q\d+h"),
    T.PUMPING: ("吸奶器|吸奶|吸了|挤奶|挤了|吸出|挤出|背奶|泵", r"pump(?:ed|ing|s)?|expressed|expressing|let-?down"),
    T.TUMMY_TIME: ("趴着|趴了?|趴趴|俯卧|抬头|头抬起来|把头抬|翻身",
                    r"tummy|rolled|roll(?:ing)?|lifted|lifting|held(?= (?:her|his|their) head)"),
    T.NOTE: ("记一笔|备注|记个事|笔记", r"note|memo|jot"),
}
# words that go with two record types: a side said of a feed or of pumping, a posture said of a sleep or of
# tummy time (趴着睡着了 is a sleep)
_SHARED: tuple[tuple[str, frozenset[T]], ...] = (
    ("各|换(?:到|成)?[左右]边?|换边|(?<![a-z])(?:each|per side|a side|each side|switched|switch(?:ed)? sides)(?![a-z])",
     frozenset({T.FEEDING, T.PUMPING})),
    ("趴着|趴在|侧着|躺着|抱着|(?<![a-z])(?:on (?:her|his|my|the) (?:tummy|chest|front|side|back)|in my arms|on me)"
     "(?![a-z])", frozenset({T.SLEEP, T.TUMMY_TIME})),
)
# words.py's own record words, each with the types it may name
_FROM_WORDS: tuple[tuple[re.Pattern[str], frozenset[T]], ...] = (
    (w.STORED_MILK, frozenset({T.FEEDING})),
    (re.compile(r"水"), frozenset({T.FEEDING})),            # 喝了20毫升水: the kind said last
    (w.FEEDING_WORDS, frozenset({T.FEEDING, T.PUMPING})), (w.EATING_VERBS, frozenset({T.FEEDING, T.HEALTH})),
    (w.DIRECT_BREAST, frozenset({T.FEEDING, T.PUMPING})), (w.FOOD, frozenset({T.FEEDING})),
    *((p, frozenset({T.FEEDING, T.PUMPING})) for p, _ in w.KIND_WORDS),
    *((p, frozenset({T.FEEDING, T.PUMPING})) for p, _ in w.SIDE_WORDS),
    (w.SLEEP_WORDS, frozenset({T.SLEEP})), (w.FELL_ASLEEP, frozenset({T.SLEEP})), (w.WOKE_UP, frozenset({T.SLEEP})),
    (w.STILL_ASLEEP, frozenset({T.SLEEP})), (w.NAP, frozenset({T.SLEEP})), (w.NO_WAKINGS, frozenset({T.SLEEP})),
    (w.DIAPER_WORDS, frozenset({T.DIAPER})), (w.WET_WORDS, frozenset({T.DIAPER})), (w.WET_AND_SOLID, frozenset({T.DIAPER})),
    (w.SOLID_WORDS, frozenset({T.DIAPER})), (w.NOT_WET, frozenset({T.DIAPER})), (w.NOT_SOLID, frozenset({T.DIAPER})),
    *((p, frozenset({T.DIAPER})) for p, _ in (*w.STOOL_COLORS, *w.STOOL_CONSISTENCIES)),
    (w.WEIGHT_WORDS, frozenset({T.GROWTH})), (w.HEIGHT_WORDS, frozenset({T.GROWTH})),
    (w.HEAD_WORDS, frozenset({T.GROWTH})),
    (w.TEMPERATURE_WORDS, frozenset({T.HEALTH})), (w.FEELS_WARM, frozenset({T.HEALTH})), (w.MEDICINES, frozenset({T.HEALTH})),
    (w.MEDICATION, frozenset({T.HEALTH})), (w.VACCINE_WORDS, frozenset({T.HEALTH})),
    (w.DOCTOR_WORDS, frozenset({T.HEALTH})),
    *((re.compile(p, re.I), frozenset({T.HEALTH})) for p, _ in w.SYMPTOMS),
    (w.PUMPING_WORDS, frozenset({T.PUMPING})), (w.TUMMY_WORDS, frozenset({T.TUMMY_TIME})),
    *((p, frozenset({T.TUMMY_TIME})) for p, _ in w.MILESTONES),
)
_UNITS = re.compile(r"\s*(?:ml|mls|毫升|毫|cc|fl\.?\s*oz|oz|ounces?|盎司|斤|两|kg|kgs|公斤|千克|kilos?|g|grams?|克|lbs?|"
                    r"pounds?|磅|cm|厘米|公分|mm|毫米|m|米|inch(?:es)?|in|\"|″|英寸|°\s*[cf]?|℃|℉|度|摄氏度|华氏度|[cf]|"
                    r"分钟|分|小时|钟头|个小时|min|mins|minutes?|h|hrs?|hours?|次|回|times?|x|个|岁|个月|月|周|天|"
                    r"号|日|点|粒|片|颗|滴|drops?|tablets?|pills?|勺|scoops?)(?![a-z])", re.I)
_MEASURE = re.compile(rf"\s*[{lx.MEASURE_SIZE_ZH}]?(?:{'|'.join(lx.MEASURE_ZH)})")
# 一整瓶 (一整 stays a word), 换了个尿布 (了个: 一 left out), 小半碗 / 半瓶 (a portion, no amount in ml)
_A_MEASURE_ZH = re.compile(rf"(?:一[{lx.MEASURE_SIZE_ZH}]?|(?<=了)(?=个)|[大小]?半)(?:{'|'.join(lx.MEASURE_ZH)})")
_SIZE_EN = re.compile(rf"(?<![a-z])(?:{'|'.join(lx.MEASURE_SIZE_EN)})"                    # a big poop
                      rf"(?=\s+(?:{'|'.join(lx.MEASURE_EN)})s?(?![a-z]))", re.I)
_EXPERIENCED_ZH = re.compile("|".join(lx.EXPERIENCED_ZH))
_DONE_TO_ZH = re.compile("|".join(lx.DONE_TO_ZH))
_CJK = re.compile(r"[\u4e00-\u9fff]+")
_ORDINAL_BABY = re.compile(r"(?<![\d.])[1-9]宝|老[1-9]")      # 二宝 / 老二, after numerals.normalise
_EVERY_BABY = re.compile(r"(?:俩|两个?|二个|2个)(?:宝宝?|孩子|娃|小家伙)|(?:俩|两个|2个)(?:人)?(?=都)|双胞胎|他们俩|她们俩|\bboth (?:babies|kids|twins|girls|"
                         r"boys|of them)\b|\bthe twins\b|\b(?:two|2) (?:babies|kids|girls|boys)\b", re.I)
_BOTH_DID = re.compile(r"\bboth\b(?=\s+(?:(?:are|were|now|just|finally)\s+)?(?:asleep|awake|up|down|napping|sleeping|"
                       r"fell|went|woke|pooped|peed|wet|fed|ate|drank|had|took|got)\b)", re.I)
_LATIN = re.compile(r"[a-z][a-z'’-]*", re.I)


def read_spans(text: str, now: datetime, babies: Sequence[str] = (), people: Sequence[str] = (),
               lasted: bool = False, addressing: Sequence[str] = ()) -> list[Span]:
    """The spans of `text` (normalised), in text order. `babies`: the babies' names and nicknames ("小满/满满");
    `people`: the members' names and titles; `addressing`: the bot's names (@Fawn says to whom, not what); `lasted`: the reading is of something with a start and an end (a
    sleep: 10 to 11 is one range).

    One message is read as spans several times (the whole message, each clause, a grown-up's clause alone):
    the last few readings are kept (`_spans`), keyed by everything they depend on — the clock's zone and
    fold too, since two times at the same instant compare equal."""
    return list(_spans(text, now, now.tzinfo, now.fold, tuple(babies), tuple(people), lasted, tuple(addressing)))


@lru_cache(maxsize=128)
def _spans(text: str, now: datetime, _zone: object, _fold: int, babies: tuple[str, ...], people: tuple[str, ...],
           lasted: bool, addressing: tuple[str, ...]) -> tuple[Span, ...]:
    return tuple(_read_spans(text, now, babies, people, lasted, addressing))


def _read_spans(text: str, now: datetime, babies: Sequence[str], people: Sequence[str], lasted: bool,
                addressing: Sequence[str]) -> list[Span]:
    named = [Span(m.start(), m.end(), BABY, m.group(0)) for pattern in (_ORDINAL_BABY, _BOTH_DID)
             for m in pattern.finditer(text)]       # 2宝 is no number; both asleep: both babies, not both sides
    found: list[Span] = named + [n for n in _number_spans(text, now, lasted) if not _overlaps(n, named)]
    found += _units(text, found)
    times = _time_spans(text, now)
    candidates = [*times, *_record_spans(text, [(t.start, t.end) for t in (*found, *times)]),
                  *_people_spans(text, babies, people),
                  *_cue_spans(text, people), *_filler_spans(text), *_words(text, tuple(n for n in addressing if n), (), FILLER)]
    found = _without_overlaps(found, candidates)
    return sorted(found + [_known(s) for s in _unknown_spans(text, found)], key=lambda s: s.start)


@cache
def _record_vocabulary() -> frozenset[str]:
    """The Latin words the record patterns spell out (formula, diaper, green …), four letters or more."""
    sources = [p.pattern for p, _ in (*_FROM_WORDS, *_support_patterns())]
    found = set()
    for src in sources:
        for word, optional in re.findall(r"([A-Za-z]{4,})(\??)", src):    # diapers? → diapers and diaper
            found.update({word.lower(), word[:-1].lower()} if optional and len(word) > 4 else {word.lower()})
    return frozenset(found)


def _one_edit(a: str, b: str) -> bool:
    """a and b differ by one letter left out, added, changed, or two neighbours swapped."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    n = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    if len(a) == len(b):
        return a[n + 1:] == b[n + 1:] or a[n:n + 2] == b[n:n + 2][::-1] and a[n + 2:] == b[n + 2:]
    return a[n + 1:] == b[n:] if len(a) > len(b) else a[n:] == b[n + 1:]


@lru_cache(maxsize=1024)
def near_a_record_word(word: str) -> bool:
    """One letter off a record word (grern → green, formla → formula, diapr → diaper): a typo, not a new word.
    Latin words of four letters or more."""
    word = word.strip().lower()
    if len(word) < 4 or not word.isascii() or not word.isalpha():
        return False
    return any(_one_edit(word, known) for known in _record_vocabulary())


def _known(s: Span) -> Span:
    """A word left over between two longer matches (she of she's asleep) that is itself a person or a filler."""
    word = s.text.lower()
    said = [word, *_stretched(word), *([word[:-2]] if word.endswith(("'s", "’s")) else [])]   # bub's out
    for kind, zh, en in ((BABY, lx.BABY_ZH, lx.BABY_EN), (ADULT, lx.ADULT_ZH, lx.ADULT_EN),
                         (FILLER, lx.NO_FACT_ZH, lx.NO_FACT_EN)):
        if word in zh or any(w in en for w in said):
            return Span(s.start, s.end, kind, s.text)
    return s


_STRETCH = re.compile(r"([a-z])\1{2,}")


def _stretched(word: str) -> tuple[str, ...]:
    """A word said long (Annnd, sooo, yesss, ohhh): its letters run three or more times, read twice and once."""
    if not word.isascii() or not _STRETCH.search(word):
        return ()
    return _STRETCH.sub(r"\1\1", word), _STRETCH.sub(r"\1", word)


def _overlaps(span: Span, others: Sequence[Span]) -> bool:
    return any(span.start < o.end and o.start < span.end for o in others)


def _without_overlaps(taken: list[Span], candidates: Iterable[Span]) -> list[Span]:
    """Longest first, then by kind's rank, then leftmost; a span never overlaps one already taken."""
    occupied = bytearray(max((s.end for s in [*taken, *candidates]), default=0) + 1)
    for s in taken:
        occupied[s.start:s.end] = b"\1" * (s.end - s.start)
    kept = list(taken)
    for s in sorted(candidates, key=lambda s: (-(s.end - s.start), _RANK[s.kind], s.start)):
        if not any(occupied[s.start:s.end]):
            occupied[s.start:s.end] = b"\1" * (s.end - s.start)
            kept.append(s)
    return kept


def _time_spans(text: str, now: datetime) -> list[Span]:
    """Time expressions with no digits (today, 昨晚, 刚刚, this morning); those with digits are mentions."""
    prepared = prepare(text)
    exprs, _ = read_expressions(prepared.text)
    spans = []
    for e in exprs:
        start, end = prepared.source_span(e.start, e.end)
        said = text[start:end]
        if re.search(r"\d", said):
            continue
        spans.append(Span(start, end, TIME, said, offset=e.day.offset if e.day else (0 if e.kind == "now" else None),
                          period=e.day.period if e.day else None))
    spans += _period_words(text)
    return spans


@cache
def _period_patterns() -> tuple[tuple[re.Pattern[str], str | None, int | None], ...]:
    found = [(re.compile(_bounded(p), re.I), period, None) for p, period, _ in PERIOD_WORDS]
    found += [(re.compile(_bounded(p), re.I), period, offset) for p, offset, period in DAY_WORDS]
    found += [(re.compile(_bounded(NOW_WORDS), re.I), None, 0)]
    return tuple(found)


def _period_words(text: str) -> list[Span]:
    return [Span(m.start(), m.end(), TIME, m.group(0), period=period, offset=offset)
            for pattern, period, offset in _period_patterns() for m in pattern.finditer(text) if m.group(0).strip()]


def _number_spans(text: str, now: datetime, lasted: bool) -> list[Span]:
    return [Span(m.start, m.end, TIME if m.kind in ("clock", "ago", "range", "duration", "date") else NUMBER,
                 text[m.start:m.end], mention=m) for m in mentions(text, now, lasted)]


def _units(text: str, found: list[Span]) -> list[Span]:
    """A unit or a measure word right after a number belongs to it (90ml, 6斤, 3 hours, 1大泡)."""
    units = []
    for s in found:
        if s.mention is None:
            continue
        m = _UNITS.match(text, s.end) or _MEASURE.match(text, s.end)
        if m and m.group(0).strip():
            units.append(Span(m.start(), m.end(), UNIT, m.group(0), mention=s.mention))
    return units


@cache
def _support_patterns() -> tuple[tuple[re.Pattern[str], frozenset[T]], ...]:
    found = []
    for kind, (zh, en) in _SUPPORT.items():
        found.append((re.compile(zh), frozenset({kind})))
        found.append((re.compile(rf"(?<![a-z])(?:{en})(?![a-z])", re.I), frozenset({kind})))
    found += [(re.compile(p, re.I), types) for p, types in _SHARED]
    return tuple(found)


def _overlapping(pattern: re.Pattern[str], text: str) -> Iterable[re.Match[str]]:
    """The pattern's match at every position it matches from (奶瓶喂: 奶瓶, 瓶喂 and 喂), not only the
    non-overlapping ones finditer gives."""
    pos = 0
    while pos <= len(text) and (m := pattern.search(text, pos)) is not None:
        if m.end() > m.start():
            yield m
        pos = m.start() + 1


# a match that runs over a clause's end is no word (右边堵了 只吸了左边: 右…左 is not "both sides")
_ACROSS_CLAUSES = re.compile(r"[\u4e00-\u9fff\w]\s+[\u4e00-\u9fff]|[\u4e00-\u9fff]\s+\w|[，,。；;!！?？\n]")


@cache
def _record_patterns() -> tuple[tuple[re.Pattern[str], frozenset[T], Required | None], ...]:
    """The record patterns with their types and the words one of which each needs (required_text.py)."""
    return tuple((p, types, required_text(p)) for p, types in (*_FROM_WORDS, *_support_patterns()))


@cache
def _record_searches() -> tuple[tuple[re.Pattern[str], frozenset[T], tuple[str, ...], bool], ...]:
    """`_record_patterns()` as `_record_spans` reads them: the words (none: always searched), and whether they
    are looked for in the folded text."""
    return tuple((p, types, needs.words if needs else (), bool(needs and needs.folded))
                 for p, types, needs in _record_patterns())


def _record_spans(text: str, taken: Sequence[tuple[int, int]] = ()) -> list[Span]:
    """Every record word, once per place: a word several lists know names each of their types (体检: a
    health event, or where growth is measured). A pattern is searched only where the text holds one of the
    words its every match needs (most of the ~95 match nothing in a message)."""
    found: dict[tuple[int, int], frozenset[T]] = {}
    folded = fold(text)
    for pattern, types, words, in_folded in _record_searches():
        if words:
            haystack = folded if in_folded else text
            for word in words:
                if word in haystack:
                    break
            else:
                continue
        for m in _overlapping(pattern, text):
            if m.group(0).strip() and not _ACROSS_CLAUSES.search(m.group(0)):
                where = _whole_word(text, m.start(), m.end())
                found[where] = found.get(where, frozenset()) | types
    spans = []
    for (start, end), types in _joined(found, text, taken).items():
        said = text[start:end]
        experienced = bool(_EXPERIENCED_ZH.search(said)) and not _DONE_TO_ZH.search(said) \
            or any(word in lx.EXPERIENCED_EN for word in re.findall(r"[a-z]+", said.lower()))   # 's asleep
        spans.append(Span(start, end, RECORD, said, types=types, experienced=experienced))
    return spans


_ASPECT = frozenset(("了", "着", "过"))


def _joined(found: dict[tuple[int, int], frozenset[T]], text: str,
            taken: Sequence[tuple[int, int]]) -> dict[tuple[int, int], frozenset[T]]:
    """Chinese record words that overlap are one phrase (亲喂 + 喂母乳 = 亲喂母乳): the longer alone would leave
    the other's first character a word nothing knows — unless the phrase would reach into a number or a time
    (中午睡了: 中午 stays a time, 睡了 the record). Latin words stay as they are."""
    cjk = sorted(((a, b), t) for (a, b), t in found.items() if _CJK.fullmatch(text[a:b]))
    joined: dict[tuple[int, int], frozenset[T]] = dict(found)
    run: tuple[int, int] | None = None
    types: frozenset[T] = frozenset()
    members: list[tuple[int, int]] = []
    for (a, b), t in [*cjk, ((len(text) + 1, len(text) + 1), frozenset())]:
        if run is not None and a < run[1]:
            run, types = (run[0], max(run[1], b)), types | t
            members.append((a, b))
            continue
        if run is not None and len(members) > 1 and not any(m == run for m in members) and \
                not any(a0 < run[1] and run[0] < b0 for a0, b0 in taken) and \
                text[max(b1 for _, b1 in members[:-1]):run[1]] not in _ASPECT:
            joined[run] = types             # (小睡 + 睡了: only an aspect word more — 了一会 stays a while)
        run, types, members = (a, b), t, [(a, b)]
    return joined


def _whole_word(text: str, start: int, end: int) -> tuple[int, int]:
    """A Latin match widened to its word (breastfe → breastfeeding)."""
    def latin(i: int) -> bool:
        return 0 <= i < len(text) and text[i].isascii() and text[i].isalpha()
    while latin(start - 1) and latin(start):
        start -= 1
    while latin(end) and latin(end - 1):
        end += 1
    return start, end


def _people_spans(text: str, babies: Sequence[str], people: Sequence[str]) -> list[Span]:
    baby_names = [a for entry in babies for a in entry.split("/") if a]
    person_names = [p for p in people if p and p not in baby_names]
    spans = _words_and_names(text, lx.BABY_ZH, lx.BABY_EN, tuple(baby_names), BABY)
    spans += [Span(m.start(), m.end(), BABY, m.group(0)) for m in _EVERY_BABY.finditer(text)]
    spans += _words_and_names(text, lx.ADULT_ZH, _with_possessive(lx.ADULT_EN), tuple(person_names), ADULT)
    return spans


def _words_and_names(text: str, zh: tuple[str, ...], en: frozenset[str], names: tuple[str, ...],
                     kind: str) -> list[Span]:
    """`_words` of the word lists and the family's names as one list: at every position, the longest entry of
    either that starts there, in text order. The lists' pattern is built once and the names' own small one
    once per family (one pattern of both cost ~50 ms to compile for each new family: issue 28)."""
    longest: dict[int, Span] = {}
    for s in (*_words(text, zh, en, kind), *_words(text, names, (), kind)):
        if s.start not in longest or s.end > longest[s.start].end:
            longest[s.start] = s
    return [longest[start] for start in sorted(longest)]


@cache
def _with_possessive(words: frozenset[str]) -> frozenset[str]:
    """Titles with their 's (Dad's still asleep, mum's coffee): still the person."""
    titles = {w for w in words if w.isalpha() and w not in lx.PRONOUNS}
    return frozenset({*words, *(f"{w}'s" for w in titles), *(f"{w}’s" for w in titles)})


# Jess's little one / 王姐家闺女: a child named by a grown-up it belongs to (the family's own names are people first)
_OTHERS_CHILD = re.compile(r"\b[A-Za-z]+(?:'s|’s)\s+(?:little one|bub|bubba|baby|kid|son|daughter|little boy|little girl)\b|"
                           r"[\u4e00-\u9fff]{1,3}家的?(?:闺女|儿子|孩子|宝宝|娃|小孩|千金|公子|孙子|孙女|外孙女?)", re.I)


def _cue_spans(text: str, people: Sequence[str] = ()) -> list[Span]:
    own = {p.lower() for p in people} | lx.ADULT_EN
    spans = [Span(m.start(), m.end(), CUE, m.group(0), cue=lx.Cue.OTHERS) for m in _OTHERS_CHILD.finditer(text)
             if not re.match(r"(?:my|our|your|his|her|the)\b|我|咱|你|我们", m.group(0), re.I)
             and re.split(r"['’家]", m.group(0))[0].lower() not in own]
    for cue, zh in lx.CUES_ZH.items():
        spans += [Span(s.start, s.end, CUE, s.text, cue=cue) for s in _words(text, zh, (), CUE)]
    for cue, en in lx.CUES_EN.items():
        spans += [Span(s.start, s.end, CUE, s.text, cue=cue) for s in _words(text, (), en, CUE)]
    return spans


# 比上周强多了 / 比昨天乖 / better than last week: how it compares, with no number — how it went
_COMPARED = re.compile(r"比(?:上周|上礼拜|昨天|前天|上次|之前|以前|平时|上个月)[\u4e00-\u9fff]{0,3}?(?:强|好|多|快|重|长|大|高|乖|厉害|棒)"
                       r"(?:多了|了|一点|点|些|不少)?|\b(?:better|more|bigger|longer) than (?:last week|yesterday|before|usual)\b",
                       re.I)
# 28度?? / 45度？？？ / 14oz?!: marks of surprise after a value, not a question (one ? after a value stays one)
_SURPRISE = re.compile(r"(?<=[\d度℃℉°a-z%斤两])\s*(?:[?？]\s*){2,}[!！]*|(?<=[\d度℃℉°a-z%斤两])\s*[?？][!！]+", re.I)
# the sticker codes WeChat and WeCom put in a message's text for their own emoji: [捂脸] [偷笑] [Smile] [便便]
_STICKER = re.compile(r"\[(?:[\u4e00-\u9fff]{1,4}|[A-Za-z]{2,12})\]")
# a value's way since the last one (temp is down to 99.1, fever's up to 102, 降到了37.8): no sleep's down or up
_TREND = re.compile(r"\b(?:down|up)\s+to\b(?=\s*\d)|(?:降|升|退|涨)到了?(?=\s*\d)", re.I)


def _filler_spans(text: str) -> list[Span]:
    sizes = [Span(m.start(), m.end(), FILLER, m.group(0))      # a big poop, 一整瓶, an emoji's code
             for pattern in (_SIZE_EN, _A_MEASURE_ZH, _STICKER, _TREND, _SURPRISE, _COMPARED)
             for m in pattern.finditer(text)]
    return sizes + _words(text, (*lx.NO_FACT_ZH, *lx.A_WHILE_ZH), (*lx.NO_FACT_EN, *lx.NO_FACT_EN_PHRASES), FILLER)


def _words(text: str, zh: Iterable[str], en: Iterable[str], kind: str) -> list[Span]:
    """Chinese (and other non-Latin) entries anywhere; Latin entries as whole words, case-insensitive: at every
    position, the longest entry that starts there."""
    words = _pattern(tuple(zh), en if isinstance(en, (tuple, frozenset)) else tuple(en))
    if words is None:
        return []
    return [Span(m.start(), m.end(), kind, m.group(0)) for m in words.matches(text)]


@lru_cache(maxsize=256)
def _pattern(zh: tuple[str, ...], en: tuple[str, ...] | frozenset[str]) -> WordList | None:
    """The word lists' pattern, built once per lists (the lists were sorted again on every message: a quarter
    of the rule extractor's time, measured by the issue-28 profile)."""
    entries = tuple(sorted(e for e in {*zh, *en} if e))
    return WordList.of(entries) if entries else None


@dataclass(frozen=True)
class WordList:
    """A word list's matches at every place one of its words starts — what `_overlapping(_union(entries), text)`
    finds, without trying all the list's words (1,000 of them for the fillers) at every character: the places
    where some word's first character stands are found first, and there only the words that start with it are
    tried, in the union's order. Exactly the same matches (tests/unit/test_word_lists.py)."""

    whole: re.Pattern[str]                   # the union (longest first), for a character no group is kept for
    starts: re.Pattern[str]                  # any word's first character, matched as the union matches it
    by_first: dict[str, re.Pattern[str]]     # a first character (lower case) → the union of the words it starts

    @staticmethod
    def of(entries: tuple[str, ...]) -> WordList:
        whole = _union(entries)
        firsts = {e[0] for e in entries}
        starts = re.compile("[" + "".join(re.escape(f) for f in sorted(firsts)) + "]", re.I)
        if any(f.lower() != f.upper() and not f.isascii() or len(f.lower()) != 1 for f in firsts):
            return WordList(whole, starts, {})    # a cased letter beyond ASCII: case folding is the union's to judge
        groups: dict[str, list[str]] = {}
        for e in sorted(entries, key=len, reverse=True):
            groups.setdefault(e[0].lower(), []).append(e)
        return WordList(whole, starts, {f: _ordered(tuple(group)) for f, group in groups.items()})

    def matches(self, text: str) -> Iterable[re.Match[str]]:
        for first in self.starts.finditer(text):
            at = first.start()
            m = self.by_first.get(text[at].lower(), self.whole).match(text, at)
            if m is not None and m.end() > at:
                yield m


@lru_cache(maxsize=256)
def _union(entries: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern for a word list, longest entries first (so each position matches its longest entry). Bounded
    as `_pattern` is: a family's names are a word list too, and a process serving many families kept every
    family's pattern for good."""
    return _ordered(tuple(sorted(entries, key=len, reverse=True)))


def _ordered(ordered: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(_bounded(re.escape(e)) for e in ordered), re.I)


def _bounded(pattern: str) -> str:
    """English words match whole words only; other scripts anywhere."""
    if re.search(r"[a-z]", pattern, re.I) and pattern.isascii():
        return rf"(?<![a-z'’])(?:{pattern})(?![a-z'’])"
    return pattern


def _unknown_spans(text: str, found: list[Span]) -> list[Span]:
    """Runs of Chinese characters and Latin words that no span covers."""
    covered = bytearray(len(text) + 1)
    for s in found:
        covered[s.start:s.end] = b"\1" * (s.end - s.start)
    unknown = []
    for pattern in (_CJK, _LATIN):
        for m in pattern.finditer(text):
            start = None
            for i in range(m.start(), m.end() + 1):
                free = i < m.end() and not covered[i]
                if free and start is None:
                    start = i
                elif not free and start is not None:
                    unknown.append(Span(start, i, UNKNOWN, text[start:i]))
                    start = None
    return unknown
