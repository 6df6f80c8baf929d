"""Texts for a message that said several facts: each fact named (with its baby when the family has
several, and why it waits when it does), the facts that wait with a question, the parts not understood."""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from domain.replies.catalog import label, text
from domain.replies.describe import describe
from domain.vocabulary import Language

Render = Callable[[Any, Language, datetime], str]


def fact_line(item: dict[str, Any], lang: Language, now: datetime, reason: str | None = None) -> str:
    line = describe(item.get("type"), item["fields"], now, lang)
    if item.get("baby"):
        line = text(lang, "several.baby", baby=item["baby"], record=line)
    why = reason or (label(lang, "reason", item["reason"], "") if item.get("reason") else "")
    return text(lang, "several.with_reason", record=line, reason=why) if why else line


def fact_lines(items: list[dict[str, Any]], lang: Language, now: datetime) -> str:
    return text(lang, "several.separator").join(fact_line(i, lang, now) for i in items)


def recorded_several(v: dict[str, Any], lang: Language, now: datetime, render: Render) -> str:
    items = v["several"]
    return text(lang, "reply.recorded_several", count=len(items), records=fact_lines(items, lang, now)) + \
        trailing_notes(v, lang, now, render)


def confirm_several(v: dict[str, Any], lang: Language, now: datetime, reason: str) -> str:
    current = {"type": v["type"], "fields": v["fields"], "baby": v.get("baby")}
    lines = [fact_line(i, lang, now) for i in v["several"]]
    lines.insert(min(v.get("at") or 0, len(lines)), fact_line(current, lang, now, reason=reason))
    return text(lang, "reply.confirm_several", count=len(lines), records=text(lang, "several.separator").join(lines))


def waiting_note(v: dict[str, Any], lang: Language, now: datetime) -> str:
    """After a question about one fact: the message's other facts wait for the answer."""
    items = v.get("several") or []
    return "\n" + text(lang, "several.waiting", count=len(items), records=fact_lines(items, lang, now)) if items else ""


def trailing_notes(v: dict[str, Any], lang: Language, now: datetime, render: Render) -> str:
    """What else the reply says: facts that wrote nothing (已经在睡了), and the parts not understood."""
    out = "".join("\n" + render(note, lang, now) for note in v.get("several_notes") or ())
    unread = v.get("unread") or []
    if unread:
        said = text(lang, "doubt.separator").join(text(lang, "doubt.quoted", text=u) for u in unread)
        out += "\n" + text(lang, "several.unread", said=said)
    return out
