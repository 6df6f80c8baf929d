"""Summary replies (text + chart) from a family's records: the evening push and the on-demand answer
(今天总结一下) are built by the same code, inside the caller's unit of work."""
from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, tzinfo
from pathlib import Path

from bot.protocol import OutgoingReply
from bot.push.chart_pool import draw_in_thread
from bot.push.charts import (
    GrowthChartData,
    WeekChartData,
    merged_week_chart_data,
    render_growth_chart,
    render_rhythm_charts,
    render_week_chart,
    week_chart_data,
)
from bot.push.growth import percentile_lines, with_percentiles
from domain.replies import amounts
from domain.replies.ages import age_text
from domain.replies.amounts import units_shown
from domain.replies.catalog import language_of, text
from domain.replies.summary import render_summary, render_week
from domain.summary.days import (
    DaySummary,
    RecordView,
    day_bounds,
    partial_day_cutoff,
    summarise_days,
    summarise_with_comparisons,
)
from domain.summary.rhythm import day_rhythm
from domain.turn import BabyView
from domain.vocabulary import ReplyKind
from storage.repositories.families import FamilyInfo
from storage.unit_of_work import UnitOfWork

HISTORY_DAYS = 7
ChartDrawer = Callable[..., Awaitable[Path]]
CHART_DAYS = 7
CHART_PANELS = {"week": ("milk", "sleep", "diapers"), "sleep": ("sleep",), "feeding": ("milk",),
                "diapers": ("diapers",)}


@dataclass(frozen=True)
class BabyDays:
    """One baby's day summaries, oldest first, ending with the day asked about, and the
    records they were built from (for comparisons up to the same time of day)."""

    baby: BabyView
    days: list[DaySummary]
    records: list[RecordView] = field(default_factory=list)
    as_of: datetime | None = None

    @property
    def today(self) -> DaySummary:
        return self.days[-1]

    def by_date(self) -> dict[date, DaySummary]:
        return {d.local_date: d for d in self.days}


