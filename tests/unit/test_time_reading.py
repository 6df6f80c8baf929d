"""The product's own list of time phrases, each read with a frozen clock."""
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from bot.understanding.numerals import normalise
from bot.understanding.time import read_time_phrase, read_times
from bot.understanding.time.words import day_words_for

TZ = ZoneInfo("Asia/Shanghai")


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 5, day, hour, minute, tzinfo=TZ)


ELEVEN = at(4, 11)
FOUR_PM = at(4, 16)
NINE_AM = at(4, 9)


def point(phrase: str, now: datetime = ELEVEN) -> datetime | None:
    value = read_time_phrase(phrase, now)
    assert value is not None and value.kind == "point", (phrase, value)
    return value.point


def span(phrase: str, now: datetime = ELEVEN) -> tuple[datetime | None, datetime | None]:
    value = read_time_phrase(phrase, now)
    assert value is not None and value.kind == "range", (phrase, value)
    return value.start, value.end


def minutes(phrase: str) -> float | None:
    value = read_time_phrase(phrase, ELEVEN)
    assert value is not None and value.kind == "duration", (phrase, value)
    return value.minutes


def message(text: str, now: datetime = ELEVEN, night: bool = False):
    return read_times(normalise(text), now, night)


def test_pm_after_a_clock_time_is_yesterday_evening_at_eleven_in_the_morning():
    for said in ("8:30pm", "8.30pm", "8:30 pm", "8点半pm"):
        assert point(said) == at(3, 20, 30), said


def test_am_after_a_clock_time_is_this_morning():
    assert point("8:30am") == at(4, 8, 30)


def test_half_past_seven_to_eight_in_the_evening_is_half_an_hour():
    assert span("晚上7点半到8点") == (at(3, 19, 30), at(3, 20))


def test_an_afternoon_range_keeps_its_end_in_the_afternoon():
    assert span("下午5:00到6:00") == (at(3, 17), at(3, 18))


def test_from_eleven_am_to_eleven_fifty_is_fifty_minutes():
    assert span("from 11am to 11:50", now=FOUR_PM) == (at(4, 11), at(4, 11, 50))


def test_a_nap_from_twelve_forty_five_to_two_is_the_early_afternoon():
    assert span("napped 12:45 to 2", now=FOUR_PM) == (at(4, 12, 45), at(4, 14))


def test_a_range_with_a_dash_and_a_bare_end_is_ninety_minutes():
    assert span("9:30-11", now=FOUR_PM) == (at(4, 9, 30), at(4, 11))


def test_between_two_and_four_is_the_afternoon_just_past():
    assert span("between 2 and 4", now=FOUR_PM) == (at(4, 14), at(4, 16))


def test_seconds_are_read_and_dropped():
    assert point("17:55:23") == at(3, 17, 55)


def test_eight_to_three_after_talk_of_the_night_runs_across_midnight():
    r = message("8点到3点", now=NINE_AM, night=True)
    assert (r.start, r.end) == (at(3, 20), at(4, 3))


def test_quarters_of_an_hour_in_chinese():
    assert point("三点一刻", now=FOUR_PM) == at(4, 15, 15)
    assert point("三点三刻", now=FOUR_PM) == at(4, 15, 45)
    assert minutes("一刻钟") == 15


def test_five_minutes_to_three_is_two_fifty_five():
    assert point("差五分三点", now=FOUR_PM) == at(4, 14, 55)


def test_duo_after_an_amount_adds_nothing():
    assert point("一个多小时前") == at(4, 10)
    assert message("睡了三个多小时").duration_min == 180
    assert message("喂了二十多分钟").duration_min == 20


def test_shi_ji_is_fifteen_and_ji_alone_is_three():
    assert point("十几分钟前") == at(4, 10, 45)
    assert point("几分钟前") == at(4, 10, 57)


def test_lia_and_sa_are_two_and_three():
    assert minutes("俩小时") == 120
    assert point("仨小时前") == at(4, 8)


def test_da_qian_tian_is_three_days_ago():
    value = read_time_phrase("大前天", ELEVEN)
    assert value is not None and value.day == date(2026, 5, 1)


def test_two_oclock_last_night_said_in_the_morning_is_seven_hours_ago():
    assert point("昨晚两点", now=NINE_AM) == NINE_AM - timedelta(hours=7)


def test_slept_from_eight_until_now_is_a_range_ending_now():
    assert span("从8点睡到现在", now=NINE_AM) == (at(4, 8), NINE_AM)
    r = message("从8点睡到现在", now=NINE_AM)
    assert (r.start, r.end) == (at(4, 8), NINE_AM)


def test_went_to_sleep_at_ten_and_awake_now_is_a_sleep_until_now():
    r = message("十点睡的 现在醒了", now=at(4, 7))
    assert (r.start, r.end) == (at(3, 22), at(4, 7))


def test_last_night_at_nine_until_six_this_morning_names_both_days():
    r = message("昨晚9点睡到今早6点", now=at(4, 8))
    assert (r.start, r.end) == (at(3, 21), at(4, 6))


