"""Whole PostgreSQL databases made and dropped (the scenario runner gives each scenario its own): a copy of
a template database is a file copy on the server, much faster than migrating each one."""
from __future__ import annotations

from sqlalchemy import make_url


def database_url(url: str, database: str) -> str:
    """`url` naming another database of the same server."""
    return make_url(url).set(database=database).render_as_string(hide_password=False)


async def _admin(url: str, *statements: str) -> None:
    import asyncpg

    connection = await asyncpg.connect(make_url(url).set(drivername="postgresql").render_as_string(hide_password=False))
    try:
        for statement in statements:
            await connection.execute(statement)
    finally:
        await connection.close()


async def create_database(url: str, name: str, template: str | None = None, strategy: str = "FILE_COPY") -> None:
    """A fresh database `name` (dropped first if it is there), or a copy of `template` (`strategy`: FILE_COPY
    copies the files after a checkpoint; WAL_LOG copies block by block, quicker for a small template)."""
    if strategy not in ("FILE_COPY", "WAL_LOG"):
        raise ValueError(f"unknown strategy {strategy!r}")
    copy = f' TEMPLATE "{template}" STRATEGY {strategy}' if template else ""
    await _admin(url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"{copy}')


async def drop_database(url: str, name: str) -> None:
    await _admin(url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
