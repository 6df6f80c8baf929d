"""The offline understanding: deterministic rules for Chinese and English baby-care chat.

Reads an `ExtractionRequest` and proposes an `Extraction`. It decides nothing.
"""
from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timedelta
from functools import lru_cache

from bot.understanding import words as lx
from bot.understanding.accounting import accounted
from bot.understanding.address import without_address
from bot.understanding.clauses import baby_in, clause_count, read_several, said_nothing_spans
from bot.understanding.numerals import normalise
from bot.understanding.readers.arithmetic import says_a_bottle_was_made, worked_amounts
from bot.understanding.readers.beside import (
    burp_spans,
    difference_spans,
    empty_side_spans,
    night_feed_spans,
    not_asleep_spans,
    unknown_value_spans,
    without,
)
from bot.understanding.readers.corrections import (
    affirmed,
    another_type_said,
    apology_before,
    no_time_of_now,
    own_reason_span,
    plain_correction,
    without_own_reason,
    wrong_spans,
)
from bot.understanding.readers.family_codes import read_family_code
from bot.understanding.readers.like_last import read_like_last
from bot.understanding.readers.notes import note_asked
from bot.understanding.readers.one_off import read_reminder
from bot.understanding.readers.other_records import detect_other_type, other_slots
from bot.understanding.readers.profile import profile_answer, profile_change
from bot.understanding.readers.questions import read_query
from bot.understanding.readers.references import DELETE, ReferenceReading, read_reference
from bot.understanding.readers.roles import read_role_change
from bot.understanding.readers.settings import read_settings
from bot.understanding.readers.units import units_said
from bot.understanding.readers.unsure import HELP, near_topic
from bot.understanding.request import ExtractionRequest
from bot.understanding.spans import ADULT, BABY, CUE, RECORD, UNKNOWN, read_spans
from bot.understanding.timeparse import NIGHT_WORDS, TimeReading, read_times
from bot.understanding.typos import corrected
from bot.understanding.understood import as_understood
from domain.babies import ORDINALS
from domain.extraction import Extraction, Intent, RecordReference, ReminderRequest, SleepEvent, Slots
from domain.units import OZ_ML
from domain.vocabulary import FeedingKind, FeedingMethod, RecordType

AMOUNT_TYPES = (RecordType.FEEDING, RecordType.PUMPING)
ORDINAL_WORDS = tuple(ORDINALS)          # 大宝 / 二宝 / 老大 …: the domain says which baby each is
START = re.compile(r"^\s*/?start(?:\s+\S+)?\s*$", re.I)     # /start (after command_text: start [payload])
CONFIDENT = 0.9
_FED_FOR = re.compile(r"(?:喂|nurs\w*|fed)\s*(?:了|for)?\s*\d+(?:\.\d+)?\s*(?:分钟|min\w*|小时|hours?|h\b)"
                      r"(?!\s*(?:后|以后|之后|later))", re.I)      # 喂了10分钟: how long the feed lasted
_AT = re.compile(r"(?:\bat|@)\s*$", re.I)     # fed at 3: a time, not 3 ml
_BOTTLE = re.compile(r"奶瓶|瓶喂|用瓶|\bbottles?\b", re.I)       # a bottle feed needs its amount
_ABOUT = re.compile(r"(?<=[\d分钟点时刻lzg])\s*左右")                    # 10分钟左右: about, not both sides
_ENDED_AT = re.compile(r"喂完|吃完|喝完|结束|停的|finished|ended|stopped|until|done at", re.I)
FUTURE_SLACK = timedelta(minutes=5)      # the domain's own slack for "now" (a later time is in the future)
_PART_OF_DAY = re.compile(r"中午|晌午")      # names 12:00 for a feed, but a sleep's start is asked for
# a clock time (not a part of the day like 中午): 3点, 3:00, 3pm, at 3, noon
_CLOCK = re.compile(r"\d\s*(?:点|:|：|时|am\b|pm\b|a\.m|p\.m|o'?clock)|\b(?:at|@)\s*\d|\bnoon\b|mid-?night|mid-?day",
                    re.I)


def extract(request: ExtractionRequest) -> Extraction:
    """The reading of one message, with the numbers and times it did not use (accounting.py)."""
    names = tuple(n for said in (*request.babies, *request.people) for n in re.split(r"[/,，、\s]+", said) if n)
    text = corrected(normalise(request.text.strip()), names)        # formla → formula (typos.py)
    asked = read_reminder(text, request.now)
    if asked is not None:
        return _reminder(request, *asked)
    return _reading(request, text)


