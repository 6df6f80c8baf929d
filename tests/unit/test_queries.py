"""Questions answered from records by the pure domain: windows, totals, last times, growth, doses, photos."""
from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from domain.extraction import Extraction, Intent, Query, QueryMetric, QueryPeriod
from domain.queries.answer import answer_query, query_window
from domain.queries.latest import FACTS_PERCENTILES
from domain.replies.render import render
from domain.summary.days import RecordView as SummaryView
from domain.summary.days import summarise_day
from domain.turn import BabyView, MemberView, RecordView, Turn
from domain.vocabulary import Language, RecordType, ReplyKind, Role

ZONE = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 20, 15, tzinfo=ZONE)          # a Monday
MI = BabyView(1, "小米", ("米米",), date(2026, 3, 1), "female")
MAI = BabyView(2, "小麦", (), date(2026, 3, 1), "male")
GUEST = MemberView(9, Role.FRIEND, "小王")


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 5, day, hour, minute, tzinfo=ZONE)


def rec(rid: int, rtype: RecordType, baby: int = 1, **fields) -> RecordView:
    return RecordView(rid, rtype, baby, fields, created_at=NOW)


def ask(query: Query, records: list[RecordView], babies=(MI,), baby: str | None = None,
        facts: dict | None = None, lang: Language = Language.ZH, now: datetime = NOW) -> tuple[dict, str]:
    turn = Turn(member=GUEST, extraction=Extraction(intent=Intent.QUERY, query=query, baby=baby), now=now,
                babies=tuple(babies), language=lang, query_records=tuple(records), query_facts=facts or {})
    reply = answer_query(query, turn)
    assert reply.kind is ReplyKind.ANSWER
    return reply.values, render(reply, lang, now)


def test_windows_for_today_yesterday_week_and_a_date() -> None:
    q = Query(metric=QueryMetric.FEEDING_TOTAL)
    assert query_window(q, NOW) == (at(4, 0), NOW)
    assert query_window(q.model_copy(update={"period": QueryPeriod.YESTERDAY}), NOW) == (at(3, 0), at(4, 0))
    thursday = at(7, 9)
    assert query_window(q.model_copy(update={"period": QueryPeriod.WEEK}), thursday) == (at(4, 0), thursday)
    dated = q.model_copy(update={"period": QueryPeriod.DATE, "day": date(2026, 5, 1)})
    assert query_window(dated, NOW) == (at(1, 0), at(2, 0))


def test_daytime_is_six_to_six_and_night_runs_to_the_next_morning() -> None:
    q = Query(metric=QueryMetric.SLEEP_TOTAL, period=QueryPeriod.YESTERDAY, daypart="day")
    assert query_window(q, NOW) == (at(3, 6), at(3, 18))
    night = q.model_copy(update={"daypart": "night"})
    assert query_window(night, NOW) == (at(3, 12), at(4, 12))      # the night's sleeps start noon to noon
    morning = at(4, 8)
    tonight = Query(metric=QueryMetric.SLEEP_TOTAL, daypart="night")
    assert query_window(tonight, morning) == (at(3, 12), morning)     # 晚上睡了多久, asked at 8am
    feeds = Query(metric=QueryMetric.FEEDING_TOTAL, period=QueryPeriod.YESTERDAY, daypart="night")
    assert query_window(feeds, NOW) == (at(3, 18), at(4, 6))


def test_last_night_is_the_same_night_the_summary_counts() -> None:
    records = [rec(1, RecordType.SLEEP, start=at(3, 20), end=at(3, 23, 50), nap=False),
               rec(2, RecordType.SLEEP, start=at(4, 0, 30), end=at(4, 6, 30), nap=False),
               rec(3, RecordType.SLEEP, start=at(3, 14), end=at(3, 15), nap=True)]
    q = Query(metric=QueryMetric.SLEEP_TOTAL, period=QueryPeriod.YESTERDAY, daypart="night")
    values, _ = ask(q, records)
    night = summarise_day([SummaryView("sleep", r.fields["start"], r.fields["end"], r.fields) for r in records],
                          NOW.tzinfo, NOW.date())
    assert values["sections"][0]["total_min"] == night.sleep.night_min == 230 + 360