def test_a_bare_hour_after_at_is_a_clock_time_and_a_consumed_span():
    text = "fed at 3"
    r = message(text, now=FOUR_PM)
    assert r.point == at(4, 15)
    assert any(start <= text.index("3") < end for start, end in r.spans)


def test_an_amount_is_not_inside_any_time_span():
    text = "she took 4oz at 3"
    r = message(text, now=FOUR_PM)
    assert r.point == at(4, 15)
    assert not any(start <= text.index("4") < end for start, end in r.spans)
    assert any(start <= text.index("3") < end for start, end in r.spans)


def test_tonight_at_seven_is_this_evening_even_before_it_comes():
    assert point("tonight at 7") == at(4, 19)


def test_five_to_six_pm_is_an_hour_of_the_afternoon():
    assert span("5 to 6pm", now=at(4, 20)) == (at(4, 17), at(4, 18))


def test_english_number_words_are_numbers():
    assert point("seven thirty", now=NINE_AM) == at(4, 7, 30)
    assert minutes("two hours") == 120
    assert minutes("an hour and a half") == 90


def test_half_past_quarter_to_and_ten_past():
    assert point("half past 7", now=NINE_AM) == at(4, 7, 30)
    assert point("quarter to 8", now=NINE_AM) == at(4, 7, 45)
    assert point("10 past 9", now=at(4, 9, 30)) == at(4, 9, 10)


def test_noon_midnight_and_lunchtime_are_clock_times():
    assert point("noon", now=FOUR_PM) == at(4, 12)
    assert point("midnight", now=FOUR_PM) == at(4, 0)
    assert point("lunchtime", now=FOUR_PM) == at(4, 12)


def test_oclock_ish_and_around_read_the_hour():
    assert point("7 o'clock", now=NINE_AM) == at(4, 7)
    assert point("7-ish", now=NINE_AM) == at(4, 7)
    assert point("around 7", now=NINE_AM) == at(4, 7)


def test_hours_and_minutes_written_short_or_long():
    assert minutes("1h30m") == 90
    assert minutes("1 hour and 30 minutes") == 90


def test_this_evening_names_today_and_fixes_a_clock_time():
    value = read_time_phrase("this evening", ELEVEN)
    assert value is not None and value.kind == "day" and value.day == date(2026, 5, 4)
    assert point("at 7 this evening") == at(4, 19)


def test_at_the_moment_is_now():
    assert point("at the moment") == ELEVEN


def test_traditional_liang_is_two():
    assert normalise("兩百") == "200"
    assert minutes("兩個小時") == 120


def test_words_that_only_contain_a_numeral_stay_words():
    for word in ("一切都好", "一看就知道", "四川", "美味十足", "两两", "三三两两"):
        assert normalise(word) == word


def test_a_numeral_alone_is_a_number_without_a_clock():
    for said, value in (("百三", 130), ("两千四百五", 2450), ("一千零五", 1005), ("兩", 2)):
        reading = read_time_phrase(said, None)
        assert reading is not None and reading.number == value, said


def test_twenty_to_four_and_ten_to_nine_are_minutes_before_the_hour():
    assert point("twenty to 4", now=FOUR_PM) == at(4, 15, 40)
    assert point("at ten to nine", now=NINE_AM) == at(4, 8, 50)


def test_at_half_seven_is_half_past_seven():
    assert point("at half 7", now=NINE_AM) == at(4, 7, 30)


def test_an_amount_after_about_is_not_a_clock_time():
    r = message("drank about 4", now=FOUR_PM)
    assert (r.point, r.start, r.spans) == (None, None, ())


def test_a_date_is_not_a_range_of_hours():
    r = message("her birthday is 2026-03-02", now=FOUR_PM)
    assert (r.point, r.start, r.end) == (None, None, None)


def test_a_label_colon_does_not_hide_the_clock_time_after_it():
    assert message("健康：09:05 用药", now=FOUR_PM).point == at(4, 9, 5)


def test_dian_duo_is_the_hour_and_part_of_the_span():
    text = normalise("3点多喝的")
    r = read_times(text, FOUR_PM)
    assert r.point == at(4, 15)
    assert [text[a:b] for a, b in r.spans] == ["3点多"]


def test_ling_wu_after_the_hour_is_five_past():
    assert normalise("十点零五") == "10点5"
    assert point("十点零五", now=FOUR_PM) == at(4, 10, 5)


def test_still_asleep_since_eight_is_not_a_sleep_until_now():
    r = message("8点睡的，现在还没醒", now=NINE_AM)
    assert (r.point, r.start, r.end) == (at(4, 8), None, None)


def test_a_lone_hundred_stays_a_word():
    assert normalise("第48百分位") == "第48百分位"


def test_the_words_for_one_day_make_one_pattern():
    assert day_words_for(-1).search("Last night she slept")
    assert day_words_for(-2).search("前天晚上") and not day_words_for(-2).search("大前天")


def test_halves_written_as_fractions():
    assert minutes("1 1/2 hours") == 90
    assert minutes("1½ hours") == 90
    assert minutes("1/2 hour") == 30


def test_lai_and_half_with_duo_in_chinese_lengths():
    assert minutes("十来分钟") == 10
    assert minutes("半个多小时") == 30
