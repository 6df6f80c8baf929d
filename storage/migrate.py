"""Alembic, run from code: `fawn db upgrade` and start-up both come here."""
from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS = Path(__file__).parent / "migrations"
MIGRATION_LOCK = 0x4641574E
"""PostgreSQL advisory lock key ("FAWN") held while migrating: instances that start together migrate one at a
time, and the later ones find the database at head already."""


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


async def upgrade(engine: AsyncEngine, revision: str = "head") -> None:
    """Bring the database to `revision` with the project's migrations.

    On SQLite a migration that rebuilds a table (batch mode) must run with foreign keys off — a
    rebuilt parent table would otherwise fail the children's keys — so they are switched off for
    the migration and every key is checked afterwards. On PostgreSQL the migration runs under a
    transaction-level advisory lock, so any number of instances may start together."""
    config = alembic_config()

    def run(connection) -> None:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)

    sqlite = engine.dialect.name == "sqlite"
    async with engine.connect() as conn:
        if sqlite:
            await conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
        elif engine.dialect.name == "postgresql":       # released by the commit below
            await conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        await conn.run_sync(run)
        await conn.commit()
        if sqlite:
            broken = (await conn.exec_driver_sql("PRAGMA foreign_key_check")).all()
            await conn.exec_driver_sql("PRAGMA foreign_keys=ON")
            if broken:
                raise RuntimeError(f"the migration left {len(broken)} broken foreign keys")


def head_revision() -> str | None:
    """The newest migration this code brings (no database needed)."""
    from alembic.script import ScriptDirectory
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


async def current_revision(engine: AsyncEngine) -> str | None:
    async with engine.connect() as conn:
        return await conn.run_sync(lambda c: MigrationContext.configure(c).get_current_revision())
