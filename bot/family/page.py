"""The family page's read port: who may look (a signed link's member, a Telegram Mini App user) and
what they see — today's timeline, the week's rhythm, totals, growth against WHO lines, the latest
records with who wrote them. Reads only, each in its own unit of work; the web layer renders it."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from bot.clock import Clock, utc_now
from bot.push.charts import GrowthChartData
from bot.push.summaries import growth_chart_data
from domain.summary.days import Comparisons, DaySummary, day_bounds, summarise_with_comparisons
from domain.summary.rhythm import Rhythm, day_rhythm
from domain.turn import BabyView, RecordView
from domain.units import METRIC, DisplayUnits
from storage.engine import Database
from storage.repositories.families import FamilyInfo
from storage.unit_of_work import UnitOfWork

RHYTHM_DAYS = 7
LATEST = 12


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
    growth: GrowthChartData | None


@dataclass(frozen=True)
class FamilyPage:
    viewer: Viewer
    language: str
    now: datetime                     # local
    babies: tuple[BabyPage, ...]
    timeline: tuple[Entry, ...]       # today's records, by time
    latest: tuple[Entry, ...]         # the newest written, newest first
    units: DisplayUnits = METRIC      # the family's display units


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

    async def page(self, viewer: Viewer) -> FamilyPage | None:
        async with self.database.unit_of_work() as uow:
            family = await uow.families.get(viewer.family_id)
            if family is None:
                return None
            return await _page(uow, family, viewer, self.clock())


async def _page(uow: UnitOfWork, family: FamilyInfo, viewer: Viewer, now: datetime) -> FamilyPage:
    zone = family.tz
    local_now = now.astimezone(zone)
    today = local_now.date()
    babies = await uow.families.babies(family.id)
    authors = {m.id: m.title or m.display_name for m in await uow.families.members(family.id)}
    names = {b.id: b.name for b in babies}
    start, end = day_bounds(today, zone)
    todays = await uow.records.in_window(family.id, start, end, zone)
    latest = await uow.records.recent(family.id, LATEST, zone)

    def entry(r: RecordView) -> Entry:
        return Entry(r, names.get(r.baby_id, ""), authors.get(r.created_by) if r.created_by else None)

    pages = [await _baby_page(uow, family, baby, today, now) for baby in babies]
    return FamilyPage(viewer, family.language, local_now, tuple(pages),
                      tuple(entry(r) for r in sorted(todays, key=_time)), tuple(entry(r) for r in latest),
                      family.units)


async def _baby_page(uow: UnitOfWork, family: FamilyInfo, baby: BabyView, today: date, now: datetime) -> BabyPage:
    zone = family.tz
    dates = [today - timedelta(days=i) for i in range(RHYTHM_DAYS + 1)]
    since, _ = day_bounds(min(dates), zone)
    _, until = day_bounds(today, zone)
    records = (await uow.records.touching([family.id], since, until)).get(family.id, {}).get(baby.id, [])
    day, comparisons = summarise_with_comparisons(records, zone, today, now)
    rhythm = day_rhythm(records, zone, sorted(dates)[-RHYTHM_DAYS:], now)
    growth = growth_chart_data(baby, await uow.records.growth(baby.id), "weight_kg", zone)
    return BabyPage(baby, day, comparisons, rhythm, growth)


def _time(record: RecordView) -> datetime:
    return record.fields.get("start") or record.fields.get("time") or record.created_at
