"""Several facts in one message: 喝了90ml，尿了 / 刚醒，接着喝了100ml奶粉 / she drank 3 oz and had a wet diaper.

The message is cut into clauses (at commas, 然后 / 接着, "and", …). A clause that names a record type of
its own starts a part; a clause that names none belongs to its neighbour (醒1次, 8点, 配方奶 add to the
fact next to them), and so does a clause of the same type as the one before (8点睡的，3点醒的 is one sleep).
Only a message with parts of two or more types, or a fact said for every baby (俩宝都拉了), is read as
several facts; anything else is left to the single-fact reading, unchanged. Each part is read by the same
single-fact reader and names its own baby (豆豆喝了90ml，米粒尿了). A clause that is neither a fact nor
part of one (好乖) is quoted back as not understood.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from bot.understanding import lexicon as lx
from bot.understanding import words as w
from bot.understanding.accounting import NAME_NUMBER as _NAME_NUMBER
from bot.understanding.explain import described, says_nothing_new
from bot.understanding.grown_ups import a_grown_up_aside, a_grown_ups_treat, about_a_grown_up
from bot.understanding.numerals import normalise
from bot.understanding.readers.health import health_kind, read_temperature, symptom_name
from bot.understanding.request import ExtractionRequest
from bot.understanding.spans import UNKNOWN, read_spans
from domain.babies import ORDINALS
from domain.extraction import ALSO_AT_MOST, Extraction, Fact, Intent, SleepEvent, Slots
from domain.vocabulary import FeedingMethod, RecordType

Reader = Callable[..., Extraction]      # (request, text, correction, common, known_type=None) → a fact's reading
TypeOf = Callable[[str], RecordType | None]

_CUT = re.compile(r"\s*(?:[，,；;。!！、\n]+|(?<![ap]\.m)(?<!\b[dm]r)(?<!\bmrs)(?<!\bms)\.(?=\s)|然后|接着|之后|还有|并且|同时|\band then\b|\bthen\b|\band\b|\bwhile\b|&)\s*"
                  r"|(?<=[\u4e00-\u9fff\d])\s+(?=[\u4e00-\u9fff]|\d+\s*[点:：时])|(?<=[\u4e00-\u9fff])\s+(?=\d)"
                  r"|(?<=分钟)(?=[左右]边)|(?<=分钟)(?=再?换?[左右]边)"     # 左边10分钟右边8分钟: a side each
                  r"|(?<=[了的吧啊呢哈])(?=我们?(?:也|先|去|得|要|再|就|还)|你们?(?:也|先|去|快|赶紧))", re.I)   # …睡着了我也去躺会儿
EVERY_BABY = re.compile(r"(?:俩|两个?|二个|2个)(?:宝|孩子|娃|小家伙)|(?:俩|两个|2个)(?:人)?都|双胞胎|他们俩|她们俩|\bboth\b|"
                        r"\btwins\b|"
                        r"\b(?:two|2) (?:babies|kids|girls|boys)\b", re.I)
OCCASION = re.compile(r"^(?:今天|刚才|刚刚|上午|下午)?(?:去)?(?:做了?)?体检(?:了|的时候)?$|^(?:at|after) (?:the|her|his) "
                      r"(?:check-?up|doctor'?s? visit)$", re.I)
_FILLER = re.compile(r"^(?:好的?|嗯+|哦+|啊+|呀|对|是的|然后|刚刚|刚才|宝宝|ok(?:ay)?|so|also|well|and|then|"
                     r"哈+|呵+|😊|👍)?[~～.。!！?？]*$", re.I)


@dataclass(frozen=True)
class Part:
    clauses: tuple[tuple[str, str, bool], ...]    # (as typed, normalised, names a record type) of each clause
    record_type: RecordType | None

    @property
    def said(self) -> str:
        return "，".join(c[0] for c in self.clauses)

    def text(self, leave_out: int | None = None) -> str:
        return ",".join(c[1] for n, c in enumerate(self.clauses) if n != leave_out)


def clause_count(text: str) -> int:
    """How many clauses `read_several` would read the text as."""
    return sum(1 for c in _CUT.split(text.strip()) if c and c.strip())


def read_several(request: ExtractionRequest, text: str, reader: Reader, type_of: TypeOf,
                 common: dict) -> Extraction | None:
    """The facts of `text` (the message, normalised, or what is left of it once a reminder is read) when it
    says several, or None when it says one (the caller reads it as one)."""
    clauses = [c.strip() for c in _CUT.split(text.strip()) if c and c.strip()]
    grown: list[bool] = []            # 我昨晚没睡好，宝宝睡着了 / 我饿死了，刚吃完饭: a grown-up's, chatter beside
    for clause in clauses:
        grown.append(_a_grown_up_alone(request, clause) or _of_a_grown_up(request, clause, bool(grown) and grown[-1]))
    told = [c for c, g in zip(clauses, grown, strict=True) if not g]
    if told and len(told) < len(clauses):
        several = read_several(request, ",".join(told), reader, type_of, common)
        return several or reader(request, ",".join(normalise(c) for c in told), False, common)
    several_babies = len(request.babies) > 1
    if several_babies and (each := _each_baby(request, text, reader, type_of, common)) is not None:
        return each
    every = several_babies and bool(EVERY_BABY.search(text))
    two_health = _two_health(text)             # gave tylenol 2.5ml 38.9: a dose and a temperature in one breath
    if len(clauses) < 2 and not every and not two_health:
        return None
    read = _facts(request, clauses, reader, type_of, common, alone=two_health)
    if read is None:
        return None
    facts, unread, hoped = read
    if not facts or len(facts) == 1 and not facts[0].every_baby and not hoped:
        return None                     # (fed her 4oz, down for a nap hopefully: the feed, never the nap)
    return _reading(_while_together(facts, text), unread, common, request.now)


_WHILE = re.compile(r"\bwhile\b|\bwhilst\b|同时|一边", re.I)
_A_CLOCK = re.compile(r"\d\s*(?:点|:|：|时|am\b|pm\b)|\b(?:at|around|about) \d", re.I)


def _while_together(facts: list[Fact], text: str) -> list[Fact]:
    """pumped 3oz at 10 while she did 10 min tummy time: said joined by while, a fact with no clock of its own
    happened when the one before it did — never at the message's time."""
    out = list(facts)
    for n in range(1, len(out)):
        before, fact = out[n - 1], out[n]
        at = before.slots.start or before.slots.time
        said_before, said = normalise(before.said or ""), normalise(fact.said or "")
        gap_at, own_at = text.find(said_before), text.find(said)
        if at is None or gap_at < 0 or own_at < 0 or _A_CLOCK.search(said) or \
                not _WHILE.search(text[gap_at + len(said_before):own_at]):
            continue
        slots = fact.slots
        if slots.time is not None or slots.start is None and slots.end is None and fact.record_type is RecordType.HEALTH:
            out[n] = fact.model_copy(update={"slots": slots.model_copy(update={"time": at})})
        else:
            length = (slots.end - slots.start) if slots.start and slots.end else None
            update = {"start": at, "end": at + length if length else slots.end if not slots.start else None}
            out[n] = fact.model_copy(update={"slots": slots.model_copy(update=update)})
    return out


