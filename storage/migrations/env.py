"""Alembic environment: runs on the connection handed over by storage.migrate."""
from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import storage.tables  # noqa: F401  (registers the tables on the metadata)

target_metadata = SQLModel.metadata


def run_migrations_online() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("run migrations through `fawn db upgrade` (storage.migrate.upgrade)")
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    raise RuntimeError("offline SQL generation is not supported")
run_migrations_online()
