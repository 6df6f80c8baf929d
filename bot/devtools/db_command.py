"""`fawn db upgrade [--url URL]`: run the migrations (SQLite file by default, or PostgreSQL)."""
from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from storage.engine import make_engine, sqlite_url
from storage.migrate import current_revision, upgrade


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="fawn db")
    parser.add_argument("action", choices=["upgrade", "current"])
    parser.add_argument("--url", help="database URL (default: sqlite file data/fawn.db)")
    args = parser.parse_args(argv)
    url = args.url or sqlite_url(_data_file())
    return asyncio.run(_run(args.action, url))


def _data_file() -> Path:
    Path("data").mkdir(exist_ok=True)
    return Path("data") / "fawn.db"


async def _run(action: str, url: str) -> int:
    engine = make_engine(url)
    try:
        if action == "upgrade":
            await upgrade(engine)
        print(f"revision: {await current_revision(engine)}")
    finally:
        await engine.dispose()
    return 0
