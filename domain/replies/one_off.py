"""The texts of one-off reminders: set, listed, cancelled, noted beside a record, and delivered."""
from __future__ import annotations

from datetime import datetime

from domain.replies.catalog import text
from domain.vocabulary import Language


def when(due: datetime, now: datetime, lang: Language) -> str:
    """Today's 14:20, tomorrow's 09:00, or the date and time."""
    due = due.astimezone(now.tzinfo)
    days = (due.date() - now.date()).days
    key = {0: "clock.today", 1: "clock.tomorrow"}.get(days, "clock.date")
    return text(lang, key, time=due)


def _about(about: str | None, lang: Language) -> str:
    return text(lang, "one_off.about", about=about) if about else ""


def _line(item: dict, lang: Language, now: datetime) -> str:
    by = text(lang, "one_off.by", who=item["by"]) if item.get("by") else ""
    return text(lang, "one_off.item", n=item["n"], when=when(item["due"], now, lang),
                about=_about(item.get("about"), lang), by=by)


def _lines(items: list[dict], lang: Language, now: datetime) -> str:
    return "\n".join(_line(item, lang, now) for item in items)


def reminder_set(v: dict, lang: Language, now: datetime) -> str:
    return text(lang, "reply.reminder_set", when=when(v["due"], now, lang), about=_about(v.get("about"), lang))


def reminders_list(v: dict, lang: Language, now: datetime) -> str:
    if not v["reminders"]:
        return text(lang, "reply.reminders_none")
    return text(lang, "reply.reminders_list", count=len(v["reminders"]), lines=_lines(v["reminders"], lang, now))


def reminder_which(v: dict, lang: Language, now: datetime) -> str:
    return text(lang, "reply.reminder_which", count=len(v["reminders"]), lines=_lines(v["reminders"], lang, now))


def reminder_no_such(v: dict, lang: Language, now: datetime) -> str:
    listed = v["reminders"]
    return text(lang, "reply.reminder_no_such", n=v["n"], count=len(listed), lines=_lines(listed, lang, now))


def reminders_cancelled(v: dict, lang: Language, now: datetime) -> str:
    return text(lang, "reply.reminders_cancelled", count=len(v["reminders"]), lines=_lines(v["reminders"], lang, now))


def reminder_note(v: dict, lang: Language, now: datetime) -> str:
    """The line a record's reply gets when a reminder was said with it."""
    key = "one_off.note_after_confirm" if v.get("later") else "one_off.note"
    return text(lang, key, when=when(v["due"], now, lang), about=_about(v.get("about"), lang))


def delivered_text(about: str | None, by: str | None, asked_at: datetime, due: datetime, now: datetime,
                   lang: Language, record: str | None = None) -> str:
    """The reminder itself, when its time comes (a late one says when it was due). Said with a record
    and about nothing else (刚喂了药，6小时后提醒我), it names that record."""
    line = text(lang, "one_off.delivered", about=_about(about or record, lang))
    asked = text(lang, "one_off.asked_by", who=by, at=asked_at) if by else text(lang, "one_off.asked", at=asked_at)
    late = text(lang, "one_off.late", when=when(due, now, lang)) if (now - due).total_seconds() > 300 else ""
    return line + asked + late


ONE_OFF_RENDERERS = {"reminder_set": reminder_set, "reminders_list": reminders_list,
                     "reminder_which": reminder_which, "reminder_no_such": reminder_no_such,
                     "reminders_cancelled": reminders_cancelled}
