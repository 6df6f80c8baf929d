"""Composition for one database: engine (migrated), the chat service and the family store."""
from __future__ import annotations

from pathlib import Path

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.clock import Clock, utc_now
from bot.family_setup import FamilySnapshot, FamilyStore
from bot.protocol import FamilySetup
from bot.service import ChatService
from bot.understanding.extractor import build_extractor
from storage.engine import make_engine, make_sessionmaker
from storage.migrate import upgrade


class FawnService(ChatService):
    """The chat service plus family set-up and read-back, for adapters, the CLI and scenarios."""

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, **kwargs)
        self.families = FamilyStore(self.sessions, self.clock)

    async def setup_family(self, setup: FamilySetup) -> int:
        return await self.families.setup_family(setup)

    async def add_records(self, family_id: int, records: list[dict]) -> None:
        await self.families.add_records(family_id, records)

    async def snapshot(self, family_id: int) -> FamilySnapshot:
        return await self.families.snapshot(family_id)


async def build_service(database_url: str, *, clock: Clock = utc_now, model: str = "rules",
                        base_url: str | None = None, api_key: str | None = None,
                        migrate: bool = True, chart_dir: Path | None = None) -> tuple[FawnService, AsyncEngine]:
    engine = make_engine(database_url)
    if migrate:
        await upgrade(engine)
    service = FawnService(make_sessionmaker(engine), build_extractor(model, base_url, api_key), clock=clock,
                          chart_dir=chart_dir)
    return service, engine
