"""Databases for tests, each made once per test process and copied for every test.

- SQLite: one file migrated to head per process (per xdist worker), copied for each test that needs a
  migrated database (a file copy: well under a millisecond, against ~35 ms for the migrations).
- PostgreSQL: one migrated template database per process; each test gets its own database made from it
  (`CREATE DATABASE … TEMPLATE`, WAL_LOG: ~80 ms, no migration) and dropped afterwards. The template is
  dropped when the process ends (`drop_templates`, called by the session fixture in tests/conftest.py).

Tests of the migrations themselves still start from an empty database (`blank_database`).
"""
from __future__ import annotations

import itertools
import os
import shutil
import tempfile
import uuid
from pathlib import Path

from bot.devtools.scenarios.database import migrate_self_contained
from storage.databases import create_database, database_url, drop_database

PG_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
PG_CONNECT_TIMEOUT_S = 5

_sqlite_template: Path | None = None
_sqlite_folder: tempfile.TemporaryDirectory[str] | None = None
_pg_template: str | None = None
_pg_unreachable: str | None = None
_counter = itertools.count(1)


def worker() -> str:
    """This test process's name: the xdist worker (gw0, gw1, …) or `main`, with its pid (two runs at once
    on one server must not share a template)."""
    return f"{os.environ.get('PYTEST_XDIST_WORKER', 'main')}_{os.getpid()}"


async def migrated_sqlite(path: Path) -> str:
    """A SQLite database at `path`, already at head: a copy of this process's migrated file. Its URL."""
    global _sqlite_template, _sqlite_folder
    if _sqlite_template is None:
        _sqlite_folder = tempfile.TemporaryDirectory(prefix="fawn-tests-")
        template = Path(_sqlite_folder.name) / "template.sqlite"
        await migrate_self_contained(template)
        _sqlite_template = template
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(_sqlite_template, path)
    return f"sqlite+aiosqlite:///{path}"


async def migrated_postgres() -> tuple[str, str] | str:
    """A fresh PostgreSQL database at head, as (url, name) — or, when the server cannot be reached, why not
    (a string: the caller skips)."""
    global _pg_template, _pg_unreachable
    if _pg_unreachable is not None:
        return _pg_unreachable
    if _pg_template is None:
        template = f"fawn_tests_{worker()}_template"
        try:
            await create_database(PG_URL, template)
        except (OSError, TimeoutError) as exc:
            _pg_unreachable = f"PostgreSQL at {PG_URL} is unreachable: {exc!r}"
            return _pg_unreachable
        from storage.engine import make_engine
        from storage.migrate import upgrade

        engine = make_engine(database_url(PG_URL, template))
        try:
            await upgrade(engine)
        finally:
            await engine.dispose()        # a template must have no connection when it is copied
        _pg_template = template
    name = f"fawn_tests_{worker()}_{next(_counter)}_{uuid.uuid4().hex[:6]}"
    await create_database(PG_URL, name, template=_pg_template, strategy="WAL_LOG")
    return database_url(PG_URL, name), name


async def empty_postgres() -> tuple[str, str] | str:
    """A fresh, empty PostgreSQL database (for the migrations' own tests), or why there is none."""
    name = f"fawn_tests_{worker()}_{next(_counter)}_{uuid.uuid4().hex[:6]}"
    try:
        await create_database(PG_URL, name)
    except (OSError, TimeoutError) as exc:
        return f"PostgreSQL at {PG_URL} is unreachable: {exc!r}"
    return database_url(PG_URL, name), name


async def drop_postgres(name: str) -> None:
    await drop_database(PG_URL, name)


async def drop_templates() -> None:
    """At the end of the process: the PostgreSQL template and the SQLite template's folder."""
    global _pg_template, _sqlite_template, _sqlite_folder
    if _pg_template is not None:
        await drop_database(PG_URL, _pg_template)
        _pg_template = None
    if _sqlite_folder is not None:
        _sqlite_folder.cleanup()
        _sqlite_folder, _sqlite_template = None, None
