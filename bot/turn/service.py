"""The application service: one chat turn, the same for every messenger.

Store the message (idempotent) → recent context → active task → member's role →
extraction → decision (pure) → effects, outgoing message and trace in ONE transaction.
"""
from __future__ import annotations

import logging
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.clock import Clock, utc_now
from bot.protocol import IncomingMessage, OutgoingReply, TurnResult
from bot.turn import loading as load
from bot.turn.callback_data import decode
from bot.turn.context import context_lines
from bot.turn.effects import TurnScope, apply_effects
from bot.turn.incoming import MAX_TEXT, normalised, too_long, too_long_decision
from bot.turn.replies import outgoing
from bot.understanding.extractor import ExtractionOutcome, Extractor
from bot.understanding.request import ExtractionRequest, TaskHint
from domain.decide.decide_turn import decide_turn
from domain.extraction import Extraction, Intent
from domain.turn import BabyView, MemberView, Press, Turn
from domain.vocabulary import ChatKind, Language, ReplyKind, Role
from storage.convert import dump_slots
from storage.repositories import turns as repo
from storage.tables import Baby, Family, Member, Message, TurnTrace

log = logging.getLogger("fawn.service")
ATTEMPTS = 3


@dataclass(frozen=True)
class TurnContext:
    """What one turn reads once: the family, its zone and language, the times, members and babies."""

    family: Family
    zone: ZoneInfo
    lang: Language
    now: datetime            # when the message was sent, in the family's zone
    clock_now: datetime      # the service clock, in the family's zone
    press: Press | None
    members: list[Member]
    babies: list[Baby]


