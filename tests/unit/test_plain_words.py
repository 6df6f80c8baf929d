"""What one plain phrase means: corrections, cancels, sleep words, questions, details not to drop."""
from datetime import datetime
from zoneinfo import ZoneInfo

from hypothesis import given
from hypothesis import strategies as st

from bot.understanding.readers.corrections import affirmed, wrong_spans
from bot.understanding.request import ExtractionRequest, TaskHint
from bot.understanding.rules import extract
from domain.extraction import Intent, QueryMetric, QueryPeriod, SleepEvent
from domain.vocabulary import RecordType

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 10, 0, tzinfo=TZ)


def ask(text: str, task: TaskHint | None = None):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", task=task))


def test_the_new_value_is_the_affirmed_one_and_the_negated_one_is_kept_apart():
    assert (affirmed("不是9点，是9点20").new, affirmed("不是9点，是9点20").old) == ("9点20", "9点")
    assert (affirmed("母乳不是奶粉").new, affirmed("母乳不是奶粉").old) == ("母乳", "奶粉")
    assert (affirmed("it was breast milk, not formula").new, affirmed("it was breast milk, not formula").old) == \
        ("breast milk", "formula")
    assert affirmed("wait, it was 5 oz").new == "5 oz" and affirmed("wait, it was 5 oz").old is None


def test_the_wrong_number_is_not_a_value_left_unread():
    text = "不是80，是100"
    (start, end), = wrong_spans(text)
    assert text[start:end] == "不是80"          # the wrong value and its marker
    assert ask(text).unaccounted == []


def test_is_breast_milk_not_formula_corrects_the_kind_and_writes_no_new_feed():
    e = ask("是母乳不是奶粉")
    assert e.intent is Intent.CORRECT and e.slots.kind == "breast_milk"


def test_grandmas_feed_just_now_is_a_reference_to_the_latest_feed():
    e = ask("奶奶刚才喂的那顿是母乳不是奶粉")
    assert e.intent is Intent.CORRECT and e.reference is not None
    assert (e.reference.which, e.reference.record_type) == ("latest", RecordType.FEEDING)
    assert e.slots.kind == "breast_milk"


def test_not_nine_but_nine_twenty_points_at_the_nine_oclock_record():
    e = ask("不是9点，是9点20")
    assert e.intent is Intent.CORRECT and e.reference.which == "at_time"
    assert e.reference.at.hour == 9 and e.reference.at.minute == 0
    assert (e.slots.start.hour, e.slots.start.minute) == (9, 20)


def test_a_bare_number_after_change_to_is_an_amount_of_no_type_yet():
    e = ask("改成130")
    assert e.intent is Intent.CORRECT and e.slots.amount_ml == 130 and e.record_type is None
    assert ask("不对，应该是110").slots.amount_ml == 110


def test_switching_sides_is_a_correction():
    e = ask("换成右边")
    assert e.intent is Intent.CORRECT and e.slots.method == "right_breast"


def test_a_medicine_named_before_that_time_is_its_latest_dose():
    e = ask("泰诺林那次改成间隔6小时")
    assert e.intent is Intent.CORRECT and e.reference.record_type is RecordType.HEALTH
    assert e.reference.medication == "泰诺林" and e.slots.next_dose_after_h == 6


def test_never_mind_forms_cancel():
    for text in ("算了不改了", "不改了", "算了，不记了", "never mind, leave it"):
        assert ask(text).intent is Intent.CANCEL, text
    assert ask("...").intent is not Intent.CANCEL


def test_still_asleep_is_its_own_sleep_event():
    assert ask("还没醒").sleep_event is SleepEvent.STILL_ASLEEP
    assert ask("还没醒").slots.night_wakings is None
    e = ask("昨晚11点睡着的")
    assert e.sleep_event is SleepEvent.FELL_ASLEEP and e.slots.start.hour == 23


def test_english_down_and_up_open_and_close_a_sleep():
    assert ask("she's down").sleep_event is SleepEvent.FELL_ASLEEP
    assert ask("he's up").sleep_event is SleepEvent.WOKE_UP
    assert ask("up from her nap").sleep_event is SleepEvent.WOKE_UP
    assert ask("calmed down after the bath").record_type is not RecordType.SLEEP


def test_up_twice_is_two_night_wakings_not_a_wake_up():
    e = ask("woke up twice last night")
    assert e.slots.night_wakings == 2 and e.sleep_event is None


def test_an_answer_to_when_did_she_wake_is_the_end_of_the_sleep():
    task = TaskHint(action="create", record_type="sleep", state="pending",
                    slots={"start": NOW.replace(hour=8)})
    e = ask("9点", task)
    assert e.slots.end is not None and e.slots.end.hour == 9 and e.slots.start is None


def test_last_poop_asks_about_dirty_diapers():
    for text in ("上次大便是什么时候", "上次拉是几点"):
        q = ask(text).query
        assert (q.metric, q.record_type, q.detail) == (QueryMetric.LAST_RECORD, RecordType.DIAPER, "solid"), text
    assert ask("上次尿尿是什么时候").query.detail == "wet"


def test_how_long_without_milk_asks_for_the_last_milk():
    for text in ("多久没喝奶了", "几点喝的奶"):
        q = ask(text).query
        assert (q.metric, q.detail) == (QueryMetric.LAST_FEEDING, "milk"), text


def test_three_days_back_is_a_date():
    q = ask("大前天喝了多少奶").query
    assert q.period is QueryPeriod.DATE and q.day == NOW.date().replace(day=1)


def test_stool_texture_is_kept():
    assert ask("拉了，有点稀").slots.consistency == "loose"
    assert ask("dirty diaper, hard pellets").slots.consistency == "hard"
    assert ask("换尿布，水样便").slots.consistency == "watery"


def test_grown_ups_meals_are_not_feeds():
    assert ask("周末去吃烤鸭吧").intent is Intent.CHAT
    assert ask("宝宝吃了20g米粉").record_type is RecordType.FEEDING


def test_small_words_not_to_drop():
    assert ask("医生说6小时一次，刚喂了2.5ml泰诺林").slots.next_dose_after_h == 6
    assert ask("记一笔：今天第一次自己翻身").record_type is RecordType.NOTE
    assert ask("尿步湿了").record_type is RecordType.DIAPER
    assert ask("喂了10分钟").slots.duration_min == 10


@given(st.text(alphabet="不是对改成母乳奶粉，,9点20 ml", min_size=1, max_size=20))
def test_any_correction_words_read_without_error_and_the_new_part_is_said(text):
    said = affirmed(text)
    assert said.new in text
    assert said.old is None or said.old in text
    for start, end in wrong_spans(text):
        assert 0 <= start < end <= len(text)


def test_a_negation_without_a_records_value_is_talk_not_a_correction():
    assert ask("宝宝是饿了不是困了").intent is not Intent.CORRECT
    assert ask("she's hungry, not tired").intent is not Intent.CORRECT
