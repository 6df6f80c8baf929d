"""The audit log: who changed what — every write, update, delete, undo, task transition and
family operation, with before and after."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select

from storage.repositories.base import Repository
from storage.tables import AuditEntry

RECORD_WRITES = ("record_create", "record_update", "record_delete")


@dataclass(frozen=True)
class AuditInfo:
    action: str
    record_id: int | None
    before: dict[str, Any] | None
    at: datetime
    message_id: int | None = None


class AuditRepository(Repository):
    def add(self, family_id: int, member_id: int | None, action: str, at: datetime, *,
            record_id: int | None = None, task_id: int | None = None, message_id: int | None = None,
            before: dict[str, Any] | None = None, after: dict[str, Any] | None = None) -> None:
        self.later(AuditEntry.__table__, dict(family_id=family_id, member_id=member_id, action=action,
                                              record_id=record_id, task_id=task_id, message_id=message_id,
                                              before=before, after=after, at=at))

    async def last_record_write(self, family_id: int, record_id: int | None = None) -> AuditInfo | None:
        """The latest create/update/delete of a record (or of any record in the family)."""
        q = select(AuditEntry.__table__).where(AuditEntry.family_id == family_id, AuditEntry.action.in_(RECORD_WRITES))
        if record_id is not None:
            q = q.where(AuditEntry.record_id == record_id)
        row = await self.row(q.order_by(AuditEntry.id.desc()).limit(1))
        return AuditInfo(row.action, row.record_id, row.before, row.at, row.message_id) if row else None

    async def record_writes_of_message(self, family_id: int, message_id: int) -> list[AuditInfo]:
        """Every record a message created or changed (a message that said several facts wrote several)."""
        q = select(AuditEntry.__table__).where(
            AuditEntry.family_id == family_id, AuditEntry.message_id == message_id,
            AuditEntry.action.in_(("record_create", "record_update"))).order_by(AuditEntry.id)
        return [AuditInfo(r.action, r.record_id, r.before, r.at, r.message_id) for r in await self.rows(q)]
