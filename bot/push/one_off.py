"""Delivering one-off reminders (3小时后提醒我喂药): each goes once, at its time, to the chat it was asked in.

A sweep finds the pending reminders whose time has come. Each send is claimed like a summary's
(`summary_claims`, kind `once:<id>`, keyed by the due date): the first instance to claim it sends, the
attempt is recorded before the platform is called and the reminder closed after, so two instances never
both send it, and a claimer that died is taken over after the lease — at most one duplicate, logged as
possible (bot/push/attempts.py). Reminders live in the database, so a restart loses none: the first
sweep after start-up sends what fell due meanwhile; one more than `ONE_OFF_GRACE` late is closed as
missed instead (logged), not sent.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Protocol

from bot.protocol import OutgoingReply
from bot.push.attempts import record_attempt
from domain.replies.amounts import units_shown
from domain.replies.catalog import language_of
from domain.replies.describe import describe
from domain.replies.one_off import delivered_text
from domain.vocabulary import ReplyKind
from storage.engine import Database
from storage.repositories.families import FamilyInfo
from storage.repositories.pushes import SUMMARY_CLAIM_LEASE
from storage.repositories.reminders import MISSED, PENDING, SENT, DueReminder
from storage.unit_of_work import UnitOfWork

log = logging.getLogger(__name__)

ONE_OFF_GRACE = timedelta(hours=6)
"""A reminder found later than this after its time (the bot was down) is not sent any more."""


class ChatPush(Protocol):
    """Sends a push to one chat of a family through the outbox (bot/delivery/push.py's FamilyPush)."""

    def reaches(self, platform: str) -> bool: ...

    async def to_chat(self, family: FamilyInfo, platform: str, chat_id: str, reply: OutgoingReply,
                      about: str) -> bool: ...


def claim_kind(reminder_id: int) -> str:
    return f"once:{reminder_id}"


async def run_one_off(database: Database, push: ChatPush, clock: Callable[[], datetime], instance_id: str, *,
                      lease: timedelta = SUMMARY_CLAIM_LEASE, grace: timedelta = ONE_OFF_GRACE) -> int:
    """One sweep: every reminder due now that this instance wins is sent; returns how many were sent."""
    now = clock()
    async with database.unit_of_work() as uow:
        due = await uow.reminders.due(now)
    sent = 0
    for reminder in due:
        if push.reaches(reminder.platform):
            sent += await _deliver(database, push, reminder, now, instance_id, lease, grace)
    return sent


async def _deliver(database: Database, push: ChatPush, reminder: DueReminder, now: datetime, instance_id: str,
                   lease: timedelta, grace: timedelta) -> int:
    kind = claim_kind(reminder.id)
    async with database.unit_of_work() as uow:
        family = await uow.families.get(reminder.family_id)
        if family is None:
            return 0
        if now - reminder.due_at > grace:
            await uow.reminders.close(reminder.id, MISSED, now)
            await uow.commit()
            log.warning("one-off reminder %s of family %s missed (due %s, found %s)", reminder.id, family.id,
                        reminder.due_at.isoformat(), now.isoformat())
            return 0
        local_date = reminder.due_at.astimezone(family.tz).date()
        won = await uow.pushes.claim(family.id, local_date, kind, instance_id, now, lease)
        await uow.commit()
    if not won:
        return 0
    async with database.unit_of_work() as uow:
        reply = await _reply(uow, family, reminder, now) if await uow.reminders.state_of(reminder.id) == PENDING \
            else None
    delivered = False
    if reply is not None:
        await record_attempt(database, family, local_date, kind, now)
        delivered = await _send(push, family, reminder, reply, kind)
    async with database.unit_of_work() as uow:
        await uow.reminders.close(reminder.id, SENT, now)        # cancelled meanwhile: stays cancelled
        await uow.pushes.mark_sent(family.id, local_date, kind, now)
        await uow.commit()
    return 1 if delivered else 0


async def _send(push: ChatPush, family: FamilyInfo, reminder: DueReminder, reply: OutgoingReply, kind: str) -> bool:
    try:
        return await push.to_chat(family, reminder.platform, reminder.chat_id, reply, f"reminder:{kind}")
    except Exception:       # a broken push must not leave the reminder open for another send
        log.exception("one-off reminder %s push failed for family %s", reminder.id, family.id)
        return False


async def _reply(uow: UnitOfWork, family: FamilyInfo, reminder: DueReminder, now: datetime) -> OutgoingReply:
    lang = language_of(family.language)
    zone = family.tz
    asker = await uow.families.member_by_id(family.id, reminder.member_id) if reminder.member_id else None
    record = await uow.records.by_id(family.id, reminder.record_id, zone) if reminder.record_id else None
    with units_shown(family.units):          # amounts in the family's units, times on its clock
        said = describe(record.type, record.fields, now.astimezone(zone), lang) \
            if record and not record.deleted else None
        words = delivered_text(reminder.about, (asker.title or asker.display_name) if asker else None,
                               reminder.created_at.astimezone(zone), reminder.due_at.astimezone(zone),
                               now.astimezone(zone), lang, said)
    return OutgoingReply(ReplyKind.ANSWER, words, language=lang.value)
