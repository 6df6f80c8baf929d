"""Fixtures: the fake Bot API on a loopback port, a migrated SQLite database, and a
harness that runs the real python-telegram-bot Application (long polling) against them."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.clock import FrozenClock
from bot.composition import open_fawn
from storage.engine import Database, sqlite_url
from tests.databases import migrated_sqlite
from tests.fakes.telegram_api import FakeTelegramApi
from tests.integration.telegram.harness import TelegramHarness

# 2026-05-04 20:15 in Shanghai: the evening of the seed sleep conversation
START = datetime(2026, 5, 4, 12, 15, tzinfo=UTC)


@pytest.fixture
async def fake_api():
    fake = FakeTelegramApi()
    await fake.start()
    yield fake
    await fake.stop()


@pytest.fixture
def clock() -> FrozenClock:
    return FrozenClock(START)


@pytest.fixture
async def database(tmp_path):
    database = Database.at(await migrated_sqlite(tmp_path / "fawn.db"))
    yield database
    await database.dispose()


@pytest.fixture
def sessions(database):
    """For tests that read or seed rows directly."""
    return database.sessions


@pytest.fixture
def harness_factory(fake_api, database, clock, tmp_path):
    """`async with harness_factory(app) as bot:` runs the Application with long polling, on the
    real application (`real_service`) or a scripted chat service."""
    def make(app, *, webhook: bool = False, rate_limit_retries: int = 0) -> TelegramHarness:
        return TelegramHarness(fake_api, app, database=database, clock=clock,
                               photos_dir=tmp_path / "photos", webhook=webhook,
                               rate_limit_retries=rate_limit_retries)
    return make


@pytest.fixture
async def real_service(tmp_path, clock, database):
    """The application from `bot.composition`, on the same database file as `sessions`."""
    fawn = await open_fawn(sqlite_url(tmp_path / "fawn.db"), clock=clock, migrate=False)
    yield fawn
    await fawn.close()
