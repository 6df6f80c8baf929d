"""Texts of the harness's guards: an uncertain reading read back, a possible duplicate or a dose too
soon named with who wrote the earlier record, a task that a new request set aside. Words come from
the catalogue (`doubt.*`, `duplicate.*`, `set_aside.*`)."""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from domain.replies.catalog import hm, label, text
from domain.replies.describe import describe, number
from domain.replies.summary import duration_text
from domain.vocabulary import Language


def _quoted(lang: Language, said: list[str]) -> str:
    return text(lang, "doubt.separator").join(text(lang, "doubt.quoted", text=u) for u in said)


def reason_text(v: dict[str, Any], lang: Language) -> str | None:
    """The reason of an uncertain read-back, with what was not understood or the date it assumed."""
    doubt = v.get("doubt") or {}
    if not doubt:
        return None
    parts = []
    if doubt.get("estimated"):
        parts.append(text(lang, "doubt.estimated", said=_quoted(lang, doubt["estimated"])))
    unread = [] if v.get("unread") else doubt.get("unread") or []
    unused = [*(w for w in doubt.get("unaccounted") or [] if not any(w in u for u in unread)), *unread]
    if unused:                  # (a part not read is quoted here, unless the reply quotes it on a line of its own)
        parts.append(text(lang, "doubt.unused", said=_quoted(lang, unused)))
    if doubt.get("nap_at_night") is not None:
        parts.append(text(lang, "doubt.nap_at_night", time=hm(doubt["nap_at_night"], lang)))
    if doubt.get("length_said") is not None:
        said, length = doubt["length_said"]
        parts.append(text(lang, "doubt.length_said", minutes=number(said), length=duration_text(length, lang)))
    if doubt.get("clock_yesterday") is not None:
        parts.append(text(lang, "doubt.clock_yesterday", time=hm(doubt["clock_yesterday"], lang)))
    if not parts:
        parts.append(label(lang, "reason", "uncertain_reading"))
    return text(lang, "doubt.reason_separator").join(parts)


def doubt_note(doubt: dict[str, Any], lang: Language) -> str:
    """After a question: the part of the message the reading did not use."""
    said = doubt.get("unaccounted") or []
    return text(lang, "doubt.not_understood", said=_quoted(lang, said)) if said else ""


def _existing(v: dict[str, Any], lang: Language, now: datetime) -> str:
    who = text(lang, "duplicate.you") if v.get("by_you") else (v.get("by") or text(lang, "duplicate.someone"))
    return text(lang, "duplicate.existing", who=who, record=describe(v.get("type"), v["existing"], now, lang))


def _confirm_duplicate(v, lang, now):
    return text(lang, "reply.confirm_duplicate", existing=_existing(v, lang, now),
                record=describe(v.get("type"), v["fields"], now, lang))


def _confirm_dose_too_soon(v, lang, now):
    return text(lang, "reply.confirm_dose_too_soon", existing=_existing(v, lang, now),
                hours=number(v.get("interval_h") or 4), record=describe(v.get("type"), v["fields"], now, lang))


def set_aside_note(v: dict[str, Any], lang: Language, now: datetime) -> str:
    """What a new request set aside: named, nothing of it written, and how to bring it back."""
    waiting = str(getattr(v["state"], "value", v["state"])) == "awaiting_confirmation"
    return text(lang, "set_aside.waiting" if waiting else "set_aside.open", what=_task_named(v, lang, now))


def expired_note(v: dict[str, Any], lang: Language, now: datetime) -> str:
    """A task whose hour ran out before this message: named, and nothing of it written."""
    return text(lang, "expired_note", what=_task_named(v, lang, now))


def _task_named(v: dict[str, Any], lang: Language, now: datetime) -> str:
    action = str(getattr(v["action"], "value", v["action"]))
    waiting = str(getattr(v["state"], "value", v["state"])) == "awaiting_confirmation"
    kind = label(lang, "type", v.get("type") or "record", text(lang, "set_aside.record"))
    if action == "create" and v.get("type"):
        what = describe(v["type"], v["slots"], now, lang) if waiting else kind     # half-known: its type
    elif action == "delete":
        what = text(lang, "set_aside.delete", kind=kind)
    elif action == "update":
        what = text(lang, "set_aside.update",
                    what=describe(v.get("type"), v["slots"], now, lang) if waiting else kind)
    else:
        what = text(lang, "set_aside.profile")
    return what


GUARD_RENDERERS: dict[str, Callable[[dict, Language, datetime], str]] = {
    "confirm_duplicate": _confirm_duplicate, "confirm_dose_too_soon": _confirm_dose_too_soon,
}
