"""The rules' patterns cost what a message's length costs, whatever the message holds.

A handful of the rule extractor's patterns backtracked without bound on a run of one kind of character: `喝了`
followed by 60 spaces took five seconds to read, 200 spaces hours, `？` held down or `不是不是不是…` likewise, and a
long aside the readers set aside (blanked to spaces before the rest is read) did the same from inside. The turn
runs on the event loop, so one such message stopped every family's turns (issue 28).

What changed, and what holds it here:

- a run of spaces (four or more) is read as one, and a row of marks (five or more) as its first two and last two,
  digits past a number's twelfth dropped (`numerals._bounded_runs`, the first step of `normalise`);
- the spaces inside the worst patterns are possessive (`\\s*+`): each pattern is held below to the pattern it was
  before, on generated text, so it finds the same matches with the same groups;
- the question-after-a-fact pattern is searched only from where a match can start (`rules._question_after`), and
  the contrasts of a correction only in a message that says 不是 / not, and not more than six times;
- a message of more facts than one reading holds keeps the rest as said, unread (it raised a validation error);
- a message of more than six things said beside a fact, more than 24 clauses or more than 40 numbers (a paste) is read
  as no fact: set aside, the asides were a run of spaces as long as the message.

The last tests read hostile messages of the longest length a message may have; they guard against a hang coming
back (an alarm ends a test that runs away), they time nothing. `fawn bench` measures what a turn costs.
"""
from __future__ import annotations

import re
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.devtools.bench.messages import AROUND, PIECES
from bot.turn.incoming import MAX_TEXT, safe_text
from bot.understanding import rules
from bot.understanding.numerals import _bounded_runs, normalise
from bot.understanding.readers import corrections as c
from bot.understanding.readers import units
from bot.understanding.request import ExtractionRequest
from bot.understanding.time import amounts
from domain.extraction import ALSO_AT_MOST, Intent

NOW = datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai"))


def _not_possessive(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """The pattern as it was: `\\s*+` → `\\s*`, `\\s++` → `\\s+`."""
    return re.compile(re.sub(r"(?<=\\s[*+])\+", "", pattern.pattern), pattern.flags)


def _found(pattern: re.Pattern[str], text: str) -> list[tuple[tuple[int, int], dict]]:
    return [(m.span(), m.groupdict()) for m in pattern.finditer(text)]


def _texts(tokens: list[str]) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(tokens), max_size=14).map("".join)


_LENGTH_WORDS = ["几", "多", "来", "余", "个", "個", "小时", "小時", "钟头", "分钟", "分鐘", "分", "刻钟", "零",
                 "半", "3", "12", "1.5", " ", "  ", "\t", "\n", "喝了", "睡了", "a few", "few", "several", "some",
                 "a couple of", "half", "an", "a", "the", "another", "one", "and", "last", "past", "previous",
                 "hours", "hour", "hrs", "h", "minutes", "mins", "m", "-", "½", "1/2", "30", "x", "ago", "."]
_UNIT_WORDS = ["以后", "请", "麻烦", "奶量", "体重", "单位", "都", "改用", "改成", "换成", "用", "按", "oz",
               "毫升", "ml", "斤", "显示", "来显示", "算", "吧", "。", ".", "!", " ", "  ", "\t", "x"]
_CONTRAST_WORDS = ["不是", "而不是", "是", "应该是", "其实是", "而是", "3", "4", "5", "点", "90", "100", "ml",
                   "奶粉", "母乳", " ", "  ", "\t", ",", "，", "。", "；", ";", "!", "?", "typo", "sorry", "那顿",
                   "刚刚", "not", "at", "the", "it was", "it's", "but", "3.5", ".", "oz", "left", "right", "x"]
_QUESTION_WORDS = ["吗", "是不是", "要不要紧", "正常吗", "right?", "right", "?", "？", "!", "！", "。", ".", ",",
                   "，", " ", "  ", "\n", "你们", "你", "大家", "帮忙", "看下", "看看", "说", "这个", "那个",
                   "会不会", "是否", "难道", "拉了", "3", "喝了", "怎么办", "正常", "稀稀的", "is that ok", "x",
                   "a"]


@settings(max_examples=300, deadline=None)
@given(_texts(_LENGTH_WORDS))
def test_a_length_of_time_is_found_as_the_pattern_found_it_before(text: str) -> None:
    for pattern in (amounts._ZH, amounts._EN):
        assert _found(pattern, text) == _found(_not_possessive(pattern), text)


@settings(max_examples=300, deadline=None)
@given(_texts(_UNIT_WORDS))
def test_a_units_setting_is_read_as_the_pattern_read_it_before(text: str) -> None:
    new, old = units._ZH.match(text), _not_possessive(units._ZH).match(text)
    assert (new and (new.span(), new.groupdict())) == (old and (old.span(), old.groupdict()))


