"""One migrated template database per run, copied for every scenario: a fresh SQLite file by default; on
PostgreSQL (`fawn scenarios run --database URL`) a fresh database made from a migrated template database,
dropped after the scenario."""
from __future__ import annotations

import itertools
import os
import shutil
import tempfile
from pathlib import Path
from types import TracebackType

from storage.databases import create_database, database_url, drop_database
from storage.engine import make_engine, sqlite_url
from storage.migrate import upgrade


class TemplateDatabase:
    """`async with TemplateDatabase() as db: url = db.fresh_copy()` — migrations run once. `parent`: where
    the files go (default: the system's temporary folder; a RAM folder such as /dev/shm saves the disk's syncs)."""

    def __init__(self, parent: str | Path | None = None) -> None:
        self.parent = parent
        self._directory: tempfile.TemporaryDirectory[str] | None = None
        self._counter = itertools.count(1)

    @property
    def folder(self) -> Path:
        if self._directory is None:
            raise RuntimeError("TemplateDatabase is used inside `async with`")
        return Path(self._directory.name)

    @property
    def template(self) -> Path:
        return self.folder / "template.sqlite"

    async def open(self) -> TemplateDatabase:
        self._directory = tempfile.TemporaryDirectory(prefix="fawn-scenarios-", dir=self.parent)
        await migrate_self_contained(self.template)
        return self

    def close(self) -> None:
        if self._directory is not None:
            self._directory.cleanup()
            self._directory = None

    async def __aenter__(self) -> TemplateDatabase:
        return await self.open()

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        self.close()

    async def fresh(self) -> tuple[str, Path]:
        return self.fresh_copy()

    async def discard(self, path: Path) -> None:
        remove_database(path)

    def fresh_copy(self) -> tuple[str, Path]:
        """A new database file with the migrated schema: its URL and its path."""
        path = self.folder / f"scenario-{next(self._counter)}.sqlite"
        shutil.copyfile(self.template, path)
        return sqlite_url(path), path


async def migrate_self_contained(path: Path) -> None:
    """Migrate to head and leave one file (no -wal beside it), so a plain copy is complete."""
    engine = make_engine(sqlite_url(path))
    try:
        await upgrade(engine)
        async with engine.connect() as connection:
            await connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            await connection.exec_driver_sql("PRAGMA journal_mode=DELETE")
    finally:
        await engine.dispose()


def remove_database(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


class PostgresTemplate:
    """`async with PostgresTemplate(url) as db: url, name = await db.fresh()` — the template database is
    migrated once; each scenario gets a copy of it (`CREATE DATABASE … TEMPLATE`) and loses it afterwards.
    `url` names any database of the server the role may create databases on (e.g. …/test)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.prefix = f"fawn_scenarios_{os.getpid()}"
        self.template = f"{self.prefix}_template"
        self._counter = itertools.count(1)

    async def __aenter__(self) -> PostgresTemplate:
        await create_database(self.url, self.template)
        engine = make_engine(database_url(self.url, self.template))
        try:
            await upgrade(engine)
        finally:
            await engine.dispose()       # a template database must have no connection when it is copied
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        await drop_database(self.url, self.template)

    async def fresh(self) -> tuple[str, str]:
        name = f"{self.prefix}_{next(self._counter)}"
        await create_database(self.url, name, template=self.template)
        return database_url(self.url, name), name

    async def discard(self, name: str) -> None:
        await drop_database(self.url, name)
