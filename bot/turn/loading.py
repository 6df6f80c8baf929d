"""Steps 2–4 of a turn: everything the decision needs, read in the order of vocabulary.md —
the family and its people, the active task (expired on the spot when its hour is up), the
records a message may refer to, and what a question reads."""
from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from bot.protocol import IncomingMessage
from bot.push.growth import percentile_of
from bot.turn.callback_data import decode
from domain.chats import ChatView
from domain.decide.invites import CODE_ALPHABET, CODE_LENGTH, INVITE_LIFETIME
from domain.decide.set_aside import RESTORE, is_restore
from domain.extraction import Extraction, Intent, Query, QueryMetric
from domain.limits import date_problem
from domain.queries.answer import is_latest, query_window, wanted_type
from domain.queries.latest import FACTS_PERCENTILES
from domain.tasks import PendingTask, transition
from domain.turn import BabyView, JoinRequestView, MemberView, Press, RecordView, Turn, UndoTarget
from domain.units import units_unchosen
from domain.vocabulary import ChatKind, Language, RecordType, Role, TaskState
from storage.convert import load_slots
from storage.repositories.audit import AuditInfo
from storage.repositories.families import FamilyInfo, MemberInfo
from storage.unit_of_work import UnitOfWork

RECENT_RECORDS = timedelta(hours=24)
LATEST_LIMIT = {RecordType.GROWTH: 20, RecordType.HEALTH: 50, RecordType.PHOTO: 5}
GROWTH_MEASURES = ("weight_kg", "height_cm", "head_cm")
MAX_CAPTION = 2000


@dataclass(frozen=True)
class TurnContext:
    """What one turn reads once: the family, its zone and language, the times, members and babies."""

    family: FamilyInfo
    chat: ChatView           # the chat the message came from (a group, or someone's one-to-one chat)
    sender_id: str           # who sent it, as the platform names them
    zone: ZoneInfo
    lang: Language
    now: datetime            # when the message was sent, in the family's zone
    clock_now: datetime      # the service clock, in the family's zone
    press: Press | None
    members: list[MemberInfo]
    babies: tuple[BabyView, ...]
    chat_count: int = 0      # how many chats reach the family (0: not known — read them when needed)
    tasks_read: tuple[PendingTask | None, PendingTask | None] | None = None   # (active, last), read with the chat


@dataclass(frozen=True)
class LoadedTasks:
    active: PendingTask | None
    last: PendingTask | None
    expired_now: PendingTask | None
    set_aside: PendingTask | None = None    # the task a "bring it back" press names


async def load_context(uow: UnitOfWork, family: FamilyInfo, chat: ChatView, msg: IncomingMessage,
                       clock_now: datetime, members: list[MemberInfo] | None = None,
                       chat_count: int = 0, babies: Sequence[BabyView] | None = None,
                       tasks: tuple[PendingTask | None, PendingTask | None] | None = None) -> TurnContext:
    """The turn's context; `members`, `babies` and the (active, last) `tasks` when the caller read them
    already (the service does, with the chat: it finds the sender among the members)."""
    zone = family.tz
    return TurnContext(family=family, chat=chat, sender_id=msg.sender_id, zone=zone, lang=Language(family.language),
                       now=msg.sent_at.astimezone(zone),
                       clock_now=clock_now.astimezone(zone), press=decode(msg.press.token) if msg.press else None,
                       members=members if members is not None else await uow.families.members(family.id),
                       babies=tuple(babies if babies is not None else await uow.families.babies(family.id)),
                       chat_count=chat_count, tasks_read=tasks)


async def load_tasks(uow: UnitOfWork, ctx: TurnContext) -> LoadedTasks:
    """The active task (expired on the spot if its hour is up) and the last task of any state."""
    family_id, zone, now = ctx.family.id, ctx.zone, ctx.clock_now
    press = ctx.press
    if press and press.task_id:
        active, last = await uow.tasks.active(family_id, zone), await uow.tasks.by_id(family_id, press.task_id, zone)
    elif ctx.tasks_read is not None:
        active, last = ctx.tasks_read
    else:
        active, last = await uow.tasks.active_and_last(family_id, zone)
    expired_now = None
    if active is not None and active.is_expired(now):
        expired_now = replace(transition(active, TaskState.EXPIRED, now), expires_at=active.expires_at)
        await uow.tasks.compare_and_set(expired_now, now)
        active = None
    return LoadedTasks(active, last, expired_now, await _set_aside(uow, ctx))


async def _set_aside(uow: UnitOfWork, ctx: TurnContext) -> PendingTask | None:
    press = ctx.press
    if press is None or not is_restore(press.value):
        return None
    return await uow.tasks.by_id(ctx.family.id, int(press.value[len(RESTORE):]), ctx.zone)


