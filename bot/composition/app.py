"""The application on one database: the chat turn, the family port and the outbox, built once.

`open_fawn(url)` is where the terminal chat, the scenario runner, the tests and `fawn run` all start.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.clock import Clock, utc_now
from bot.delivery.outbox import Outbox
from bot.family.operations import FamilyOperations
from bot.push.summaries import SummaryBuilder
from bot.turn.replies import ReplyResolver
from bot.turn.service import ChatService
from bot.understanding.extractor import Extractor, build_extractor
from storage.engine import Database


@dataclass(frozen=True)
class Fawn:
    """Everything one database serves: the chat turn, the family port and the outbox."""

    database: Database
    chat: ChatService
    families: FamilyOperations
    outbox: Outbox

    async def close(self) -> None:
        await self.database.dispose()


async def open_fawn(database_url: str, *, clock: Clock = utc_now, model: str = "rules",
                    base_url: str | None = None, api_key: str | None = None, migrate: bool = True,
                    chart_dir: Path | None = None) -> Fawn:
    """The application on one database (migrated to head unless told not to)."""
    database = Database.at(database_url)
    if migrate:
        await database.upgrade()
    return assemble(database, build_extractor(model, base_url, api_key), clock=clock, chart_dir=chart_dir)


def assemble(database: Database, extractor: Extractor, *, clock: Clock = utc_now,
             chart_dir: Path | None = None) -> Fawn:
    """The application on an open database with a given extractor (tests pass their own)."""
    replies = ReplyResolver(SummaryBuilder(chart_dir), charts=chart_dir is not None)
    chat = ChatService(database, extractor, replies, clock=clock)
    return Fawn(database, chat, FamilyOperations(database, clock), Outbox(database, clock))