def _facts(request: ExtractionRequest, clauses: list[str], reader: Reader, type_of: TypeOf,
           common: dict, alone: bool = False) -> tuple[list[Fact], list[str], bool] | None:
    """The facts of the clauses, the clauses not understood, and whether a part was only hoped for (then one
    fact left is read as it stands); None when they are one fact (unless `alone`: then that one fact)."""
    several_babies = len(request.babies) > 1
    every = several_babies and bool(EVERY_BABY.search(",".join(clauses)))
    fresh = replace(request, task=None)            # several facts are new facts, not answers to a task
    parts, unread = _parts(clauses, type_of, _health_said(clauses))
    parts = _details_joined(fresh, reader, parts, common)
    if len(parts) < 2 and not every and not alone:
        return None
    if not parts:
        parts, unread = [Part(tuple((c, normalise(c), False) for c in clauses), None)], []
    facts: list[Fact] = []
    hoped = False
    for n, part in enumerate(parts):
        said = part.said
        text = part.text()
        if n and _side_of(text) and _side_of(parts[n - 1].text()):
            text = _unit_shared(parts[n - 1].text(), text)      # left for 12 mins then right for 8: 8 minutes
        if n and part.record_type is parts[n - 1].record_type is RecordType.SLEEP and not _A_NIGHT.search(text) \
                and (night := _A_NIGHT.search(parts[n - 1].text())):
            text = f"{night.group(0)} {text}"       # last night: 7:30 to 2, then 2:45 to 6: the same night
        if n and all(_HOPED.search(c[1]) for c in part.clauses) and not re.search(r"\d", text):
            hoped = True
            continue                    # wet nappy, back to bed hopefully: hoped for, no fact of its own
        reading = reader(fresh, text, False, {**common, "baby": _baby(request, said)}, part.record_type)
        if reading.record_type is None:
            unread.append(said)
            continue
        unread += _not_read(fresh, reader, part, reading, common)
        for slots in _health_apart(reading, part.text()):
            facts.append(Fact(record_type=reading.record_type, slots=slots, sleep_event=reading.sleep_event,
                              baby=reading.baby, amount_unit_assumed=reading.amount_unit_assumed,
                              every_baby=several_babies and bool(EVERY_BABY.search(said)), said=said[:200]))
    return facts, unread, hoped


def _two_health(text: str) -> bool:
    """One clause that tells two health facts: a medicine and a temperature, a temperature and a symptom."""
    kind = health_kind(text)
    return kind == "medication" and _temperature_in(text) is not None or \
        kind == "temperature" and _other_symptom(text) is not None


def _health_apart(reading: Extraction, text: str) -> list[Slots]:
    """The slots of a health reading, as two facts when it tells two (a dose and the temperature beside it, a
    temperature and a symptom other than the fever it measures), never one record carrying the other."""
    slots = reading.slots
    if reading.record_type is not RecordType.HEALTH:
        return [slots]
    if slots.kind == "medication" and (temperature := slots.temperature_c or _temperature_in(text)) is not None:
        return [Slots(time=slots.time, kind="temperature", temperature_c=temperature),
                slots.model_copy(update={"temperature_c": None})]
    if slots.kind == "temperature" and (symptom := _other_symptom(text)) is not None:
        return [slots, Slots(time=slots.time, kind="symptom", symptom=symptom)]
    return [slots]


def _temperature_in(text: str) -> float | None:
    if (said := read_temperature(text)) is not None:
        return said
    m = _TEMPERATURE_IN.search(text)
    return read_temperature(f"temperature {m.group(1)}") if m else None


def _other_symptom(text: str) -> str | None:
    name = symptom_name(text)
    return None if name is None or _FEVER.search(name) or name == "发烧" else name


