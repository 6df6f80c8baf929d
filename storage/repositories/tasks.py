"""Tasks: the family's working memory, written compare-and-set on `revision`."""
from __future__ import annotations

from datetime import UTC, datetime, tzinfo
from types import SimpleNamespace
from typing import Any

from sqlalchemy import ColumnElement, bindparam, func, or_
from sqlalchemy import select as core_select

from domain.tasks import PendingTask
from domain.vocabulary import ACTIVE_TASK_STATES
from storage.convert import task_columns, task_from_row
from storage.errors import TaskConflict
from storage.prepared import Prepared
from storage.repositories.base import Repository
from storage.tables import AgentTask

ACTIVE = [s.value for s in ACTIVE_TASK_STATES]
_TASKS = AgentTask.__table__
_ACTIVE = Prepared(core_select(_TASKS).where(_TASKS.c.family_id == bindparam("family"), _TASKS.c.state.in_(ACTIVE)))
_BY_ID = Prepared(core_select(_TASKS).where(_TASKS.c.family_id == bindparam("family"), _TASKS.c.id == bindparam("id")))
_LAST = Prepared(core_select(_TASKS).where(_TASKS.c.family_id == bindparam("family"))
                 .order_by(_TASKS.c.id.desc()).limit(1))
_INSERT = Prepared(_TASKS.insert().returning(_TASKS.c.id))
TASK_FIELDS = ("id", "baby_id", "action", "record_type", "slots", "missing", "state", "requires_confirmation_reason",
               "target_record_id", "started_by", "last_supplied_by", "confirmed_by", "expires_at", "revision")
_NEWER = _TASKS.alias("newer")


def active_or_last(family_id) -> ColumnElement[bool]:
    """The family's active task and its newest one (`family_id`: a bound parameter, or a column of an
    outer query — the chat's first read, storage/repositories/families.py)."""
    newest = core_select(func.max(_NEWER.c.id)).where(_NEWER.c.family_id == family_id).scalar_subquery()
    return or_(_TASKS.c.state.in_(ACTIVE), _TASKS.c.id == newest)


_COMPARE_AND_SET = Prepared(_TASKS.update().where(_TASKS.c.id == bindparam("task"),
                                                   _TASKS.c.revision == bindparam("read")))
_ACTIVE_OR_LAST = Prepared(core_select(_TASKS).where(_TASKS.c.family_id == bindparam("family"),
                                            active_or_last(bindparam("family"))))


def _task_row(raw: dict[str, Any]) -> SimpleNamespace:
    """A task as the first read's JSON gives it, with its expiry an aware UTC datetime again."""
    expires = raw.get("expires_at")
    if isinstance(expires, str):
        expires = datetime.fromisoformat(expires)
        expires = expires.replace(tzinfo=UTC) if expires.tzinfo is None else expires.astimezone(UTC)
    return SimpleNamespace(**{**raw, "expires_at": expires})


class TaskRepository(Repository):
    @staticmethod
    def from_first_read(rows: list[dict[str, Any]], zone: tzinfo) -> tuple[PendingTask | None, PendingTask | None]:
        """`active_and_last(…)` from the tasks the chat's first read brought (`Reached.tasks`)."""
        tasks = [_task_row(raw) for raw in rows]
        active = next((t for t in tasks if t.state in ACTIVE), None)
        last = max(tasks, key=lambda t: t.id) if tasks else None
        return (task_from_row(active, zone) if active else None), (task_from_row(last, zone) if last else None)

    async def active(self, family_id: int, zone: tzinfo) -> PendingTask | None:
        row = await self.row(_ACTIVE, {"family": family_id})
        return task_from_row(row, zone) if row else None

    async def active_and_last(self, family_id: int, zone: tzinfo) -> tuple[PendingTask | None, PendingTask | None]:
        """`active(…)` and `last(…)` in one read (a chat turn reads both)."""
        rows = await self.rows(_ACTIVE_OR_LAST, {"family": family_id})
        active = next((r for r in rows if r.state in ACTIVE), None)
        last = max(rows, key=lambda r: r.id) if rows else None
        return (task_from_row(active, zone) if active else None), (task_from_row(last, zone) if last else None)

    async def by_id(self, family_id: int, task_id: int, zone: tzinfo) -> PendingTask | None:
        row = await self.row(_BY_ID, {"family": family_id, "id": task_id})
        return task_from_row(row, zone) if row else None

    async def last(self, family_id: int, zone: tzinfo) -> PendingTask | None:
        row = await self.row(_LAST, {"family": family_id})
        return task_from_row(row, zone) if row else None

    async def insert(self, family_id: int, task: PendingTask, now: datetime, message_id: int | None) -> int:
        return await self.insert_row(_INSERT, dict(family_id=family_id, created_at=now, updated_at=now,
                                               source_message_id=message_id, **task_columns(task)))

    async def compare_and_set(self, task: PendingTask, now: datetime) -> None:
        """Write the task's new state only if nobody changed it since we read it."""
        changed = await self.write(_COMPARE_AND_SET, {"task": task.id, "read": task.revision - 1, "updated_at": now,
                                                      **task_columns(task)})
        if changed != 1:
            raise TaskConflict(f"task {task.id} changed under us")