def _reading(request: ExtractionRequest, text: str) -> Extraction:
    night = [*night_feed_spans(text), *empty_side_spans(text), *_not_known(text), *not_asleep_spans(text),
             *burp_spans(text)]                 # 中间醒了两次 喂了一次 / 右边堵了 / 打了两个嗝: beside the fact
    differences = difference_spans(text)
    try:
        reading = _no_fact() if _a_paste(text, night, differences) else \
            _read(request, without(text, [*night, *differences]))
    except OverflowError:                    # a number no time or amount can hold
        reading = _no_fact()
    wrong = [*wrong_spans(text), *said_nothing_spans(request, text), *night]     # 小宝还没拉: said to be no fact
    if sorry := apology_before(text):
        wrong.append((0, sorry))                    # the apology's words: said, and set aside
    if reason := own_reason_span(text):
        wrong.append(reason)                        # …38.4, read it wrong without my glasses: why, not what
    reading = accounted(reading, text, request.now, consumed=wrong)
    reading = as_understood(reading, text, request, consumed=wrong)
    if said := units_said(text):
        reading = reading.model_copy(update={"units_said": said})
    if reading.intent is Intent.CHAT and not reading.asks_for_help:
        reading = reading.model_copy(update={"near": near_topic(text)})
    if reading.unaccounted:           # not the whole message understood: let the model have a look
        reading = reading.model_copy(update={"confidence": min(reading.confidence, 0.6)})
    return reading


# more things said beside a fact than anyone says in one message (打了两个嗝 pasted three hundred times): no fact is
# read from it. Set aside, they were a run of spaces as long as the message, which patterns starting with spaces
# cost its square to read; kept, the asides past the first few were read as facts (比昨天多了二十 × 8: a 20 ml feed).
ASIDES_AT_MOST = 6
# more clauses than any message tells facts in (the scenarios' longest has 5; 3点 3点 3点 … pasted has 500, each read
# as a fact and compared with its neighbours): no fact is read from it
CLAUSES_AT_MOST = 24
# more numbers than any message tells facts with (the scenarios' most is 7; 1 1 1 … pasted has a thousand, each a
# mention to account for): no fact is read from it
NUMBERS_AT_MOST = 40
_A_NUMBER = re.compile(r"\d+")


def _no_fact() -> Extraction:
    return Extraction(intent=Intent.CHAT, confidence=0.5)


def _a_paste(text: str, asides: list[tuple[int, int]], differences: list[tuple[int, int]]) -> bool:
    return len(asides) > ASIDES_AT_MOST or len(differences) > ASIDES_AT_MOST \
        or clause_count(text) > CLAUSES_AT_MOST or len(_A_NUMBER.findall(text)) > NUMBERS_AT_MOST


def _not_known(text: str) -> list[tuple[int, int]]:
    """A value said not to be known, in a message that tells a record (朵朵刚喝了一瓶奶粉 多少我不知道): set aside,
    so the record's missing value is asked — never in one that tells none (算了 不记了 忘了多少: no fact)."""
    spans = unknown_value_spans(text)
    rest = without(text, spans)
    return spans if spans and (_record_type(rest) or detect_other_type(rest)) else []


def _reminder(request: ExtractionRequest, reminder: ReminderRequest, rest: str) -> Extraction:
    """A one-off reminder; said after a fact (刚喂了药,6小时后提醒我), the fact is read from the rest and
    the reminder goes with it. The reminder's own words are accounted for by the reminder."""
    if reminder.action == "set" and rest.strip(" ,，.。"):
        reading = _reading(replace(request, text=rest), rest)     # the fact alone, without the reminder's words
        if reading.intent in (Intent.RECORD, Intent.SUPPLY) and reading.record_type is not None:
            return reading.model_copy(update={"reminder": reminder, "addressed_to_bot": True})
    return Extraction(intent=Intent.REMIND, reminder=reminder, addressed_to_bot=True)


