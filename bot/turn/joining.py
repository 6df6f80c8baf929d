"""A message from a chat that belongs to no family: a family code (加入 K7Q2MXPA / /join K7Q2MXPA) asks the
code's family to let the chat in, and its parents get a button per role and one to decline — the chat
reaches nothing of the family until a parent answers (domain/decide/admission.py), even when the sender's
id matches someone the family knows (ids are the platforms' own; another platform's may look the same).
Wrong codes are counted per sender and
per chat; after a few in an hour every code is refused unchecked, the right one too, and the first
refusal of the hour is logged at WARNING (never the code). /start (开始) sets a new family up with the
sender as its parent (on every platform: WeChat has no command of its own); anything else gets a short
answer on how to start."""
from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.family.setup import new_family, set_up
from bot.protocol import IncomingMessage, MemberSetup, OutgoingButton, OutgoingReply, TurnResult
from bot.turn.callback_data import admission_token
from bot.understanding.readers.family_codes import asks_to_start_a_family, read_family_code
from domain.decide.admission import ADMISSION_CHOICES, DECLINE
from domain.decide.invites import (
    INVITE_LIFETIME,
    JOIN_WINDOW,
    WRONG_CODES_PER_WINDOW,
    InviteView,
    JoinOutcome,
    codes_refused_unchecked,
    join_outcome,
    join_window,
    normal_code,
)
from domain.extraction import Intent
from domain.replies.catalog import LINES, both_languages, label, language_of, text
from domain.replies.render import button_label, render
from domain.turn import BabyView, Reply
from domain.vocabulary import ChatKind, ReplyKind, Role
from storage.repositories.families import FamilyInfo
from storage.unit_of_work import UnitOfWork

log = logging.getLogger("fawn.joining")


@dataclass(frozen=True)
class Joined:
    """A chat that asked to join a family (or joined it): the family, and what its parents are told."""

    family: FamilyInfo
    announcement: OutgoingReply | None


async def join_or_explain(uow: UnitOfWork, msg: IncomingMessage, now: datetime,
                          trace_id: str) -> tuple[TurnResult, Joined | None]:
    said = read_family_code(msg.text)
    if asks_to_start_a_family(msg.text) and msg.press is None:
        return await _start(uow, msg, now, trace_id), None
    if said is None or said.intent is not Intent.JOIN or not said.join_code:
        return TurnResult(reply=await _no_family(uow, msg, now), trace_id=trace_id), None
    if await _limited(uow, msg, now):
        return _refused(both_languages("join.limited", LINES), trace_id), None
    invite = await uow.families.invite(normal_code(said.join_code))
    view = InviteView(invite.family_id, invite.expires_at, invite.revoked_at) if invite else None
    outcome = join_outcome(view, now)
    family = await uow.families.get(invite.family_id) if invite else None
    if outcome is not JoinOutcome.JOINED:
        window = join_window(now)
        await uow.joins.count_wrong_code(msg.platform, msg.sender_id, msg.chat_id, window, window - JOIN_WINDOW)
        await uow.commit()
        words = text(language_of(family.language), f"join.{outcome.value}") if family else \
            both_languages(f"join.{outcome.value}", LINES)
        return _refused(words, trace_id), None
    if await uow.joins.waiting_in(msg.platform, msg.chat_id, now - INVITE_LIFETIME) is not None:
        return TurnResult(reply=_reply(family.language, "join.waiting"), trace_id=trace_id), None
    return await _ask_the_parents(uow, msg, family, now, trace_id)


async def _limited(uow: UnitOfWork, msg: IncomingMessage, now: datetime) -> bool:
    """Too many wrong codes from this sender or in this chat this hour: refused without a look at the code."""
    window = join_window(now)
    if not codes_refused_unchecked(await uow.joins.wrong_codes(msg.platform, msg.sender_id, msg.chat_id, window)):
        return False
    if await uow.joins.first_refusal(msg.platform, msg.sender_id, msg.chat_id, window, now, WRONG_CODES_PER_WINDOW):
        await uow.commit()
        log.warning("family codes refused until %s: %s wrong codes from sender %s or in %s chat %s",
                    (window + JOIN_WINDOW).strftime("%H:%M UTC"), WRONG_CODES_PER_WINDOW, msg.sender_id,
                    msg.platform, msg.chat_id)
    return True


