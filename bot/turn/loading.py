"""Loads everything one turn's decision needs, in the order of vocabulary.md."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlmodel.ext.asyncio.session import AsyncSession

from domain.extraction import Extraction, Intent, Query, QueryMetric
from domain.limits import date_problem
from domain.queries.answer import is_latest, query_window, wanted_type
from domain.queries.latest import FACTS_PERCENTILES
from domain.tasks import PendingTask
from domain.turn import Press, RecordView, UndoTarget
from domain.vocabulary import RecordType
from storage.convert import load_slots, record_view, task_from_row
from storage.repositories import turns as repo
from storage.tables import Family, Record

RECENT_RECORDS = timedelta(hours=24)


@dataclass
class LoadedTasks:
    active: PendingTask | None
    last: PendingTask | None
    expired_now: PendingTask | None
    set_aside: PendingTask | None = None    # the task a "bring it back" press names


async def load_tasks(s: AsyncSession, family: Family, zone: ZoneInfo, now: datetime,
                     press: Press | None) -> LoadedTasks:
    """The active task (expired on the spot if its hour is up) and the last task of any state."""
    from domain.tasks import transition
    from domain.vocabulary import TaskState as S

    row = await repo.active_task(s, family.id)
    active = task_from_row(row, zone) if row else None
    expired_now = None
    if active is not None and active.is_expired(now):
        expired_now = transition(active, S.EXPIRED, now)
        expired_now = _keep_expiry(expired_now, active)
        await repo.cas_task(s, expired_now, now)
        active = None
    last_row = await (repo.task_by_id(s, family.id, press.task_id) if press and press.task_id
                      else repo.last_task(s, family.id))
    last = task_from_row(last_row, zone) if last_row else None
    return LoadedTasks(active, last, expired_now, await _set_aside(s, family, zone, press))


async def _set_aside(s: AsyncSession, family: Family, zone: ZoneInfo, press: Press | None) -> PendingTask | None:
    from domain.decide.set_aside import RESTORE, is_restore

    if press is None or not is_restore(press.value):
        return None
    row = await repo.task_by_id(s, family.id, int(press.value[len(RESTORE):]))
    return task_from_row(row, zone) if row else None


def _keep_expiry(expired: PendingTask, original: PendingTask) -> PendingTask:
    from dataclasses import replace
    return replace(expired, expires_at=original.expires_at)


async def load_records(s: AsyncSession, family: Family, zone: ZoneInfo, now: datetime,
                       task: PendingTask | None) -> tuple[RecordView, ...]:
    rows = await repo.records_since(s, family.id, now - RECENT_RECORDS)
    views = [record_view(r, zone) for r in rows]
    if task and task.target_record_id and all(v.id != task.target_record_id for v in views):
        target = await repo.record_by_id(s, family.id, task.target_record_id)
        if target:
            views.append(record_view(target, zone))
    return tuple(views)


async def load_open_sleep(s: AsyncSession, family: Family, zone: ZoneInfo) -> RecordView | None:
    row = await repo.open_sleep(s, family.id)
    return record_view(row, zone) if row else None


async def load_undo_target(s: AsyncSession, family: Family, zone: ZoneInfo,
                           record_id: int | None) -> UndoTarget | None:
    entry = await repo.last_write(s, family.id, record_id)
    if entry is None or entry.record_id is None:
        return None
    row = await repo.record_by_id(s, family.id, entry.record_id)
    if row is None:
        return None
    before = load_slots(entry.before, zone) if entry.action == "record_update" and entry.before else None
    return UndoTarget(record=record_view(row, zone), before=before, written_at=entry.at.astimezone(zone),
                      was_delete=entry.action == "record_delete")


async def load_query_records(s: AsyncSession, family: Family, zone: ZoneInfo, now: datetime,
                             extraction: Extraction) -> tuple[RecordView, ...]:
    """The records a question reads: the period's records, or the latest few of one type per baby."""
    query = _askable(extraction, now)
    if query is None:
        return ()
    start, end = query_window(query, now)
    wanted = wanted_type(query)
    if is_latest(query) and wanted is not None:
        rows = await _latest_rows(s, family, wanted, start, now, LATEST_LIMIT.get(wanted, 5))
    else:
        rows = await repo.records_in_window(s, family.id, start, end)
        rows = [r for r in rows if wanted is None or r.type == wanted.value]
    return tuple(record_view(r, zone) for r in rows)


async def load_query_facts(s: AsyncSession, family: Family, zone: ZoneInfo, now: datetime,
                           extraction: Extraction) -> dict[str, Any]:
    """Facts the domain cannot compute itself: WHO percentiles of the latest growth records."""
    query = _askable(extraction, now)
    if query is None or query.metric is not QueryMetric.GROWTH:
        return {}
    from bot.push.growth import percentile_of

    start, _ = query_window(query, now)
    babies = {b.id: b for b in await repo.babies(s, family.id)}
    rows = await _latest_rows(s, family, RecordType.GROWTH, start, now, LATEST_LIMIT[RecordType.GROWTH])
    percentiles: dict[int, dict[str, float]] = {}
    for row in rows:
        baby, view = babies.get(row.baby_id), record_view(row, zone)
        if baby is None:
            continue
        on = view.fields["time"].date()
        found = {m: percentile_of(m, baby.sex, baby.birth_date, on, float(view.fields[m]))
                 for m in GROWTH_MEASURES if view.fields.get(m) is not None}
        percentiles[row.id] = {m: p for m, p in found.items() if p is not None}
    return {FACTS_PERCENTILES: percentiles}


def _askable(extraction: Extraction, now: datetime) -> Query | None:
    """The question, when its day is one the domain's door lets in (else the domain refuses it)."""
    query = extraction.query
    if extraction.intent is not Intent.QUERY or query is None:
        return None
    return None if query.day is not None and date_problem("day", query.day, now.date()) else query


LATEST_LIMIT = {RecordType.GROWTH: 20, RecordType.HEALTH: 50, RecordType.PHOTO: 5}
GROWTH_MEASURES = ("weight_kg", "height_cm", "head_cm")
FUTURE_SLACK = timedelta(minutes=5)


async def _latest_rows(s: AsyncSession, family: Family, record_type: RecordType, since: datetime,
                       now: datetime, limit: int) -> list[Record]:
    """The newest `limit` live records of a type for each baby, newest first."""
    from sqlmodel import select

    rows: list[Record] = []
    for baby in await repo.babies(s, family.id):
        q = (select(Record).where(Record.family_id == family.id, Record.baby_id == baby.id,
                                  Record.type == record_type.value, Record.deleted_at.is_(None),
                                  Record.start >= since, Record.start <= now + FUTURE_SLACK)
             .order_by(Record.start.desc(), Record.id.desc()).limit(limit))
        rows.extend((await s.exec(q)).all())
    return rows


async def load_edit_target(s: AsyncSession, family: Family, zone: ZoneInfo, msg) -> RecordView | None:
    """The live record that the edited message's original version wrote."""
    original = await repo.message_by_platform_id(s, msg.platform, msg.chat_id, msg.message_id)
    if original is None:
        return None
    row = await repo.record_from_message(s, family.id, original.id)
    return record_view(row, zone) if row else None
