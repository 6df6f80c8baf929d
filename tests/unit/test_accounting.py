"""The rule reading accounts for the message: numbers and time expressions it did not use are reported."""
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.understanding.accounting import accounted, mentions, unaccounted
from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Extraction, Intent, RecordReference, Slots
from domain.vocabulary import RecordType

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 14, 40, tzinfo=TZ)


def read(text: str) -> Extraction:
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai"))


def test_fed_at_3_is_not_a_3ml_feed_but_a_clock_time_without_a_day():
    e = read("fed at 3")
    assert e.slots.amount_ml is None
    assert e.slots.start.hour == 3 and e.clock_without_day == "03:00" and e.unaccounted == []


def test_every_number_of_plainly_read_messages_is_accounted():
    for text in ("刚刚喝了91ml配方奶", "半小时前喝了90", "昨晚睡了7个半小时，醒了2次", "体重12斤3两", "体重6斤半",
                 "两边各吸了60ml", "体温37度5", "101°F", "美林2.5ml，每6小时一次", "身长62.5cm头围40cm",
                 "记一下：今天打了2针", "二宝喝了90ml配方奶", "把最后一次喂奶删掉", "3号一共喝了多少",
                 "she had 120 ml at 7:30", "每天晚上9点发总结", "把生日改成2026年3月2日", "宝宝刚吃完一瓶"):
        assert read(text).unaccounted == [], text


def test_a_number_the_reading_left_out_is_reported():
    assert read("吐奶了2次").unaccounted == ["2"]
    assert read("nap from 1 to 2:30pm").unaccounted == []        # the time reader reads the range


def test_a_clock_time_without_a_day_is_reported_with_the_time_it_became():
    e = read("下午四点喝了100ml配方奶")
    assert e.clock_without_day == "16:00" and e.unaccounted == []


def test_a_clock_time_with_a_day_word_is_not_reported_as_dayless():
    assert read("昨天下午四点喝了100ml配方奶").clock_without_day is None
    assert read("昨晚8点到凌晨3点睡的").clock_without_day is None


def test_an_uncertain_rule_reading_asks_the_model_too():
    assert read("吐奶了2次").confidence < 0.9


def test_values_a_model_proposed_are_checked_against_the_message():
    said = Extraction(intent=Intent.RECORD, record_type=RecordType.FEEDING,
                      slots=Slots(start=NOW, kind="formula", amount_ml=120))
    assert unaccounted("刚喝了90ml", said, NOW) == ["90"]
    assert unaccounted("刚喝了120ml", said, NOW) == []


def test_a_span_a_reader_reports_as_consumed_counts_as_used():
    nothing = Extraction()
    assert unaccounted("at 3 pm", nothing, NOW) == ["3 pm"]
    assert unaccounted("at 3 pm", nothing, NOW, consumed=[(0, 7)]) == []


def test_a_reference_time_accounts_for_its_clock():
    ref = Extraction(intent=Intent.DELETE, reference=RecordReference(which="at_time", at=NOW.replace(hour=6, minute=0)))
    assert unaccounted("删掉6点那次", ref, NOW) == []


def test_absurd_model_times_do_not_break_the_accounting():
    wild = Extraction(intent=Intent.RECORD, record_type=RecordType.DIAPER,
                      slots=Slots(time=datetime(1, 1, 1, tzinfo=TZ), end=datetime(9999, 12, 31), wet=True))
    assert accounted(wild, "1点换了尿布", NOW).unaccounted == ["1点"]


def test_numbers_too_large_for_any_time_read_as_chat_instead_of_crashing():
    for text in ("99999999999分钟前喝了90ml配方奶", "99999999999小时前换了尿布"):
        e = read(text)
        assert e.intent is Intent.CHAT and e.unaccounted, text
    assert read("喝了" + "二" * 1999).slots.amount_ml is None


def test_mentions_keep_a_time_expressions_digits_together():
    kinds = [(m.text, m.kind) for m in mentions("150分钟前喝了120ml，8点30分睡的", NOW)]
    assert kinds == [("150分钟前", "ago"), ("120", "number"), ("8点30分", "clock")]
