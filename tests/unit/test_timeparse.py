"""Time normalisation with a frozen clock: what tired parents say → absolute local times."""
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.understanding.numerals import normalise
from bot.understanding.timeparse import read_times

TZ = ZoneInfo("Asia/Shanghai")
EVENING = datetime(2026, 5, 4, 20, 17, tzinfo=TZ)


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 5, day, hour, minute, tzinfo=TZ)


def read(text: str, now: datetime = EVENING, night: bool = False):
    return read_times(normalise(text), now, night)


def test_just_now_is_the_current_minute():
    assert read("刚刚喝了91ml").point == EVENING
    assert read("刚才").point == EVENING
    assert read("just now").point == EVENING


def test_minutes_and_half_hours_ago_count_back_from_now():
    assert read("20分钟前").point == at(4, 19, 57)
    assert read("半小时前").point == at(4, 19, 47)
    assert read("两个半小时前").point == at(4, 17, 47)
    assert read("2 hours ago").point == at(4, 18, 17)


def test_a_clock_time_without_period_is_the_most_recent_past_one():
    assert read("8点半喝的").point == at(4, 8, 30)      # 20:30 has not happened yet
    assert read("下午3点").point == at(4, 15)
    assert read("今早6点").point == at(4, 6)
    assert read("凌晨2点").point == at(4, 2)


def test_twelve_oclock_just_after_midnight_is_the_midnight_just_past():
    after_midnight = datetime(2026, 5, 5, 0, 30, tzinfo=TZ)
    assert read("12点喝了90ml", now=after_midnight).point == at(5, 0)


def test_a_range_without_context_reads_as_daytime():
    r = read("8点到3点")
    assert (r.start, r.end) == (at(4, 8), at(4, 15))


def test_a_range_after_last_night_crosses_midnight():
    r = read("8点到3点", night=True)
    assert (r.start, r.end) == (at(3, 20), at(4, 3))


def test_explicit_evening_and_small_hours_cross_midnight():
    r = read("不是，晚8点到凌晨3点")
    assert (r.start, r.end) == (at(3, 20), at(4, 3))
    r = read("from 8pm to 3am")
    assert (r.start, r.end) == (at(3, 20), at(4, 3))


def test_yesterday_afternoon_range_stays_on_yesterday():
    r = read("昨天下午3点到5点")
    assert (r.start, r.end) == (at(3, 15), at(3, 17))


def test_durations_in_hours_and_minutes():
    assert read("昨晚睡眠7个小时").duration_min == 420
    assert read("睡了1小时20分钟").duration_min == 80
    assert read("睡了一个半小时").duration_min == 90
    assert read("slept 2 hours").duration_min == 120


def test_an_ago_is_not_a_duration():
    assert read("半小时前").duration_min is None


def test_chinese_numerals_become_digits_but_idioms_stay():
    assert normalise("九十一毫升") == "91毫升"
    assert normalise("两个半小时") == "150分钟"
    assert normalise("记一下") == "记一下"
    assert normalise("三斤二两") == "3斤2两"