def test_daytime_sleep_counts_only_the_part_inside_the_window() -> None:
    records = [rec(1, RecordType.SLEEP, start=at(2, 21), end=at(3, 6, 30)),
               rec(2, RecordType.SLEEP, start=at(3, 9), end=at(3, 10, 30), nap=True),
               rec(3, RecordType.SLEEP, start=at(3, 19, 30), end=at(4, 5, 30))]
    q = Query(metric=QueryMetric.SLEEP_TOTAL, period=QueryPeriod.YESTERDAY, daypart="day")
    values, text = ask(q, records)
    assert values["sections"][0]["total_min"] == 120 and values["sections"][0]["count"] == 2
    assert "昨天白天一共睡了 2小时（2段）" in text


def test_feeding_total_counts_only_the_day_asked() -> None:
    records = [rec(1, RecordType.FEEDING, start=at(3, 23), kind="formula", amount_ml=100),
               rec(2, RecordType.FEEDING, start=at(4, 8), kind="formula", amount_ml=120),
               rec(3, RecordType.FEEDING, start=at(4, 12), kind="breast_milk", amount_ml=90)]
    _, text = ask(Query(metric=QueryMetric.FEEDING_TOTAL), records)
    assert "今天喂了2次，共 210ml" in text
    _, text = ask(Query(metric=QueryMetric.FEEDING_TOTAL, period=QueryPeriod.DATE, day=date(2026, 5, 3)), records)
    assert text.startswith("5月3日喂了1次，共 100ml")


def test_diaper_counts_wet_and_dirty() -> None:
    records = [rec(1, RecordType.DIAPER, time=at(4, 8), wet=True),
               rec(2, RecordType.DIAPER, time=at(4, 11), wet=True, solid=True),
               rec(3, RecordType.DIAPER, time=at(4, 15), solid=True)]
    _, text = ask(Query(metric=QueryMetric.DIAPER_COUNT), records)
    assert text == "今天换了3次尿布（尿2次，便2次）。"
    _, text = ask(Query(metric=QueryMetric.DIAPER_COUNT, detail="solid"), records, lang=Language.EN)
    assert text == "Today: 2 dirty diapers (3 diapers in all)."


def test_pumping_and_tummy_time_totals() -> None:
    pumped = [rec(1, RecordType.PUMPING, start=at(4, 6), amount_ml=120, side="both"),
              rec(2, RecordType.PUMPING, start=at(4, 13), amount_ml=150)]
    assert "吸奶2次，共 270ml" in ask(Query(metric=QueryMetric.PUMPING_TOTAL), pumped)[1]
    tummy = [rec(1, RecordType.TUMMY_TIME, start=at(4, 9), duration_min=10),
             rec(2, RecordType.TUMMY_TIME, start=at(4, 16), end=at(4, 16, 15))]
    assert "今天趴了2次，共 25分钟" in ask(Query(metric=QueryMetric.TUMMY_TOTAL), tummy)[1]


def test_last_time_names_the_record_and_how_long_ago() -> None:
    records = [rec(1, RecordType.HEALTH, time=at(4, 14), kind="temperature", temperature_c=38.1),
               rec(2, RecordType.HEALTH, time=at(4, 14, 15), kind="medication", medication="美林",
                   dose=2.5, dose_unit="ml")]
    q = Query(metric=QueryMetric.LAST_RECORD, record_type=RecordType.HEALTH, detail="medication")
    _, text = ask(q, records)
    assert text == "上一次：用药 美林 2.5ml @ 14:15（6小时前）"


def test_nothing_recorded_says_so() -> None:
    q = Query(metric=QueryMetric.LAST_RECORD, record_type=RecordType.DIAPER)
    assert ask(q, [])[1] == "还没有尿布记录。"
    assert ask(Query(metric=QueryMetric.LAST_FEEDING), [], lang=Language.EN)[1] == \
        "Nothing like that in the last 7 days."


