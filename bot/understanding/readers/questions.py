"""Questions: which metric, which period. Answered later from the database, never by a model."""
from __future__ import annotations

import re
from datetime import datetime

from bot.understanding import words as w
from bot.understanding.readers.question_period import read_daypart, read_period
from domain.extraction import Query, QueryMetric, QueryPeriod, QueryShape
from domain.vocabulary import HealthKind, RecordType

_MILK = re.compile(r"奶|喝|milk|bottle|formula|drink|drank|nurs", re.I)
_QUESTION_MARK = re.compile(r"[?？]|吗|呢|多少|几[次点个回片趟天]|多久|多长|什么时候|how (much|many|long)|when\b|what time", re.I)


_TOLD_OF_THE_LAST = re.compile(r"\b(?:that|the)\s+last\s+(?:[a-z]+\s+)?(?:was|is|were)\b|(?:刚才|上)?那[次个条片瓶顿]\S{0,4}?(?:也是|也)",
                               re.I)
_ASKS_PLAINLY = re.compile(r"[?？]|吗|\b(?:what|when|how|which|was it|is it)\b", re.I)


def gives_an_amount(text: str) -> bool:
    """'吸奶两边一共150ml' / 'gave 2.5 ml tylenol, next dose in 6 hours': a statement, not a question."""
    amount = w.AMOUNT_ML.search(text) or w.AMOUNT_OZ.search(text) or w.AMOUNT_G.search(text)
    return bool(amount) and not _QUESTION_MARK.search(text)


def read_query(text: str, now: datetime) -> Query | None:
    """The query a message asks, or None when it is not a question about records."""
    if gives_an_amount(text) or _TOLD_OF_THE_LAST.search(text) and not _ASKS_PLAINLY.search(text):
        return None                     # (that last diaper was poopy too: told of the last one, not asked)
    special = _special(text)            # 体温怎么样 asks the temperature, not for a summary
    if special is not None:
        return special
    if chart := _chart(text):
        return chart
    if curve := _growth_curve(text):
        return curve
    if w.SUMMARY.search(text) and not w.AMOUNT_ML.search(text):
        period = QueryPeriod.WEEK if w.WEEK.search(text) else QueryPeriod.TODAY
        return Query(metric=QueryMetric.SUMMARY, period=period)
    if w.TIMELINE.search(text) or w.ASKED_DAY_STORY.search(text):
        return _with_period(Query(metric=QueryMetric.TIMELINE), text, now)
    if w.ASKED_SINCE.search(text):                  # 多久没换尿布了: the time since the last one
        return _last(text).model_copy(update={"shape": QueryShape.TIME_SINCE})
    if w.ASKED_CURRENT_SLEEP.search(text):          # 睡了多久了: this stretch, when asleep now
        return Query(metric=QueryMetric.SLEEP_TOTAL, shape=QueryShape.CURRENT)
    if w.LAST.search(text) and (w.ASKS.search(text) or _asks_plainly(text) or
                                 _topic(text)[0] is not None and not w.AMOUNT.search(text)):
        return _last(text)
    if w.ASKS.search(text) and _about_records(text):       # 老公你几点回来 / 现在几点了: not about the baby's records
        return _with_period(_total(text), text, now)
    return None


# how many oz / how much has she had: an amount asked of the baby is her feeds
_ASKED_AMOUNT = re.compile(r"\bhow (?:many|much) (?:oz|ounces|ml|mls|bottles?|formula|milk)\b|"
                           r"\bhow much (?:has|did|have) (?:she|he|the baby|baby|bub|(?!you\b|i\b|we\b|they\b)[a-z]+) (?:had|take|taken|eaten|drunk|drank|drink|eat|ate)\b",
                           re.I)


def _about_records(text: str) -> bool:
    return _topic(text)[0] is not None or bool(w.FEEDING_WORDS.search(text) or w.EATING_VERBS.search(text)
                                               or w.AMOUNT.search(text) or w.SLEEP_WORDS.search(text)
                                               or _ASKED_AMOUNT.search(text))


def _special(text: str) -> Query | None:
    """Photos, the next dose, the last temperature, growth: asked in words of their own."""
    if w.PHOTOS.search(text):
        return Query(metric=QueryMetric.PHOTOS)
    medicine = w.ASKED_MEDICINES.search(text)
    if w.NEXT_DOSE.search(text) and (medicine or w.MEDICATION.search(text)):
        return Query(metric=QueryMetric.NEXT_DOSE, detail=medicine.group(0) if medicine else None)
    if w.MEASURE_GIVEN.search(text):
        return None
    if w.ASKED_TEMPERATURE.search(text) and w.TEMPERATURE_ASK.search(text):
        return Query(metric=QueryMetric.TEMPERATURE, detail="highest" if w.ASKED_HIGHEST.search(text) else None)
    if w.GROWTH.search(text):
        return Query(metric=QueryMetric.GROWTH)
    return None


def _asks_plainly(text: str) -> bool:
    """'last feed?' — a short question about the last time, with no other words."""
    return bool(re.fullmatch(r"\s*(the\s+)?(last|latest)\s+\w+(\s+\w+)?\s*[?？]?\s*", text, re.I))


