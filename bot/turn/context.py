"""Recent context: the last 10 rounds (at most 20 messages), never the current message."""
from __future__ import annotations

from datetime import datetime, tzinfo

from bot.understanding.request import ContextLine
from domain.replies.catalog import text
from domain.vocabulary import Language
from storage.tables import Member, Message

MAX_CONTEXT_MESSAGES = 20


def relative(then: datetime, now: datetime, lang: Language) -> str:
    seconds = max(int((now - then).total_seconds()), 0)
    minutes, hours, days = seconds // 60, seconds // 3600, seconds // 86400
    if minutes < 1:
        return text(lang, "ago.now")
    key, n = ("ago.minutes", minutes) if hours < 1 else ("ago.hours", hours) if days < 1 else ("ago.days", days)
    return text(lang, key, n=n)


def context_lines(messages: list[Message], members: dict[int, Member], now: datetime, zone: tzinfo,
                  lang: Language) -> tuple[ContextLine, ...]:
    lines = []
    for m in messages[-MAX_CONTEXT_MESSAGES:]:
        member = members.get(m.member_id) if m.member_id else None
        at = m.sent_at.astimezone(zone)
        text = m.text if m.kind != "button" else f"[{m.payload.get('action', 'button')}]"
        if m.direction == "out":
            lines.append(ContextLine(at, relative(at, now, lang), "Fawn", None, None, text))
        else:
            lines.append(ContextLine(at, relative(at, now, lang), m.sender_name or "?",
                                     member.role if member else "friend", member.title if member else None, text))
    return tuple(lines)