def _read(request: ExtractionRequest, text: str) -> Extraction:
    addressed = any(n and n.lower() in text.lower() for n in request.bot_names)
    said = request.text   # names and 二宝 as typed, before numerals become digits
    baby = baby_in(request, said)
    common = {"addressed_to_bot": addressed, "baby": baby}
    if not text:
        return Extraction(intent=Intent.CHAT, confidence=0.5, **common)
    if START.match(text):
        return Extraction(intent=Intent.START, addressed_to_bot=True, baby=baby)
    if HELP.match(text):
        return Extraction(intent=Intent.CHAT, addressed_to_bot=True, asks_for_help=True, baby=baby)
    bare = without_address(text, request.bot_names)          # @Fawn 取消 / Fawn, yes
    for pattern, intent in ((lx.CONFIRM, Intent.CONFIRM), (lx.CANCEL, Intent.CANCEL), (lx.UNDO, Intent.UNDO)):
        if pattern.search(bare):
            return Extraction(intent=intent, **common)
    if request.task is not None and lx.CANCEL_WITH_REASON.search(bare):   # never mind, mom already logged it
        return Extraction(intent=Intent.CANCEL, **common)
    if lx.CONFIRM_WITH_REASON.search(bare):          # yes confirm, sorry got distracted
        return Extraction(intent=Intent.CONFIRM, **common)
    text = bare or text                           # the rest reads what was said to the bot
    code = read_family_code(text)
    if code is not None:
        return code
    settings = read_settings(text)
    if settings is not None:
        return Extraction(intent=Intent.SETTINGS, settings=settings, addressed_to_bot=True, baby=common["baby"])
    role = read_role_change(text)
    if role is not None:
        return Extraction(intent=Intent.ROLE, role_change=role, **common)
    asked = request.task.missing[0] if request.task is not None and request.task.action == "profile_update" \
        and request.task.state == "pending" and request.task.missing else None
    answer = profile_answer(text, asked, request.now.date()) if asked else None
    if answer is not None:                         # 性别？→ 男孩: the field the bot asked for
        return Extraction(intent=Intent.PROFILE, profile=answer, **common)
    profile = profile_change(text, request.now.date())
    if profile is not None:
        return Extraction(intent=Intent.PROFILE, profile=profile, **common)
    named = _a_name_answered(request, text)
    if named is not None:                          # 吃的什么？→ sweet potato: the name the task asked for
        return Extraction(intent=Intent.SUPPLY, record_type=RecordType(request.task.record_type), slots=named,
                          confidence=1.0, **common)
    kept = note_asked(request.text, request.bot_names)
    if kept is not None:
        return _note(request, kept, common)
    repeated = read_like_last(request, text, _record_or_fragment, common)    # 跟上次一样 / same as last time
    if repeated is not None:
        return repeated
    correction, body, wrong = plain_correction(text, request.now)
    body = without_own_reason(body) if correction else body
    swapped = another_type_said(text) if correction and wrong is None and request.task is None else None
    if swapped:
        correction = False          # 不是喂奶，是吸奶器吸的: a record of the type said — read back, never written at once
    if correction and wrong is None and (sorry := _sorry_before_a_fact(text)):
        correction, body = False, text[sorry:]      # sorry, she's asleep: an apology before a new fact
    query = None if correction or DELETE.search(body) else read_query(body, request.now)
    if query is not None:
        return Extraction(intent=Intent.QUERY, query=query, **common)
    referred = read_reference(body, request.now)
    if referred.reference is None and wrong is not None and request.task is None:   # 不是9点，是9点20: the 9:00 one
        referred = ReferenceReading(wrong, body, False)
    if referred.reference is not None:
        return _about_existing(request, referred, common)
    asked = None if correction else _question_after(body)
    if asked is not None and _NOT_SO.search(body[:asked.start()]):
        asked = None                        # no poop in 3 days, should we be worried??: a worry, no fact
    if asked is not None and asked.start() > 0 and (_record_type(body[:asked.start()]) is not None
                                                    or detect_other_type(body[:asked.start()]) is not None):
        body = body[:asked.start()]         # dirty nappy, is that normal?: the fact, and a question to the family
    several = None if correction else read_several(request, body, _record_or_fragment, _record_type, common)
    reading = several or _record_or_fragment(request, body, bool(correction), common)
    if swapped and reading.intent is Intent.RECORD:
        reading = reading.model_copy(update={"unread": [*reading.unread, swapped]})
    if correction and wrong is not None and wrong.at is not None and request.task is not None:
        reading = _onto_the_field_said_wrong(reading, wrong.at, request.task.slots, request.now)
    return reading


_NAMED_FIELDS = ("food", "medication", "vaccine", "symptom")
_A_NAME = re.compile(r"\s*(?:就是|是|吃的是|吃的|吃了|it was|it's|just|some)?\s*(?P<name>[\u4e00-\u9fff]{1,8}|[A-Za-z][A-Za-z' -]{0,30})"
                     r"\s*(?:吧|呀|啊|哦|了|的)?\s*[。.!！~]*\s*", re.I)


def _a_name_answered(request: ExtractionRequest, text: str) -> Slots | None:
    """The bare name a waiting task asked for (what food? → sweet potato / 南瓜泥; which medicine? → Calpol): a
    short message of a name alone — no number, no cue, no record word of another type, no person."""
    task = request.task
    if task is None or task.state != "pending" or not task.missing or task.missing[0] not in _NAMED_FIELDS \
            or task.record_type is None or re.search(r"\d", text):
        return None
    m = _A_NAME.fullmatch(text)
    if m is None:
        return None
    own = RecordType(task.record_type)
    spans = read_spans(text, request.now, request.babies, request.people, addressing=request.bot_names)
    if any(s.kind in (CUE, ADULT, BABY) or s.kind == RECORD and own not in s.types for s in spans) or \
            not any(s.kind in (UNKNOWN, RECORD) for s in spans):
        return None                 # (thanks / 好的 / lol: no name)
    return Slots(**{task.missing[0]: m.group("name").strip()})