def _refused(words: str, trace_id: str) -> TurnResult:
    return TurnResult(reply=OutgoingReply(ReplyKind.REFUSED, words), trace_id=trace_id)


def _reply(language: str, key: str, **values: object) -> OutgoingReply:
    lang = language_of(language)
    return OutgoingReply(ReplyKind.ANSWER, text(lang, key, **values), language=lang.value)


async def _ask_the_parents(uow: UnitOfWork, msg: IncomingMessage, family: FamilyInfo, now: datetime,
                           trace_id: str) -> tuple[TurnResult, Joined]:
    """A right code: the request is kept, the parents are asked; nothing is linked yet."""
    request_id = await uow.joins.ask(family.id, msg.platform, msg.chat_id, msg.chat_kind.value, msg.sender_id,
                                     msg.sender_name, now)
    uow.audit.add(family.id, None, "join_requested", now,
                  after={"request": request_id, "platform": msg.platform, "kind": msg.chat_kind.value})
    result = TurnResult(reply=_reply(family.language, "join.requested"), trace_id=trace_id)
    return result, Joined(family, _announcement(request_id, msg.sender_name[:128], family.language))


async def _start(uow: UnitOfWork, msg: IncomingMessage, now: datetime, trace_id: str) -> TurnResult:
    """A new family for this chat; the sender is its parent (the baby's name and the rest come later). Its
    language is the one the platform said, or the start word's (开始: Chinese); else the welcome asks."""
    founder = MemberSetup(sender_id=msg.sender_id, name=msg.sender_name[:128], title=None, role=Role.PARENT.value)
    setup = new_family(msg.platform, msg.chat_id, msg.chat_kind, founder, msg.sender_language or _said_in(msg.text))
    family_id = await set_up(uow, setup, now)
    await uow.commit()
    lang = language_of(setup.language)
    words = render(Reply(ReplyKind.CHAT, "welcome", {"new": True, "ask": list(setup.asks),
                                                     "private": msg.chat_kind is ChatKind.PRIVATE}), lang, now)
    return TurnResult(reply=OutgoingReply(ReplyKind.ANSWER, words, language=lang.value), trace_id=trace_id,
                      family_id=family_id)


def _said_in(words: str) -> str | None:
    """开始 / 建立家庭 say Chinese; “set up a family” says English; a bare start (a command) says nothing."""
    if any(0x4E00 <= ord(ch) <= 0x9FFF for ch in words):
        return "zh"
    return None if words.strip().lstrip("/").lower() == "start" else "en"


def _announcement(request_id: int, name: str, language: str) -> OutgoingReply:
    """To the family's group (or its parents' private chats): who asks to join, a button per role, and no."""
    lang = language_of(language)
    answers = [*(role.value for role in ADMISSION_CHOICES), DECLINE]
    buttons = tuple(OutgoingButton(f"admit:{request_id}:{answer}", button_label(f"admit:{request_id}:{answer}", lang),
                                   admission_token(request_id, answer)) for answer in answers)
    return OutgoingReply(ReplyKind.ASK, text(lang, "join.announce", name=name), buttons, language=language)


def join_answer(family: FamilyInfo, babies: Sequence[BabyView], role: str | None) -> OutgoingReply:
    """What the chat that asked to join is told once a parent answered (`role` None: declined)."""
    if role is None:
        return _reply(family.language, "join.declined")
    lang = language_of(family.language)
    return _reply(family.language, "join.admitted", babies=text(lang, "sep.enum").join(b.name for b in babies),
                  role=label(lang, "role", role))


async def _no_family(uow: UnitOfWork, msg: IncomingMessage, now: datetime) -> OutgoingReply | None:
    if msg.chat_kind is ChatKind.GROUP and not msg.addressed_to_bot:
        return None
    waiting = await uow.joins.waiting_in(msg.platform, msg.chat_id, now - INVITE_LIFETIME)
    if waiting is not None:
        family = await uow.families.get(waiting.family_id)
        return _reply(family.language if family else "zh", "join.waiting")
    return OutgoingReply(ReplyKind.CHAT, both_languages("service.no_family", LINES))
