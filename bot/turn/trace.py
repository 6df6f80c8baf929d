"""`fawn trace MESSAGE_ID`: one turn's trace — extraction, decision, effects, reply (no message text)."""
from __future__ import annotations

import argparse
import asyncio
import json

from sqlalchemy import or_, select

from storage.engine import make_engine, sqlite_url
from storage.tables import Message, TurnTrace


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="fawn trace")
    parser.add_argument("message_id", help="messages.id, a platform message id, or a trace id")
    parser.add_argument("--url", default=sqlite_url("data/fawn.db"))
    args = parser.parse_args(argv)
    return asyncio.run(_show(args.url, args.message_id))


async def _show(url: str, key: str) -> int:
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            ids = select(Message.id).where(or_(Message.platform_message_id == key,
                                               Message.id == (int(key) if key.isdigit() else -1)))
            q = select(TurnTrace).where(or_(TurnTrace.trace_id == key, TurnTrace.message_id.in_(ids)))
            rows = (await conn.execute(q)).all()
        if not rows:
            print(f"no trace for {key}")
            return 1
        for row in rows:
            print(json.dumps({"trace_id": row.trace_id, "message_id": row.message_id, "at": str(row.at),
                              "steps": row.steps}, ensure_ascii=False, indent=2))
        return 0
    finally:
        await engine.dispose()
