"""The chat turn's hot statements, compiled once and run on the driver's own connection.

A statement a turn runs every time is wrapped once at import (`Prepared(core_select(...))`). On SQLite its
SQL is compiled once per dialect (and, for an INSERT, per set of columns given), and each run is ONE call on
the sqlite3 connection underneath the session's — in place on the loop, a hop to aiosqlite's thread only
when SQLite is busy (storage/sqlite_driver.py) — with the parameters put in order and through SQLAlchemy's
own bind processors, and the rows come back as plain named tuples: no execution context, no result proxy,
no greenlet round trip, and the two costly column types (aware UTC datetimes, JSON) read by C functions.
It is the same connection and the same transaction as the session's (sqlite3 opens it before a write, as
it does for SQLAlchemy), so ORM writes, prepared writes and reads see each other.

Everything else goes through SQLAlchemy as before: another dialect (PostgreSQL), a statement whose SQL
depends on its values (an expanding IN, a LIMIT rendered in place) or one whose INSERT needs Python-side
defaults. The engine's `before_cursor_execute` listeners still see every statement (`fawn bench` counts
and replays them, storage/metrics.py), and a sqlite3 error becomes SQLAlchemy's own exception class."""
from __future__ import annotations

import json
import sqlite3
from collections import namedtuple
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection

from storage.types import UTCDateTime

_fromisoformat = datetime.fromisoformat


def _utc(value: str | None) -> datetime | None:
    """A stored SQLite datetime ('2026-05-04 12:00:00.000000', UTC) as an aware UTC datetime."""
    if value is None:
        return None
    found = _fromisoformat(value)
    return found.replace(tzinfo=UTC) if found.tzinfo is None else found.astimezone(UTC)


def _utc_text(value: datetime | None) -> str | None:
    """An aware datetime as SQLite stores it (UTC, SQLAlchemy's text form); a naive one is refused."""
    if value is None:
        return None
    if value.tzinfo is None:
        raise ValueError("naive datetime reached the database; times must be aware")
    return value.astimezone(UTC).replace(tzinfo=None).isoformat(" ", "microseconds")


def _json(value: str | None) -> Any:
    return None if value is None else json.loads(value)


@dataclass(frozen=True)
class Plan:
    """One statement compiled for SQLite: its SQL, its parameters in order and how each is bound, and how
    each column of its rows is read."""

    sql: str
    names: tuple[str, ...]
    fixed: dict[str, Any]                      # values compiled into the statement (a literal, a bound default)
    binds: tuple[Callable | None, ...]
    row: type | None                           # a named tuple of the result's columns (None: no rows)
    reads: tuple[tuple[int, Callable], ...]    # (column, reader) for the columns that need converting
    raw: bool = False                          # rows as the driver's own tuples, unconverted

    def parameters(self, values: dict[str, Any]) -> tuple:
        fixed, out = self.fixed, []
        for name, bind in zip(self.names, self.binds, strict=True):
            value = values[name] if name in values else fixed[name]
            out.append(bind(value) if bind is not None else value)
        return tuple(out)

    def rows(self, raw: list[tuple]) -> list[tuple]:
        if self.raw or self.row is None:
            return raw
        make, reads = self.row._make, self.reads
        if not reads:
            return [make(r) for r in raw]
        out = []
        for r in raw:
            values = list(r)
            for index, read in reads:
                values[index] = read(values[index])
            out.append(make(values))
        return out


class Prepared:
    """A Core statement the turn runs every time: compiled once per dialect and column set (and per value of
    a parameter rendered into its SQL, such as a LIMIT — a handful of constants)."""

    __slots__ = ("statement", "raw", "_compiled", "_plans")

    def __init__(self, statement: Any, raw: bool = False) -> None:
        """`raw`: on SQLite its rows are the driver's plain tuples (times as stored text, JSON as text) for
        a caller that converts them itself (storage/kept_views.py)."""
        self.statement = statement
        self.raw = raw
        self._compiled: dict[tuple, tuple[Any, tuple[str, ...]]] = {}
        self._plans: dict[tuple, Plan | None] = {}

    def plan(self, dialect: Dialect, values: dict[str, Any]) -> Plan | None:
        """The SQLite plan for these parameters (None: run it through SQLAlchemy)."""
        if dialect.name != "sqlite":
            return None
        keys = tuple(values)
        found = self._compiled.get(keys)
        if found is None:
            compiled = self.statement.compile(dialect=dialect, column_keys=list(keys) if keys else None)
            late = tuple(b.key for b in compiled.literal_execute_params | compiled.post_compile_params
                         if b.key in values)
            found = self._compiled[keys] = (compiled, late)
        compiled, late = found
        key = (keys, *(values[name] for name in late))
        try:
            return self._plans[key]
        except KeyError:
            plan = self._plans[key] = _plan(compiled, dialect, values, late, self.raw)
            return plan
        except TypeError:           # a list rendered into the SQL: not a constant
            return None