class SummaryBuilder:
    """Builds the daily summary, the weekly report and the growth curve of one family."""

    def __init__(self, chart_dir: Path | None = None, draw: ChartDrawer = draw_in_thread) -> None:
        self.chart_dir = chart_dir or Path(tempfile.gettempdir()) / "fawn-charts"
        self.draw = draw           # how a picture is drawn: a thread, or a process pool (bot/push/chart_pool.py)

    async def load_days(self, uow: UnitOfWork, family: FamilyInfo, local_date: date,
                        as_of: datetime | None = None) -> list[BabyDays]:
        """Each baby's summaries for `local_date` and the 7 days before it."""
        return (await self.load_days_of(uow, [family], local_date, as_of))[family.id]

    async def load_days_of(self, uow: UnitOfWork, families: Sequence[FamilyInfo], local_date: date,
                           as_of: datetime | None = None) -> dict[int, list[BabyDays]]:
        """`load_days` for families due at the same minute (one zone): their babies and records in two
        reads, whatever their number."""
        if not families:
            return {}
        tz = families[0].tz
        dates = [local_date - timedelta(days=i) for i in range(HISTORY_DAYS, -1, -1)]
        since, _ = day_bounds(dates[0], tz)
        _, until = day_bounds(local_date, tz)
        ids = [f.id for f in families]
        babies = await uow.families.babies_of(ids)
        records = await uow.records.touching(ids, since, until)
        loaded: dict[int, list[BabyDays]] = {}
        for f in families:
            loaded[f.id] = [BabyDays(baby, _ordered(summarise_days(records.get(f.id, {}).get(baby.id, []), f.tz, dates,
                                                                   as_of)), records.get(f.id, {}).get(baby.id, []),
                                     as_of) for baby in babies.get(f.id, [])]
            if len(families) > 1:
                await asyncio.sleep(0)          # a chat turn waiting gets in between two families
        return loaded

    async def daily_reply(self, uow: UnitOfWork, family: FamilyInfo, local_date: date,
                          as_of: datetime | None = None, chart: bool = True) -> OutgoingReply:
        return await self.daily_reply_of(await self.load_days(uow, family, local_date, as_of), family,
                                         local_date, chart)

    async def daily_reply_of(self, per_baby: list[BabyDays], family: FamilyInfo, local_date: date,
                             chart: bool = True) -> OutgoingReply:
        """The day's summary from days already loaded (`load_days`, or `load_days_of` for a batch)."""
        with units_shown(family.units):
            texts = [daily_text(b, family) for b in per_baby]
        image = None
        if chart and per_baby:
            path = self.chart_dir / f"daily-{family.id}-{local_date}.png"
            image = await self.draw(render_week_chart, chart_data(per_baby, family.tz), path, family.language,
                                    CHART_PANELS["week"], family.units.volume)
        return OutgoingReply(ReplyKind.ANSWER, "\n\n".join(texts) or _no_baby(family), image=image,
                             language=family.language)

    async def weekly_reply(self, uow: UnitOfWork, family: FamilyInfo, local_date: date,
                           as_of: datetime | None = None) -> OutgoingReply:
        return await self.weekly_reply_of(await self.load_days(uow, family, local_date, as_of), family, local_date)

    async def weekly_reply_of(self, per_baby: list[BabyDays], family: FamilyInfo, local_date: date) -> OutgoingReply:
        """Sunday's report from the same days the daily summary was made from."""
        names = len(per_baby) > 1
        with units_shown(family.units):
            texts = [render_week(b.days[1:], family.language, b.baby.name if names else None)
                     for b in per_baby]
        image = None
        if per_baby:
            path = self.chart_dir / f"weekly-{family.id}-{local_date}.png"
            image = await self.draw(render_week_chart, chart_data(per_baby, family.tz), path, family.language,
                                    CHART_PANELS["week"], family.units.volume)
        return OutgoingReply(ReplyKind.ANSWER, "\n\n".join(texts) or _no_baby(family), image=image,
                             language=family.language)

    async def chart_reply(self, uow: UnitOfWork, family: FamilyInfo, chart: str, as_of: datetime) -> OutgoingReply:
        """这周睡眠图 / 喂奶趋势 / 尿布图表 / 这周图表: the last 7 days' panel(s); 作息图: the week's rhythm."""
        local_date = as_of.astimezone(family.tz).date()
        per_baby = await self.load_days(uow, family, local_date, as_of)
        if not per_baby:
            return OutgoingReply(ReplyKind.ANSWER, _no_baby(family), language=family.language)
        lang = language_of(family.language)
        path = self.chart_dir / f"{chart}-{family.id}-{local_date}.png"
        first = local_date - timedelta(days=CHART_DAYS - 1)
        if chart == "rhythm":                   # twins: a rhythm each, one under the other
            dates = [first + timedelta(days=i) for i in range(CHART_DAYS)]
            rhythms = [(b.baby.name, day_rhythm(b.records, family.tz, dates, as_of)) for b in per_baby]
            image = await self.draw(render_rhythm_charts, rhythms, path, family.language, family.units)
            names = text(lang, "sep.and").join(b.baby.name for b in per_baby)
            words = text(lang, "chart_reply.rhythm", first=first, last=local_date, baby=names)
        else:
            image = await self.draw(render_week_chart, chart_data(per_baby, family.tz), path, family.language,
                                    CHART_PANELS[chart], family.units.volume)
            words = text(lang, f"chart_reply.{chart}", first=first, last=local_date)
        return OutgoingReply(ReplyKind.ANSWER, words, image=image, language=family.language)

    async def growth_reply(self, uow: UnitOfWork, family: FamilyInfo, measure: str = "weight_kg"
                           ) -> OutgoingReply:
        """Each baby's growth curve against WHO percentile lines: one image with a panel per
        baby that has something to plot, and a line of text per baby."""
        babies = await uow.families.babies(family.id)
        growth = {baby.id: await uow.records.growth(baby.id) for baby in babies}
        data = [(baby, growth_chart_data(baby, growth[baby.id], measure, family.tz))
                for baby in babies]
        plotted = [d for _, d in data if d is not None]
        if not plotted:
            return OutgoingReply(ReplyKind.ANSWER, text(language_of(family.language), "growth_curve.none"),
                                 language=family.language)
        path = self.chart_dir / f"growth-{family.id}-{measure}.png"
        image = await self.draw(render_growth_chart, plotted, path, family.language, family.units)
        with units_shown(family.units):
            texts = [growth_text(baby, d, family.language) if d is not None
                     else _no_growth(baby, family.language) for baby, d in data]
        return OutgoingReply(ReplyKind.ANSWER, "\n".join(texts), image=image, language=family.language)


