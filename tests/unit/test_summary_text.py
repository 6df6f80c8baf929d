"""The summary as text, the chart's data and the benchmark's building block: pure."""
from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from bot.devtools.bench.command import main as bench_main
from bot.push.charts import week_chart_data
from domain.replies.summary import duration_text, render_summary, render_week
from domain.summary.days import (
    Comparisons,
    KeyMetrics,
    RecordView,
    compare,
    summarise_day,
    summarise_days,
)

SHANGHAI = ZoneInfo("Asia/Shanghai")
JUNE_3 = date(2025, 6, 3)


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2025, 6, day, hour, minute, tzinfo=SHANGHAI)


def a_day() -> list[RecordView]:
    return [
        RecordView("feeding", at(3, 7), None, {"kind": "formula", "method": "bottle", "amount_ml": 120}),
        RecordView("feeding", at(3, 10), None, {"kind": "breast_milk", "method": "left_breast",
                                                "duration_min": 15}),
        RecordView("sleep", at(2, 20), at(3, 6), {"nap": False, "night_wakings": 2}),
        RecordView("sleep", at(3, 13), at(3, 14, 30), {"nap": True}),
        RecordView("diaper", at(3, 8), None, {"wet": True, "solid": True}),
        RecordView("health", at(3, 9, 5), None, {"kind": "medication", "medication": "布洛芬",
                                                 "dose": 2.5, "dose_unit": "ml"}),
        RecordView("note", at(3, 11), None, {"text": "第一次翻身"}),
    ]


def test_chinese_summary_has_a_line_for_each_kind_of_record() -> None:
    text = render_summary(summarise_day(a_day(), SHANGHAI, JUNE_3), None, "zh", "小鹿", SHANGHAI)
    lines = text.splitlines()
    assert lines[0] == "小鹿的一天（6月3日 周二）"
    assert lines[1].startswith("喂养：2次，奶量 120ml（配方奶 120ml）；亲喂 1次 15分钟")
    assert lines[2].startswith("睡眠：共 11小时30分（夜间 10小时，小睡 1次 1小时30分）")
    assert "最长一觉 10小时" in lines[2] and "夜醒 2次" in lines[2]
    assert lines[3] == "尿布：1次（尿 1，便 1）"
    assert lines[4] == "健康：09:05 用药 布洛芬 2.5ml"
    assert lines[5] == "记事：第一次翻身"


def test_changes_against_yesterday_and_the_week_are_shown() -> None:
    comparisons = Comparisons(yesterday=KeyMetrics(90, 2, 480, 1), week_average=KeyMetrics(100, 2, 450, 1))
    text = render_summary(summarise_day(a_day(), SHANGHAI, JUNE_3), comparisons, "zh")
    assert "（配方奶 120ml；比昨天 +30ml，7天平均 100ml）" in text
    assert "比昨天 +3小时30分，7天平均 7小时30分" in text
    assert "（尿 1，便 1；比昨天 ±0，7天平均 1）" in text


def test_english_summary_reads_in_english() -> None:
    comparisons = Comparisons(yesterday=KeyMetrics(150, 2, 450, 3))
    text = render_summary(summarise_day(a_day(), SHANGHAI, JUNE_3), comparisons, "en", "Fawn")
    assert text.splitlines()[0] == "Fawn's day, Tue 03 Jun"
    assert "Feeding: 2 feeds, 120ml milk (formula 120ml; vs yesterday -30ml)" in text
    assert "Diapers: 1 (wet 1, dirty 1; vs yesterday -2)" in text
    assert "medication 布洛芬 2.5ml" in text


def test_an_empty_day_says_nothing_was_recorded() -> None:
    day = summarise_day([], SHANGHAI, JUNE_3)
    assert render_summary(day, None, "zh").endswith("今天还没有记录。")
    assert render_summary(day, None, "en").endswith("Nothing recorded today.")


def test_growth_line_shows_the_percentile_when_known() -> None:
    day = summarise_day([RecordView("growth", at(3, 9), None, {"weight_kg": 6.2})], SHANGHAI, JUNE_3)
    assert day.growth is not None
    day.growth = replace(day.growth, weight_percentile=48.6)
    assert "生长：体重 6.2kg（P49）" in render_summary(day, None, "zh")


def test_durations_read_naturally() -> None:
    assert [duration_text(m) for m in (45, 60, 125)] == ["45分钟", "1小时", "2小时5分"]
    assert [duration_text(m, "en") for m in (12, 60, 125)] == ["12 min", "1 h", "2 h 5 min"]   # never "12m"


def test_week_report_averages_the_recorded_days() -> None:
    feeds = [RecordView("feeding", at(d, 9), None, {"kind": "formula", "method": "bottle",
                                                    "amount_ml": 100 * d}) for d in (2, 4)]
    dates = [date(2025, 6, d) for d in range(1, 8)]
    text = render_week(list(summarise_days(feeds, SHANGHAI, dates).values()), "zh")
    assert text.splitlines()[0] == "本周小结（6/1–6/7）"
    assert "记录了 2 天：日均奶量 300ml" in text


def test_week_chart_data_has_one_value_per_day_in_order() -> None:
    dates = [JUNE_3 - timedelta(days=i) for i in range(6, -1, -1)]
    days = summarise_days(a_day(), SHANGHAI, dates)
    data = week_chart_data(list(reversed(days.values())))
    assert data.days == tuple(dates)
    assert data.milk_ml[-1] == 120 and data.diapers[-1] == 1
    assert data.sleep_h[-2:] == (0.0, 11.5)          # the night 20:00–06:00 is the 3rd's, whole


def test_fawn_help_lists_every_benchmark(capsys) -> None:
    from bot.cli import main as fawn
    from bot.devtools.bench import NAMES
    from bot.devtools.bench.command import BENCHMARKS

    assert sorted(NAMES) == sorted(BENCHMARKS)
    assert fawn(["--help"]) == 0
    assert "fawn bench " + "|".join(NAMES) in capsys.readouterr().out


def test_bench_refuses_an_unknown_benchmark() -> None:
    assert bench_main(["nonsense"]) == 2


def test_comparisons_for_a_seeded_week_average_seven_days() -> None:
    feeds = [RecordView("feeding", at(d, 9), None, {"kind": "formula", "method": "bottle",
                                                    "amount_ml": 70}) for d in range(1, 10)]
    dates = [date(2025, 6, 9) - timedelta(days=i) for i in range(7, -1, -1)]
    comparisons = compare(summarise_days(feeds, SHANGHAI, dates), date(2025, 6, 9))
    assert comparisons.week_average == KeyMetrics(70, 1, None, None)     # no sleep nor diapers on record