class ChatService:
    def __init__(self, sessions: async_sessionmaker[AsyncSession], extractor: Extractor,
                 clock: Clock = utc_now, bot_names: tuple[str, ...] = ("fawn", "管家"),
                 chart_dir: Path | None = None) -> None:
        self.sessions = sessions
        self.chart_dir = chart_dir
        self.on_settings_changed: Callable[[int], Awaitable[None]] | None = None
        self.extractor = extractor
        self.clock = clock
        self.bot_names = bot_names

    async def handle(self, msg: IncomingMessage) -> TurnResult:
        """One chat turn. A lost compare-and-set (two members at once) re-runs the turn."""
        msg = normalised(msg)                    # before anything else reads the message
        for attempt in range(ATTEMPTS):
            try:
                return await self._turn(msg)
            except (repo.TaskConflict, IntegrityError) as exc:
                if await self._already_stored(msg):
                    return TurnResult(reply=None, trace_id="", duplicate=True)
                log.info("turn conflict, retrying (%s): %s", attempt + 1, type(exc).__name__)
        raise RuntimeError("turn kept conflicting")

    async def _already_stored(self, msg: IncomingMessage) -> bool:
        async with self.sessions() as s:
            return await repo.message_exists(s, msg.platform, msg.chat_id, _delivery_id(msg))

    async def _turn(self, msg: IncomingMessage) -> TurnResult:
        trace_id = uuid.uuid4().hex[:16]
        async with self.sessions() as s:
            family = await repo.family_by_chat(s, msg.platform, msg.chat_id)
            if family is None:
                return TurnResult(reply=_no_family(msg), trace_id=trace_id)
            if await repo.message_exists(s, msg.platform, msg.chat_id, _delivery_id(msg)):
                return TurnResult(reply=None, trace_id=trace_id, duplicate=True, family_id=family.id)
            member, newcomer = await self._member(s, family, msg)
            incoming = await self._store_incoming(s, family, member, msg, trace_id)
            result = await self._decide_and_apply(s, family, member, msg, incoming, trace_id, newcomer)
            await s.commit()
        if result.settings_changed and self.on_settings_changed is not None:
            await self.on_settings_changed(family.id)     # e.g. reschedule the daily summary
        return result

    async def _decide_and_apply(self, s: AsyncSession, family: Family, member: Member,
                                msg: IncomingMessage, incoming: Message, trace_id: str,
                                newcomer: bool = False) -> TurnResult:
        ctx = await self._context(s, family, msg)
        tasks = await load.load_tasks(s, family, ctx.zone, ctx.clock_now, ctx.press)
        unread = too_long(msg)                   # stored, answered, not read: nothing changes
        outcome = _not_read() if unread else await self._understand(s, ctx, msg, incoming, tasks.active)
        turn = await self._build_turn(s, ctx, member, msg, outcome.extraction, tasks)
        turn = replace(turn, newcomer=newcomer and family.chat_kind == ChatKind.GROUP.value)
        decision = too_long_decision() if unread else \
            _forged_press() if msg.press and ctx.press is None else decide_turn(turn)
        applied = await apply_effects(s, decision.effects, TurnScope(family.id, member.id, incoming.id, ctx.clock_now))
        reply = await self._reply(s, ctx, decision, applied, tasks.active)
        reply_row = await self._store_reply(s, family, msg, incoming, reply, trace_id, ctx.clock_now)
        s.add(TurnTrace(trace_id=trace_id, message_id=incoming.id, family_id=family.id, at=ctx.clock_now,
                        steps=_trace_steps(outcome, decision, applied, reply)))
        return TurnResult(reply=reply, trace_id=trace_id, incoming_id=incoming.id,
                          reply_id=reply_row.id if reply_row else None, written=tuple(applied.written),
                          updated=tuple(applied.updated), deleted=tuple(applied.deleted),
                          press_rejected=decision.press_rejected, family_id=family.id,
                          settings_changed="family:settings" in applied.log)

    async def _context(self, s: AsyncSession, family: Family, msg: IncomingMessage) -> TurnContext:
        zone = ZoneInfo(family.timezone)
        return TurnContext(family=family, zone=zone, lang=Language(family.language),
                           now=msg.sent_at.astimezone(zone), clock_now=self.clock().astimezone(zone),
                           press=decode(msg.press.token) if msg.press else None,
                           members=await repo.members(s, family.id), babies=await repo.babies(s, family.id))

    async def _reply(self, s: AsyncSession, ctx: TurnContext, decision, applied, active) -> OutgoingReply | None:
        if decision.reply is None:
            return None
        if decision.reply.key == "query_summary":
            return await self._summary(s, ctx.family, ctx.now, decision.reply.values["period"])
        if decision.reply.key == "query_growth_curve":
            return await self._growth_curve(s, ctx.family, decision.reply.values["measure"])
        return outgoing(decision.reply, ctx.lang, ctx.now, applied.task or active, applied.written)

    async def _understand(self, s: AsyncSession, ctx: TurnContext, msg: IncomingMessage, incoming: Message,
                          active) -> ExtractionOutcome:
        if msg.press is not None:
            return ExtractionOutcome(Extraction(intent=Intent.CHAT), "button", 0.0, False)
        recent = await repo.recent_messages(s, ctx.family.id, incoming.id)
        people = {m.id: m for m in ctx.members}
        hint = TaskHint(active.action.value, active.record_type.value if active.record_type else None,
                        active.state.value, dump_slots(active.slots)) if active else None
        request = ExtractionRequest(text=msg.text[:MAX_TEXT], now=ctx.now, timezone=ctx.family.timezone,
                                    recent=context_lines(recent, people, ctx.now, ctx.zone, ctx.lang), task=hint,
                                    babies=tuple("/".join([b.name, *b.nicknames]) for b in ctx.babies),
                                    bot_names=self.bot_names)
        return await self.extractor.extract(request)

    async def _build_turn(self, s: AsyncSession, ctx: TurnContext, member: Member, msg: IncomingMessage,
                          extraction: Extraction, tasks) -> Turn:
        family, zone, now, press = ctx.family, ctx.zone, ctx.now, ctx.press
        babies = tuple(BabyView(b.id, b.name, tuple(b.nicknames), b.birth_date, b.sex, b.birth_weight_kg,
                                b.birth_height_cm) for b in ctx.babies)
        undo_id = press.record_id if press and press.action == "undo" else None
        wants_undo = extraction.intent is Intent.UNDO or undo_id is not None
        return Turn(
            members=tuple(MemberView(m.id, Role(m.role), m.display_name, m.title) for m in ctx.members),
            member=MemberView(member.id, Role(member.role), member.display_name, member.title),
            extraction=extraction, now=now, babies=babies, language=ctx.lang,
            chat_kind=ChatKind(family.chat_kind if msg.chat_kind is ChatKind.GROUP else msg.chat_kind),
            addressed=msg.addressed_to_bot or extraction.addressed_to_bot,
            active_task=tasks.active, last_task=tasks.expired_now or tasks.last,
            recent_records=await load.load_records(s, family, zone, now, tasks.set_aside or tasks.active),
            set_aside_task=tasks.set_aside,
            open_sleep=await load.load_open_sleep(s, family, zone),
            undo_target=await load.load_undo_target(s, family, zone, undo_id) if wants_undo else None,
            press=press, query_records=await load.load_query_records(s, family, zone, now, extraction),
            query_facts=await load.load_query_facts(s, family, zone, now, extraction),
            edit_target=await load.load_edit_target(s, family, zone, msg) if msg.edited else None,
            photo_file=_photo_file(msg), caption_text=msg.text[:MAX_TEXT] if _photo_file(msg) else "")

    async def _summary(self, s: AsyncSession, family: Family, now: datetime, period) -> OutgoingReply:
        """On-demand summary (今天总结一下 / 这周怎么样), by the same code as the evening push."""
        from bot.push.summaries import SummaryService
        from storage.repositories.pushes import load_family

        schedule = await load_family(s, family.id)
        summaries = SummaryService(self.sessions, self.chart_dir)
        if getattr(period, "value", period) == "week":
            return await summaries.weekly_reply(schedule, now.date(), as_of=now)
        return await summaries.daily_reply(schedule, now.date(), as_of=now, chart=self.chart_dir is not None)

    async def _growth_curve(self, s: AsyncSession, family: Family, measure: str) -> OutgoingReply:
        """生长曲线 / 长高了多少: each baby's measurements against WHO percentile lines, as a picture."""
        from bot.push.summaries import SummaryService
        from storage.repositories.pushes import load_family

        schedule = await load_family(s, family.id)
        return await SummaryService(self.sessions, self.chart_dir).growth_reply(schedule, measure)

    async def _member(self, s: AsyncSession, family: Family, msg: IncomingMessage) -> tuple[Member, bool]:
        member = await repo.member_by_identity(s, family.id, msg.sender_id)
        if member is not None:
            return member, False
        if member is None:
            member = Member(family_id=family.id, platform_user_id=msg.sender_id,
                            display_name=msg.sender_name[:128], role=Role.FRIEND.value,
                            created_at=self.clock())
            s.add(member)
            await s.flush()
        return member, True

    async def _store_incoming(self, s, family, member, msg, trace_id) -> Message:
        payload = {"action": decode(msg.press.token).action if msg.press and decode(msg.press.token) else None,
                   "edited": msg.edited} if msg.press or msg.edited else {}
        row = Message(family_id=family.id, platform=msg.platform, chat_id=msg.chat_id,
                      platform_message_id=_delivery_id(msg), direction="in", member_id=member.id,
                      sender_name=msg.sender_name[:128], text=msg.text[:MAX_TEXT],
                      kind="button" if msg.press else "text", payload=payload, trace_id=trace_id,
                      sent_at=msg.sent_at)
        s.add(row)
        await s.flush()
        return row

    async def _store_reply(self, s, family, msg, incoming, reply: OutgoingReply | None, trace_id,
                           now: datetime) -> Message | None:
        if reply is None:
            return None
        row = Message(family_id=family.id, platform=msg.platform, chat_id=msg.chat_id, direction="out",
                      text=reply.text, kind=reply.kind.value, reply_to_id=incoming.id, trace_id=trace_id,
                      payload={"buttons": [[b.action, b.token] for b in reply.buttons]}, sent_at=now)
        s.add(row)
        await s.flush()
        return row

    async def mark_delivered(self, reply_id: int, platform_message_id: str) -> None:
        async with self.sessions() as s:
            row = await s.get(Message, reply_id)
            if row is not None and row.platform_message_id is None:
                row.platform_message_id = platform_message_id
                s.add(row)
                await s.commit()

    async def find_family_id(self, platform: str, chat_id: str) -> int | None:
        async with self.sessions() as s:
            family = await repo.family_by_chat(s, platform, chat_id)
            return family.id if family else None


