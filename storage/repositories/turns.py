"""Queries and writes the application service needs, on an open AsyncSession."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import and_, or_, update
from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from domain.tasks import PendingTask
from domain.vocabulary import ACTIVE_TASK_STATES
from storage.convert import task_columns
from storage.tables import AgentTask, AuditEntry, Baby, Family, Member, Message, Record

ACTIVE = [s.value for s in ACTIVE_TASK_STATES]


class TaskConflict(Exception):
    """Someone else changed the task first (compare-and-set lost). The turn is retried."""


async def family_by_chat(s: AsyncSession, platform: str, chat_id: str) -> Family | None:
    q = select(Family).where(Family.platform == platform, Family.chat_id == chat_id)
    return (await s.exec(q)).first()


async def babies(s: AsyncSession, family_id: int) -> list[Baby]:
    return list((await s.exec(select(Baby).where(Baby.family_id == family_id).order_by(Baby.id))).all())


async def member_by_identity(s: AsyncSession, family_id: int, user_id: str) -> Member | None:
    q = select(Member).where(Member.family_id == family_id, Member.platform_user_id == user_id)
    return (await s.exec(q)).first()


async def members(s: AsyncSession, family_id: int) -> list[Member]:
    return list((await s.exec(select(Member).where(Member.family_id == family_id))).all())


async def message_exists(s: AsyncSession, platform: str, chat_id: str, message_id: str) -> bool:
    q = select(Message.id).where(Message.platform == platform, Message.chat_id == chat_id,
                                 Message.platform_message_id == message_id)
    return (await s.exec(q)).first() is not None


async def message_by_platform_id(s: AsyncSession, platform: str, chat_id: str, message_id: str) -> Message | None:
    q = select(Message).where(Message.platform == platform, Message.chat_id == chat_id,
                              Message.platform_message_id == message_id)
    return (await s.exec(q)).first()


async def recent_messages(s: AsyncSession, family_id: int, before_id: int, limit: int = 20) -> list[Message]:
    """The last `limit` messages before the current one, oldest first."""
    q = (select(Message).where(Message.family_id == family_id, Message.id < before_id)
         .order_by(Message.id.desc()).limit(limit))
    return list(reversed(list((await s.exec(q)).all())))


async def active_task(s: AsyncSession, family_id: int) -> AgentTask | None:
    q = select(AgentTask).where(AgentTask.family_id == family_id, AgentTask.state.in_(ACTIVE))
    return (await s.exec(q)).first()


async def task_by_id(s: AsyncSession, family_id: int, task_id: int) -> AgentTask | None:
    q = select(AgentTask).where(AgentTask.family_id == family_id, AgentTask.id == task_id)
    return (await s.exec(q)).first()


async def last_task(s: AsyncSession, family_id: int) -> AgentTask | None:
    q = select(AgentTask).where(AgentTask.family_id == family_id).order_by(AgentTask.id.desc()).limit(1)
    return (await s.exec(q)).first()


async def insert_task(s: AsyncSession, family_id: int, task: PendingTask, now: datetime,
                      message_id: int | None) -> AgentTask:
    row = AgentTask(family_id=family_id, created_at=now, updated_at=now, source_message_id=message_id,
                    **task_columns(task))
    s.add(row)
    await s.flush()
    return row


async def cas_task(s: AsyncSession, task: PendingTask, now: datetime) -> None:
    """Write the task's new state only if nobody changed it since we read it."""
    columns = task_columns(task)
    result = await s.exec(
        update(AgentTask).where(AgentTask.id == task.id, AgentTask.revision == task.revision - 1)
        .values(updated_at=now, **columns).execution_options(synchronize_session=False))
    if result.rowcount != 1:
        raise TaskConflict(f"task {task.id} changed under us")


async def records_since(s: AsyncSession, family_id: int, since: datetime) -> list[Record]:
    """Records created or happening since `since`, newest first (deleted ones included)."""
    q = (select(Record).where(Record.family_id == family_id,
                              or_(Record.created_at >= since, Record.start >= since))
         .order_by(Record.created_at.desc(), Record.id.desc()))
    return list((await s.exec(q)).all())


async def records_in_window(s: AsyncSession, family_id: int, start: datetime, end: datetime) -> list[Record]:
    q = select(Record).where(Record.family_id == family_id, Record.deleted_at.is_(None),
                             Record.start < end, or_(Record.start >= start,
                                                     and_(Record.end.is_not(None), Record.end > start),
                                                     and_(Record.end.is_(None), Record.type == "sleep")))
    return list((await s.exec(q.order_by(Record.start))).all())


async def record_by_id(s: AsyncSession, family_id: int, record_id: int) -> Record | None:
    q = select(Record).where(Record.family_id == family_id, Record.id == record_id)
    return (await s.exec(q)).first()


async def open_sleep(s: AsyncSession, family_id: int) -> Record | None:
    q = (select(Record).where(Record.family_id == family_id, Record.type == "sleep",
                              Record.end.is_(None), Record.deleted_at.is_(None))
         .order_by(Record.start.desc()).limit(1))
    return (await s.exec(q)).first()


async def last_write(s: AsyncSession, family_id: int, record_id: int | None = None) -> AuditEntry | None:
    """The latest create/update of a record (or of any record in the family)."""
    q = select(AuditEntry).where(AuditEntry.family_id == family_id,
                                 AuditEntry.action.in_(["record_create", "record_update", "record_delete"]))
    if record_id is not None:
        q = q.where(AuditEntry.record_id == record_id)
    return (await s.exec(q.order_by(AuditEntry.id.desc()).limit(1))).first()


async def audit(s: AsyncSession, family_id: int, member_id: int | None, action: str, at: datetime,
                *, record_id: int | None = None, task_id: int | None = None, message_id: int | None = None,
                before: dict[str, Any] | None = None, after: dict[str, Any] | None = None) -> None:
    s.add(AuditEntry(family_id=family_id, member_id=member_id, action=action, record_id=record_id,
                     task_id=task_id, message_id=message_id, before=before, after=after, at=at))


async def record_from_message(s: AsyncSession, family_id: int, message_id: int) -> Record | None:
    q = (select(Record).where(Record.family_id == family_id, Record.source_message_id == message_id,
                              Record.deleted_at.is_(None)).order_by(Record.id.desc()).limit(1))
    return (await s.exec(q)).first()