def test_growth_shows_the_latest_of_each_measure_with_its_percentile() -> None:
    records = [rec(1, RecordType.GROWTH, time=at(1, 10), weight_kg=6.2, height_cm=58),
               rec(2, RecordType.GROWTH, time=datetime(2026, 4, 1, 10, tzinfo=ZONE), weight_kg=4.6, head_cm=37)]
    facts = {FACTS_PERCENTILES: {1: {"weight_kg": 48.4, "height_cm": 67.3}}}
    _, text = ask(Query(metric=QueryMetric.GROWTH), records, facts=facts)
    assert text == ("体重 6.2kg（5月1日），同龄女孩第 48 百分位；身高 58cm（5月1日），第 67 百分位；"
                    "头围 37cm（4月1日）。")
    _, text = ask(Query(metric=QueryMetric.GROWTH), records, facts=facts, lang=Language.EN)
    assert text.startswith("Weight 6.2 kg (May 1), 48th percentile for girls of the same age; height 58 cm")


def test_next_dose_is_the_last_dose_plus_its_interval() -> None:
    records = [rec(1, RecordType.HEALTH, time=at(4, 14, 30), kind="medication", medication="美林",
                   dose=2.5, dose_unit="ml", next_dose_after_h=6),
               rec(2, RecordType.HEALTH, time=at(4, 8), kind="medication", medication="美林", next_dose_after_h=6)]
    values, text = ask(Query(metric=QueryMetric.NEXT_DOSE, detail="美林"), records, now=at(4, 18, 45))
    assert values["sections"][0]["doses"][0]["next_at"] == at(4, 20, 30)
    assert text == "美林：上次 14:30（2.5ml），间隔6小时，下次 20:30 以后（还要 1小时45分钟）"
    _, text = ask(Query(metric=QueryMetric.NEXT_DOSE, detail="泰诺林"), records)
    assert text == "最近没有泰诺林的用药记录。"


def test_photos_send_the_newest_file_and_list_captions() -> None:
    records = [rec(1, RecordType.PHOTO, time=at(2, 10), caption="第一次笑", file="p/a.jpg"),
               rec(2, RecordType.PHOTO, time=at(4, 16), caption="去公园", file="p/b.jpg")]
    values, text = ask(Query(metric=QueryMetric.PHOTOS), records)
    assert values["image"] == "p/b.jpg"
    assert text == "最近的照片（2张）：\n• 16:00 去公园\n• 5月2日 10:00 第一次笑"
    values, _ = ask(Query(metric=QueryMetric.PHOTOS), [])
    assert "image" not in values


def test_twins_answer_for_the_baby_named_else_for_each() -> None:
    records = [rec(1, RecordType.FEEDING, 1, start=at(4, 8), kind="formula", amount_ml=100),
               rec(2, RecordType.FEEDING, 2, start=at(4, 9), kind="formula", amount_ml=130)]
    q = Query(metric=QueryMetric.FEEDING_TOTAL)
    _, text = ask(q, records, babies=(MI, MAI), baby="米米")
    assert text == "小米：今天喂了1次，共 100ml（配方奶 100ml）。"
    _, text = ask(q, records, babies=(MI, MAI))
    assert text.splitlines() == ["小米：今天喂了1次，共 100ml（配方奶 100ml）。",
                                 "小麦：今天喂了1次，共 130ml（配方奶 130ml）。"]


def test_timeline_lists_every_type_in_order() -> None:
    records = [rec(2, RecordType.DIAPER, time=at(4, 7, 30), wet=True),
               rec(1, RecordType.FEEDING, start=at(4, 7), kind="formula", amount_ml=120),
               rec(3, RecordType.NOTE, time=at(4, 16), text="去公园")]
    _, text = ask(Query(metric=QueryMetric.TIMELINE), records)
    assert text == "• 配方奶 120ml @ 07:00\n• 尿布：尿 @ 07:30\n• 备注：去公园 @ 16:00"


def test_a_summary_is_left_to_the_summary_service() -> None:
    q = Query(metric=QueryMetric.SUMMARY, period=QueryPeriod.WEEK)
    reply = answer_query(q, Turn(member=GUEST, extraction=Extraction(intent=Intent.QUERY, query=q), now=NOW,
                                 babies=(MI,)))
    assert reply.key == "query_summary" and reply.values["period"] is QueryPeriod.WEEK


def test_future_records_are_not_the_last_time() -> None:
    records = [rec(1, RecordType.FEEDING, start=NOW + timedelta(hours=2), kind="formula", amount_ml=90),
               rec(2, RecordType.FEEDING, start=at(4, 18), kind="formula", amount_ml=120)]
    values, _ = ask(Query(metric=QueryMetric.LAST_FEEDING), records)
    assert values["sections"][0]["last"].id == 2