def _delivery_id(msg: IncomingMessage) -> str:
    """Edits keep the original message id on the platform; each edit version is its own delivery."""
    return f"{msg.message_id}#edit@{int(msg.sent_at.timestamp())}" if msg.edited else msg.message_id


def _photo_file(msg: IncomingMessage) -> str | None:
    photo = next((a for a in msg.attachments if a.kind == "photo" and a.local_path), None)
    return str(photo.local_path) if photo else None


def _no_family(msg: IncomingMessage) -> OutgoingReply | None:
    if msg.chat_kind is ChatKind.GROUP and not msg.addressed_to_bot:
        return None
    return OutgoingReply(ReplyKind.CHAT, "这个聊天还没有设置家庭，请先发送 /start。\n"
                                         "This chat has no family yet — send /start first.")


def _not_read() -> ExtractionOutcome:
    return ExtractionOutcome(Extraction(intent=Intent.CHAT), "none", 0.0, False)


def _forged_press():
    from domain.turn import Decision, Reply
    return Decision(Reply(ReplyKind.REFUSED, "stale_button"), press_rejected=True, note="malformed token")


def _trace_steps(outcome, decision, applied, reply) -> list[dict]:
    e = outcome.extraction
    return [
        {"step": "extraction", "model": outcome.model, "via_agent": outcome.via_agent,
         "latency_ms": outcome.latency_ms, "intent": e.intent.value,
         "record_type": e.record_type.value if e.record_type else None,
         "slots": sorted(e.slots.given()), "confidence": e.confidence},
        {"step": "decision", "note": decision.note, "press_rejected": decision.press_rejected},
        {"step": "effects", "applied": applied.log, "written": applied.written,
         "updated": applied.updated, "deleted": applied.deleted},
        {"step": "reply", "kind": reply.kind.value if reply else "none",
         "buttons": [b.action for b in reply.buttons] if reply else []},
    ]
