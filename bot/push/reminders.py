"""Reminders, each off by default: the next medication dose, no feeding for N hours, a sleep
left open for more than N hours. Turned on in `Family.settings["reminders"]`, e.g.
{"medication": true, "no_feeding_hours": 4, "open_sleep_hours": 6}.

Deciding is pure (`due_reminders`); `run_reminders` loads, claims and sends. Each reminder
is claimed once (a `summary_claims` row keyed by the record it is about), so it goes out
once across sweeps and instances; a claim left unsent by a dead sweep is taken over by a
later sweep after the claim lease, while the reminder is still due.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo
from typing import Any

from bot.delivery.push import PushFn
from bot.protocol import OutgoingReply
from bot.push.attempts import record_attempt
from domain.records import SLEEP_MAX
from domain.replies.amounts import units_shown
from domain.replies.reminders import feeding_text, medication_text, sleep_text
from domain.summary.days import RecordView
from domain.vocabulary import ReplyKind
from storage.engine import Database
from storage.repositories.families import FamilyInfo
from storage.unit_of_work import UnitOfWork

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


async def run_reminders(database: Database, push: PushFn, clock: Callable[[], datetime], instance_id: str) -> int:
    """One sweep over the families with any reminder on; returns how many were sent."""
    now = clock()
    async with database.unit_of_work() as uow:
        families = [f for f in await uow.families.all() if ReminderSettings.from_settings(f.settings).any_on]
        records = await uow.records.touching([f.id for f in families], now - FEEDING_LOOKBACK,
                                             now + timedelta(minutes=1), types=("feeding", "sleep", "health")) \
            if families else {}
        due = [(family, reminder) for family in families
               for reminder in await _due_for(uow, family, records.get(family.id, {}), now)]
        # a dose said with a one-off reminder (刚喂了药，6小时后提醒我) is reminded of by that reminder alone
        one_off = await uow.reminders.with_records([r.about.id for _, r in due if r.key.startswith("med:")])
    due = [(family, r) for family, r in due if not (r.key.startswith("med:") and r.about.id in one_off)]
    sent = 0
    for family, reminder in due:
        sent += await _claim_and_send(database, push, family, reminder, now, instance_id)
    return sent


async def _due_for(uow: UnitOfWork, family: FamilyInfo, by_baby: Mapping[int, Sequence[RecordView]],
                   now: datetime) -> list[Reminder]:
    settings = ReminderSettings.from_settings(family.settings)
    babies = await uow.families.babies(family.id)
    with units_shown(family.units):          # its times on the family's clock
        return [reminder for baby in babies
                for reminder in due_reminders(by_baby.get(baby.id, []), settings, now, family.tz, baby.name,
                                              family.language)]


async def _claim_and_send(database: Database, push: PushFn, family: FamilyInfo, reminder: Reminder,
                          now: datetime, instance_id: str) -> int:
    """Claimed once across sweeps and instances; the push goes through the outbox."""
    local_date = reminder.about.start.astimezone(family.tz).date()
    async with database.unit_of_work() as uow:
        won = await uow.pushes.claim(family.id, local_date, reminder.key, instance_id, now)
        await uow.commit()
    if not won:
        return 0
    reply = OutgoingReply(ReplyKind.ANSWER, reminder.text, language=family.language)
    await record_attempt(database, family, local_date, reminder.key, now)
    delivered = await push(family, reply, f"reminder:{reminder.key}")
    async with database.unit_of_work() as uow:
        await uow.pushes.mark_sent(family.id, local_date, reminder.key, now)
        await uow.commit()
    return 1 if delivered else 0