def _onto_the_field_said_wrong(reading: Extraction, wrong: datetime, task_slots: dict, now: datetime) -> Extraction:
    """不是三点 是四点半 while 八点到三点 waits: the new clock goes where the wrong one stood (its end), not where a
    lone clock would go (a start)."""
    said = reading.slots.start or reading.slots.time
    if said is None or reading.slots.end is not None:
        return reading
    for name in ("end", "start"):
        value = task_slots.get(name)
        at = datetime.fromisoformat(value).astimezone(now.tzinfo) if isinstance(value, str) else None
        if at is not None and at.hour % 12 == wrong.hour % 12 and at.minute == wrong.minute:
            if name == "end":
                moved = said.replace(year=at.year, month=at.month, day=at.day)
                return reading.model_copy(update={"slots": reading.slots.model_copy(
                    update={"start": None, "time": None, "end": moved})})
            return reading
    return reading


_NOT_SO = re.compile(r"\b(?:no|not|never|hasn'?t|haven'?t|didn'?t|won'?t|wouldn'?t)\b|没|不|未", re.I)
# a last clause that asks the family about the fact before it (is that normal? / 是不是着凉了啊 / 要不要紧),
# with no number of its own: the fact is read without it (the accounting sets it aside or asks)
_A_QUESTION_AFTER = re.compile(r"[,，。.!！?？\s]+(?=[^,，。.!！\d]*(?:[?？]|吗|是不是|要不要紧|正常吗|right\?)[\s?？!！。.]*$"
                               r"|(?:这个|那个)?[^,，。.!！?？\d\s]{0,6}?(?:是不是|会不会|是否|难道)[^,，。.!！\d]*$)"
                               r"[^,，。.!！\d]*$"
                               r"|(?<=[\u4e00-\u9fff])(?=(?:你们|你|大家)(?:帮忙)?(?:看下|看看|看一下|说说?)[^,，。.!！\d]*"
                               r"(?:吗|要不要紧|正常|怎么办|是不是|[?？])[^,，。.!！\d]*$)", re.I)   # …稀稀的你们看下要不要紧

_ENDS_ASKING = ("吗", "是不是", "要不要紧", "正常吗")
_ASKS_INSIDE = ("是不是", "会不会", "是否", "难道", "你", "大家")
_TAIL_MARKS = frozenset("?？!！。.")


def _question_after(body: str) -> re.Match[str] | None:
    """`_A_QUESTION_AFTER`'s match, searched for only where one can be. Each of its ways needs a question at the
    end (a ? in the marks that close the message, or 吗 … right before them) or a word that asks inside it; and
    the part after the match holds no digit or ,，。.!！, so the match starts in the run of separators touching
    the last of those (or after it). The same match as searching the whole message from its start, found without
    trying every place of a long one (a run-on of spaces made that search grow as the cube of its length)."""
    end = len(body)
    while end and (body[end - 1].isspace() or body[end - 1] in _TAIL_MARKS):
        end -= 1
    closing = body[end:]
    if "?" not in closing and "？" not in closing and not body[:end].endswith(_ENDS_ASKING) \
            and not any(word in body for word in _ASKS_INSIDE):
        return None
    start = len(body)
    while start and not (body[start - 1] in ",，。.!！" or body[start - 1].isdecimal()):
        start -= 1
    while start and (body[start - 1].isspace() or body[start - 1] in ",，。.!！?？"):
        start -= 1
    return _A_QUESTION_AFTER.search(body, start)


def _note(request: ExtractionRequest, kept: str, common: dict) -> Extraction:
    """记一下：… — a record when the kept words report one the rules read whole, else a note of them as said."""
    inner = _reading(replace(request, text=kept), normalise(kept))
    measured = any(isinstance(v, (int, float)) and not isinstance(v, bool) for _, v in inner.slots)
    if inner.intent is Intent.RECORD and inner.record_type not in (None, RecordType.NOTE) and not inner.unaccounted \
            and not inner.cues and not inner.unread and not inner.also and measured:   # 90ml, not "rolled over"
        return inner.model_copy(update={"addressed_to_bot": True})
    return Extraction(intent=Intent.RECORD, record_type=RecordType.NOTE, slots=Slots(text=kept),
                      **{**common, "addressed_to_bot": True})


