"""Real databases for integration tests: a temporary SQLite file, and a fresh PostgreSQL
schema per test (dropped afterwards). PostgreSQL params are skipped only when the server
cannot be reached."""
from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.engine import make_engine, sqlite_url
from storage.migrate import upgrade

PG_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
PG_CONNECT_TIMEOUT_S = 5
DATABASES = ["sqlite", "postgresql"]


@dataclass(frozen=True)
class Database:
    kind: str               # sqlite | postgresql
    engine: AsyncEngine
    schema: str | None      # the PostgreSQL schema this test owns


def pg_engine(schema: str) -> AsyncEngine:
    """`storage.engine.make_engine` with a search_path: asyncpg takes no `options` URL
    parameter, so the schema goes in as a server setting on every connection."""
    return make_engine(PG_URL, connect_args={"server_settings": {"search_path": schema},
                                             "timeout": PG_CONNECT_TIMEOUT_S})


async def _create_schema(engine: AsyncEngine, schema: str) -> str | None:
    """None when the schema is ready, else why PostgreSQL cannot be used."""
    try:
        async with engine.begin() as conn:
            await conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    except (TimeoutError, OSError) as exc:
        return f"PostgreSQL at {PG_URL} is unreachable: {exc!r}"
    return None


@pytest.fixture(params=DATABASES)
async def blank_database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    """An empty database: nothing migrated yet."""
    if request.param == "sqlite":
        engine = make_engine(sqlite_url(tmp_path / "fawn.db"))
        yield Database("sqlite", engine, None)
        await engine.dispose()
        return
    schema = f"t_{uuid.uuid4().hex}"
    engine = pg_engine(schema)
    why_not = await _create_schema(engine, schema)
    if why_not is not None:
        await engine.dispose()
        pytest.skip(why_not)
    try:
        yield Database("postgresql", engine, schema)
    finally:
        await engine.dispose()
        cleanup = pg_engine("public")
        async with cleanup.begin() as conn:
            await conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        await cleanup.dispose()


@pytest.fixture
async def database(blank_database: Database) -> Database:
    """A database brought to head by the project's Alembic migrations."""
    await upgrade(blank_database.engine)
    return blank_database


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