async def build_turn(uow: UnitOfWork, ctx: TurnContext, member: MemberInfo, msg: IncomingMessage,
                     extraction: Extraction, tasks: LoadedTasks, newcomer: bool) -> Turn:
    press, photo = ctx.press, photo_file(msg)
    undo_id = press.record_id if press and press.action == "undo" else None
    wants_undo = extraction.intent is Intent.UNDO or undo_id is not None
    recent, open_sleeps = await _recent_records(uow, ctx, tasks.set_aside or tasks.active)
    return Turn(
        members=tuple(member_view(m) for m in ctx.members), member=member_view(member),
        extraction=extraction, now=ctx.now, babies=ctx.babies, language=ctx.lang,
        chat_kind=ChatKind(ctx.chat.kind),
        addressed=msg.addressed_to_bot or extraction.addressed_to_bot,
        active_task=tasks.active, last_task=tasks.expired_now or tasks.last, expired_now=tasks.expired_now,
        recent_records=recent,
        set_aside_task=tasks.set_aside,
        open_sleep=open_sleeps[0] if open_sleeps else None,
        open_sleeps=open_sleeps,
        undo_target=await _undo_target(uow, ctx, undo_id) if wants_undo else None,
        press=press, query_records=await query_records(uow, ctx, extraction),
        query_facts=await query_facts(uow, ctx, extraction),
        edit_target=await _edit_target(uow, ctx, msg) if msg.edited else None,
        photo_file=photo, caption_text=msg.text[:MAX_CAPTION] if photo else "",
        fresh_code=new_family_code() if extraction.intent is Intent.INVITE else None,
        reminders=tuple(await uow.reminders.pending(ctx.family.id, ctx.zone, ctx.clock_now))
        if extraction.reminder else (),
        first_words=extraction.intent is Intent.START and await uow.messages.count(ctx.family.id) == 1,
        newcomer=newcomer and ctx.chat.kind == ChatKind.GROUP.value,
        units_unchosen=units_unchosen(ctx.family.settings.get("units")),
        units=ctx.family.units,
        asks=frozenset(ctx.family.settings.get("ask") or ()),
        babies_with_growth=await _babies_with_growth(uow, ctx, extraction, tasks.active),
        weights_kg=await _weights(uow, ctx, extraction, tasks.active),
        join_request=await _join_request(uow, ctx))


async def _join_request(uow: UnitOfWork, ctx: TurnContext) -> JoinRequestView | None:
    """The waiting join request an admission button names (of this family, not answered yet)."""
    press = ctx.press
    if press is None or press.action != "admit" or press.join_id is None:
        return None
    request = await uow.joins.waiting(ctx.family.id, press.join_id, ctx.clock_now - INVITE_LIFETIME)
    if request is None:
        return None
    known = next((m for m in ctx.members if m.platform_user_id == request.platform_user_id), None)
    return JoinRequestView(request.id, request.display_name, Role(known.role) if known else None)


async def _weights(uow: UnitOfWork, ctx: TurnContext, extraction: Extraction,
                   active: PendingTask | None) -> dict[int, float]:
    """Each baby's latest weight — read only when this turn may write a feed (its plausible bottle size)."""
    feeding = RecordType.FEEDING
    if extraction.record_type is not feeding and (active is None or active.record_type is not feeding):
        return {}
    weights = {}
    for baby in ctx.babies:
        weighed = [r.fields["weight_kg"] for r in await uow.records.growth(baby.id) if r.fields.get("weight_kg")]
        if weighed:
            weights[baby.id] = float(weighed[-1])
    return weights


async def _babies_with_growth(uow: UnitOfWork, ctx: TurnContext, extraction: Extraction,
                              active: PendingTask | None) -> frozenset[int]:
    """Which babies already have a growth record — read only when this turn may write one."""
    growth = RecordType.GROWTH
    if extraction.record_type is not growth and (active is None or active.record_type is not growth):
        return frozenset()
    return frozenset([b.id for b in ctx.babies if await uow.records.growth(b.id)])