def _about_existing(request: ExtractionRequest, referred: ReferenceReading, common: dict) -> Extraction:
    """A delete, or new values for a record named by reference (把6点那次改成120ml)."""
    ref = referred.reference
    if referred.delete:
        return Extraction(intent=Intent.DELETE, record_type=ref.record_type, reference=ref, **common)
    said = affirmed(referred.values).new if referred.values else ""   # 那顿是母乳不是奶粉: 母乳
    if ref.which == "last_night":
        said = "昨晚" + said   # the reference carries the night: 昨晚那次睡眠改成9点到6点 = 昨晚9点到6点
    values = _record_or_fragment(request, said, True, common, ref.record_type) if said else None
    if values is None or not values.slots.given():
        return Extraction(intent=Intent.CORRECT, record_type=ref.record_type, reference=ref,
                          confidence=0.6, **common)
    implied_only = _only_an_amount(said)   # 120ml says nothing about which record 6点那次 is
    return values.model_copy(update={"reference": ref, "intent": Intent.CORRECT,
                                     "record_type": ref.record_type or (None if implied_only else values.record_type)})


def _record_or_fragment(request: ExtractionRequest, body: str, correction: bool, common: dict,
                        known_type: RecordType | None = None) -> Extraction:
    if request.task is not None and request.task.record_type == "feeding" and _A_SIDE_ALONE.fullmatch(body):
        body = f"nursed on the {_A_SIDE_ALONE.fullmatch(body).group('side')}"   # which side? → the left
    topic = known_type or _topic(request)     # 泰诺林那次改成间隔6小时: the values are the medication's
    record_type = _record_type(body) or None
    if known_type is None and request.task is None and record_type is None and not correction and \
            _GROWN_UP_SPEAKS.search(body) and not (lx.AMOUNT_ML.search(body) or lx.AMOUNT_OZ.search(body)):
        topic = None        # I'm home at 7 tonight / 我十一点去买菜: a grown-up's time is no fact of the last topic
    implied = None
    if (request.task or correction) and record_type is not None and _only_an_amount(body):
        # "100ml" / "不对，是100ml" is about the task or the record just talked of; only without
        # either does the amount itself say what it is (ml → a feed).
        record_type, implied = None, record_type
    if record_type is None and topic is None and not correction and _A_NIGHT_RANGE.search(body):
        record_type = RecordType.SLEEP          # 昨晚8点到3点: a night from when to when is its sleep
    night = _night_context(request) and (record_type or topic) == RecordType.SLEEP
    times = read_times(body, request.now, night, lasted=(record_type or topic) == RecordType.SLEEP)
    if implied is not None and topic not in AMOUNT_TYPES:
        topic = None        # a sleep or a diaper holds no ml: the amount speaks for itself
    kind_type = record_type or topic or implied
    supplying = bool(request.task) and kind_type is not None and request.task.record_type == kind_type.value
    task_time = supplying and any(request.task.slots.get(k) for k in ("start", "time"))
    slots, event, assumed = _slots(kind_type, body, times, request.now, correction,
                                   raw=request.text, default_now=not task_time)
    if correction:
        slots = no_time_of_now(slots, request.now)
        if kind_type is RecordType.SLEEP and slots.start and not slots.end and _ENDED_OR_WOKE.search(body):
            slots = slots.model_copy(update={"start": None, "end": slots.start})   # her nap ended at 11:30 not 11
    if supplying and kind_type is RecordType.SLEEP and _asked_when_awake(request) and event is None \
            and slots.start and not slots.end and not _CLOCK_THEN_ASLEEP.search(body):
        slots = slots.model_copy(update={"start": None, "end": slots.start})   # "when did she wake up?" "3pm"
    if correction and kind_type is None and not slots.given() and \
            (amount := _bare_amount(without_own_reason(body))) is not None:
        if amount != int(amount) and 34 <= amount < 43:          # 是38.2，刚才看错了: only a temperature is 38.2
            return Extraction(intent=Intent.CORRECT, record_type=RecordType.HEALTH, confidence=0.9,
                              reference=RecordReference(which="latest", record_type=RecordType.HEALTH, kind="temperature"),
                              slots=Slots(kind="temperature", temperature_c=amount), **common)
        return Extraction(intent=Intent.CORRECT, slots=Slots(amount_ml=amount), amount_unit_assumed=True,
                          confidence=0.9, **common)     # 改成130: the amount of the latest record with one
    if record_type is None and not slots.given() and event is None:
        return Extraction(intent=Intent.CORRECT if correction else Intent.CHAT,
                          confidence=0.6 if correction else 0.5, **common)
    if kind_type is RecordType.HEALTH and not correction and _an_interval_told(slots, body):
        return Extraction(intent=Intent.CORRECT, record_type=kind_type, reference=RecordReference(
            which="latest", record_type=kind_type, medication=slots.medication), confidence=1.0,
            slots=Slots(next_dose_after_h=slots.next_dose_after_h, next_dose_up_to_h=slots.next_dose_up_to_h),
            **common)                   # the tylenol is every 4 hours: the last dose's interval, never a new dose
    intent = _intent(request, record_type, kind_type, correction)
    return Extraction(intent=intent, record_type=kind_type, slots=slots, sleep_event=event,
                      amount_unit_assumed=assumed, confidence=1.0 if kind_type else 0.6, **common)