def _reading(facts: list[Fact], unread: list[str], common: dict, now: datetime) -> Extraction:
    facts = _between_its_neighbours(_asleep_after(_sides_in_turn(_kinds_shared(facts))))
    misfit = _asleep_before_what_came_first(facts, now)
    unread = [*unread, *misfit]
    facts = [f for f in facts if (f.said or "") not in misfit] or facts    # quoted, never proposed as well
    first, rest = facts[0], facts[1:]
    if len(rest) > ALSO_AT_MOST:        # more facts than one message holds (a paste, a held key): the rest is said, unread
        unread = [*unread, *(f.said or "" for f in rest[ALSO_AT_MOST:])]
        rest = rest[:ALSO_AT_MOST]
    return Extraction(intent=Intent.RECORD, record_type=first.record_type, slots=first.slots,
                      sleep_event=first.sleep_event, baby=first.baby, every_baby=first.every_baby,
                      amount_unit_assumed=first.amount_unit_assumed, said=first.said, also=rest,
                      unread=unread[:8], addressed_to_bot=common.get("addressed_to_bot", False))


def _each_baby(request: ExtractionRequest, text: str, reader: Reader, type_of: TypeOf,
               common: dict) -> Extraction | None:
    """A message that names two or more of the babies: each its own facts (Ava had 4oz formula, Mia only 3 /
    安安拉了 乐乐尿了 / 大宝拉了 小宝还没拉), or the same facts for each named together (大宝和小宝都拉了).
    What is said before the first name is said of each (temps: ava 99.8, leo 100.6 / twins had formula, Ava 4 oz
    and Leo 3.5); a baby's part that says only a number is the same kind of fact as the one before (Mia only 3,
    in the unit the one before said)."""
    named = babies_named(request, text)
    if len({n.baby for n in named}) < 2:
        return None
    groups: list[list[Named]] = []
    for name in named:
        if groups and _TOGETHER.fullmatch(text[groups[-1][-1].end:name.start]):
            groups[-1].append(name)
        else:
            groups.append([name])
    lead = text[:groups[0][0].start]
    last = [c for c in _CUT.split(text[groups[-1][0].start:]) if c and c.strip()]
    cut = next((k for k in range(1, len(last)) if _EACH.match(last[k])), len(last))
    tail = ",".join(last[cut:])          # 安安喝的母乳 乐乐喝的奶粉 都是100: said of each, after the last name
    facts: list[Fact] = []
    unread: list[str] = []
    before: tuple[str, list[Fact]] | None = None        # the baby's part before: its words and its facts
    for n, group in enumerate(groups):
        own = text[group[0].start:groups[n + 1][0].start] if n + 1 < len(groups) else ",".join(last[:cut])
        if before is not None:
            own = _unit_shared(before[0], own)
        said = ",".join(p for p in ((lead + own).strip(" ,，、;；"), tail) if p)
        clauses = [c.strip() for c in _CUT.split(said) if c and c.strip()]
        read = _facts(request, clauses, reader, type_of, {**common, "baby": group[0].alias}, alone=True)
        found, missed = read[:2] if read else ([], [said])
        mine = [c.strip() for c in _CUT.split(own) if c and c.strip()]
        leads = [f for f in found if not any(c in (f.said or "") for c in mine)]   # said before any name
        found = [f for f in found if f not in leads]
        if n == 0:
            facts += leads        # said once, of no baby named (both pooped, …): every baby, or asked which
        if not any(f.slots.given() or f.sleep_event for f in found) and _said_nothing(text, group, own):
            found, missed = [], []    # 小宝还没拉 / Leo's still awake: no fact of that baby, and said to be none
        elif not found:
            found = _as_before(request, reader, common, group, own, said, before[1]) if before else None
            if found is None:
                return None           # a baby's part that says nothing readable (Mia had Ava's leftover): not per baby
            missed = []
        unread += [m for m in missed if any(c in m for c in mine)]
        facts += [f if f.every_baby and f.baby is None else f.model_copy(update={"baby": name.alias, "every_baby": False})
                  for name in group for f in found]
        before = (own, found) if found else None
    if not facts:
        return None
    return _reading(facts, unread, common, request.now)


def _as_before(request: ExtractionRequest, reader: Reader, common: dict, group: list[Named], own: str, said: str,
               before: list[Fact]) -> list[Fact] | None:
    """A baby's part with no fact of its own, read as the part before it: the same again (Ava pooped, Mia too /
    大宝喝了120 小宝也是), or the same kind of fact with its own amount (Ava had 4oz formula, Mia only 3).
    None when it is neither."""
    rest = own[group[-1].end - group[0].start:]
    if _SAME.fullmatch(rest):
        return [f.model_copy(update={"said": said[:200]}) for f in before]
    if len(before) != 1 or not re.search(r"\d", rest) or _TIME_ANCHOR.search(rest) or \
            before[0].record_type not in (RecordType.FEEDING, RecordType.PUMPING, RecordType.HEALTH):
        return None
    reading = reader(replace(request, task=None), said, False, {**common, "baby": group[0].alias},
                     before[0].record_type)
    if reading.record_type is None or not (reading.slots.amount_ml or reading.slots.temperature_c):
        return None
    return [Fact(record_type=reading.record_type, slots=reading.slots, sleep_event=reading.sleep_event,
                 amount_unit_assumed=reading.amount_unit_assumed, said=said[:200])]


_EACH = re.compile(r"\s*(?:都|各|俩都|两个都|\bboth\b|\beach\b|\ball\b)", re.I)
_SAME = re.compile(r"[\s,，]*(?:也是|也一样|一样|同样|也这样|也)[了的]?[。.!！~]*\s*|"
                   r"[\s,]*(?:too|as well|also|the same|same(?: here)?|did too|did as well|(?:is|was|has|had) too)"
                   r"[.!~]*\s*", re.I)


