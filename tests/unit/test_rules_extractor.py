"""The rule extractor proposes intent and slots; it decides nothing."""
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.understanding.request import ContextLine, ExtractionRequest, TaskHint
from bot.understanding.rules import extract
from domain.extraction import Intent, SleepEvent
from domain.vocabulary import RecordType

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 20, 17, tzinfo=TZ)


def ask(text: str, task: TaskHint | None = None, recent: tuple = ()):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", task=task, recent=recent))


def test_a_complete_bottle_feed():
    e = ask("刚刚喝了91ml配方奶")
    assert (e.intent, e.record_type) == (Intent.RECORD, RecordType.FEEDING)
    assert e.slots.given() == {"start": NOW, "kind": "formula", "amount_ml": 91}


def test_units_and_chinese_numerals():
    assert ask("喝了九十一毫升母乳").slots.amount_ml == 91
    assert ask("喝了3oz奶粉").slots.amount_ml == 88.7
    assert ask("喝了120cc").slots.amount_ml == 120


def test_a_bare_number_is_read_as_ml_and_flagged():
    e = ask("刚刚喝了90")
    assert e.slots.amount_ml == 90 and e.amount_unit_assumed and e.slots.kind is None


def test_direct_breastfeeding_with_side_and_minutes():
    e = ask("刚刚亲喂左边15分钟")
    assert (e.slots.kind, e.slots.method, e.slots.duration_min) == ("breast_milk", "left_breast", 15)
    assert e.slots.end == NOW


def test_solid_food_with_grams():
    e = ask("吃了30克米粉")
    assert (e.slots.kind, e.slots.food, e.slots.amount_g) == ("solid_food", "米粉", 30)


def test_fragments_supply_the_active_task():
    sleep = TaskHint("create", "sleep", "pending", {"duration_min": 420, "nap": False})
    e = ask("差不多，醒1次", sleep)
    assert (e.intent, e.slots.night_wakings) == (Intent.SUPPLY, 1)
    e = ask("8点到3点", sleep)
    assert e.intent is Intent.SUPPLY
    assert e.slots.start.hour == 20 and e.slots.end.hour == 3


def test_last_night_in_recent_context_makes_a_range_a_night():
    line = ContextLine(NOW, "1分钟前", "妈妈", "parent", "妈妈", "昨晚睡眠7个小时")
    e = ask("8点到3点", recent=(line,))
    assert e.slots.start.day == 3 and e.slots.end.hour == 3


def test_confirm_cancel_and_undo_words():
    for word in ("确认", "对", "好的", "对，就现在", "yes"):
        assert ask(word).intent is Intent.CONFIRM, word
    for word in ("算了", "取消", "cancel"):
        assert ask(word).intent is Intent.CANCEL, word
    assert ask("撤销").intent is Intent.UNDO


def test_corrections_are_marked_and_keep_their_values():
    e = ask("不对，是90ml")
    assert (e.intent, e.record_type, e.slots.amount_ml) == (Intent.CORRECT, RecordType.FEEDING, 90)


def test_fell_asleep_and_woke_up_are_events_not_night_wakings():
    assert ask("睡着了").sleep_event is SleepEvent.FELL_ASLEEP
    assert ask("醒了").sleep_event is SleepEvent.WOKE_UP
    e = ask("夜醒2次")
    assert e.sleep_event is None and e.slots.night_wakings == 2


def test_questions_are_queries():
    assert ask("今天喝了多少奶？").intent is Intent.QUERY
    assert ask("上次喂奶是几点").query.metric.value == "last_feeding"


def test_english_is_understood():
    e = ask("just had 120 ml formula")
    assert (e.slots.kind, e.slots.amount_ml) == ("formula", 120)
    e = ask("she slept from 8pm to 3am")
    assert e.record_type is RecordType.SLEEP and e.slots.start.hour == 20


def test_chatter_is_chat_with_low_confidence():
    e = ask("今天天气不错")
    assert e.intent is Intent.CHAT and e.confidence < 0.9

