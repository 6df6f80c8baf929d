"""`fawn backup PATH` and `fawn restore PATH`: the database and the photos, while the bot runs.

A backup is a folder: `fawn.db` (SQLite: a consistent copy through the online backup API) or
`fawn.pgdump` (PostgreSQL: pg_dump's custom format, when pg_dump is on PATH; else the command is
printed), `photos/` (the photos families sent), and `backup.json` saying what it holds. Restoring
puts the database back (the one it replaces is kept beside it), brings it to the current migration and
copies the photos back; stop `fawn run` first. The configuration (config.toml, the FAWN_* secrets) and
personal WeChat's login (`data/wechat/`) are not in a backup: keep them with your other secrets.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from bot.cli import DEFAULT_DATA_DIR
from bot.config import load_config
from storage.backup import (
    Copied,
    copy_sqlite,
    describe_sqlite,
    pg_dump_command,
    pg_restore_command,
    pg_tool,
    restore_sqlite,
    sqlite_path,
)
from storage.engine import Database, sqlite_url
from storage.errors import Unreachable

MANIFEST, DATABASE, DUMP, PHOTOS = "backup.json", "fawn.db", "fawn.pgdump", "photos"


def _parser(prog: str, about: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=about)
    parser.add_argument("path", metavar="PATH", type=Path, help="the backup folder")
    parser.add_argument("--config", help="config.toml: its database and data_dir (FAWN_* overrides)")
    parser.add_argument("--url", help="database URL (default: the config's, else data/fawn.db)")
    parser.add_argument("--data-dir", type=Path, help="where the photos are (default: the config's data_dir, or data)")
    return parser


def _where(args: argparse.Namespace) -> tuple[str, Path]:
    config = load_config(args.config) if args.config else None
    data_dir = args.data_dir or (config.data_dir if config else DEFAULT_DATA_DIR)
    url = args.url or (config.database_url if config else sqlite_url(data_dir / "fawn.db"))
    return url, data_dir


def backup_main(argv: list[str]) -> int:
    """`fawn backup PATH`: exit 0 when the copy is whole, 1 when PostgreSQL's dump could not be taken here."""
    about = "a consistent copy of the database and the photos, while the bot runs"
    args = _parser("fawn backup", about).parse_args(argv)
    try:
        url, data_dir = _where(args)
        if args.path.exists() and any(args.path.iterdir()):
            raise FileExistsError(f"{args.path} is not empty: a backup goes into a new folder")
        args.path.mkdir(parents=True, exist_ok=True)
        os.chmod(args.path, 0o700)
        return _backup(url, data_dir, args.path)
    except (FileNotFoundError, FileExistsError, ValueError, OSError, RuntimeError) as problem:
        print(f"fawn backup: {problem}", file=sys.stderr)
        return 2


def _backup(url: str, data_dir: Path, folder: Path) -> int:
    taken = datetime.now(UTC)
    source = sqlite_path(url)
    code, what = 0, {}
    if source is not None:
        if not source.exists():
            raise FileNotFoundError(f"no database at {source}")
        copied = copy_sqlite(source, folder / DATABASE)
        os.chmod(folder / DATABASE, 0o600)
        print(f"database: {source} → {folder / DATABASE} ({_counts(copied)})")
        what = {"database": "sqlite", "file": DATABASE, "revision": copied.revision, "rows": copied.counts}
    else:
        code, what = _pg_dump(url, folder / DUMP), {"database": "postgresql", "file": DUMP}
    photos = _copy_photos(data_dir / PHOTOS, folder / PHOTOS)
    print(f"photos: {photos} files → {folder / PHOTOS}")
    manifest = {"format": "fawn-backup", "version": 1, "taken_at": taken.isoformat(), **what, "photos": photos}
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    return code


def _pg_dump(url: str, target: Path) -> int:
    command = pg_dump_command(url, target)
    if pg_tool("pg_dump") is None:
        print(f"database: PostgreSQL — pg_dump is not on PATH here; take the dump with:\n  {command.shown()}")
        return 1
    done = subprocess.run(command.argv, env={**os.environ, **command.environment}, capture_output=True, text=True)
    if done.returncode != 0:
        said = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else f"exit {done.returncode}"
        raise RuntimeError(f"pg_dump failed: {said}")
    print(f"database: PostgreSQL → {target} ({target.stat().st_size} bytes, pg_dump --format=custom)")
    return 0


def restore_main(argv: list[str]) -> int:
    """`fawn restore PATH [--force]`: the database and photos of a backup folder put back (stop the bot first)."""
    parser = _parser("fawn restore", "put a backup back: the database (migrated to now) and the photos")
    parser.add_argument("--force", action="store_true",
                        help="replace an existing database (it is kept as fawn.db.before-restore-TIME)")
    args = parser.parse_args(argv)
    try:
        url, data_dir = _where(args)
        manifest = json.loads((args.path / MANIFEST).read_text(encoding="utf-8"))
        if manifest.get("format") != "fawn-backup":
            raise ValueError(f"{args.path / MANIFEST} is not a Fawn backup's")
        code = _restore(url, args.path, manifest, args.force)
        if code == 0:
            print(f"photos: {_copy_photos(args.path / PHOTOS, data_dir / PHOTOS)} files → {data_dir / PHOTOS}")
        return code
    except (FileNotFoundError, FileExistsError, ValueError, OSError, RuntimeError, Unreachable) as problem:
        print(f"fawn restore: {problem}", file=sys.stderr)
        return 2


def _restore(url: str, folder: Path, manifest: dict, force: bool) -> int:
    target = sqlite_path(url)
    if manifest.get("database") == "postgresql" or target is None:
        if manifest.get("database") != "postgresql" or target is not None:
            raise ValueError(f"the backup holds {manifest.get('database')}; the database here is {url.split(':')[0]}")
        print(f"PostgreSQL: stop fawn run, then restore with:\n  {pg_restore_command(url, folder / DUMP).shown()}")
        return 0
    if target.exists() and not force:
        print(f"fawn restore: {target} exists. Stop fawn run, then add --force: the database there is kept as "
              f"{target.name}.before-restore-TIME", file=sys.stderr)
        return 1
    keep = target.with_name(f"{target.name}.before-restore-{datetime.now(UTC):%Y%m%d-%H%M%S}")
    restored = restore_sqlite(folder / DATABASE, target, keep if target.exists() else None)
    if keep.exists():
        print(f"kept the database it replaces: {keep}")
    asyncio.run(_upgrade(url))
    print(f"database: {folder / DATABASE} → {target} ({_counts(restored)}); "
          f"migrated to {describe_sqlite(target).revision}")
    return 0


async def _upgrade(url: str) -> None:
    database = Database.at(url)
    try:
        await database.upgrade()
    finally:
        await database.dispose()


def _copy_photos(source: Path, target: Path) -> int:
    """Every photo file, into `target` (a file already there is left alone)."""
    if not source.is_dir():
        return 0
    count = 0
    for file in source.rglob("*"):
        if file.is_file():
            destination = target / file.relative_to(source)
            destination.parent.mkdir(parents=True, exist_ok=True)
            if not destination.exists():
                shutil.copy2(file, destination)
            count += 1
    return count


def _counts(copied: Copied) -> str:
    rows = ", ".join(f"{table} {count:,}" for table, count in copied.counts.items())
    return f"{rows}; revision {copied.revision}"