def said_nothing_spans(request: ExtractionRequest, text: str) -> list[tuple[int, int]]:
    """The parts of a message naming several babies that say a baby has no fact to record (大宝拉了 小宝还没拉:
    小宝还没拉), as spans of `text`: understood, though nothing is written for them."""
    named = babies_named(request, text)
    if len(request.babies) < 2 or len({n.baby for n in named}) < 2:
        return []
    spans = []
    for n, name in enumerate(named):
        end = named[n + 1].start if n + 1 < len(named) else len(text)
        own = _CUT.split(text[name.start:end])[0]
        if _said_nothing(text, [name], own):
            spans.append((name.start, name.start + len(own)))
    return spans


def _said_nothing(text: str, group: list[Named], own: str) -> bool:
    rest = own[group[-1].end - group[0].start:]
    return not re.search(r"\d", own) and bool(_NOTHING.match(rest))


# what a baby has not done or is still doing instead (小宝还没拉 / 安安还在玩 / Leo hasn't pooped / Mia's still up);
# 还没醒 (still asleep) is a fact, not this
_NOTHING = re.compile(r"\s*(?:还|也|倒是|呢)?\s*(?:(?:没有?|未|不)(?:拉|尿|便|吃|喝|睡(?!醒)|喂|换)|在(?:那|那儿|那里|这)?(?:玩|闹|哭)|"
                      r"醒着|不睡|在玩|没事|挺好|还好|好好的|正常|(?:is\s+|'s\s+|s\s+)?(?:fine|ok|okay|good|all good|normal)\b|(?:is\s+|'s\s+|s\s+)?(?:still\s+(?:wide\s+)?(?:awake|up|playing|going|fighting|resisting|chatting|babbling|fussing|wriggling)|not\s+yet|"
                      r"(?:has|is|did)\s*n'?o?t\b|hasnt\b|didnt\b|wide awake))", re.I)


@dataclass(frozen=True)
class Named:
    start: int
    end: int
    alias: str           # as the family spells it (Leo for "leo"), or 大宝 / 二宝
    baby: tuple[str, int]     # which baby: ("name", its place in the request) or ("ordinal", 0 for 大宝)


def babies_named(request: ExtractionRequest, text: str) -> list[Named]:
    """Where `text` names the family's babies, in text order: their names and nicknames (Latin ones as whole
    words, in any case), and 大宝 / 二宝 in a family of several."""
    found: list[Named] = []
    for index, entry in enumerate(request.babies):
        for alias in (a for a in entry.split("/") if a):
            for form in {alias, normalise(alias)}:
                found += [Named(m.start(), m.end(), alias, ("name", index)) for m in _name_pattern(form).finditer(text)]
    if len(request.babies) > 1:
        for word, index in ORDINALS.items():
            for form in {word, normalise(word)}:
                found += [Named(m.start(), m.end(), word, ("ordinal", index % len(request.babies)))
                          for m in re.finditer(re.escape(form) + "(?![宝贝])", text)]     # not 小宝宝 / 大宝贝
    found.sort(key=lambda f: (f.start, f.start - f.end))
    kept: list[Named] = []
    for f in found:
        if not kept or f.start >= kept[-1].end:
            kept.append(f)
    return kept


def baby_in(request: ExtractionRequest, text: str) -> str | None:
    """The first baby `text` names, as the family spells it."""
    named = babies_named(request, text)
    return named[0].alias if named else None


def _name_pattern(form: str) -> re.Pattern[str]:
    if re.search(r"[A-Za-z0-9]", form):
        return re.compile(rf"(?<![A-Za-z]){re.escape(form)}(?![A-Za-z])", re.I)
    return re.compile(re.escape(form))


def _unit_shared(before: str, own: str) -> str:
    """Mia only 3 after Ava's 4oz: the same unit (a bare number takes the unit the part before said)."""
    unit = _UNIT.search(before)
    if unit is None or _UNIT.search(own):
        return own
    times = [m.span() for m in _TIME_ANCHOR.finditer(own)]           # Mia 3 at 5: the 5 is a time, not 5 oz
    bare = [m for m in re.finditer(r"(?<![\d.:])\d+(?:\.\d+)?(?![\d.:]|\s*(?:点|:|am|pm))", own, re.I)
            if not any(a <= m.start() < b for a, b in times)]
    if len(bare) != 1:
        return own
    m = bare[0]
    return f"{own[:m.end()]} {unit.group(1)}{own[m.end():]}"


_TOGETHER = re.compile(r"[\s,，、&]*(?:和|跟|与|还有|\band\b|&)?[\s,，、]*", re.I)
_UNIT = re.compile(r"\d\s*(oz|ounces?|ml|毫升|cc|°\s*[fc]|度|分钟|mins?|minutes)(?![a-z])", re.I)   # left 12 mins, right 8


def _kinds_shared(facts: list[Fact]) -> list[Fact]:
    """Feeds said one after another share the kind said for one of them (3oz formula at 1pm and 4oz at 4:30;
    8点喝了120 11点又喝了90 都是奶粉): a feed that names none takes its neighbour's."""
    kinds = [f.slots.kind for f in facts if f.record_type is RecordType.FEEDING and f.slots.kind]
    if len(set(kinds)) != 1:
        return facts
    return [f.model_copy(update={"slots": f.slots.model_copy(update={"kind": kinds[0]})})
            if f.record_type is RecordType.FEEDING and not f.slots.kind else f for f in facts]


