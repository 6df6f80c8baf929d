"""Yes, no and delete said the way people say them: with a second word, a reason, or the bot's name first."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ContextLine, ExtractionRequest, TaskHint
from bot.understanding.rules import extract
from domain.extraction import Intent

NOW = datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai"))
WAITING = TaskHint(action="create", record_type="feeding", state="pending", slots={"kind": "formula"})


def read(text: str, task: TaskHint | None = None):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", task=task))


@pytest.mark.parametrize("text", ["对 没错", "确认", "yes correct", "@Fawn 确认", "Fawn, yes", "好的 就这样",
                                  "是的是的"])
def test_a_yes_in_any_of_its_forms_confirms(text):
    assert read(text).intent is Intent.CONFIRM


@pytest.mark.parametrize("text", ["算了别记了 取消", "@Fawn 取消", "never mind", "不用了 算了", "cancel that"])
def test_a_no_in_any_of_its_forms_cancels(text):
    assert read(text).intent is Intent.CANCEL


@pytest.mark.parametrize("text", ["never mind, mom already logged it", "算了 不记了 忘了多少", "@Fawn 取消 他打错了"])
def test_a_cancel_with_its_reason_cancels_what_waits(text):
    assert read(text, WAITING).intent is Intent.CANCEL


@pytest.mark.parametrize("text", ["never mind, mom already logged it", "算了 不记了 忘了多少"])
def test_a_cancel_with_a_reason_is_chatter_when_nothing_waits(text):
    assert read(text).intent is not Intent.CANCEL


@pytest.mark.parametrize("text", ["scratch that, 5 not 4", "算了 就记120吧"])
def test_a_cancel_word_before_a_number_is_no_cancel(text):
    assert read(text, WAITING).intent is not Intent.CANCEL


@pytest.mark.parametrize("text", ["@Fawn 把刚才那条尿布删掉 记重复了", "把刚才那条尿布删掉", "刚才那条尿布删了吧"])
def test_a_delete_with_its_reason_or_the_bots_name_first_is_a_delete(text):
    assert read(text).intent is Intent.DELETE


def test_dont_delete_is_no_delete():
    assert read("别删掉 那条是对的").intent is not Intent.DELETE


@pytest.mark.parametrize("text", ["lovely weather today", "the car seat is great", "what a treat"])
def test_eat_inside_another_word_is_no_feed(text):
    assert read(text).record_type is None


@pytest.mark.parametrize("text", ["老公你几点回来", "Fawn 现在几点了呀", "一共几次"])
def test_a_question_about_nothing_the_family_records_is_no_query(text):
    assert read(text).intent is not Intent.QUERY


@pytest.mark.parametrize("text", ["@Fawn did she nap at all today?", "Fawn what did she weigh last time?",
                                  "@Fawn when's the next tylenol", "今天喝了多少", "how much did she drink today"])
def test_a_question_about_the_records_is_a_query(text):
    assert read(text).intent is Intent.QUERY


@pytest.mark.parametrize("text", ["六点醒的，昨晚一共醒了两次", "总共醒了3次"])
def test_a_total_said_without_a_question_word_is_a_report(text):
    assert read(text).intent is not Intent.QUERY


@pytest.mark.parametrize("text", ["I'm home at 7 tonight, traffic is awful", "我十一点去买菜 中午回来做饭"])
def test_a_grown_ups_own_time_is_no_fact_of_the_topic_just_talked_of(text):
    fed = ContextLine(NOW, "1分钟前", "妈妈", "parent", "妈妈", "刚喝了90ml配方奶")
    e = extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", recent=(fed,)))
    assert e.record_type is None


def test_a_bare_time_after_talk_of_a_feed_still_reads_as_its_time():
    fed = ContextLine(NOW, "1分钟前", "妈妈", "parent", "妈妈", "喝了90ml配方奶")
    assert extract(ExtractionRequest(text="3点", now=NOW, timezone="Asia/Shanghai", recent=(fed,))).record_type \
        is not None


@pytest.mark.parametrize(("text", "solid"), [("刚换尿布，尿了也啦了", True), ("刚换尿布，尿了", None)])
def test_la_typed_for_its_homophone_after_also_is_a_poop(text, solid):
    assert read(text).slots.solid is solid
