"""A message from a chat that belongs to no family: a family code (加入 K7Q2MX / /join K7Q2MX) links the
chat to the code's family — the sender as a friend until a parent gives a role — and the family's
parents hear about it; /start (开始) sets a new family up with the sender as its parent (on every
platform: WeChat has no command of its own); anything else gets a short answer on how to start."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.family.setup import new_family, set_up
from bot.protocol import IncomingMessage, MemberSetup, OutgoingButton, OutgoingReply, TurnResult
from bot.turn.callback_data import role_token
from bot.understanding.readers.family_codes import asks_to_start_a_family, read_family_code
from domain.decide.invites import InviteView, JoinOutcome, join_outcome, normal_code
from domain.decide.roles import ROLE_CHOICES
from domain.extraction import Intent
from domain.replies.catalog import LINES, both_languages, language_of, text
from domain.replies.render import button_label, render
from domain.turn import Reply
from domain.vocabulary import ChatKind, ReplyKind, Role
from storage.repositories.families import FamilyInfo, MemberInfo
from storage.unit_of_work import UnitOfWork


@dataclass(frozen=True)
class Joined:
    """A chat that just joined a family: the family, and what its parents are told (with role buttons)."""

    family: FamilyInfo
    announcement: OutgoingReply | None


async def join_or_explain(uow: UnitOfWork, msg: IncomingMessage, now: datetime,
                          trace_id: str) -> tuple[TurnResult, Joined | None]:
    said = read_family_code(msg.text)
    if asks_to_start_a_family(msg.text) and msg.press is None:
        return await _start(uow, msg, now, trace_id), None
    if said is None or said.intent is not Intent.JOIN or not said.join_code:
        return TurnResult(reply=_no_family(msg), trace_id=trace_id), None
    invite = await uow.families.invite(normal_code(said.join_code))
    view = InviteView(invite.family_id, invite.expires_at, invite.revoked_at) if invite else None
    outcome = join_outcome(view, now)
    family = await uow.families.get(invite.family_id) if invite else None
    if outcome is not JoinOutcome.JOINED:
        words = text(language_of(family.language), f"join.{outcome.value}") if family else \
            both_languages(f"join.{outcome.value}", LINES)
        return TurnResult(reply=OutgoingReply(ReplyKind.REFUSED, words), trace_id=trace_id), None
    return await _link(uow, msg, family, now, trace_id)


async def _link(uow: UnitOfWork, msg: IncomingMessage, family: FamilyInfo, now: datetime,
                trace_id: str) -> tuple[TurnResult, Joined]:
    known = await uow.families.member(family.id, msg.sender_id)
    member = known or await uow.families.add_member(family.id, msg.sender_id, msg.sender_name, Role.FRIEND.value, now)
    private = msg.chat_kind is ChatKind.PRIVATE
    await uow.families.link_chat(family.id, msg.platform, msg.chat_id, msg.chat_kind.value, now,
                                 member.id if private else None)
    uow.audit.add(family.id, member.id, "chat_joined", now,
                  after={"platform": msg.platform, "kind": msg.chat_kind.value})
    lang = language_of(family.language)
    babies = text(lang, "sep.enum").join(b.name for b in await uow.families.babies(family.id))
    reply = OutgoingReply(ReplyKind.ANSWER, text(lang, "join.joined", babies=babies), language=lang.value)
    incoming_id = await uow.messages.add(family_id=family.id, platform=msg.platform, chat_id=msg.chat_id,
                                         direction="in", text=msg.text, kind="text", sent_at=msg.sent_at,
                                         delivery_id=msg.message_id, member_id=member.id,
                                         sender_name=msg.sender_name[:128], trace_id=trace_id)
    reply_id = await uow.messages.add(family_id=family.id, platform=msg.platform, chat_id=msg.chat_id,
                                      direction="out", text=reply.text, kind=reply.kind.value, sent_at=now,
                                      reply_to_id=incoming_id, trace_id=trace_id)
    announcement = None if known else _announcement(member, lang.value)
    result = TurnResult(reply=reply, trace_id=trace_id, incoming_id=incoming_id, reply_id=reply_id,
                        family_id=family.id)
    return result, Joined(family, announcement)


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


def _announcement(member: MemberInfo, language: str) -> OutgoingReply:
    """To the family's group (or its parents' private chats): who joined, and a button per role."""
    lang = language_of(language)
    actions = [(f"role:{member.id}:{role.value}", role.value) for role in ROLE_CHOICES]
    buttons = tuple(OutgoingButton(action, button_label(action, lang), role_token(member.id, role))
                    for action, role in actions)
    return OutgoingReply(ReplyKind.ASK, text(lang, "join.announce", name=member.display_name), buttons,
                         language=language)


def _no_family(msg: IncomingMessage) -> OutgoingReply | None:
    if msg.chat_kind is ChatKind.GROUP and not msg.addressed_to_bot:
        return None
    return OutgoingReply(ReplyKind.CHAT, both_languages("service.no_family", LINES))