_A_SIDE_ALONE = re.compile(r"\s*(?:the\s+)?(?P<side>left|right)(?:\s+(?:one|boob|breast|side))?\s*(?:only)?\s*[.!]*\s*",
                           re.I)
_ENDED_OR_WOKE = re.compile(r"\b(?:ended|finished|woke(?: up)?|was up|up)\s+(?:at\s+)?(?:around\s+)?\d|"
                            r"\d\s*(?:点|:|：)[\d分半刻]*\s*(?:才|就)?(?:醒|结束|起来)", re.I)   # the clock said of the end
_A_NIGHT_RANGE = re.compile(r"^\s*(?:昨晚|昨天晚上|昨夜|前晚|last night|overnight)[,，:：\s]*\d{1,2}\s*(?:点|:\d\d|pm)?"
                            r"\d{0,2}\s*分?\s*(?:到|至|-|–|~|to|till|until)\s*(?:今天早上|今早|今晨|凌晨|早上|am)?\s*"
                            r"\d{1,2}\s*(?:点|:\d\d|am)?\d{0,2}\s*分?\s*[。.!！]*\s*$", re.I)
_GROWN_UP_SPEAKS = re.compile(r"^\s*(?:我|咱|我们)|\b(?:i|i'm|im|i'll|we|we're|we'll)\b", re.I)


_GIVEN = re.compile(r"喂|吃|用|给|服|打|\b(?:gave|give|given|giving|had|took|takes|dosed|administered)\b", re.I)


def _an_interval_told(slots: Slots, body: str) -> bool:
    """A medicine named with how often it is given, and no dose given (the tylenol is every 4 hours / 泰诺林是每4小时
    一次): the interval of its doses, said of the one already recorded."""
    return slots.kind == "medication" and bool(slots.medication) and slots.next_dose_after_h is not None \
        and slots.dose is None and not _GIVEN.search(body)


def _bare_amount(text: str) -> float | None:
    m = re.fullmatch(r"\s*(?:[吧啊呀哦][,，\s]*)?(?:就是|是)?\s*(\d{1,4}(?:\.\d+)?)\s*(?:的|了)?\s*[。.!！吧]?\s*", text)
    return float(m.group(1)) if m else None


def _intent(request: ExtractionRequest, record_type: RecordType | None,
            kind_type: RecordType | None, correction: bool) -> Intent:
    if correction:
        return Intent.CORRECT
    task_type = request.task.record_type if request.task else None
    if request.task and (record_type is None or record_type.value == task_type):
        return Intent.SUPPLY
    return Intent.RECORD if record_type else Intent.SUPPLY


def _sorry_before_a_fact(text: str) -> int:
    """Where an apology ends that opens a message telling a new fact (sorry for the late update, she's asleep /
    刚才忘记发了，尿了); 0 when there is none, or when what follows is no fact of its own (sorry, 5 oz)."""
    sorry = apology_before(text)
    rest = text[sorry:]
    if not sorry or _AMOUNT_ONLY.fullmatch(rest):      # sorry, 5 oz: a value, no fact of its own
        return 0
    return sorry if _record_type(rest) is not None or detect_other_type(rest) is not None else 0


_AMOUNT_ONLY = re.compile(r"\W*\d+(?:\.\d+)?\s*(?:ml|毫升|cc|oz|ounces?|g|克)?\W*", re.I)


@lru_cache(maxsize=512)
def _record_type(text: str) -> RecordType | None:
    other = detect_other_type(text)
    if other is not None:
        return other
    feeding = bool(lx.FEEDING_WORDS.search(text) or lx.AMOUNT_ML.search(text) or lx.AMOUNT_OZ.search(text)
                   or says_a_bottle_was_made(text))          # 冲了150 剩了30
    if not feeding and lx.EATING_VERBS.search(text):
        feeding = bool(lx.AMOUNT_G.search(text) or lx.BARE_NUMBER.search(text)) or \
            not (lx.CHAT_QUESTION.search(text) or lx.ADULT_MEAL.search(text))
    feeding = feeding or any(p.search(text) for p, _ in lx.KIND_WORDS) or bool(lx.DIRECT_BREAST.search(text))
    sleep = any(p.search(text) for p in (lx.SLEEP_WORDS, lx.NIGHT_WAKINGS, lx.FELL_ASLEEP, lx.WOKE_UP, lx.STILL_ASLEEP))
    if feeding and sleep:
        return RecordType.SLEEP if lx.FELL_ASLEEP.search(text) and not lx.AMOUNT_ML.search(text) \
            else RecordType.FEEDING
    if not feeding and not sleep and _A_NIGHT_RANGE.search(text):
        return RecordType.SLEEP             # 昨晚8点到3点 / last night: 7:30 to 2: a night said from when to when
    return RecordType.FEEDING if feeding else RecordType.SLEEP if sleep else None


