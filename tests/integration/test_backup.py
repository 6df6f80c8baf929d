"""`fawn backup` / `fawn restore`: a copy taken while writes go on holds every record committed before it
(a copy of the file alone does not: the newest commits live in the WAL), none half-written; restored, it
is the same database, migrated, with its photos."""
from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.cli import main as fawn
from bot.family.operations import FamilyOperations
from bot.protocol import FamilySetup, MemberSetup
from storage.backup import copy_sqlite
from storage.engine import Database
from tests.databases import drop_postgres, migrated_postgres, migrated_sqlite

NOW = datetime.now(UTC)


def _notes(path: Path) -> list[str]:
    connection = sqlite3.connect(path)
    try:
        return [row[0] for row in connection.execute(
            "SELECT json_extract(data, '$.text') FROM records WHERE type = 'note' ORDER BY id")]
    finally:
        connection.close()


def note(n: int) -> dict:
    return {"type": "note", "time": NOW - timedelta(minutes=10_000 - n), "text": f"n{n}"}


async def _family(url: str) -> tuple[Database, FamilyOperations, int]:
    database = Database.at(url)
    families = FamilyOperations(database)
    mom = MemberSetup("m", "M", "妈妈", "parent")
    family = await families.setup_family(FamilySetup("telegram", "c1", members=(mom,)))
    return database, families, family


async def cli(argv: list[str]) -> int:
    return await asyncio.to_thread(fawn, argv)


async def test_a_copy_holds_every_commit_before_its_moment_and_none_after(tmp_path):
    source = tmp_path / "fawn.db"
    database, families, family = await _family(await migrated_sqlite(source))
    await families.add_records(family, [note(n) for n in range(300)])        # committed, still in the WAL
    plain = tmp_path / "plain.db"
    shutil.copyfile(source, plain)                  # what `cp fawn.db` gives while the bot runs
    assert len(_notes(plain)) < 300

    def meanwhile() -> None:                        # commits after the copy's moment was fixed
        other = sqlite3.connect(source)
        other.execute("UPDATE records SET data = json_set(data, '$.text', 'changed') WHERE id = "
                      "(SELECT min(id) FROM records)")
        other.commit()
        other.close()

    copied = copy_sqlite(source, tmp_path / "copy.db", snapshot_taken=meanwhile)
    assert _notes(tmp_path / "copy.db") == [f"n{n}" for n in range(300)]
    assert _notes(source)[0] == "changed"
    assert copied.counts["records"] == 300 and copied.counts["families"] == 1 and copied.revision
    await database.dispose()


async def test_fawn_backup_during_a_stream_of_writes_holds_every_committed_record(tmp_path, capsys):
    data = tmp_path / "data"
    (data / "photos" / "c1").mkdir(parents=True)
    (data / "photos" / "c1" / "p1.jpg").write_bytes(b"\xff\xd8 a photo")
    database, families, family = await _family(await migrated_sqlite(data / "fawn.db"))
    await families.add_records(family, [note(n) for n in range(2000)])       # something to copy for a while
    written = 2000
    backup = asyncio.create_task(cli(["backup", str(tmp_path / "backup"), "--data-dir", str(data)]))
    await asyncio.sleep(0)                          # the backup's thread is started
    committed_before = written
    while not backup.done():                        # a family writing, one record a transaction
        await families.add_records(family, [note(written)])
        written += 1
        await asyncio.sleep(0)                      # (SQLite calls run in place: let the loop see the thread end)
    assert await backup == 0
    copy = _notes(tmp_path / "backup" / "fawn.db")
    assert copy == [f"n{n}" for n in range(len(copy))]       # a prefix of the commits: nothing half-written
    assert committed_before <= len(copy) <= written
    manifest = json.loads((tmp_path / "backup" / "backup.json").read_text())
    assert manifest["database"] == "sqlite" and manifest["rows"]["records"] == len(copy) and manifest["photos"] == 1
    assert (tmp_path / "backup" / "photos" / "c1" / "p1.jpg").read_bytes() == b"\xff\xd8 a photo"
    await database.dispose()

    # restored elsewhere: the same records and the photo
    elsewhere = tmp_path / "restored"
    assert await cli(["restore", str(tmp_path / "backup"), "--data-dir", str(elsewhere)]) == 0
    assert _notes(elsewhere / "fawn.db") == copy
    assert (elsewhere / "photos" / "c1" / "p1.jpg").exists()
    # a database already there is kept unless --force, and kept beside it with --force
    assert await cli(["restore", str(tmp_path / "backup"), "--data-dir", str(elsewhere)]) == 1
    assert await cli(["restore", str(tmp_path / "backup"), "--data-dir", str(elsewhere), "--force"]) == 0
    kept = list(elsewhere.glob("fawn.db.before-restore-*"))
    assert len(kept) == 1 and _notes(kept[0]) == copy
    assert "kept the database it replaces" in capsys.readouterr().out


async def test_a_backup_never_overwrites(tmp_path, capsys):
    (tmp_path / "backup").mkdir()
    (tmp_path / "backup" / "something").write_text("x")
    assert await cli(["backup", str(tmp_path / "backup"), "--data-dir", str(tmp_path / "data")]) == 2
    assert "is not empty" in capsys.readouterr().err


async def test_postgresql_is_dumped_by_pg_dump_and_restored_by_the_printed_command(tmp_path, capsys):
    made = await migrated_postgres()
    if isinstance(made, str):
        pytest.skip(made)
    url, name = made
    try:
        database, families, family = await _family(url)
        await families.add_records(family, [note(n) for n in range(5)])
        await database.dispose()
        code = await cli(["backup", str(tmp_path / "backup"), "--url", url, "--data-dir", str(tmp_path / "data")])
        out = capsys.readouterr().out
        if shutil.which("pg_dump") is None:
            assert code == 1 and "pg_dump --format=custom" in out
            return
        assert code == 0 and (tmp_path / "backup" / "fawn.pgdump").stat().st_size > 0
        assert await cli(["restore", str(tmp_path / "backup"), "--url", url]) == 0
        assert "pg_restore --clean --if-exists --no-owner" in capsys.readouterr().out
    finally:
        await drop_postgres(name)