_P, _E, _END = c._PART_ZH, c._PART_EN, c._CLAUSE_END
_OLD_EN_END = r"\s*(?=$|[,;!?]|\.(?!\d))"
_BEFORE = {   # the contrasts as they were written before their spaces became possessive
    c._NOT_FIRST_ZH: re.compile(rf"(?P<topic>[^，,。；;]{{0,40}}?)不是\s*(?P<old>{_P})\s*[,，\s]?\s*"
                                rf"(?:而是|应该是|其实是|是)\s*(?P<new>{_P}){_END}"),
    c._NOT_AFTER_ZH: re.compile(rf"(?P<topic>[^，,。；;]{{0,40}}?)(?:应该是|其实是|是)?\s*(?P<new>{_P})\s*[,，\s]?\s*"
                                rf"(?:而不是|不是)\s*(?P<old>{_P}){_END}"),
    c._NOT_THEN_VALUE_ZH: re.compile(rf"(?P<topic>[^，,。；;]{{0,40}}?)不是\s*(?P<old>{_P})\s*[,，\s]\s*(?=\d)"
                                     rf"(?P<new>{_P}){_END}"),
    c._NOT_AFTER_EN: re.compile(rf"(?P<new>{_E})\s*,?\s+not\s+(?:at\s+|the\s+)?(?P<old>{_E}){_OLD_EN_END}", re.I),
    c._NOT_FIRST_EN: re.compile(rf"\bnot\s+(?:at\s+|the\s+)?(?P<old>{_E})\s*[,;]\s*"
                                rf"(?:but\s+|it\s+was\s+|it'?s\s+|at\s+)?(?P<new>{_E}){_OLD_EN_END}", re.I),
}


@settings(max_examples=400, deadline=None)
@given(_texts(_CONTRAST_WORDS))
def test_a_contrast_is_found_as_the_pattern_found_it_before(text: str) -> None:
    for pattern, before in _BEFORE.items():
        assert _found(pattern, text) == _found(before, text)


@settings(max_examples=300, deadline=None)
@given(_texts(_CONTRAST_WORDS))
def test_a_contrast_needs_its_not(text: str) -> None:
    """What lets `_contrast` skip a message: the Chinese contrasts all say 不是, the English ones not."""
    for pattern, chinese in c._CONTRASTS:
        if pattern.search(text):
            assert "不是" in text if chinese else re.search("not", text, re.I)


@settings(max_examples=500, deadline=None)
@given(_texts(_QUESTION_WORDS))
def test_a_question_after_a_fact_is_found_where_searching_the_whole_message_finds_it(text: str) -> None:
    new, old = rules._question_after(text), rules._A_QUESTION_AFTER.search(text)
    assert (new and new.span()) == (old and old.span())


def test_a_long_gap_or_a_row_of_marks_is_read_as_a_short_one() -> None:
    assert normalise("喝了" + " " * 60 + "100ml") == "喝了 100ml"
    assert normalise("吃了\n\n\n\n\n睡了") == "吃了\n睡了"
    assert normalise("好了吗？？？？？？？？") == "好了吗????"
    assert normalise("喝了1111111111111111111ml") == "喝了111111111111ml"


@pytest.mark.parametrize("text", ["喝了 100ml", "8点到3点", "好的...", "what??", "she had 4oz  at 3", "喝了100ml！！！",
                                  "吃了   睡了", "38.5度", "20261206", "1. 2. 3.", "ok!!!!", "喂了，\n尿了"])
def test_what_people_type_is_read_as_typed(text: str) -> None:
    assert _bounded_runs(text) == text


@contextmanager
def _ends_within(seconds: int) -> Iterator[None]:
    """An alarm that fails a test which runs away (a hang coming back), instead of stopping the suite."""
    def ran_away(*_: object) -> None:
        raise AssertionError(f"reading did not finish in {seconds} s")
    previous = signal.signal(signal.SIGALRM, ran_away)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("run", PIECES)
@pytest.mark.parametrize("around", AROUND)
def test_a_message_of_the_longest_length_is_read_without_running_away(run: str, around: str) -> None:
    """Every hostile message `fawn bench messages` times."""
    text = safe_text(around.format((run * MAX_TEXT)[:MAX_TEXT - 12]))[:MAX_TEXT]
    request = ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", babies=("朵朵",), people=("妈妈",))
    with _ends_within(30):
        reading = rules.extract(request)
    assert reading.intent in set(Intent)


def test_more_facts_than_a_reading_holds_are_kept_as_said_and_not_written_at_once() -> None:
    text = "喝了100ml 尿了 " * 12
    reading = rules.extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", babies=("朵朵",)))
    assert reading.intent is Intent.RECORD
    assert len(reading.also) == ALSO_AT_MOST
    assert reading.unread and reading.confidence < 0.9


@pytest.mark.parametrize("aside", ["比昨天多了二十 ", "打了两个嗝 ", "还没睡 ", "not sure how much "])
def test_a_paste_of_asides_is_no_fact(aside: str) -> None:
    """Past six asides, none is read as a fact: the seventh 比昨天多了二十 had been a 20 ml feed, written at once."""
    text = "fed " + aside * 8
    reading = rules.extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", babies=("朵朵",)))
    assert reading.intent is Intent.CHAT and reading.confidence < 0.9


@pytest.mark.parametrize("paste", ["3点 " * 30, "1 " * 45, "90" + "，90" * 41])
def test_a_paste_of_many_clauses_or_numbers_is_no_fact(paste: str) -> None:
    """3点 3点 3点 … is five hundred clauses, each read as a fact and compared with its neighbours; 1 1 1 … a thousand
    numbers, each a mention to account for: past 24 clauses or 40 numbers, no fact is read."""
    reading = rules.extract(ExtractionRequest(text="喝了" + paste, now=NOW, timezone="Asia/Shanghai"))
    assert reading.intent is Intent.CHAT and reading.confidence < 0.9


def test_a_message_of_several_facts_is_still_read_as_several() -> None:
    reading = rules.extract(ExtractionRequest(text="喝了90ml, 尿了, 拉了, 睡了", now=NOW, timezone="Asia/Shanghai"))
    assert reading.intent is Intent.RECORD and len(reading.also) == 2      # 尿了, 拉了: one diaper, both
