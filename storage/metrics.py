"""What the benchmarks read off the database: how many SQL statements ran, and (on SQLite) the
statements themselves with their parameters and transaction ends, to replay them with raw sqlite3 as
the floor the ORM path is compared with (storage/baseline.py)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine

COMMIT, ROLLBACK = "COMMIT", "ROLLBACK"


@dataclass
class Statement:
    sql: str                 # COMMIT / ROLLBACK end a transaction
    parameters: Any = None
    many: bool = False


@dataclass
class StatementLog:
    """Counts every statement the engine sends; with `keep`, keeps them grouped per turn
    (`next_turn()` starts a group)."""

    engine: AsyncEngine
    keep: bool = False
    count: int = 0
    turns: list[list[Statement]] = field(default_factory=lambda: [[]])

    def __post_init__(self) -> None:
        self._sync = self.engine.sync_engine

    def __enter__(self) -> StatementLog:
        event.listen(self._sync, "before_cursor_execute", self._execute)
        event.listen(self._sync, "commit", self._commit)
        event.listen(self._sync, "rollback", self._rollback)
        return self

    def __exit__(self, *_: object) -> None:
        event.remove(self._sync, "before_cursor_execute", self._execute)
        event.remove(self._sync, "commit", self._commit)
        event.remove(self._sync, "rollback", self._rollback)

    def next_turn(self) -> None:
        if self.turns[-1]:
            self.turns.append([])

    def _execute(self, _conn, _cursor, statement, parameters, _context, executemany) -> None:
        self.count += 1
        if self.keep:
            self.turns[-1].append(Statement(statement, parameters, executemany))

    def _commit(self, _conn) -> None:
        if self.keep:
            self.turns[-1].append(Statement(COMMIT))

    def _rollback(self, _conn) -> None:
        if self.keep:
            self.turns[-1].append(Statement(ROLLBACK))


def count_statements(engine: AsyncEngine, keep: bool = False) -> StatementLog:
    """`with count_statements(database.engine) as log: ...` — `log.count` afterwards."""
    return StatementLog(engine, keep)