def _last(text: str) -> Query:
    topic, detail = _topic(text)
    if topic is RecordType.FEEDING or topic is None:
        milk = topic is RecordType.FEEDING and _MILK.search(text)      # 多久没喝奶了: the last milk, not a puree
        return Query(metric=QueryMetric.LAST_FEEDING, detail="milk" if milk else None)
    if topic is RecordType.SLEEP:
        return Query(metric=QueryMetric.LAST_SLEEP)
    if topic is RecordType.HEALTH and detail == HealthKind.TEMPERATURE.value:
        return Query(metric=QueryMetric.TEMPERATURE)
    return Query(metric=QueryMetric.LAST_RECORD, record_type=topic, detail=detail)


def _total(text: str) -> Query:
    topic, detail = _topic(text)
    metric = {RecordType.DIAPER: QueryMetric.DIAPER_COUNT, RecordType.PUMPING: QueryMetric.PUMPING_TOTAL,
              RecordType.TUMMY_TIME: QueryMetric.TUMMY_TOTAL, RecordType.SLEEP: QueryMetric.SLEEP_TOTAL,
              }.get(topic, QueryMetric.FEEDING_TOTAL)
    if topic is RecordType.HEALTH:
        counted = QueryMetric.RECORD_COUNT if w.ASKED_COUNT.search(text) else QueryMetric.LAST_RECORD
        return Query(metric=counted, record_type=topic, detail=detail)
    shape = QueryShape.DAILY_AVERAGE if metric is QueryMetric.FEEDING_TOTAL and w.ASKED_AVERAGE.search(text) \
        else QueryShape.TOTAL
    naps = "nap" if metric is QueryMetric.SLEEP_TOTAL and w.ASKED_NAPS.search(text) else None
    return Query(metric=metric, detail=detail if metric is QueryMetric.DIAPER_COUNT else None, shape=shape,
                 sleep_kind=naps)


def _topic(text: str) -> tuple[RecordType | None, str | None]:
    """The record type a question is about, most specific words first."""
    if w.DIAPER_WORDS.search(text) or w.ASKED_SOLID.search(text) or w.ASKED_WET.search(text):
        detail = "solid" if w.ASKED_SOLID.search(text) else "wet" if w.ASKED_WET.search(text) else None
        return RecordType.DIAPER, detail
    if w.ASKED_PUMPING.search(text):
        return RecordType.PUMPING, None
    if w.TUMMY_WORDS.search(text):
        return RecordType.TUMMY_TIME, None
    health = _health_kind(text)
    if health is not None:
        return RecordType.HEALTH, health
    if w.PHOTOS.search(text) or re.search(r"照片|photo", text, re.I):
        return RecordType.PHOTO, None
    if w.SLEEP_WORDS.search(text):
        return RecordType.SLEEP, None
    if w.ASKED_FEEDING.search(text):
        return RecordType.FEEDING, None
    return None, None


def _health_kind(text: str) -> str | None:
    for pattern, kind in ((w.ASKED_TEMPERATURE, HealthKind.TEMPERATURE), (w.VACCINE_WORDS, HealthKind.VACCINE),
                          (w.DOCTOR_WORDS, HealthKind.DOCTOR_VISIT), (w.MEDICATION, HealthKind.MEDICATION),
                          (w.ASKED_MEDICINES, HealthKind.MEDICATION)):
        if pattern.search(text):
            return kind.value
    return None


def _with_period(query: Query, text: str, now: datetime) -> Query:
    period, day = read_period(text, now)
    daypart = read_daypart(text) if query.metric in (QueryMetric.SLEEP_TOTAL, QueryMetric.FEEDING_TOTAL,
                                                     QueryMetric.DIAPER_COUNT) else None
    if query.sleep_kind == "nap":
        daypart = None                  # 今天白天小睡了多久: the naps are the day's already
    return query.model_copy(update={"period": period, "day": day, "daypart": daypart})


_CURVE = re.compile(r"生长曲线|成长曲线|曲线|长高了多少|长了多少|长胖了多少|重了多少|growth (curve|chart)|how much (has|did) (she|he|the baby) grow", re.I)
_CURVE_MEASURE = ((re.compile(r"头围|head", re.I), "head_cm"), (re.compile(r"高|身长|长了多少|height|length|tall", re.I), "height_cm"))


def _chart(text: str) -> Query | None:
    """这周睡眠图 / 作息图 / 喂奶趋势 / 尿布图表 / sleep chart / feeding trend / rhythm chart: a picture of the week."""
    if w.RHYTHM_WORDS.search(text):
        return Query(metric=QueryMetric.CHART, period=QueryPeriod.WEEK, detail="rhythm")
    if not w.PICTURE_WORDS.search(text) or w.GROWTH_CHART_WORDS.search(text):
        return None
    topic = next((name for pattern, name in ((w.DIAPER_WORDS, "diapers"), (w.SLEEP_WORDS, "sleep"),
                                             (w.ASKED_FEEDING, "feeding"), (w.MILK_WORDS, "feeding"))
                  if pattern.search(text)), None)
    if topic is None and not w.WEEK_CHART_WORDS.search(text):
        return None
    return Query(metric=QueryMetric.CHART, period=QueryPeriod.WEEK, detail=topic or "week")


def _growth_curve(text: str) -> Query | None:
    if not _CURVE.search(text):
        return None
    measure = next((m for pattern, m in _CURVE_MEASURE if pattern.search(text)), "weight_kg")
    if re.search(r"胖|重|weight", text, re.I):
        measure = "weight_kg"
    return Query(metric=QueryMetric.GROWTH_CURVE, detail=measure)
