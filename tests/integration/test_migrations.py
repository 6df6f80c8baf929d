"""Alembic's migrations build exactly the schema the SQLModel tables describe, on an empty
SQLite file and on a fresh PostgreSQL schema (see conftest.py for both)."""
from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlmodel import SQLModel

import storage.tables  # noqa: F401  (registers every table on SQLModel.metadata)
from storage.migrate import alembic_config, current_revision, upgrade


def _differences(connection) -> list:
    """Every difference autogenerate would turn into a new migration (types and server
    defaults included). No difference is ignored."""
    context = MigrationContext.configure(connection, opts={"compare_type": True,
                                                           "compare_server_default": True})
    return compare_metadata(context, SQLModel.metadata)


def _table_names(connection) -> set[str]:
    return set(inspect(connection).get_table_names())


async def test_upgrade_on_an_empty_database_matches_the_table_definitions_exactly(blank_database) -> None:
    await upgrade(blank_database.engine)

    async with blank_database.engine.connect() as conn:
        differences = await conn.run_sync(_differences)
        tables = await conn.run_sync(_table_names)

    assert differences == []
    assert tables == set(SQLModel.metadata.tables) | {"alembic_version"}


async def test_the_comparison_sees_a_database_that_was_never_migrated(blank_database) -> None:
    """Guards the test above: on an empty database the same comparison reports every table."""
    async with blank_database.engine.connect() as conn:
        differences = await conn.run_sync(_differences)

    added = {diff[1].name for diff in differences if diff[0] == "add_table"}
    assert added == set(SQLModel.metadata.tables)


async def test_upgrade_leaves_the_database_at_the_newest_revision(blank_database) -> None:
    await upgrade(blank_database.engine)

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert await current_revision(blank_database.engine) == head


async def test_upgrading_twice_changes_nothing_the_second_time(blank_database) -> None:
    await upgrade(blank_database.engine)
    await upgrade(blank_database.engine)

    async with blank_database.engine.connect() as conn:
        assert await conn.run_sync(_differences) == []


async def test_the_one_active_task_index_is_unique_and_partial_on_the_active_states(blank_database) -> None:
    """compare_metadata does not compare an index's WHERE clause, so read it back directly."""
    await upgrade(blank_database.engine)

    async with blank_database.engine.connect() as conn:
        if blank_database.kind == "sqlite":
            sql = (await conn.execute(text(
                "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'uq_one_active_task'"))).scalar_one()
        else:
            sql = (await conn.execute(text(
                "SELECT indexdef FROM pg_indexes WHERE indexname = 'uq_one_active_task' "
                "AND schemaname = current_schema()"))).scalar_one()

    assert "UNIQUE" in sql.upper()
    assert "WHERE" in sql.upper()
    assert "pending" in sql and "awaiting_confirmation" in sql


async def test_a_family_of_the_first_schema_keeps_its_chat_as_its_first_family_chat(blank_database) -> None:
    await upgrade(blank_database.engine, "0001")
    async with blank_database.engine.begin() as conn:
        await conn.execute(text(
            "INSERT INTO families (platform, chat_id, chat_kind, timezone, language, summary_time, settings,"
            " created_at) VALUES ('telegram', '-4001', 'group', 'Asia/Shanghai', 'zh', '21:00', '{}',"
            " '2026-05-04 12:00:00')"))

    await upgrade(blank_database.engine)

    async with blank_database.engine.connect() as conn:
        chats = (await conn.execute(text("SELECT family_id, platform, chat_id, kind FROM family_chats"))).all()
        columns = await conn.run_sync(lambda c: {col["name"] for col in inspect(c).get_columns("families")})
    assert [tuple(row) for row in chats] == [(1, "telegram", "-4001", "group")]
    assert {"platform", "chat_id", "chat_kind"}.isdisjoint(columns)
