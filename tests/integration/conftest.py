"""Real databases for integration tests: a SQLite file, and a PostgreSQL database of the test's own
(tests/databases.py: both copied from a template migrated once per test process; the migrations' own tests
start from an empty one). PostgreSQL params are skipped only when the server cannot be reached."""
from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.engine import make_engine, sqlite_url
from tests.databases import (
    PG_CONNECT_TIMEOUT_S,
    PG_URL,
    drop_postgres,
    empty_postgres,
    migrated_postgres,
    migrated_sqlite,
)

DATABASES = ["sqlite", "postgresql"]


@dataclass(frozen=True)
class Database:
    kind: str               # sqlite | postgresql
    engine: AsyncEngine
    url: str


def pg_engine(url: str) -> AsyncEngine:
    return make_engine(url, connect_args={"timeout": PG_CONNECT_TIMEOUT_S})


async def _database(kind: str, tmp_path: Path, migrated: bool) -> AsyncIterator[Database]:
    if kind == "sqlite":
        path = tmp_path / "fawn.db"
        url = await migrated_sqlite(path) if migrated else sqlite_url(path)
        engine = make_engine(url)
        yield Database("sqlite", engine, url)
        await engine.dispose()
        return
    made = await (migrated_postgres() if migrated else empty_postgres())
    if isinstance(made, str):
        pytest.skip(made)
    url, name = made
    engine = pg_engine(url)
    try:
        yield Database("postgresql", engine, url)
    finally:
        await engine.dispose()
        await drop_postgres(name)


@pytest.fixture(params=DATABASES)
async def blank_database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    """An empty database: nothing migrated yet (the migrations' own tests)."""
    async for database in _database(request.param, tmp_path, migrated=False):
        yield database


@pytest.fixture(params=DATABASES)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    """A database at the project's newest migration."""
    async for database in _database(request.param, tmp_path, migrated=True):
        yield database


async def drop_pooled_connection(engine: AsyncEngine) -> None:
    """The server drops the connection the pool hands out next (a restart, an idle timeout): its backend
    is terminated from a connection of its own."""
    import asyncpg

    async with engine.connect() as conn:
        pid = await conn.scalar(text("SELECT pg_backend_pid()"))
    outside = await asyncpg.connect(PG_URL.replace("+asyncpg", ""))
    try:
        assert await outside.fetchval("SELECT pg_terminate_backend($1)", pid) is True
    finally:
        await outside.close()