_OWN_CLOCK = re.compile(r"\d\s*(?:点|:|：|时|am|pm|a\.m|p\.m)|\b(?:at|around|about|by) (?:a )?(?:\d|quarter|half|ten|twenty)|"
                        r"\d\s*(?:分钟|小时|min|h)|\b(?:noon|midnight)\b", re.I)


def _sides_in_turn(facts: list[Fact]) -> list[Fact]:
    """Sides fed one after the other, each for its minutes (刚亲喂完 左边十分钟右边八分钟 / 3点喂了左边10分钟 右边8分钟):
    back to back — after the first side's own clock, or ending when the first was read to end (喂完: now) —
    not the later side starting when the message was sent and ending minutes from now."""
    run = [f for f in facts if f.record_type is RecordType.FEEDING and f.slots.duration_min
           and f.slots.method in (FeedingMethod.LEFT_BREAST, FeedingMethod.RIGHT_BREAST)]
    if len(run) < 2 or len(run) != sum(f.record_type is RecordType.FEEDING for f in facts) \
            or any(f.slots.start or f.slots.end for f in run[1:]):
        return facts
    first = run[0].slots
    placed: dict[int, Fact] = {}
    said = normalise(run[0].said or "")
    if first.end is not None and _ENDED_NOW.search(said):
        at = first.end                             # 喂完: the last side ended then
        for f in reversed(run):
            at -= timedelta(minutes=f.slots.duration_min)
            placed[id(f)] = _at(f, at)
    elif first.start is not None and _OWN_CLOCK.search(said):
        at = first.start + timedelta(minutes=first.duration_min)
        for f in run[1:]:                          # after the first side's own clock
            placed[id(f)] = _at(f, at)
            at += timedelta(minutes=f.slots.duration_min)
    return [placed.get(id(f), f) for f in facts]


_ENDED_NOW = re.compile(r"[喂吃]完|完了|\b(?:just )?(?:finished|done)\b", re.I)


def _at(fact: Fact, start: datetime) -> Fact:
    minutes = timedelta(minutes=fact.slots.duration_min or 0)
    return fact.model_copy(update={"slots": fact.slots.model_copy(update={"start": start, "end": start + minutes})})


def _asleep_before_what_came_first(facts: list[Fact], now: datetime) -> list[str]:
    """A sleep said after a fact, on a clock that puts it before that fact (at 9:30, 洗完澡喝了120母乳 八点就睡了:
    asleep at 8:00 and drinking at 9:30): the words that do not fit, so the message is confirmed, never written
    as it stands."""
    out = []
    for before, fact in zip(facts, facts[1:], strict=False):
        at = before.slots.end or before.slots.start or before.slots.time or now     # no time said: now
        if fact.record_type is RecordType.SLEEP and fact.sleep_event is SleepEvent.FELL_ASLEEP \
                and fact.slots.start is not None and at is not None and fact.slots.start < at \
                and _OWN_CLOCK.search(normalise(fact.said or "")):
            out.append(fact.said or "")
    return out


# he's just gone down / 现在睡着了: a sleep said to begin now does not begin with the fact before it
_NOW_SAID = re.compile(r"\b(?:just|now|right now)\b|刚刚|刚|现在", re.I)


def _asleep_after(facts: list[Fact]) -> list[Fact]:
    """Fell asleep after the fact before it (11点喝了130奶粉 吃完就睡了 / fed her at 7 then she went down):
    a sleep said without a time of its own began when that fact happened, not when the message was sent."""
    out = list(facts)
    for n in range(1, len(out)):
        fact, before = out[n], out[n - 1]
        said_at = before.slots.end or before.slots.start or before.slots.time
        if fact.record_type is not RecordType.SLEEP or fact.sleep_event is not SleepEvent.FELL_ASLEEP \
                or said_at is None or _OWN_CLOCK.search(normalise(fact.said or "")) or fact.slots.end \
                or _NOW_SAID.search(fact.said or "") \
                or fact.baby and before.baby and fact.baby != before.baby:
            continue          # 安安8点喝了120 乐乐睡着了: another baby's sleep did not begin with that feed
        out[n] = fact.model_copy(update={"slots": fact.slots.model_copy(update={"start": said_at})})
    return out


def _between_its_neighbours(facts: list[Fact]) -> list[Fact]:
    """5oz formula at 7 then changed a poopy diaper and she went down at 7:30: a fact with no time of its own,
    said after a fact on a clock and before another on a later one, happened after the one before it — at its
    time, never at the message's (which is after both)."""
    out = list(facts)
    for n in range(1, len(out) - 1):
        before, fact = out[n - 1], out[n]
        at = before.slots.end or before.slots.start or before.slots.time
        later = [f.slots.start or f.slots.time for f in out[n + 1:] if _OWN_CLOCK.search(normalise(f.said or ""))]
        if at is None or not later or later[0] is None or later[0] < at or fact.record_type is RecordType.SLEEP \
                or any(getattr(fact.slots, k) is not None for k in ("start", "end", "time")) and \
                _OWN_CLOCK.search(normalise(fact.said or "")) or _NOW_SAID.search(fact.said or "") \
                or not _OWN_CLOCK.search(normalise(before.said or "")):
            continue
        update = {"time": at} if fact.record_type in (RecordType.DIAPER, RecordType.HEALTH, RecordType.GROWTH,
                                                        RecordType.NOTE) else {"start": at, "end": None}
        out[n] = fact.model_copy(update={"slots": fact.slots.model_copy(update=update)})
    return out


