"""The database: an async engine and its session factory. Nothing is created at import time."""
from __future__ import annotations

from functools import partial
from pathlib import Path

from sqlalchemy import event, make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlmodel.ext.asyncio.session import AsyncSession

from storage.errors import Unreachable
from storage.migrate import current_revision, upgrade
from storage.sqlite_driver import connect_inline
from storage.sqlite_file import SqliteFileWatch
from storage.unit_of_work import BareUnitOfWork, UnitOfWork

SQLITE_BUSY_TIMEOUT_MS = 5000


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL (None for PostgreSQL, or SQLite in memory)."""
    parsed = make_url(url)
    return Path(parsed.database) if parsed.get_backend_name() == "sqlite" and parsed.database not in (
        None, "", ":memory:") else None


def sqlite_url(path: Path | str) -> str:
    return f"sqlite+aiosqlite:///{path}"


def make_engine(url: str, echo: bool = False, *, inline_sqlite: bool = True,
                connect_args: dict | None = None) -> AsyncEngine:
    """An async engine; SQLite gets WAL, a busy timeout and foreign keys on every connection, and its
    calls run in place, hopping to aiosqlite's thread only to wait for a lock (storage/sqlite_driver.py;
    `inline_sqlite=False`: a hop for every call, as aiosqlite does by itself). SQL parameters (the
    family's words) never appear in an error message or a log line.

    PostgreSQL connections are not pinged at checkout: asyncpg's ping is three round trips (BEGIN, a
    query, ROLLBACK) for every unit of work. A connection found dead instead fails its first statement;
    SQLAlchemy then drops the pool's older connections and the chat turn runs again on a fresh one
    (`Unavailable.connection_lost`, bot/turn/service.py)."""
    if url.startswith("sqlite"):
        path = make_url(url).database
        inline = inline_sqlite and bool(path) and path != ":memory:"
        if inline:
            engine = create_async_engine(url, echo=echo, hide_parameters=True,
                                         async_creator=lambda: connect_inline(path, SQLITE_BUSY_TIMEOUT_MS))
        else:
            engine = create_async_engine(url, echo=echo, hide_parameters=True,
                                         connect_args={"timeout": SQLITE_BUSY_TIMEOUT_MS / 1000})
        event.listen(engine.sync_engine, "connect", partial(_sqlite_pragmas, busy_ms=0 if inline
                                                            else SQLITE_BUSY_TIMEOUT_MS))
        return engine
    return create_async_engine(url, echo=echo, hide_parameters=True, connect_args=connect_args or {})


def _sqlite_pragmas(dbapi_connection, _record, busy_ms: int) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={busy_ms}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False)


def cannot_reach(where: str, problem: BaseException) -> str:
    said = str(problem.orig) if isinstance(problem, DBAPIError) and problem.orig is not None else str(problem)
    said = said.splitlines()[0] if said else type(problem).__name__
    return f"cannot reach the database at {where}: {said.split(') ', 1)[-1] if said.startswith('(') else said}"


class Database:
    """One database for the application: units of work on it, migrations, and closing it.

    `bot/` holds a `Database`, never an engine or a session: every read and write goes through
    `database.unit_of_work()` (storage/unit_of_work.py)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.sessions = make_sessionmaker(engine)
        path = engine.url.database if engine.dialect.name == "sqlite" else None
        self._file = SqliteFileWatch(Path(path)) if path and path != ":memory:" else None
        if self._file is not None:
            event.listen(engine.sync_engine, "connect", self._file.connected)
        # PostgreSQL: a statement outside a transaction saves the BEGIN and COMMIT round trips. SQLite has no
        # round trips to save, and switching a connection's isolation level costs PRAGMAs at every checkout.
        self._standalone_engine = engine if engine.dialect.name == "sqlite" else engine.execution_options(
            isolation_level="AUTOCOMMIT")
        self._standalone = self.sessions if engine.dialect.name == "sqlite" else make_sessionmaker(
            self._standalone_engine)

    @classmethod
    def at(cls, url: str) -> Database:
        return cls(make_engine(url))

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    def unit_of_work(self) -> UnitOfWork:
        """One transaction (storage/unit_of_work.py); refused while the SQLite file is gone (sqlite_file.py)."""
        if self._file is not None:
            self._file.check()
        return UnitOfWork(self.sessions)

    def one_statement(self) -> UnitOfWork:
        """A unit of work for one statement that stands alone (a sent reply's delivered mark): it commits
        as it runs, with no transaction around it — on PostgreSQL no BEGIN and COMMIT round trips (SQLite:
        an ordinary unit of work; the caller commits)."""
        if self._file is not None:
            self._file.check()
        return UnitOfWork(self._standalone)

    def bare_statement(self) -> BareUnitOfWork:
        """`one_statement()` without an ORM session, for the prepared statements of `uow.messages` (a sent reply's
        delivered mark): the pooled connection, the statement, the commit."""
        if self._file is not None:
            self._file.check()
        return BareUnitOfWork(self._standalone_engine)

    async def reach(self) -> None:
        """Connect once, or raise `Unreachable` with one line saying where and why (start-up and commands)."""
        try:
            async with self.engine.connect():
                pass
        except (OSError, DBAPIError) as problem:
            raise Unreachable(cannot_reach(self.engine.url.render_as_string(hide_password=True), problem)) from None

    async def upgrade(self) -> None:
        await self.reach()
        await upgrade(self.engine)

    async def revision(self) -> str | None:
        await self.reach()
        return await current_revision(self.engine)

    async def dispose(self) -> None:
        await self.engine.dispose()