def chart_data(per_baby: Sequence[BabyDays], tz: tzinfo | None = None) -> WeekChartData:
    """The last 7 days of every baby, a series each (named when there are twins); the last day is
    "so far" when the summary is made before that day is over."""
    named = len(per_baby) > 1
    return merged_week_chart_data([week_chart_data(
        b.days[1:], b.baby.name if named else "", title=b.baby.name,
        so_far=tz is not None and partial_day_cutoff(b.today.local_date, tz, b.as_of) is not None)
        for b in per_baby])


def daily_text(baby_days: BabyDays, family: FamilyInfo) -> str:
    baby, local_date = baby_days.baby, baby_days.today.local_date
    today, comparisons = summarise_with_comparisons(baby_days.records, family.tz, local_date,
                                                    baby_days.as_of)
    if today.growth is not None:
        today.growth = with_percentiles(today.growth, baby.sex, baby.birth_date, today.local_date)
    return render_summary(today, comparisons, family.language, baby.name, family.tz)


def growth_chart_data(baby: BabyView, growth: Sequence[RecordView], measure: str,
                      tz: tzinfo) -> GrowthChartData | None:
    if baby.birth_date is None or baby.sex not in ("male", "female"):
        return None
    points = tuple(((g.start.astimezone(tz).date() - baby.birth_date).days, float(g.fields[measure]))
                   for g in growth if g.fields.get(measure) is not None)
    if not points:
        return None
    until = max(day for day, _ in points) + 28
    return GrowthChartData(measure, points, percentile_lines(measure, baby.sex, until), baby.name)


def growth_text(baby: BabyView, data: GrowthChartData, language: str) -> str:
    """The latest measure and its change since the first, in the family's units (of `units_shown`) and
    ages in words: "Mia: 12 lb 6 oz at 3 months (+4 lb 2 oz since 3 weeks)"."""
    (first_day, first), (last_day, last) = data.points[0], data.points[-1]
    lang = language_of(language)
    value, age = amounts.measure(data.measure, last, lang), age_text(last_day, lang)
    if len(data.points) == 1:
        return text(lang, "growth_curve.line_one", baby=baby.name, value=value, age=age)
    change = amounts.measure(data.measure, abs(last - first), lang)
    if amounts.measure(data.measure, last, lang) == amounts.measure(data.measure, first, lang):
        return text(lang, "growth_curve.line_same", baby=baby.name, value=value, age=age,
                    first_age=age_text(first_day, lang))
    return text(lang, "growth_curve.line", baby=baby.name, value=value, age=age,
                change=("+" if last > first else "-") + change, first_age=age_text(first_day, lang))


def _ordered(days: dict[date, DaySummary]) -> list[DaySummary]:
    return [days[d] for d in sorted(days)]


def _no_baby(family: FamilyInfo) -> str:
    return text(language_of(family.language), "summary.no_baby")


def _no_growth(baby: BabyView, language: str) -> str:
    return text(language_of(language), "growth_curve.baby_none", baby=baby.name)