def _topic(request: ExtractionRequest) -> RecordType | None:
    """What the family is talking about: the active task, else the last few context lines."""
    if request.task and request.task.record_type:
        return RecordType(request.task.record_type)
    for line in reversed(request.recent[-4:]):
        found = _record_type(normalise(line.text))
        if found:
            return found
    return None


def _asked_when_awake(request: ExtractionRequest) -> bool:
    """The open sleep task knows when the sleep began and waits for its end."""
    slots = request.task.slots if request.task else {}
    return bool(slots.get("start")) and not slots.get("end")


def _night_context(request: ExtractionRequest) -> bool:
    if request.task and request.task.slots.get("nap") is False:
        return True
    return any(NIGHT_WORDS.search(line.text) for line in request.recent[-4:])


def _only_an_amount(text: str) -> bool:
    """Nothing but a quantity (100ml / 3oz / 30g) — and a side (120毫升，就左边): no words that name a record type."""
    stripped = lx.AMOUNT_ML.sub("", lx.AMOUNT_OZ.sub("", lx.AMOUNT_G.sub("", text)))
    stripped = _A_SIDE_SAID.sub("", stripped)
    return _record_type(stripped) is None


_A_SIDE_SAID = re.compile(r"(?:就|只|只有|都是)?(?:左边|右边|两边|双边|左侧|右侧|(?:on )?(?:the )?(?:left|right|both)(?: sides?)?)"
                          r"(?:吸的|的)?", re.I)


def _slots(kind_type: RecordType | None, text: str, times: TimeReading, now: datetime,
           correction: bool, raw: str = "", default_now: bool = True) -> tuple[Slots, SleepEvent | None, bool]:
    if kind_type is RecordType.SLEEP:
        slots, event = _sleep_slots(text, times, now)
        return slots, event, False
    if kind_type is RecordType.FEEDING:
        slots, assumed = _feeding_slots(text, times, correction, now)
        return slots, None, assumed
    if kind_type is not None:
        return other_slots(kind_type, text, times, now, raw=raw, default_now=default_now), None, False
    start = times.start or times.point
    return Slots(start=start, end=times.end), None, False


_SELF_FED = re.compile(r"\bfed (?:him|her)self\b|\b(?:all )?by (?:him|her)self\b|\bself[- ]?fed\b|\bfinger food\b|"
                       r"自己(?:抓着|拿着|用勺子?)?吃|自主进食", re.I)


def _feeding_slots(text: str, times: TimeReading, correction: bool, now: datetime) -> tuple[Slots, bool]:
    kind = next((k for p, k in lx.KIND_WORDS if p.search(text)), None)
    if kind is None and lx.AMOUNT_G.search(text) and not lx.AMOUNT_ML.search(text):
        kind = FeedingKind.SOLID_FOOD
    direct = bool(lx.DIRECT_BREAST.search(text)) and not lx.AMOUNT_ML.search(text) and \
        not (_BOTTLE.search(text) and worked_amounts(text))     # 瓶喂母乳喝了四五十毫升: a bottle, its amount
    method = _side(text) if direct else FeedingMethod.BOTTLE if _BOTTLE.search(text) or lx.STORED_MILK.search(text) else None
    if direct:
        kind = kind or FeedingKind.BREAST_MILK
        method = method or (FeedingMethod.BOTH_BREASTS if re.search(r"各|each", text) else None)
    if method is None and kind is FeedingKind.SOLID_FOOD and _SELF_FED.search(text):
        method = FeedingMethod.SELF_FED      # 30g of avocado, fed himself / 自己抓着吃的
    amount_ml, assumed = _amount_ml(text, kind, direct, times.spans)
    grams = lx.AMOUNT_G.search(text)
    food = lx.FOOD.search(text)
    # 喂了10分钟: a length said of a feed is kept (nursed, most likely; the kind is asked when unsaid)
    duration = times.duration_min if direct or kind is FeedingKind.BREAST_MILK and not amount_ml or \
        kind is None and not amount_ml and _FED_FOR.search(text) else None
    if duration and re.search(r"各|each", text) and method is FeedingMethod.BOTH_BREASTS:
        duration *= 2
    start, end = _feeding_times(times, duration, now, bool(_ENDED_AT.search(text)))
    slots = Slots(start=start, end=end, kind=kind.value if kind else None,
                  method=method.value if method else None, amount_ml=amount_ml,
                  amount_g=_signed(grams.group(1)) if grams else None, duration_min=duration,
                  food=food.group(1) if food else None)
    return slots, assumed