def _names_a_grown_up(request: ExtractionRequest, text: str) -> bool:
    """Whether a clause has a word a grown-up could be (我, 奶奶, mum's, I, a member's name): if not, it is said of
    no grown-up, and its spans need not be read to know it (a quarter of a message's reading went on it)."""
    return bool(_GROWN_UP_WORD.search(text)) or any(p and p.lower() in text.lower() for p in request.people)


_GROWN_UP_WORD = re.compile("|".join(sorted((re.escape(z) for z in lx.ADULT_ZH), key=len, reverse=True)) +
                            r"|(?<![a-z'’])(?:" + "|".join(sorted((re.escape(e) for e in lx.ADULT_EN), key=len, reverse=True))
                            + r")(?:'s|’s)?(?![a-z'’])", re.I)


def _a_grown_up_alone(request: ExtractionRequest, clause: str) -> bool:
    text = normalise(clause)
    if not _names_a_grown_up(request, text):
        return False
    return a_grown_up_aside(read_spans(text, request.now, request.babies, request.people,
                                       addressing=request.bot_names), text)


def _of_a_grown_up(request: ExtractionRequest, clause: str, after_a_grown_up: bool = False) -> bool:
    text = normalise(clause)
    if not after_a_grown_up and not _names_a_grown_up(request, text):
        return False
    return about_a_grown_up(read_spans(text, request.now, request.babies, request.people,
                                       addressing=request.bot_names), text, after_a_grown_up)


def _health_said(clauses: list[str]) -> bool:
    """The message tells of the baby's health (a dose, a symptom, she's burning up): a bare 38.5 in it is a
    temperature."""
    said = [normalise(c) for c in clauses]
    return any(health_kind(c) is not None or w.FEELS_WARM.search(c) for c in said)


def _parts(clauses: list[str], type_of: TypeOf, health: bool = False) -> tuple[list[Part], list[str]]:
    """Clauses grouped into parts: untyped clauses and repeats of a type join their neighbour — unless the
    clause says again what the part already said (a second time, amount, side or baby: 8点喝了120 11点又喝了90,
    左边10分钟 右边8分钟, a wet one at 11 and a poopy one at 12:30): then it is a fact of its own."""
    parts: list[Part] = []
    pending: list[tuple[str, str, bool]] = []       # untyped clauses before the first typed one
    for said in clauses:
        text = normalise(said)
        kind = type_of(text)
        if kind is None and _FILLER.match(said):
            continue
        if kind is RecordType.FEEDING and parts and parts[-1].record_type is RecordType.PUMPING and \
                (_SIDE_ANCHOR.search(text) or _BOTH_SIDES.search(text)) and not _FED.search(text):
            kind = RecordType.PUMPING        # 吸了一次奶 左边60 右边50: the sides of the pumping, not breastfeeds
            text = f"吸奶 {text}"              # read as the pumping it is a side of
        if parts and parts[-1].record_type is RecordType.PUMPING and _FED_IT.search(text) and not _kind_of(text):
            kind, text = RecordType.FEEDING, _the_pumped_milk(parts[-1].text(), text)   # …and gave her 3 of it
        elif kind is RecordType.FEEDING and parts and parts[-1].record_type is RecordType.PUMPING and \
                _AN_AMOUNT_ALONE.fullmatch(text):
            kind = None                  # 吸完奶 60加50毫升 / 才50毫升: the pumping's amount, said after it
        if OCCASION.match(said) or _ONLY_A_QUANTITY.fullmatch(text) or _ONLY_A_SIDE.fullmatch(text):
            kind = None                  # 今天体检，…: the occasion of what follows; 2.5毫升: a detail of the fact before
        if kind is RecordType.FEEDING and parts and _a_dose(parts[-1], text):
            kind = None                  # 喂了美林 2.5ml 烧还没退: the dose of the medicine, never a feed
        if parts and parts[-1].record_type is RecordType.HEALTH and _AN_INTERVAL.search(text) and \
                not _DOSE.search(text):
            kind = None                  # 喂了美林2.5ml，(医生说)每6到8小时可以喂一次: the medicine's interval
        if health and kind is None and _TEMPERATURE_ALONE.fullmatch(text):
            kind, text = RecordType.HEALTH, f"temperature {text}"    # he's burning up, 102.4, gave tylenol
        clause = (said, text, kind is not None)
        if kind is None and not parts:
            pending.append(clause)
        elif parts and (kind is None or parts[-1].record_type is kind) and not _another(parts[-1], text):
            parts[-1] = Part((*parts[-1].clauses, clause), parts[-1].record_type)
        elif parts and kind is None:
            parts.append(Part((clause,), parts[-1].record_type))       # 十点到十一点 下午两点到三点半: a second one
        else:
            parts.append(Part((*pending, clause), kind))
            pending = []
    return parts, [c[0] for c in pending]


# a feed of the milk just pumped: gave her 3 of it / fed it to him / 直接用奶瓶喂给她了 / 吸的喂了
_FED_IT = re.compile(r"\b(?:gave|give|fed|offered)\b[^.,;]*\b(?:it|that|them)\b|喂给(?:她|他|宝宝|孩子)|直接[^，,。]*喂|"
                     r"吸的(?:奶)?[^，,。]*喂", re.I)


def _the_pumped_milk(pumped: str, text: str) -> str:
    """The feed's clause read as a bottle of breast milk: its own amount in the pumping's unit, or — none said —
    all that was pumped (吸了九十 直接用奶瓶喂给她了)."""
    own = _unit_shared(pumped, text)
    if not _amount_of(own) and (amount := _amount_of(pumped)):
        own = f"{own} {amount}"
    return f"母乳 奶瓶 {own}"


