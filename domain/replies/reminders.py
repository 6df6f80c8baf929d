"""The reminders' texts (bot/push/reminders.py decides when one is due): next dose, no feeding, open sleep."""
from __future__ import annotations

from datetime import datetime, tzinfo

from domain.replies.catalog import language_of, text
from domain.replies.summary import duration_text
from domain.summary.days import RecordView


def medication_text(dose: RecordView, baby: str, tz: tzinfo, language: str) -> str:
    lang = language_of(language)
    return text(lang, "reminder.medication", baby=baby, medicine=dose.fields.get("medication") or "",
                at=dose.start.astimezone(tz), hours=dose.fields.get("next_dose_after_h"))


def feeding_text(last: RecordView, now: datetime, baby: str, tz: tzinfo, language: str) -> str:
    lang = language_of(language)
    since = duration_text((now - last.start).total_seconds() / 60, lang)
    return text(lang, "reminder.no_feeding", baby=baby, since=since, at=last.start.astimezone(tz))


def sleep_text(sleep: RecordView, now: datetime, baby: str, tz: tzinfo, language: str) -> str:
    lang = language_of(language)
    since = duration_text((now - sleep.start).total_seconds() / 60, lang)
    return text(lang, "reminder.open_sleep", baby=baby, since=since, at=sleep.start.astimezone(tz))
