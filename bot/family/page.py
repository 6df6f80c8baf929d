"""The family page's read port: who may look (a signed link's member, a Telegram Mini App user) and
what they see — today's totals and timeline, the last 7 or 30 days (totals a day, the rhythm), weight,
length and head against WHO lines, the records that happened last with who wrote them. Reads only, each
in its own unit of work; the web layer renders it."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from bot.clock import Clock, utc_now
from bot.push.charts import GrowthChartData
from bot.push.summaries import growth_chart_data
from domain.summary.days import Comparisons, DaySummary, day_bounds, summarise_days, summarise_with_comparisons
from domain.summary.rhythm import Rhythm, day_rhythm
from domain.turn import BabyView, RecordView
from domain.units import METRIC, DisplayUnits
from storage.engine import Database
from storage.repositories.families import FamilyInfo
from storage.unit_of_work import UnitOfWork

PERIODS = (7, 30)            # the page shows the last 7 days, or with ?days=30 the last 30
LATEST = 12
GROWTH_MEASURES = ("weight_kg", "height_cm", "head_cm")


@dataclass(frozen=True)
class Viewer:
    """A member of a family, as the page knows them."""

    family_id: int
    member_id: int
    name: str


@dataclass(frozen=True)
class Entry:
    """A record on the page, with its baby and who wrote it (None: imported or seeded)."""

    record: RecordView
    baby: str
    author: str | None


@dataclass(frozen=True)
class BabyPage:
    baby: BabyView
    today: DaySummary
    comparisons: Comparisons
    rhythm: Rhythm
    growth: dict[str, GrowthChartData]      # weight_kg, height_cm, head_cm: those that can be drawn
    days: tuple[DaySummary, ...] = ()       # the period's days, oldest first (today: so far)


@dataclass(frozen=True)
class FamilyPage:
    viewer: Viewer
    language: str
    now: datetime                     # local
    babies: tuple[BabyPage, ...]
    timeline: tuple[Entry, ...]       # today's records (and the night that reached into today), by time
    latest: tuple[Entry, ...]         # the records that happened last, newest first
    units: DisplayUnits = METRIC      # the family's display units and clock
    days: int = PERIODS[0]            # the period shown: 7 or 30 days

    @property
    def is_empty(self) -> bool:
        """Nothing recorded yet: the page says what to say in the chat."""
        return not self.latest and not self.timeline


class FamilyPages:
    def __init__(self, database: Database, clock: Clock = utc_now) -> None:
        self.database = database
        self.clock = clock

    async def viewer(self, family_id: int, member_id: int) -> Viewer | None:
        """The member, when they (still) belong to this family."""
        async with self.database.unit_of_work() as uow:
            member = await uow.families.member_by_id(family_id, member_id)
        return Viewer(family_id, member.id, member.title or member.display_name) if member else None

    async def viewer_by_platform(self, platform: str, family_id: int, platform_user_id: str) -> Viewer | None:
        async with self.database.unit_of_work() as uow:
            member = await uow.families.member(family_id, platform_user_id)
        return Viewer(family_id, member.id, member.title or member.display_name) if member else None

    async def telegram_viewer(self, user_id: str, start_param: str | None) -> Viewer | None:
        """The family a Telegram user opens the Mini App for: the one `start_param` (`f<id>`) names, or
        their only family; None when they are in none, or in several and did not say which."""
        async with self.database.unit_of_work() as uow:
            memberships = await uow.families.memberships("telegram", user_id)
        wanted = start_param[1:] if start_param and start_param.startswith("f") else None
        chosen = [(f, m) for f, m in memberships if wanted is None or str(f.id) == wanted]
        if len(chosen) != 1:
            return None
        family, member = chosen[0]
        return Viewer(family.id, member.id, member.title or member.display_name)

    async def page(self, viewer: Viewer, days: int = PERIODS[0]) -> FamilyPage | None:
        """The page as `viewer` sees it, over the last `days` (7, or 30; anything else is 7)."""
        async with self.database.unit_of_work() as uow:
            family = await uow.families.get(viewer.family_id)
            if family is None:
                return None
            return await _page(uow, family, viewer, self.clock(), days if days in PERIODS else PERIODS[0])


async def _page(uow: UnitOfWork, family: FamilyInfo, viewer: Viewer, now: datetime, days: int) -> FamilyPage:
    zone = family.tz
    local_now = now.astimezone(zone)
    today = local_now.date()
    babies = await uow.families.babies(family.id)
    authors = {m.id: m.title or m.display_name for m in await uow.families.members(family.id)}
    names = {b.id: b.name for b in babies}
    start, end = day_bounds(today, zone)
    todays = await uow.records.in_window(family.id, start, end, zone)
    latest = await uow.records.latest_happened(family.id, now, LATEST, zone)

    def entry(r: RecordView) -> Entry:
        return Entry(r, names.get(r.baby_id, ""), authors.get(r.created_by) if r.created_by else None)

    pages = [await _baby_page(uow, family, baby, today, now, days) for baby in babies]
    return FamilyPage(viewer, family.language, local_now, tuple(pages),
                      tuple(entry(r) for r in sorted(todays, key=_time)), tuple(entry(r) for r in latest),
                      family.units, days)


async def _baby_page(uow: UnitOfWork, family: FamilyInfo, baby: BabyView, today: date, now: datetime,
                     days: int) -> BabyPage:
    """Today and its comparisons (the 7 days before), the period's days and rhythm, the growth curves: the
    same numbers the summary and the week chart count (domain/summary)."""
    zone = family.tz
    dates = [today - timedelta(days=i) for i in range(max(days, 7) + 1)]
    since, _ = day_bounds(min(dates), zone)
    _, until = day_bounds(today, zone)
    records = (await uow.records.touching([family.id], since, until)).get(family.id, {}).get(baby.id, [])
    day, comparisons = summarise_with_comparisons(records, zone, today, now)
    shown = sorted(dates)[-days:]
    period = summarise_days(records, zone, shown[:-1])
    rhythm = day_rhythm(records, zone, shown, now)
    measured = await uow.records.growth(baby.id)
    growth = {m: data for m in GROWTH_MEASURES if (data := growth_chart_data(baby, measured, m, zone)) is not None}
    return BabyPage(baby, day, comparisons, rhythm, growth, (*(period[d] for d in shown[:-1]), day))


def _time(record: RecordView) -> datetime:
    return record.fields.get("start") or record.fields.get("time") or record.created_at