_A_NIGHT = re.compile(r"昨晚|昨天晚上|昨夜|前晚|今晚|\blast night\b|\bovernight\b|\btonight\b", re.I)
_HOPED = re.compile(r"\bhopefully\b|\bfingers crossed\b|希望|但愿", re.I)
_AN_INTERVAL = re.compile(r"每(?:隔)?\s*\d+(?:\s*(?:-|–|~|～|到|至)\s*\d+)?\s*个?小时|(?:隔|间隔)\s*\d+\s*个?小时|"
                          r"\bevery\s*\d+(?:\s*(?:-|–|to|or)\s*\d+)?\s*(?:h|hrs?|hours?)\b|\bq\d+(?:-\d+)?h\b", re.I)


def _a_dose(part: Part, text: str) -> bool:
    """A clause read as a feed only for its ml, after a medicine with no dose yet: the medicine's dose."""
    before = part.text()
    return part.record_type is RecordType.HEALTH and health_kind(before) == "medication" and \
        not _DOSE.search(before) and bool(_DOSE.match(text)) and not _FED_WORDS(text)


def _FED_WORDS(text: str) -> bool:
    return bool(w.FEEDING_WORDS.search(text) or w.EATING_VERBS.search(text) or w.DIRECT_BREAST.search(text)
                or any(p.search(text) for p, _ in w.KIND_WORDS))


def _another(part: Part, text: str) -> bool:
    """The clause says again what the part already has, so it is a fact of its own: a feed, a diaper, pumping
    or tummy time with its own time, amount or side; a sleep with its own range; a health event of another
    kind (a temperature, then a dose). A growth message is one record, whatever it measures."""
    said, kind = part.text(), part.record_type
    if _A_TOTAL.match(text):
        return False                 # 吸了20分钟 一共130ml / 喝了90 一共130: the whole's amount, never another fact
    if kind is not RecordType.HEALTH and (_ARITHMETIC.search(text) or _MADE.search(said) and not _AGAIN.match(text)):
        return False                 # 剩了20 / she left 1 / 冲了150 喝了120: the amount worked out, not a new fact
    if kind is RecordType.FEEDING and _kind_of(text) and _kind_of(said) and _kind_of(text) != _kind_of(said) \
            and (_amount_of(text) or _DURATION.search(text)):
        return True                  # nursed, then a formula top-up: another milk, another feed
    if kind in (RecordType.FEEDING, RecordType.PUMPING, RecordType.DIAPER, RecordType.TUMMY_TIME):
        return any(a(text) and a(said) and (k in _ALWAYS_NEW or a(text) != a(said)) for k, a in _ANCHORS.items()) \
            or bool(_AGAIN.match(text) and _amount_of(text))
    if kind is RecordType.SLEEP:
        return bool(_RANGE.search(text) and _RANGE.search(said)) or bool(_AGAIN.match(text) and _time_of(text))
    if kind is RecordType.HEALTH:
        kinds = {health_kind(text), health_kind(said)}
        fever = kinds == {"symptom", "temperature"} and bool(_FEVER.search(said + text))   # 发烧了 38.5: one reading
        return health_kind(text) is not None and health_kind(said) not in (None, health_kind(text)) and not fever
    return False


def _time_of(text: str) -> str | None:
    m = _TIME_ANCHOR.search(text)
    return m.group(0) if m else None


def _amount_of(text: str) -> str | None:
    """The clause's own amount (not a time, not 一瓶 / a bottle: a measure word's one is an article)."""
    m = _AMOUNT_ANCHOR.search(_NAME_NUMBER.sub(" ", _TIME_ANCHOR.sub(" ", text)))
    return m.group(0) if m else None


def _kind_of(text: str) -> str | None:
    """The clause's own milk (亲喂 / 母乳 / 奶粉 / formula): 亲喂了左边十五分钟 不够又补了六十毫升奶粉 is two feeds."""
    if w.DIRECT_BREAST.search(text):
        return "breast_milk"
    return next((kind.value for pattern, kind in w.KIND_WORDS if pattern.search(text)), None)


def _side_of(text: str) -> str | None:
    m = _SIDE_ANCHOR.search(_ABOUT.sub("", text))
    return m.group(0).lower()[:1] if m else None


_ARITHMETIC = re.compile(r"剩|倒掉|没喝完|没吃完|一半|加|\bleft\b|leftover|\bplus\b|\+|\bhalf\b|\bof it\b", re.I)
_MADE = re.compile(r"冲|泡|热了|温了|\bmade\b|\bprepared\b|\bwarmed\b|\bmixed\b", re.I)
_ONLY_A_QUANTITY = re.compile(r"\s*(?:一共|总共|共|合计|总计|in total|total(?: of)?|got|a total of)?\s*\d+(?:\.\d+)?\s*"
                              r"(?:ml|mls|毫升|cc|oz|g|克|mg|毫克|滴|粒|片|drops?)?\s*(?:total|in total)?\s*[。.!！~]*\s*", re.I)
_AMOUNT_SAID = r"\d+(?:\.\d+)?\s*(?:ml|mls|毫升|cc|oz|ounces?)?"
_AN_AMOUNT_ALONE = re.compile(rf"\s*(?:(?:才|就|只|一共|总共|共|合计|总计|大概|差不多|got|only|just|about|around|total(?: of)?|"
                              rf"in total)\s*)*{_AMOUNT_SAID}(?:\s*(?:加上?|\+|plus|and)\s*{_AMOUNT_SAID})*\s*"
                              rf"(?:total|in total|左右|吧|了|而已)?\s*[。.!！~]*\s*", re.I)   # 才50毫升 / got 2 + 2.5 oz
