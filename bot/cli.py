"""`fawn`: one console script. Each command lives in the module that owns it and is imported
only when it runs, so `fawn --help` is instant."""
from __future__ import annotations

import argparse
import asyncio
import importlib
import os
import sys
from pathlib import Path

from bot.devtools.bench import NAMES as BENCHMARKS
from storage.engine import Database, sqlite_url
from storage.errors import Unreachable

DEFAULT_DATA_DIR = Path("data")

# name → ("module:function", help). The function takes the remaining arguments and returns the exit code.
COMMANDS: dict[str, tuple[str, str]] = {
    "chat": ("bot.composition:chat_main", "terminal family chat on the embedded default: fawn chat [--demo]"),
    "run": ("bot.composition:main", "run the messenger bots: fawn run --config config.toml"),
    "scenarios": ("bot.devtools.scenarios.command", "run scenario files: fawn scenarios run PATH..."),
    "db": ("bot.cli:db_main", "database: fawn db upgrade|current [--url URL]"),
    "trace": ("bot.turn.trace", "show one turn's trace: fawn trace MESSAGE_ID"),
    "bench": ("bot.devtools.bench.command", f"benchmarks: fawn bench {'|'.join(BENCHMARKS)} [--json]"),
    "understand": ("bot.devtools.understand", 'one message\'s extraction: fawn understand "TEXT" [--model NAME]'),
    "eval": ("bot.devtools.evaluate", "measure understanding: fawn eval time|variations [--json] [--verbose]"),
    "wechat": ("bot.composition:wechat_main", "personal WeChat (iLink): fawn wechat login"),
    "export": ("bot.family.commands:export_main", "a family's data: fawn export FAMILY --format json|csv [--out DIR]"),
    "import": ("bot.family.commands:import_main",
               "records from elsewhere: fawn import FAMILY PATH --from babybuddy|json [--units oz,lb,in]"),
    "delete-family": ("bot.family.commands:delete_family_main", "remove a family's data: fawn delete-family FAMILY"),
    "backup": ("bot.operating.backup:backup_main", "a consistent copy while the bot runs: fawn backup PATH"),
    "restore": ("bot.operating.backup:restore_main", "put a backup back: fawn restore PATH [--force]"),
    "health": ("bot.operating.health:main", "ask a running fawn run for /healthz: fawn health [--port N]"),
}


def main(argv: list[str] | None = None) -> int:
    os.umask(0o077)                 # every file a command makes is the owner's alone (bot/composition/private_files.py)
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    if args[0] in ("--version", "-V", "version"):
        print(version())
        return 0
    name, rest = args[0], args[1:]
    if name not in COMMANDS:
        print(f"fawn: unknown command {name!r}\n\n{usage()}", file=sys.stderr)
        return 2
    module_name, _, function = COMMANDS[name][0].partition(":")
    command = getattr(importlib.import_module(module_name), function or "main")
    return int(command(rest) or 0)


def version() -> str:
    """`fawn --version`: the installed package, and the newest migration it brings (what `fawn db current`
    shows once the database is upgraded)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    from storage.migrate import head_revision
    try:
        number = installed("fawn")
    except PackageNotFoundError:
        number = "unknown (not installed: pip install -e .)"
    return f"fawn {number} (database schema {head_revision()}; Python {sys.version.split()[0]})"


def usage() -> str:
    lines = ["usage: fawn COMMAND [ARGS]   (fawn COMMAND --help for a command's options;  fawn --version)", "",
             "commands:"]
    lines += [f"  {name:<14} {help_}" for name, (_, help_) in COMMANDS.items()]
    return "\n".join(lines)


def local_database_url(data_dir: Path = DEFAULT_DATA_DIR) -> str:
    """The embedded default: a SQLite file in the data folder (made if missing)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    return sqlite_url(data_dir / "fawn.db")


def db_main(argv: list[str]) -> int:
    """`fawn db upgrade [--url URL]`: run the migrations (SQLite file by default, or PostgreSQL)."""
    parser = argparse.ArgumentParser(prog="fawn db")
    parser.add_argument("action", choices=["upgrade", "current"])
    parser.add_argument("--url", help="database URL (default: sqlite file data/fawn.db)")
    args = parser.parse_args(argv)
    try:
        return asyncio.run(_db(args.action, args.url or local_database_url()))
    except Unreachable as problem:
        print(f"fawn db: {problem}", file=sys.stderr)
        return 1


async def _db(action: str, url: str) -> int:
    database = Database.at(url)
    try:
        if action == "upgrade":
            await database.upgrade()
        print(f"revision: {await database.revision()}")
    finally:
        await database.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
