"""Family operations a messenger needs that are not chat turns: a chat id that moved,
family settings, parent checks, and the records export. No messenger imports."""
from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime, tzinfo
from zoneinfo import ZoneInfo

from sqlalchemy import update
from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlmodel import select

from domain.vocabulary import Role
from storage.convert import record_fields
from storage.tables import Baby, Family, Member, OutboxItem, Record

SETTING_NAMES = ("timezone", "language", "summary_time", "medication_reminder", "no_feeding_hours",
                 "open_sleep_hours")


async def migrate_chat_id(sessions: async_sessionmaker, platform: str, old_chat_id: str,
                          new_chat_id: str) -> bool:
    """Move a family (and its unsent outbox items) to the chat's new id. Idempotent."""
    async with sessions() as session:
        taken = await session.scalar(select(Family.id).where(
            Family.platform == platform, Family.chat_id == new_chat_id))
        if taken is not None:
            return False
        result = await session.exec(update(Family).where(
            Family.platform == platform, Family.chat_id == old_chat_id).values(chat_id=new_chat_id))
        await session.exec(update(OutboxItem).where(
            OutboxItem.platform == platform, OutboxItem.chat_id == old_chat_id,
            OutboxItem.sent_at.is_(None)).values(chat_id=new_chat_id))
        await session.commit()
        return result.rowcount == 1


async def member_role(sessions: async_sessionmaker, family_id: int, platform_user_id: str) -> Role:
    """The member's role; a person the family has not been told about is a friend."""
    async with sessions() as session:
        role = await session.scalar(select(Member.role).where(
            Member.family_id == family_id, Member.platform_user_id == platform_user_id))
    return Role(role) if role else Role.FRIEND


async def family_settings(sessions: async_sessionmaker, family_id: int) -> dict[str, str]:
    async with sessions() as session:
        family = await session.get(Family, family_id)
    if family is None:
        return {}
    reminders = family.settings.get("reminders") or {}
    return {"timezone": family.timezone, "language": family.language, "summary_time": family.summary_time,
            "medication_reminder": "on" if reminders.get("medication") else "off",
            "no_feeding_hours": str(reminders.get("no_feeding_hours") or "off"),
            "open_sleep_hours": str(reminders.get("open_sleep_hours") or "off")}


async def export_records(sessions: async_sessionmaker, family_id: int) -> list[dict]:
    """Every live record of the family as a dict with the vocabulary's field names,
    times in the family's timezone."""
    async with sessions() as session:
        family = await session.get(Family, family_id)
        zone = ZoneInfo(family.timezone) if family else UTC
        records = (await session.exec(select(Record).where(
            Record.family_id == family_id, Record.deleted_at.is_(None)).order_by(Record.start))).all()
        babies = {b.id: b.name for b in (await session.exec(
            select(Baby).where(Baby.family_id == family_id))).all()}
        members = {m.id: m.title or m.display_name for m in (await session.exec(
            select(Member).where(Member.family_id == family_id))).all()}
        return [_record_row(r, babies, members, zone) for r in records]


def _record_row(record: Record, babies: dict, members: dict, zone: tzinfo) -> dict:
    row: dict = {"id": record.id, "baby": babies.get(record.baby_id), "type": record.type}
    row.update({name: value.isoformat() if isinstance(value, datetime) else value
                for name, value in record_fields(record, zone).items()})
    row.update({"created_by": members.get(record.created_by),
                "created_at": record.created_at.astimezone(zone).isoformat() if record.created_at else None,
                "source_message": record.source_message_id, "task": record.task_id})
    return row


def rows_as_json(rows: list[dict]) -> str:
    return json.dumps(rows, ensure_ascii=False, indent=2, default=str)


def rows_as_csv(rows: list[dict]) -> str:
    columns: list[str] = []
    for row in rows:
        columns += [key for key in row if key not in columns]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns or ["id"])
    writer.writeheader()
    for row in rows:
        writer.writerow({k: json.dumps(v, ensure_ascii=False) if isinstance(v, (list, dict)) else v
                         for k, v in row.items()})
    return out.getvalue()