_ONLY_A_SIDE = re.compile(r"\s*(?:两边|双边|两侧|左边|右边|左侧|右侧|(?:on )?(?:the )?(?:both sides?|left(?: side)?|"
                          r"right(?: side)?))\s*(?:都有|各一半)?\s*[。.!！~]*\s*", re.I)   # 一共150ml，两边: a detail
_TIME_ANCHOR = re.compile(r"\d{1,2}\s*(?:[:：点]\s*\d{0,2}|\s*(?:am|pm)\b)|\bat\s+\d{1,2}(?:\s+\d{1,2}(?!\s*(?:ml|oz|g)\b))?\b",
                          re.I)
_TEMPERATURE_ALONE = re.compile(r"\s*(?:(?:3[4-9]|4[0-2])|(?:9[5-9]|10[0-7]))\.\d\s*(?:°\s*[fc]?|度|℃|℉)?\s*[。.!！~]*\s*",
                                re.I)       # a decimal only a temperature can be (38.5, 101.5)
_TEMPERATURE_IN = re.compile(r"(?<![\d.])((?:3[4-9]|4[0-2]|9[5-9]|10[0-7])\.\d)(?![\d.])"
                            r"(?!\s*(?:ml|mg|毫升|毫克|kg|公斤|斤|g|克|oz|lbs?|cm|厘米|%|滴|drops?|片|粒)(?![a-z]))", re.I)
_DOSE = re.compile(r"\s*\d+(?:\.\d+)?\s*(?:ml|毫升|cc|mg|毫克|滴|drops?)(?![a-z])", re.I)
_FEVER = re.compile(r"发烧|发热|低烧|高烧|\bfever", re.I)
_RANGE = re.compile(r"\d\s*(?:[:：点]\s*\d{0,2}\s*分?|am|pm)?\s*(?:到|至|-|–|~|to|till|until)\s*\d", re.I)
_AMOUNT_ANCHOR = re.compile(r"(?<![\d.:])\d+(?:\.\d+)?\s*(?:ml|毫升|cc|oz|ounces?|g|克)?(?![\d:])"
                            r"(?!\s*(?:分钟|分|小时|个?钟头?|秒|min|mins|minutes?|hours?|hrs?|h\b|secs?))", re.I)
_FED = re.compile(r"喂|亲喂|吃|喝|nurs|fed|feed|breastf", re.I)
_SIDE_ANCHOR = re.compile(r"左|右|\bleft\b|\bright\b", re.I)
_BOTH_SIDES = re.compile(r"两边|双边|两侧|\bboth sides\b", re.I)
_ABOUT = re.compile(r"(?<=[\d分钟点时])\s*左右")
_AGAIN = re.compile(r"^\s*(?:又|再|然后又|接着又|another|again|and another)", re.I)
_ANCHORS = {"time": _time_of, "amount": _amount_of, "side": _side_of}
_DURATION = re.compile(r"\d+\s*(?:分钟|min|mins|minutes?)", re.I)
_A_TOTAL = re.compile(r"\s*(?:一共|总共|共|合计|总计|in total|a total of|total(?: of)?)", re.I)
_ALWAYS_NEW = frozenset({"time", "amount"})     # a second time or amount, even if equal, is another fact


def _details_joined(request: ExtractionRequest, reader: Reader, parts: list[Part], common: dict) -> list[Part]:
    """A part with a number that reads as no value of its own (6小时后再吃 after a dose) is a detail of the
    part before it, not a fact."""
    joined: list[Part] = []
    for part in parts:
        if joined and re.search(r"\d", part.text()):
            alone = reader(request, part.text(), False, common)
            if not alone.slots.given() and alone.sleep_event is None:
                joined[-1] = Part((*joined[-1].clauses, *part.clauses), joined[-1].record_type)
                continue
        joined.append(part)
    return joined


def _not_read(request: ExtractionRequest, reader: Reader, part: Part, reading: Extraction,
              common: dict) -> list[str]:
    """The clauses of a part without a number that change nothing of its reading (好乖): not understood.
    (A clause with a number that goes unused is the accounting's to report.)"""
    unread = []
    for n, (said, text, typed) in enumerate(part.clauses):
        if typed or re.search(r"\d", text) or len(part.clauses) < 2 or not _has_unknown_words(text, request):
            continue
        without = reader(request, part.text(leave_out=n), False, {**common, "baby": reading.baby})
        if without.slots == reading.slots and without.sleep_event == reading.sleep_event:
            unread.append(said)
    return unread


def _has_unknown_words(text: str, request: ExtractionRequest) -> bool:
    """A clause with a word the span layer does not know (好乖 is a feeling, 量了下 a measuring: known) — and
    something beside it a record could hold (cuppa time / 手忙脚乱 say nothing new: how it went)."""
    spans = read_spans(text, request.now, request.babies, request.people, addressing=request.bot_names)
    return any(s.kind == UNKNOWN and not described(s, text) for s in spans) and not says_nothing_new(spans) \
        and not a_grown_ups_treat(spans)                # all before my coffee: the grown-up's, not the baby's


def _baby(request: ExtractionRequest, said: str) -> str | None:
    """The baby a part names: a name or nickname, or 大宝 / 二宝 in a family of several."""
    return baby_in(request, said)
