"""A consistent copy of the database while Fawn runs (`fawn backup`), and putting one back (`fawn restore`).

SQLite runs in WAL mode: committed writes sit in `fawn.db-wal` until a checkpoint moves them into
`fawn.db`, so copying the file alone loses them (a copy taken while the bot ran missed 852 records and 2
families). The copy here goes through SQLite's online backup API inside one read transaction: it is the
database as of one moment — every write committed before it, none after — and writers go on meanwhile
(WAL readers do not block them).

PostgreSQL is copied by its own tool: `pg_dump --format=custom` (run when it is on PATH), put back with
`pg_restore`. The password is passed in the environment (PGPASSWORD), never on a command line.
"""
from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import make_url

COUNTED = ("families", "babies", "members", "records", "messages")


@dataclass(frozen=True)
class Copied:
    """What a copy holds: rows per table and its Alembic revision."""

    counts: dict[str, int]
    revision: str | None


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL (None for PostgreSQL or an in-memory database)."""
    parsed = make_url(url)
    if not parsed.drivername.startswith("sqlite") or not parsed.database or parsed.database == ":memory:":
        return None
    return Path(parsed.database)


def copy_sqlite(source: Path, target: Path, snapshot_taken: Callable[[], None] | None = None) -> Copied:
    """`source` (a live WAL database) → `target`, as of one moment; `target` must not exist.

    `snapshot_taken` runs once the moment is fixed, before the pages are copied (a test commits more
    writes there: they must not be in the copy)."""
    if target.exists():
        raise FileExistsError(f"{target} exists: a backup never overwrites")
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    reader = sqlite3.connect(source, timeout=30, isolation_level=None)
    try:
        reader.execute("BEGIN")                                   # one read transaction: one moment
        reader.execute("SELECT count(*) FROM sqlite_master").fetchone()
        if snapshot_taken is not None:
            snapshot_taken()
        writer = sqlite3.connect(partial)
        try:
            reader.backup(writer)
            writer.execute("PRAGMA journal_mode=DELETE")          # one self-contained file
            problem = writer.execute("PRAGMA quick_check").fetchone()[0]
            copied = _describe(writer)
        finally:
            writer.close()
        reader.execute("COMMIT")
    finally:
        reader.close()
    if problem != "ok":
        partial.unlink(missing_ok=True)
        raise RuntimeError(f"the copy failed SQLite's check: {problem}")
    partial.rename(target)
    return copied


def restore_sqlite(backup: Path, target: Path, keep_as: Path | None) -> Copied:
    """Put `backup` in place of `target` through the same backup API (the target's WAL stays right); the
    database that was there is first copied to `keep_as`."""
    if keep_as is not None and target.exists():
        copy_sqlite(target, keep_as)
    source = sqlite3.connect(backup, timeout=30)
    try:
        check = source.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise RuntimeError(f"{backup} failed SQLite's check: {check}")
        target.parent.mkdir(parents=True, exist_ok=True)
        destination = sqlite3.connect(target, timeout=30)
        try:
            source.backup(destination)
            destination.execute("PRAGMA journal_mode=WAL")
            return _describe(destination)
        finally:
            destination.close()
    finally:
        source.close()


def describe_sqlite(path: Path) -> Copied:
    connection = sqlite3.connect(path, timeout=30)
    try:
        return _describe(connection)
    finally:
        connection.close()


def _describe(connection: sqlite3.Connection) -> Copied:
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    counts = {t: connection.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in COUNTED if t in tables}
    revision = connection.execute("SELECT version_num FROM alembic_version").fetchone()[0] \
        if "alembic_version" in tables else None
    return Copied(counts, revision)


@dataclass(frozen=True)
class PostgresCommand:
    """A pg_dump / pg_restore command line (no password in it) and the environment it needs."""

    argv: list[str]
    environment: dict[str, str]

    def shown(self) -> str:
        prefix = "PGPASSWORD=… " if "PGPASSWORD" in self.environment else ""
        return prefix + " ".join(_quoted(a) for a in self.argv)


def pg_dump_command(url: str, target: Path) -> PostgresCommand:
    connection, environment = _libpq(url)
    return PostgresCommand(["pg_dump", "--format=custom", "--no-owner", f"--file={target}", connection], environment)


def pg_restore_command(url: str, dump: Path) -> PostgresCommand:
    connection, environment = _libpq(url)
    return PostgresCommand(["pg_restore", "--clean", "--if-exists", "--no-owner", f"--dbname={connection}",
                            str(dump)], environment)


def pg_tool(name: str) -> str | None:
    return shutil.which(name)


def _libpq(url: str) -> tuple[str, dict[str, str]]:
    """SQLAlchemy's URL → a libpq connection URI without the password, and PGPASSWORD."""
    parsed = make_url(url)
    environment = {"PGPASSWORD": parsed.password} if parsed.password else {}
    plain = parsed.set(drivername="postgresql", password=None)
    return plain.render_as_string(hide_password=False), environment


def _quoted(word: str) -> str:
    return f"'{word}'" if any(c in word for c in " &?;$") else word
