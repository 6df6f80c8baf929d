"""What every repository shares: its session, flushing with conflicts translated, and the cheap path of a
chat turn — reads as Core rows (no ORM object built, no identity map), inserts as prepared Core
statements, and rows nobody reads back in the same turn (audit, trace) kept until the commit, then
written together, one executemany per table."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Insert, Row, Table
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlmodel.ext.asyncio.session import AsyncSession

from storage.errors import Conflict
from storage.prepared import Prepared, driver_of, run

LATER = "fawn.later"      # session.info key: table → rows to insert at the commit (or before the next read)
CONNECTION = "fawn.connection"
DRIVER = "fawn.driver"


class Repository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def flush(self) -> None:
        """Send pending writes now (to learn new ids); a unique-key loss becomes `Conflict`."""
        try:
            await write_later(self.session)
            await self.session.flush()
        except IntegrityError as lost:
            raise Conflict(str(lost.orig)[:200]) from lost

    async def rows(self, statement: Any, parameters: dict[str, Any] | None = None) -> Sequence[Row]:
        """A read as Core rows, after every pending write of the unit of work (it reads its own writes)."""
        return (await self._execute(statement, parameters, read=True)).all()

    async def row(self, statement: Any, parameters: dict[str, Any] | None = None) -> Row | None:
        return (await self._execute(statement, parameters, read=True)).first()

    async def insert_row(self, statement: Insert, values: dict[str, Any]) -> Any:
        """A prepared INSERT … RETURNING id; a unique-key loss becomes `Conflict`."""
        try:
            return (await self._execute(statement, values)).scalar_one()
        except IntegrityError as lost:
            raise Conflict(str(lost.orig)[:200]) from lost

    async def write(self, statement: Any, parameters: dict[str, Any] | None = None) -> int:
        """A prepared UPDATE; returns how many rows it changed."""
        return (await self._execute(statement, parameters)).rowcount

    def later(self, table: Table, values: dict[str, Any]) -> None:
        """A row written with the others of its table at the commit (or before the next read)."""
        self.session.info.setdefault(LATER, {}).setdefault(table, []).append(values)

    async def _execute(self, statement: Any, parameters: dict[str, Any] | None, read: bool = False):
        session = self.session
        if read and session.info.get(LATER):
            await write_later(session)
        if session.new or session.dirty or session.deleted:
            await session.flush()
        conn = await connection(session)
        if isinstance(statement, Prepared):
            return await run(conn, session.info[DRIVER], statement, parameters)
        return await conn.execute(statement, parameters)


async def connection(session: AsyncSession) -> AsyncConnection:
    """The session's connection, asked for once per transaction (each ask is a trip through a greenlet);
    the unit of work forgets it at the commit and the rollback."""
    found = session.info.get(CONNECTION)
    if found is None:
        found = session.info[CONNECTION] = await session.connection()
        session.info[DRIVER] = await driver_of(found)
    return found


def forget_connection(session: AsyncSession) -> None:
    session.info.pop(CONNECTION, None)
    session.info.pop(DRIVER, None)


async def write_later(session: AsyncSession) -> None:
    """Every row kept for later, one executemany per table, in the order the tables were first used."""
    pending: dict[Table, list[dict[str, Any]]] = session.info.pop(LATER, None) or {}
    if not pending:
        return
    conn = await connection(session)
    for table, rows in pending.items():
        await run(conn, session.info[DRIVER], _insert_of(table), rows)


_INSERTS: dict[Table, Prepared] = {}


def _insert_of(table: Table) -> Prepared:
    found = _INSERTS.get(table)
    if found is None:
        found = _INSERTS[table] = Prepared(table.insert())
    return found
