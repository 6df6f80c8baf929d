"""The application service: one chat turn, the same for every messenger.

Store the message (idempotent) → recent context → active task → member's role → extraction →
decision (pure) → effects, the outgoing message and the trace, in ONE unit of work.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Protocol

from bot.clock import Clock, utc_now
from bot.companion.agent import Companion
from bot.logs import current_trace
from bot.protocol import IncomingMessage, OutgoingButton, OutgoingReply, TurnResult
from bot.turn.callback_data import decode
from bot.turn.conversation import Conversation
from bot.turn.effects import Applied, TurnScope, apply_effects
from bot.turn.incoming import MAX_TEXT, normalised, too_long, too_long_decision
from bot.turn.joining import join_answer, join_or_explain
from bot.turn.loading import LoadedTasks, TurnContext, build_turn, load_context, load_tasks
from bot.turn.replies import ReplyResolver
from bot.turn.trace import Stopwatch, new_trace_id, trace_steps
from bot.turn.understanding import BUTTON_PRESS, NOT_READ, extraction_request
from bot.understanding.extractor import Extractor
from bot.understanding.request import BOT_NAMES
from domain.decide.decide_turn import decide_turn
from domain.replies.catalog import RUN_ON, both_languages
from domain.turn import BabyView, Decision, Reply
from domain.vocabulary import ChatKind, ReplyKind, Role
from storage.engine import Database
from storage.errors import Conflict, Unavailable
from storage.repositories.families import FamilyInfo, MemberInfo
from storage.repositories.tasks import TaskRepository
from storage.unit_of_work import UnitOfWork

log = logging.getLogger("fawn.service")
ATTEMPTS = 3
SettingsChanged = Callable[[int], Awaitable[None]]


class Announce(Protocol):
    """The push channel (bot/delivery/push.py's FamilyPush): to the family's chats, or to one chat."""

    async def __call__(self, family: FamilyInfo, reply: OutgoingReply, about: str) -> bool: ...

    async def to_chat(self, family: FamilyInfo, platform: str, chat_id: str, reply: OutgoingReply,
                      about: str) -> bool: ...


class ChatService:
    def __init__(self, database: Database, extractor: Extractor, replies: ReplyResolver, *,
                 clock: Clock = utc_now, bot_names: tuple[str, ...] = BOT_NAMES,
                 companion: Companion | None = None) -> None:
        self.database = database
        self.extractor = extractor
        self.replies = replies
        self.conversation = Conversation(companion, replies)     # step 8: what the domain did not understand
        self.clock = clock
        self.bot_names = bot_names
        self.on_settings_changed: SettingsChanged | None = None   # e.g. reschedule the daily summary
        self.announce: Announce | None = None     # tells the family's parents who asks to join, the asker the answer

    async def handle(self, msg: IncomingMessage) -> TurnResult:
        """One chat turn, wrapped once: a turn that fails writes nothing (its unit of work rolls back),
        is logged with a trace id and no content, and is answered with a short apology — except when the
        database is unavailable: then there is no reply and the result says to leave the message for the
        platform to deliver again."""
        msg = normalised(msg)                    # before anything else reads the message
        token = current_trace.set(None)
        began = time.perf_counter()
        try:
            result = await self._handle(msg)
            _log_turn(msg, result, began)
            return result
        except Unavailable as down:
            trace_id = new_trace_id()
            current_trace.set(trace_id)
            log.warning("turn %s not run, the database is unavailable (%s): left for redelivery", trace_id, down)
            return TurnResult(reply=None, trace_id=trace_id, failed=True, retry_later=True)
        except Exception:
            trace_id = new_trace_id()
            current_trace.set(trace_id)
            log.error("turn %s failed (%s message)", trace_id, msg.platform, exc_info=True)
            apology = OutgoingReply(ReplyKind.ERROR, both_languages("telegram.apology", RUN_ON))
            return TurnResult(reply=apology, trace_id=trace_id, failed=True)
        finally:
            current_trace.reset(token)

    async def _handle(self, msg: IncomingMessage) -> TurnResult:
        """A lost compare-and-set (two members at once) re-runs the turn, and so does a dead pooled
        connection (once: the pool then hands out fresh ones)."""
        for attempt in range(ATTEMPTS):
            try:
                return await self._turn(msg)
            except Unavailable as down:
                if not down.connection_lost or attempt:
                    raise
                log.info("turn retried on a fresh connection: a pooled one was dead")
            except Conflict as lost:
                if await self._already_stored(msg):
                    return TurnResult(reply=None, trace_id="", duplicate=True)
                log.info("turn conflict, retrying (%s): %s", attempt + 1, type(lost).__name__)
        raise RuntimeError("turn kept conflicting")

    async def _already_stored(self, msg: IncomingMessage) -> bool:
        async with self.database.unit_of_work() as uow:
            return await uow.messages.delivered(msg.platform, msg.chat_id, delivery_id(msg)) is not None

    async def _turn(self, msg: IncomingMessage) -> TurnResult:
        trace_id = new_trace_id()
        current_trace.set(trace_id)
        async with self.database.unit_of_work() as uow:
            reached = await uow.families.chat_and_family(msg.platform, msg.chat_id)
            if reached is None:
                return await self._join_or_explain(uow, msg, trace_id)
            chat, family = reached.chat, reached.family
            members = reached.members
            member, newcomer = await self._member(uow, family, members, msg)
            incoming_id = await _store_incoming(uow, family, member, msg, trace_id)
            if incoming_id is None:             # delivered again: the first delivery is stored (its sender too)
                stored = await uow.messages.delivered(msg.platform, msg.chat_id, delivery_id(msg))
                if stored is None:
                    raise Conflict("a delivery that was stored is gone")
                return await _redelivered(uow, stored, trace_id, family.id)
            ctx = await load_context(uow, family, chat, msg, self.clock(), members, reached.chats, reached.babies,
                                     TaskRepository.from_first_read(reached.tasks, family.tz))
            result = await self._decide_and_apply(uow, ctx, member, msg, incoming_id, trace_id, newcomer)
            await uow.commit()
        if result.settings_changed and self.on_settings_changed is not None:
            await self.on_settings_changed(family.id)
        for answered in result.joins_answered:
            await self._tell_the_asker(family, reached.babies, *answered)
        return result

    async def _tell_the_asker(self, family: FamilyInfo, babies: Sequence[BabyView], platform: str, chat_id: str,
                              role: str | None) -> None:
        """The chat that asked to join hears the parents' answer (through the outbox, like any push)."""
        if self.announce is not None:
            await self.announce.to_chat(family, platform, chat_id, join_answer(family, babies, role), "join:answer")

    async def _join_or_explain(self, uow: UnitOfWork, msg: IncomingMessage, trace_id: str) -> TurnResult:
        """A chat of no family: a family code links it; anything else gets a short answer."""
        result, joined = await join_or_explain(uow, msg, self.clock(), trace_id)
        if joined is None:
            return result
        await uow.commit()
        if joined.announcement is not None and self.announce is not None:
            await self.announce(joined.family, joined.announcement, f"joined:{result.incoming_id}")
        return result

    async def _decide_and_apply(self, uow: UnitOfWork, ctx: TurnContext, member: MemberInfo,
                                msg: IncomingMessage, incoming_id: int, trace_id: str,
                                newcomer: bool) -> TurnResult:
        family, watch = ctx.family, Stopwatch()
        tasks = await load_tasks(uow, ctx)
        unread = too_long(msg)                   # stored, answered, not read: nothing changes
        request = None if unread or msg.press is not None else await extraction_request(
            uow, ctx, msg.text, incoming_id, tasks.active, self.bot_names)
        watch.lap("loading")
        outcome = NOT_READ if unread else BUTTON_PRESS if request is None else await self.extractor.extract(request)
        watch.lap("extraction")
        turn = await build_turn(uow, ctx, member, msg, outcome.extraction, tasks, newcomer)
        heard = ctx.chat.kind != ChatKind.GROUP.value or msg.addressed_to_bot
        decision = too_long_decision(heard) if unread else \
            _forged_press() if msg.press and ctx.press is None else decide_turn(turn)
        watch.lap("decision")
        talk = await self.conversation.respond(uow, ctx, member, msg, request, outcome, decision, tasks)
        decision = talk.decision
        watch.lap("companion")
        applied = await apply_effects(uow, decision.effects, TurnScope(family.id, member.id, incoming_id,
                                                                       ctx.clock_now, msg.platform, msg.chat_id))
        watch.lap("effects")
        reply = await self.replies.resolve(uow, ctx, decision.reply, applied, tasks.active)
        reply_id = await _store_reply(uow, ctx, msg, incoming_id, reply, trace_id)
        watch.lap("reply")
        uow.traces.add(trace_id=trace_id, message_id=incoming_id, family_id=family.id, at=ctx.clock_now,
                       steps=trace_steps(outcome, decision, applied, reply, talk.companion, watch))
        return _result(reply, trace_id, incoming_id, reply_id, applied, decision, family.id)

    async def _member(self, uow: UnitOfWork, family: FamilyInfo, members: list[MemberInfo],
                      msg: IncomingMessage) -> tuple[MemberInfo, bool]:
        """The sender among the family's members; someone the family has not been told about joins as a
        friend (and is added to `members`)."""
        member = next((m for m in members if m.platform_user_id == msg.sender_id), None)
        if member is not None:
            return member, False
        member = await uow.families.add_member(family.id, msg.sender_id, msg.sender_name, Role.FRIEND.value,
                                               self.clock())
        members.append(member)
        return member, True


async def _redelivered(uow: UnitOfWork, incoming_id: int, trace_id: str, family_id: int) -> TurnResult:
    """A message the platform delivers again: nothing is decided twice; a reply that was stored but
    never reached the chat (the process stopped between the commit and the send) is handed back to be
    sent now — replies reach the family at least once, effects happen exactly once."""
    reply = await uow.messages.undelivered_reply(incoming_id)
    if reply is None:
        return TurnResult(reply=None, trace_id=trace_id, duplicate=True, family_id=family_id)
    buttons = tuple(OutgoingButton(b[0], b[2] if len(b) > 2 else b[0], b[1]) for b in reply.payload.get("buttons", ()))
    files = {name: Path(reply.payload[name]) for name in ("image", "document") if reply.payload.get(name)}
    again = OutgoingReply(ReplyKind(reply.kind), reply.text, buttons, language=reply.payload.get("language", "zh"),
                          **files)
    return TurnResult(reply=again, trace_id=trace_id, duplicate=True, incoming_id=incoming_id, reply_id=reply.id,
                      family_id=family_id)


def delivery_id(msg: IncomingMessage) -> str:
    """Edits keep the original message id on the platform; each edit version is its own delivery."""
    return f"{msg.message_id}#edit@{int(msg.sent_at.timestamp())}" if msg.edited else msg.message_id


async def _store_incoming(uow: UnitOfWork, family: FamilyInfo, member: MemberInfo, msg: IncomingMessage,
                          trace_id: str) -> int | None:
    """The message's id, or None when this delivery of it is stored already."""
    press = decode(msg.press.token) if msg.press else None
    payload = {"action": press.action if press else None, "edited": msg.edited} if msg.press or msg.edited else {}
    return await uow.messages.add_incoming(family_id=family.id, platform=msg.platform, chat_id=msg.chat_id,
                                           text=msg.text[:MAX_TEXT], kind="button" if msg.press else "text",
                                           sent_at=msg.sent_at, delivery_id=delivery_id(msg), member_id=member.id,
                                           sender_name=msg.sender_name[:128], payload=payload, trace_id=trace_id)


async def _store_reply(uow: UnitOfWork, ctx: TurnContext, msg: IncomingMessage, incoming_id: int,
                       reply: OutgoingReply | None, trace_id: str) -> int | None:
    if reply is None:
        return None
    return await uow.messages.add(family_id=ctx.family.id, platform=msg.platform, chat_id=msg.chat_id,
                                  direction="out", text=reply.text, kind=reply.kind.value, sent_at=ctx.clock_now,
                                  payload={"buttons": [[b.action, b.token, b.label] for b in reply.buttons],
                                           **_files(reply), "language": reply.language},
                                  reply_to_id=incoming_id, trace_id=trace_id)


def _files(reply: OutgoingReply) -> dict[str, str]:
    """The picture and the file a reply carries, kept with it (a redelivered message sends them again)."""
    return {name: str(path) for name, path in (("image", reply.image), ("document", reply.document)) if path}


def _result(reply: OutgoingReply | None, trace_id: str, incoming_id: int, reply_id: int | None,
            applied: Applied, decision: Decision, family_id: int) -> TurnResult:
    return TurnResult(reply=reply, trace_id=trace_id, incoming_id=incoming_id, reply_id=reply_id,
                      written=tuple(applied.written), updated=tuple(applied.updated), deleted=tuple(applied.deleted),
                      press_rejected=decision.press_rejected, family_id=family_id,
                      settings_changed="family:settings" in applied.log,
                      joins_answered=tuple((a.platform, a.chat_id, a.role) for a in applied.joins_answered))


def _forged_press() -> Decision:
    return Decision(Reply(ReplyKind.REFUSED, "stale_button"), press_rejected=True, note="malformed token")


__all__ = ["ChatService", "LoadedTasks", "delivery_id"]


def _log_turn(msg: IncomingMessage, result: TurnResult, began: float) -> None:
    """The turn's one INFO line: trace id, channel, kind of reply, milliseconds — nothing said, no one named."""
    kind = result.reply.kind.value if result.reply else "duplicate" if result.duplicate else "no reply"
    log.info("turn %s %s %s %.0f ms", result.trace_id or "-", msg.platform, kind, (time.perf_counter() - began) * 1000)
