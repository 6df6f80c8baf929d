"""Turn traces: extraction, decision, effects and reply of one turn — never message text."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import or_, select

from storage.repositories.base import Repository
from storage.tables import Message, TurnTrace


@dataclass(frozen=True)
class TraceInfo:
    trace_id: str
    message_id: int | None
    at: datetime
    steps: list[dict[str, Any]]


class TraceRepository(Repository):
    def add(self, *, trace_id: str, message_id: int | None, family_id: int | None, at: datetime,
            steps: list[dict[str, Any]]) -> None:
        self.later(TurnTrace.__table__, dict(trace_id=trace_id, message_id=message_id, family_id=family_id, at=at,
                                             steps=steps))

    async def find(self, key: str) -> list[TraceInfo]:
        """Traces by trace id, by messages.id, or by a platform message id."""
        ids = select(Message.id).where(or_(Message.platform_message_id == key,
                                           Message.id == (int(key) if key.isdigit() else -1)))
        q = select(TurnTrace.__table__).where(or_(TurnTrace.trace_id == key, TurnTrace.message_id.in_(ids)))
        return [TraceInfo(r.trace_id, r.message_id, r.at, list(r.steps)) for r in await self.rows(q)]

    async def of_family(self, family_id: int) -> list[TraceInfo]:
        """Every trace of a family, oldest first (the scenario runner sums a run's cost from them)."""
        q = select(TurnTrace.__table__).where(TurnTrace.family_id == family_id).order_by(TurnTrace.id)
        return [TraceInfo(r.trace_id, r.message_id, r.at, list(r.steps)) for r in await self.rows(q)]