def new_family_code() -> str:
    """A random family code (the database's unique key turns a collision into a retried turn)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def member_view(m: MemberInfo) -> MemberView:
    return MemberView(m.id, Role(m.role), m.display_name, m.title)


def photo_file(msg: IncomingMessage) -> str | None:
    photo = next((a for a in msg.attachments if a.kind == "photo" and a.local_path), None)
    return str(photo.local_path) if photo else None


async def _recent_records(uow: UnitOfWork, ctx: TurnContext,
                          task: PendingTask | None) -> tuple[tuple[RecordView, ...], tuple[RecordView, ...]]:
    """The last day's records (and the task's target, however old) and each baby's open sleep (newest
    first), in one read."""
    views, open_sleeps = await uow.records.since_and_open_sleeps(ctx.family.id, ctx.now - RECENT_RECORDS, ctx.zone)
    if task and task.target_record_id and all(v.id != task.target_record_id for v in views):
        target = await uow.records.by_id(ctx.family.id, task.target_record_id, ctx.zone)
        if target:
            views.append(target)
    return tuple(views), tuple(open_sleeps)


async def _undo_target(uow: UnitOfWork, ctx: TurnContext, record_id: int | None) -> UndoTarget | None:
    """The last write (of a record, or of any), with the other records the same message wrote."""
    entry = await uow.audit.last_record_write(ctx.family.id, record_id)
    target = await _target_of(uow, ctx, entry)
    if target is None or entry.message_id is None or entry.action == "record_delete":
        return target
    others = [e for e in await uow.audit.record_writes_of_message(ctx.family.id, entry.message_id)
              if e.record_id != entry.record_id]
    together = [t for t in [await _target_of(uow, ctx, e) for e in others] if t is not None]
    return replace(target, together=tuple(together)) if together else target


async def _target_of(uow: UnitOfWork, ctx: TurnContext, entry: AuditInfo | None) -> UndoTarget | None:
    if entry is None or entry.record_id is None:
        return None
    record = await uow.records.by_id(ctx.family.id, entry.record_id, ctx.zone)
    if record is None:
        return None
    before = load_slots(entry.before, ctx.zone) if entry.action == "record_update" and entry.before else None
    return UndoTarget(record=record, before=before, written_at=entry.at.astimezone(ctx.zone),
                      was_delete=entry.action == "record_delete")


async def query_records(uow: UnitOfWork, ctx: TurnContext, extraction: Extraction) -> tuple[RecordView, ...]:
    """The records a question reads: the period's records, or the latest few of one type per baby."""
    query = _askable(extraction, ctx.now)
    if query is None:
        return ()
    start, end = query_window(query, ctx.now)
    wanted = wanted_type(query)
    if is_latest(query) and wanted is not None:
        return tuple(await _latest(uow, ctx, wanted, start, LATEST_LIMIT.get(wanted, 5)))
    records = await uow.records.in_window(ctx.family.id, start, end, ctx.zone)
    return tuple(r for r in records if wanted is None or r.type is wanted)


async def query_facts(uow: UnitOfWork, ctx: TurnContext, extraction: Extraction) -> dict[str, Any]:
    """Facts the domain cannot compute itself: WHO percentiles of the latest growth records."""
    query = _askable(extraction, ctx.now)
    if query is None or query.metric is not QueryMetric.GROWTH:
        return {}
    start, _ = query_window(query, ctx.now)
    babies = {b.id: b for b in ctx.babies}
    percentiles: dict[int, dict[str, float]] = {}
    for view in await _latest(uow, ctx, RecordType.GROWTH, start, LATEST_LIMIT[RecordType.GROWTH]):
        baby = babies.get(view.baby_id)
        if baby is None:
            continue
        on = view.fields["time"].date()
        found = {m: percentile_of(m, baby.sex, baby.birth_date, on, float(view.fields[m]))
                 for m in GROWTH_MEASURES if view.fields.get(m) is not None}
        percentiles[view.id] = {m: p for m, p in found.items() if p is not None}
    return {FACTS_PERCENTILES: percentiles}


def _askable(extraction: Extraction, now: datetime) -> Query | None:
    """The question, when its day is one the domain's door lets in (else the domain refuses it)."""
    query = extraction.query
    if extraction.intent is not Intent.QUERY or query is None:
        return None
    return None if query.day is not None and date_problem("day", query.day, now.date()) else query


async def _latest(uow: UnitOfWork, ctx: TurnContext, record_type: RecordType, since: datetime,
                  limit: int) -> list[RecordView]:
    """The newest `limit` live records of a type for each baby, newest first."""
    found: list[RecordView] = []
    for baby in ctx.babies:
        found += await uow.records.latest(ctx.family.id, baby.id, record_type, since, ctx.now, limit, ctx.zone)
    return found


async def _edit_target(uow: UnitOfWork, ctx: TurnContext, msg: IncomingMessage) -> RecordView | None:
    """The live record that the edited message's original version wrote."""
    original = await uow.messages.delivered(msg.platform, msg.chat_id, msg.message_id)
    if original is None:
        return None
    return await uow.records.from_message(ctx.family.id, original, ctx.zone)
