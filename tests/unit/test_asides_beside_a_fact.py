"""What a grown-up says beside the baby's fact — an apology, a dictation's opener and closer, their own coffee —
is no word to account for; it never hides a correction, a supply remark, a request between grown-ups, or a
fact done to the baby."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Intent
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai"))


@pytest.mark.parametrize("text, record_type", [
    ("sorry, she's asleep", RecordType.SLEEP),
    ("sorry for the late update, she woke up from her nap", RecordType.SLEEP),
    ("my bad, late update: dirty nappy", RecordType.DIAPER),
    ("刚才忘记发了，尿了", RecordType.DIAPER),
    ("差点忘了，宝宝刚喝了150ml奶粉", RecordType.FEEDING),
    ("刚才忘记发了，体重14斤6两", RecordType.GROWTH),
])
def test_an_apology_before_a_new_fact_is_no_correction(text: str, record_type: RecordType) -> None:
    reading = read(text)
    assert reading.intent is Intent.RECORD and reading.record_type is record_type, text
    assert reading.unaccounted == [], text


@pytest.mark.parametrize("text", ["sorry, 5 oz", "oops it was 5 oz", "不好意思 刚才喂的是右边"])
def test_an_apology_before_a_bare_value_or_a_restated_one_is_still_a_correction(text: str) -> None:
    assert read(text).intent is Intent.CORRECT, text


@pytest.mark.parametrize("text", ["我说一下哈体重14斤6两就这样", "嗯那个刚喝了90毫升配方奶就这些",
                                  "跟你说一下体重7.5公斤", "就是量了头围43厘米嗯对"])
def test_a_dictations_opener_and_closer_are_no_words_to_account_for(text: str) -> None:
    reading = read(text)
    assert reading.intent is Intent.RECORD and reading.unaccounted == [], text


@pytest.mark.parametrize("text, record_type", [
    ("she had 120ml of formula, now I need a coffee", RecordType.FEEDING),
    ("刚喝了90ml配方奶 我去喝杯咖啡", RecordType.FEEDING),
    ("我饿死了，刚吃完饭 宝宝尿湿了，换了尿布", RecordType.DIAPER),
    ("dirty nappy, Dad's still sleeping", RecordType.DIAPER),
    ("bottle of formula, 3.5 ounces. I haven't eaten yet myself", RecordType.FEEDING),
])
def test_a_grown_ups_own_clause_beside_the_fact_is_chatter(text: str, record_type: RecordType) -> None:
    reading = read(text)
    assert reading.intent is Intent.RECORD and reading.record_type is record_type, text
    assert reading.unaccounted == [] and reading.also == [], text


def test_a_grown_ups_clause_never_hides_a_supply_remark_or_a_request_between_grown_ups() -> None:
    assert read("formula! we're almost out").intent is Intent.CHAT
    assert read("babe go to bed, I got the 2am feed tonight").intent is Intent.CHAT


def test_a_plan_beside_a_measured_fact_is_no_second_fact_and_a_plan_alone_is_still_a_plan() -> None:
    reading = read("刚喝了90ml 我去冲奶")          # the 90 ml happened; the next bottle is not yet a feed
    assert reading.intent is Intent.RECORD and reading.slots.amount_ml == 90 and reading.also == []
    assert read("我去冲奶").intent is Intent.CHAT
    assert read("fed her, will change her soon").intent is Intent.CHAT


def test_a_grown_up_who_gives_the_baby_something_reports_the_babys_fact() -> None:
    reading = read("wet nappy, I gave a snack too")
    assert reading.unaccounted, "the snack is neither dropped as chatter nor written unasked"


@pytest.mark.parametrize("text", ["measured his head with the tape, sixteen inches around",
                                  "nap from 1:15 to 2:45 in the crib",
                                  "four and a half oz of formula lol finally, she's been so fussy today"])
def test_where_with_what_and_how_are_no_words_to_account_for(text: str) -> None:
    reading = read(text)
    assert reading.intent is Intent.RECORD and reading.unaccounted == [], text


@pytest.mark.parametrize("text, word", [("she spilled 4oz of formula on the floor", "spilled"),
                                        ("nursed on the lft for 15 minutes", "lft"),
                                        ("nursed for half an hpur", "hpur")])
def test_a_verb_told_as_done_or_a_slip_inside_a_phrase_is_never_set_aside(text: str, word: str) -> None:
    assert word in read(text).unaccounted, text


@pytest.mark.parametrize("text", ["十点半睡着的 今天总算没闹", "she went down at 8 no dramas"])
def test_what_did_not_happen_besides_the_fact_is_no_word_to_account_for(text: str) -> None:
    reading = read(text)
    assert reading.intent is Intent.RECORD and reading.unaccounted == [], text


@pytest.mark.parametrize("text", ["she had 120ml formula, didn't finish", "喝了120ml奶粉 没怎么喝",
                                  "喝了120ml奶粉 没喝完"])
def test_a_negation_of_the_fact_itself_is_never_set_aside(text: str) -> None:
    reading = read(text)
    assert reading.intent is not Intent.RECORD or reading.unaccounted, text


@pytest.mark.parametrize("text", ["妞妞拉粑粑了 黄色的 有点稀", "刚背奶 右边吸出来七十毫升",
                                  "刚刚母乳加了强化剂 瓶喂喝了六十毫升"])
def test_words_of_the_fact_said_in_full(text: str) -> None:
    assert read(text).unaccounted == [], text


def test_a_question_to_the_family_beside_the_fact_leaves_the_fact_standing() -> None:
    reading = read("又尿又拉 拉的是绿色的 是不是着凉了啊")
    assert reading.intent is Intent.RECORD and reading.record_type is RecordType.DIAPER
    assert reading.unaccounted == []


def test_a_question_that_names_another_record_or_asks_for_more_is_not_set_aside() -> None:
    assert read("喝了120ml 还要不要再喂点").intent is Intent.CHAT


def test_a_nappy_is_no_nap() -> None:
    reading = read("dirty nappy, is that normal?")
    assert reading.record_type in (None, RecordType.DIAPER)


def test_sides_fed_one_after_the_other_lie_back_to_back_and_none_ends_in_the_future() -> None:
    finished = read("刚亲喂完 左边十分钟右边八分钟").facts()
    assert [f.slots.start.strftime("%H:%M") for f in finished] == ["20:12", "20:22"]
    assert max(f.slots.end for f in finished) <= NOW
    at_three = read("3点喂了左边10分钟 右边8分钟").facts()
    assert [f.slots.start.strftime("%H:%M") for f in at_three] == ["15:00", "15:10"]


@pytest.mark.parametrize("text, record_type", [
    ("dirty nappy, is that normal?", RecordType.DIAPER),
    ("Just done a dirty nappy, quite dark green and a bit runny, is that normal?", RecordType.DIAPER),
])
def test_a_fact_then_a_question_about_it_reads_the_fact(text: str, record_type: RecordType) -> None:
    reading = read(text)
    assert reading.intent is Intent.RECORD and reading.record_type is record_type, text


def test_a_tag_question_leaves_the_fact_to_be_confirmed() -> None:
    reading = read("black sticky poop at 4am, thats the meconium right?")
    assert reading.record_type is RecordType.DIAPER and reading.unaccounted == ["right"]


@pytest.mark.parametrize("text", ["did she have 4oz?", "4oz at 3 or was it 5?"])
def test_a_question_that_is_the_whole_message_or_names_a_number_is_no_fact(text: str) -> None:
    assert read(text).intent is not Intent.RECORD, text


def test_water_given_a_little_is_water() -> None:
    for text in ("天热 喂了点水 20ml左右", "喂了水 20ml", "洗完澡喂了点水 30毫升"):
        reading = read(text)
        assert reading.slots.kind == "water" and reading.unaccounted == [], text
    assert read("拉了水样便").record_type is RecordType.DIAPER


def test_gone_to_sleep_said_in_chinese_opens_a_sleep() -> None:
    for text in ("宝宝睡了 我也要睡了 晚安各位", "团团睡午觉了 你们说话小声点"):
        assert read(text).sleep_event is not None and read(text).sleep_event.value == "fell_asleep", text
    assert read("宝宝睡了3个小时").sleep_event is None


def test_a_sleep_told_after_a_fact_on_a_clock_before_it_is_confirmed() -> None:
    morning = datetime(2026, 5, 4, 9, 30, tzinfo=ZoneInfo("Asia/Shanghai"))
    reading = extract(ExtractionRequest(text="洗完澡喝了120母乳 八点就睡了", now=morning, timezone="Asia/Shanghai"))
    assert reading.unread, "asleep at 8:00 yet drinking at 9:30: not written as it stands"


def test_both_sides_pumped_is_pumping_and_both_sides_eaten_is_nursing() -> None:
    for text in ("吸了两边 一共一百四 今天涨得厉害", "吸奶器两边一共吸了一百五 终于涨回来了"):
        reading = read(text)
        assert reading.record_type is RecordType.PUMPING and reading.unaccounted == [], text
    assert read("两边都吃了").record_type is RecordType.FEEDING


def test_a_total_is_the_facts_amount_and_another_milk_is_another_feed() -> None:
    pumped = read("吸了20分钟 一共130ml").facts()
    assert [f.record_type for f in pumped] == [RecordType.PUMPING] and pumped[0].slots.amount_ml == 130
    topped_up = read("亲喂了左边十五分钟 不够又补了六十毫升奶粉").facts()
    assert [f.slots.kind for f in topped_up] == ["breast_milk", "formula"]


def test_a_negated_fact_with_a_worry_is_no_record() -> None:
    assert read("no poop in 3 days, should we be worried??").intent is not Intent.RECORD


def test_both_sides_after_a_pumping_are_its_sides_and_measure_words_are_no_words_to_account_for() -> None:
    pumped = read("吸了一次奶 两边一共150").facts()
    assert [f.record_type for f in pumped] == [RecordType.PUMPING] and pumped[0].slots.amount_ml == 150
    for text in ("换了片尿不湿 只有尿 挺沉的", "拉粑粑了 黄色的 软软的 量挺多"):
        assert read(text).unaccounted == [], text