def _feeding_times(times: TimeReading, duration: float | None, now: datetime,
                   ended_at: bool) -> tuple[datetime | None, datetime | None]:
    """A time said with a duration is the start (十点左右喂了20分钟 → 10:00–10:20; 左右 only says it is
    roughly ten) — unless it is said to be the end (十点喂完), or the feed would not be over yet."""
    if times.start:
        return times.start, times.end
    if times.point and duration:
        span = timedelta(minutes=duration)
        if ended_at or times.point + span > now + FUTURE_SLACK:
            return times.point - span, times.point
        return times.point, times.point + span
    return times.point, None


def _signed(raw: str) -> float:
    return float(raw.replace("−", "-"))


def _side(text: str) -> FeedingMethod | None:
    text = _ABOUT.sub("", text)
    return next((m for p, m in lx.SIDE_WORDS if p.search(text)), None)


def _amount_ml(text: str, kind: FeedingKind | None, direct: bool,
               time_spans: tuple[tuple[int, int], ...] = ()) -> tuple[float | None, bool]:
    worked = [w for w in worked_amounts(text) if not w.uses_any_of(time_spans)]
    if worked and not direct and kind is not FeedingKind.SOLID_FOOD:     # 冲了150 剩了30 / 四五十 / 2 + 2.5 oz
        return worked[0].ml, worked[0].unit is None
    if m := lx.AMOUNT_ML.search(text):
        return _signed(m.group(1)), False
    if m := lx.AMOUNT_OZ.search(text):
        return round(_signed(m.group(1)) * OZ_ML, 1), False
    if direct or kind is FeedingKind.SOLID_FOOD or lx.AMOUNT_G.search(text):
        return None, False
    bare = [float(m.group(1)) for m in lx.BARE_NUMBER.finditer(text)
            if not any(a <= m.start() < b for a, b in time_spans)      # the 3 in "fed at 3" is a time
            and not _AT.search(text[:m.start()])]
    return (bare[-1], True) if bare else (None, False)


_CLOCK_THEN_ASLEEP = re.compile(r"\d\s*(?:点|:)\s*(?:\d+\s*分?|半|一刻)?\s*(?:左右|多)?\s*(?:就|才)?\s*(?:睡|入睡)"
                                r"|\b(?:asleep|down|slept|out) (?:at|around|about) \d", re.I)


def _sleep_slots(text: str, times: TimeReading, now: datetime) -> tuple[Slots, SleepEvent | None]:
    wakings = lx.NIGHT_WAKINGS.search(text)
    night_wakings = _wakings(wakings) if wakings else (0 if lx.NO_WAKINGS.search(text) else None)
    event = _sleep_event(text if wakings is None else without(text, [wakings.span()]), times, wakings is not None)
    start, end = times.start, times.end
    if times.point and not start and times.duration_min and _PART_OF_DAY.search(text) and not _CLOCK.search(text):
        times = replace(times, point=None)   # 中午睡了一个半小时: like 下午…, a part of the day is no start time
    if times.point and not start:
        woke = event is SleepEvent.WOKE_UP or re.search(r"醒的|起的|woke at", text, re.I)
        if woke and not _CLOCK_THEN_ASLEEP.search(text):      # 1点30分睡的 几点醒的忘了: the clock is the start
            end = times.point
        else:
            start = times.point
    if event is SleepEvent.WOKE_UP and times.duration_min and not end:
        end = now
    if end and not start and NIGHT_WORDS.search(text) and end.hour >= 12 and end + timedelta(hours=12) <= now:
        end += timedelta(hours=12)      # 六点醒的，昨晚醒了两次: the morning after last night, not 18:00
    nap = True if lx.NAP.search(text) else False if NIGHT_WORDS.search(text) else None
    return Slots(start=start, end=end, duration_min=times.duration_min, nap=nap,
                 night_wakings=night_wakings), event


def _wakings(m: re.Match[str]) -> int:
    return int(m.group("n")) if m.group("n") else lx.WAKING_WORDS[m.group("word").lower()]


def _sleep_event(text: str, times: TimeReading, has_wakings: bool) -> SleepEvent | None:
    """(`text` without its night wakings: 醒了 五点四十醒的 中间就醒了一次 is the night's end, its wakings beside)"""
    if times.start:
        return None
    if has_wakings:
        return SleepEvent.WOKE_UP if lx.WOKE_UP.search(text) and not times.duration_min else None
    if lx.STILL_ASLEEP.search(text):       # 还没醒 (还在睡，11点睡着的: a time says when it began)
        return SleepEvent.FELL_ASLEEP if times.point else SleepEvent.STILL_ASLEEP
    if lx.WOKE_UP.search(text):
        return SleepEvent.WOKE_UP
    if (lx.FELL_ASLEEP.search(text) or lx.ASLEEP_NOW.search(text)) and not times.duration_min:
        return SleepEvent.FELL_ASLEEP
    return None


