"""Step 3 of a turn: what the extractor is given — the message, the recent context (the last 10
rounds, at most 20 messages, never the current one), the active task, the family's time and
babies — and what it proposes."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, tzinfo

from bot.turn.incoming import MAX_TEXT
from bot.turn.loading import TurnContext
from bot.understanding.extractor import ExtractionOutcome, Extractor
from bot.understanding.request import ContextLine, ExtractionRequest, TaskHint
from domain.chats import ChatView
from domain.extraction import Extraction, Intent
from domain.replies.catalog import text as words
from domain.tasks import PendingTask
from domain.vocabulary import Language
from storage.convert import dump_slots
from storage.repositories.families import MemberInfo
from storage.repositories.messages import MessageInfo
from storage.unit_of_work import UnitOfWork

MAX_CONTEXT_MESSAGES = 20
BUTTON_PRESS = ExtractionOutcome(Extraction(intent=Intent.CHAT), "button", 0.0, False)
NOT_READ = ExtractionOutcome(Extraction(intent=Intent.CHAT), "none", 0.0, False)    # a text over MAX_TEXT


async def understand(uow: UnitOfWork, extractor: Extractor, ctx: TurnContext, text: str, incoming_id: int,
                     active: PendingTask | None, bot_names: tuple[str, ...]) -> ExtractionOutcome:
    return await extractor.extract(await extraction_request(uow, ctx, text, incoming_id, active, bot_names))


async def extraction_request(uow: UnitOfWork, ctx: TurnContext, text: str, incoming_id: int,
                             active: PendingTask | None, bot_names: tuple[str, ...]) -> ExtractionRequest:
    recent = await uow.messages.recent(ctx.family.id, incoming_id, MAX_CONTEXT_MESSAGES)
    people = {m.id: m for m in ctx.members}
    chats = await uow.families.chats(ctx.family.id) if ctx.chat_count != 1 else ()     # one chat: no labels
    labels = chat_labels(chats, people, ctx.lang) if len(chats) > 1 else {}
    return ExtractionRequest(text=text[:MAX_TEXT], now=ctx.now, timezone=ctx.family.timezone,
                             recent=context_lines(recent, people, ctx.now, ctx.zone, ctx.lang, labels),
                             task=task_hint(active),
                             babies=tuple("/".join([b.name, *b.nicknames]) for b in ctx.babies),
                             bot_names=bot_names, people=member_names(ctx.members))


def member_names(members: Sequence[MemberInfo]) -> tuple[str, ...]:
    """The names and titles the family's grown-ups go by (a message may name them: 奶奶, Tom)."""
    names = {n for m in members for n in (m.display_name, m.title) if n and len(n) <= 20}
    return tuple(sorted(names))


def task_hint(task: PendingTask | None) -> TaskHint | None:
    if task is None:
        return None
    return TaskHint(task.action.value, task.record_type.value if task.record_type else None, task.state.value,
                    dump_slots(task.slots), tuple(task.missing))


def chat_labels(chats: Sequence[ChatView], members: dict[int, MemberInfo],
                lang: Language) -> dict[tuple[str, str], str]:
    """(platform, chat id) → how a context line names the chat: 群 / 妈妈的私聊 / group / Mum's private chat."""
    labels = {}
    for chat in chats:
        owner = members.get(chat.member_id) if chat.member_id else None
        name = (owner.title or owner.display_name) if owner else ""
        key = "context.chat.private" if chat.kind == "private" else "context.chat.group"
        labels[(chat.platform, chat.chat_id)] = words(lang, key, name=name, platform=chat.platform)
    return labels


def context_lines(messages: Sequence[MessageInfo], members: dict[int, MemberInfo], now: datetime, zone: tzinfo,
                  lang: Language, chats: dict[tuple[str, str], str] | None = None) -> tuple[ContextLine, ...]:
    lines = []
    for m in messages[-MAX_CONTEXT_MESSAGES:]:
        member = members.get(m.member_id) if m.member_id else None
        at = m.sent_at.astimezone(zone)
        said = m.text if m.kind != "button" else f"[{m.payload.get('action', 'button')}]"
        chat = (chats or {}).get((m.platform, m.chat_id))
        if m.direction == "out":
            lines.append(ContextLine(at, "", "Fawn", None, None, said, chat, now, lang))
        else:
            lines.append(ContextLine(at, "", m.sender_name or "?", member.role if member else "friend",
                                     member.title if member else None, said, chat, now, lang))
    return tuple(lines)
