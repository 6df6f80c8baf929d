"""A unit of work: one transaction, its repositories, and nothing kept unless committed.

    async with database.unit_of_work() as uow:
        family = await uow.families.by_chat("telegram", chat_id)
        ...
        await uow.commit()

Leaving the block without `commit()` rolls everything back (cosmicpython's pattern).
"""
from __future__ import annotations

from types import TracebackType

from sqlalchemy.exc import DBAPIError, IntegrityError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, async_sessionmaker
from sqlmodel.ext.asyncio.session import AsyncSession

from storage.errors import Conflict, Unavailable
from storage.repositories.audit import AuditRepository
from storage.repositories.base import LATER, forget_connection, write_later
from storage.repositories.erasure import ErasureRepository
from storage.repositories.families import FamilyRepository
from storage.repositories.inbox import InboxRepository
from storage.repositories.joins import JoinRepository
from storage.repositories.messages import MessageRepository
from storage.repositories.outbox import OutboxRepository
from storage.repositories.pushes import PushRepository
from storage.repositories.records import RecordRepository
from storage.repositories.reminders import ReminderRepository
from storage.repositories.tasks import TaskRepository
from storage.repositories.traces import TraceRepository


class UnitOfWork:
    families: FamilyRepository
    messages: MessageRepository
    tasks: TaskRepository
    records: RecordRepository
    audit: AuditRepository
    traces: TraceRepository
    outbox: OutboxRepository
    pushes: PushRepository
    erasure: ErasureRepository
    reminders: ReminderRepository
    inbox: InboxRepository
    joins: JoinRepository

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions
        self._session: AsyncSession | None = None

    async def __aenter__(self) -> UnitOfWork:
        session = self._session = self._sessions()
        self.families, self.messages = FamilyRepository(session), MessageRepository(session)
        self.tasks, self.records = TaskRepository(session), RecordRepository(session)
        self.audit, self.traces = AuditRepository(session), TraceRepository(session)
        self.outbox, self.pushes = OutboxRepository(session), PushRepository(session)
        self.erasure, self.reminders = ErasureRepository(session), ReminderRepository(session)
        self.inbox, self.joins = InboxRepository(session), JoinRepository(session)
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        try:
            await self._session.rollback()      # a no-op after commit
        except Exception:
            if not unavailable(error):
                raise
        finally:
            await self._session.close()
        if unavailable(error):
            lost = isinstance(error, DBAPIError) and error.connection_invalidated
            raise Unavailable(type(error).__name__, connection_lost=lost) from error

    async def commit(self) -> None:
        try:
            await write_later(self._session)       # the audit and trace rows, one executemany per table
            await self._session.commit()
            forget_connection(self._session)
        except IntegrityError as lost:
            raise Conflict(str(lost.orig)[:200]) from lost

    async def rollback(self) -> None:
        self._session.info.pop(LATER, None)
        forget_connection(self._session)
        await self._session.rollback()


def unavailable(error: BaseException | None) -> bool:
    """A database that is down, unreachable, timing out or locked (not a bug, not a conflict)."""
    if isinstance(error, OperationalError | InterfaceError | PoolTimeout | ConnectionError | TimeoutError):
        return True
    return isinstance(error, DBAPIError) and error.connection_invalidated


class _Bare:
    """Just what a repository's prepared statements ask of a session, on one connection: no ORM, no identity
    map, nothing pending (an ORM call on it fails: `BareUnitOfWork` is for prepared statements only)."""

    new = dirty = deleted = ()

    def __init__(self, conn: AsyncConnection) -> None:
        self.info: dict = {}
        self.bind = conn
        self._conn = conn

    async def connection(self) -> AsyncConnection:
        return self._conn


class BareUnitOfWork:
    """One transaction on a pooled connection without an ORM session, for a statement that stands alone on
    the hot path (a sent reply's delivered mark): the connection's transaction, the prepared statement, the
    commit — what `UnitOfWork` does, less the session's opening, commit and closing. Nothing is kept unless
    `commit()` is called; errors are translated as `UnitOfWork` translates them."""

    messages: MessageRepository

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._conn: AsyncConnection | None = None

    async def __aenter__(self) -> BareUnitOfWork:
        try:
            conn = self._conn = await self._engine.connect()
            await conn.begin()
        except Exception as error:
            if self._conn is not None:
                await self._conn.close()
            if unavailable(error):
                lost = isinstance(error, DBAPIError) and error.connection_invalidated
                raise Unavailable(type(error).__name__, connection_lost=lost) from error
            raise
        self.messages = MessageRepository(_Bare(conn))
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        try:
            await self._conn.close()            # rolls back what was not committed
        except Exception:
            if not unavailable(error):
                raise
        if unavailable(error):
            lost = isinstance(error, DBAPIError) and error.connection_invalidated
            raise Unavailable(type(error).__name__, connection_lost=lost) from error

    async def commit(self) -> None:
        try:
            await self._conn.commit()
        except IntegrityError as lost:
            raise Conflict(str(lost.orig)[:200]) from lost
