"""The values a day's summary is made of (pure data, no behaviour beyond small helpers)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, time
from typing import Any

from domain.vocabulary import MILK_KINDS


@dataclass(frozen=True, slots=True)
class RecordView:
    """One stored record as the summary sees it. `start` is the record's time."""

    type: str
    start: datetime
    end: datetime | None = None
    fields: Mapping[str, Any] = field(default_factory=dict)
    id: int | None = None


@dataclass(slots=True)
class FeedingTotals:
    count: int = 0                         # milk feeds: bottles and breastfeeding sessions
    ml_by_kind: dict[str, float] = field(default_factory=dict)   # formula, breast_milk, ..., water
    breast_sessions: int = 0
    breast_minutes: float = 0.0
    solid_count: int = 0
    solid_g: float = 0.0
    solid_foods: list[str] = field(default_factory=list)

    @property
    def milk_ml(self) -> float:
        return sum(v for k, v in self.ml_by_kind.items() if k in MILK_KINDS)


@dataclass(slots=True)
class SleepTotals:
    total_min: float = 0.0
    night_min: float = 0.0
    nap_min: float = 0.0
    nap_count: int = 0
    longest_min: float = 0.0
    night_wakings: int = 0
    asleep_since: datetime | None = None   # an open sleep counted up to `as_of`


@dataclass(slots=True)
class DiaperTotals:
    count: int = 0
    wet: int = 0
    solid: int = 0


@dataclass(frozen=True, slots=True)
class GrowthMeasure:
    time: datetime
    weight_kg: float | None = None
    height_cm: float | None = None
    head_cm: float | None = None
    weight_percentile: float | None = None   # filled in by the shell (WHO tables)
    height_percentile: float | None = None
    head_percentile: float | None = None


@dataclass(frozen=True, slots=True)
class HealthEvent:
    time: datetime
    kind: str
    fields: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Note:
    time: datetime
    text: str


@dataclass(slots=True)
class DaySummary:
    local_date: date
    feeding: FeedingTotals = field(default_factory=FeedingTotals)
    sleep: SleepTotals = field(default_factory=SleepTotals)
    diapers: DiaperTotals = field(default_factory=DiaperTotals)
    growth: GrowthMeasure | None = None
    health: list[HealthEvent] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    pumping_ml: float = 0.0
    pumping_count: int = 0
    tummy_min: float = 0.0
    record_count: int = 0

    @property
    def is_empty(self) -> bool:
        return self.record_count == 0 and self.sleep.total_min == 0 and self.sleep.asleep_since is None


@dataclass(frozen=True, slots=True)
class KeyMetrics:
    """The numbers compared day to day; None where the day has no records of that kind (a day without
    feeds is not a day of 0 ml, and nothing is compared with it)."""

    milk_ml: float | None
    feed_count: float | None
    sleep_min: float | None
    diaper_count: float | None


@dataclass(frozen=True, slots=True)
class Comparisons:
    yesterday: KeyMetrics | None = None
    week_average: KeyMetrics | None = None   # over the 7 days before, each number over the days that have it
    until: time | None = None                # set: each earlier day counted up to this local time