def _plan(compiled: Any, dialect: Dialect, values: dict[str, Any], late: tuple[str, ...],
          raw: bool) -> Plan | None:
    if compiled.insert_prefetch or compiled.update_prefetch or compiled.positiontup is None:
        return None
    expanded = compiled.construct_expanded_state({name: values[name] if name in late else None
                                                  for name in values})
    names = tuple(expanded.positiontup)
    processors = {**compiled._bind_processors, **expanded.processors}
    for name, bind in compiled.binds.items():
        if isinstance(bind.type, UTCDateTime):
            processors[name] = _utc_text
    fixed = {name: expanded.parameters[name] for name in names if name not in values}
    row, reads = None, []
    columns = compiled._result_columns
    if columns and not raw:
        row = namedtuple("Row", [c.keyname for c in columns], rename=True)
        for index, column in enumerate(columns):
            read = _reader(column.type, dialect)
            if read is not None:
                reads.append((index, read))
    return Plan(expanded.statement, names, fixed, tuple(processors.get(n) for n in names), row, tuple(reads),
                raw)


def _reader(type_: Any, dialect: Dialect) -> Callable | None:
    if isinstance(type_, UTCDateTime):
        return _utc
    if isinstance(type_, JSON):
        return _json
    return type_._cached_result_processor(dialect, None)


@dataclass
class Ran:
    """What a prepared statement gave back, read as SQLAlchemy's result is read by the repositories."""

    found: list[tuple]
    rowcount: int

    def all(self) -> list[tuple]:
        return self.found

    def first(self) -> tuple | None:
        return self.found[0] if self.found else None

    def scalar_one(self) -> Any:
        if len(self.found) != 1:
            raise ValueError(f"expected one row, got {len(self.found)}")
        return self.found[0][0]


def _run(conn: sqlite3.Connection, sql: str, parameters: Any, many: bool) -> tuple[list[tuple], int]:
    cursor = conn.executemany(sql, parameters) if many else conn.execute(sql, parameters)
    try:
        return (cursor.fetchall() if cursor.description else []), cursor.rowcount
    finally:
        cursor.close()


async def run(connection: AsyncConnection, driver: Any, prepared: Prepared,
              values: dict[str, Any] | Sequence[dict[str, Any]] | None):
    """Run a prepared statement: on SQLite in one driver call, else through SQLAlchemy's `execute`.
    `driver`: the aiosqlite connection under `connection` (None on other dialects)."""
    many = isinstance(values, list | tuple)
    plan = prepared.plan(connection.dialect, (values[0] if many else values) or {}) if driver is not None else None
    if plan is None:
        return await connection.execute(prepared.statement, values)
    parameters = [plan.parameters(v) for v in values] if many else plan.parameters(values or {})
    sync = connection.sync_connection
    if sync._has_events or sync.engine._has_events:
        sync.dispatch.before_cursor_execute(sync, None, plan.sql, parameters, None, many)
    try:
        raw, count = await driver._execute(_run, driver._conn, plan.sql, parameters, many)
    except sqlite3.Error as error:
        raise DBAPIError.instance(plan.sql, parameters, error, sqlite3.Error, hide_parameters=True,
                                  dialect=connection.dialect, ismulti=many) from error
    return Ran(plan.rows(raw), count)


async def driver_of(connection: AsyncConnection) -> Any:
    """The aiosqlite connection a SQLite session's connection runs on (None on other dialects)."""
    if connection.dialect.name != "sqlite":
        return None
    return (await connection.get_raw_connection()).driver_connection
