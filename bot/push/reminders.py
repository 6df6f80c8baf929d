"""Reminders, each off by default: the next medication dose, no feeding for N hours, a sleep
left open for more than N hours. Turned on in `Family.settings["reminders"]`, e.g.
{"medication": true, "no_feeding_hours": 4, "open_sleep_hours": 6}.

Deciding is pure (`due_reminders`); `run_reminders` loads, claims and sends. Each reminder
is claimed once (a `summary_claims` row keyed by the record it is about), so it goes out
once across sweeps and instances; a claim left unsent by a dead sweep is taken over by a
later sweep after the claim lease, while the reminder is still due.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo
from typing import Any

from sqlalchemy.ext.asyncio import async_sessionmaker

from bot.protocol import OutgoingReply
from domain.records import SLEEP_MAX
from domain.replies.reminders import feeding_text, medication_text, sleep_text
from domain.summary.days import RecordView
from domain.vocabulary import ReplyKind
from storage.repositories import pushes as repo

MEDICATION_WINDOW = timedelta(hours=2)     # after this, a missed dose reminder is not sent
FEEDING_LOOKBACK = timedelta(hours=24)     # a family silent longer than this gets no nudge


@dataclass(frozen=True)
class ReminderSettings:
    medication: bool = False
    no_feeding_hours: float | None = None
    open_sleep_hours: float | None = None

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any] | None) -> ReminderSettings:
        raw = (settings or {}).get("reminders") or {}
        return cls(medication=bool(raw.get("medication", False)),
                   no_feeding_hours=_positive(raw.get("no_feeding_hours")),
                   open_sleep_hours=_positive(raw.get("open_sleep_hours")))

    @property
    def any_on(self) -> bool:
        return self.medication or bool(self.no_feeding_hours) or bool(self.open_sleep_hours)


@dataclass(frozen=True)
class Reminder:
    key: str                 # the claim kind, at most 16 characters: med:<id>, feed:<id>, sleep:<id>
    about: RecordView        # the record the reminder is about
    text: str


def _positive(value: Any) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if number > 0 else None


def due_reminders(records: Sequence[RecordView], settings: ReminderSettings, now: datetime,
                  tz: tzinfo, baby_name: str, language: str = "zh") -> list[Reminder]:
    """The reminders due now for one baby's recent records (at most a day back)."""
    found: list[Reminder] = []
    if settings.medication:
        found += [Reminder(f"med:{r.id}", r, medication_text(r, baby_name, tz, language))
                  for r in medication_due(records, now)]
    if settings.no_feeding_hours:
        last = feeding_overdue(records, now, timedelta(hours=settings.no_feeding_hours))
        if last is not None:
            found.append(Reminder(f"feed:{last.id}", last,
                                  feeding_text(last, now, baby_name, tz, language)))
    if settings.open_sleep_hours:
        found += [Reminder(f"sleep:{r.id}", r, sleep_text(r, now, baby_name, tz, language))
                  for r in open_sleep_overdue(records, now, timedelta(hours=settings.open_sleep_hours))]
    return found


def medication_due(records: Sequence[RecordView], now: datetime) -> list[RecordView]:
    """Medication doses whose next dose is due now and has not been given yet."""
    doses = sorted((r for r in records if r.type == "health"
                    and r.fields.get("kind") == "medication"), key=lambda r: r.start)
    due = []
    for i, dose in enumerate(doses):
        hours = dose.fields.get("next_dose_after_h")
        if not hours:
            continue
        due_at = dose.start + timedelta(hours=float(hours))
        name = str(dose.fields.get("medication") or "").lower()
        given_since = any(str(d.fields.get("medication") or "").lower() == name
                          for d in doses[i + 1:])
        if due_at <= now < due_at + MEDICATION_WINDOW and not given_since:
            due.append(dose)
    return due


def feeding_overdue(records: Sequence[RecordView], now: datetime, after: timedelta
                    ) -> RecordView | None:
    """The last feed, when it is more than `after` ago (and less than a day)."""
    feeds = [r for r in records if r.type == "feeding" and r.fields.get("kind") != "water"
             and r.start <= now]
    if not feeds:
        return None
    last = max(feeds, key=lambda r: r.start)
    return last if after <= now - last.start < FEEDING_LOOKBACK else None


def open_sleep_overdue(records: Sequence[RecordView], now: datetime, after: timedelta
                       ) -> list[RecordView]:
    return [r for r in records if r.type == "sleep" and r.end is None
            and after <= now - r.start < SLEEP_MAX]


async def run_reminders(sessions: async_sessionmaker,
                        send: Callable[[int, OutgoingReply], Awaitable[None]],
                        clock: Callable[[], datetime], instance_id: str) -> int:
    """One sweep over the families with any reminder on; returns how many were sent."""
    now = clock()
    async with sessions() as session:
        families = [f for f in await repo.load_families(session)
                    if ReminderSettings.from_settings(f.settings).any_on]
        if not families:
            return 0
        records = await repo.load_records(session, [f.id for f in families],
                                          now - FEEDING_LOOKBACK, now + timedelta(minutes=1),
                                          types=("feeding", "sleep", "health"))
        sent = 0
        for family in families:
            settings = ReminderSettings.from_settings(family.settings)
            for baby in await repo.load_babies(session, family.id):
                views = records.get(family.id, {}).get(baby.id, [])
                for reminder in due_reminders(views, settings, now, family.tz, baby.name,
                                              family.language):
                    sent += await _claim_and_send(session, send, family, reminder, now, instance_id)
    return sent


async def _claim_and_send(session, send, family: repo.FamilySchedule,
                          reminder: Reminder, now: datetime, instance_id: str) -> int:
    local_date = reminder.about.start.astimezone(family.tz).date()
    if not await repo.claim(session, family.id, local_date, reminder.key, instance_id, now):
        return 0
    reply = OutgoingReply(ReplyKind.ANSWER, reminder.text)
    try:
        await send(family.id, reply)
    except Exception as error:
        payload = {"kind": str(reply.kind), "text": reply.text, "image": None,
                   "reminder": reminder.key}
        await repo.enqueue_outbox(session, family, payload, repr(error), now)
        await repo.mark_sent(session, family.id, local_date, reminder.key, now)   # handed off
        return 0
    await repo.mark_sent(session, family.id, local_date, reminder.key, now)
    return 1
