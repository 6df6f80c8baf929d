"""Tasks: the family's working memory, written compare-and-set on `revision`."""
from __future__ import annotations

from datetime import datetime, tzinfo

from sqlalchemy import update
from sqlmodel import select

from domain.tasks import PendingTask
from domain.vocabulary import ACTIVE_TASK_STATES
from storage.convert import task_columns, task_from_row
from storage.errors import TaskConflict
from storage.repositories.base import Repository
from storage.tables import AgentTask

ACTIVE = [s.value for s in ACTIVE_TASK_STATES]


class TaskRepository(Repository):
    async def active(self, family_id: int, zone: tzinfo) -> PendingTask | None:
        q = select(AgentTask).where(AgentTask.family_id == family_id, AgentTask.state.in_(ACTIVE))
        row = (await self.session.exec(q)).first()
        return task_from_row(row, zone) if row else None

    async def by_id(self, family_id: int, task_id: int, zone: tzinfo) -> PendingTask | None:
        q = select(AgentTask).where(AgentTask.family_id == family_id, AgentTask.id == task_id)
        row = (await self.session.exec(q)).first()
        return task_from_row(row, zone) if row else None

    async def last(self, family_id: int, zone: tzinfo) -> PendingTask | None:
        q = select(AgentTask).where(AgentTask.family_id == family_id).order_by(AgentTask.id.desc()).limit(1)
        row = (await self.session.exec(q)).first()
        return task_from_row(row, zone) if row else None

    async def insert(self, family_id: int, task: PendingTask, now: datetime, message_id: int | None) -> int:
        row = AgentTask(family_id=family_id, created_at=now, updated_at=now, source_message_id=message_id,
                        **task_columns(task))
        self.session.add(row)
        await self.flush()
        return row.id

    async def compare_and_set(self, task: PendingTask, now: datetime) -> None:
        """Write the task's new state only if nobody changed it since we read it."""
        result = await self.session.exec(
            update(AgentTask).where(AgentTask.id == task.id, AgentTask.revision == task.revision - 1)
            .values(updated_at=now, **task_columns(task)).execution_options(synchronize_session=False))
        if result.rowcount != 1:
            raise TaskConflict(f"task {task.id} changed under us")
