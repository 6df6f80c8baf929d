"""Fixtures: the fake Bot API on a loopback port, a migrated SQLite database, and a
harness that runs the real python-telegram-bot Application (long polling) against them."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.clock import FrozenClock
from storage.engine import make_engine, make_sessionmaker, sqlite_url
from storage.migrate import upgrade
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
async def engine(tmp_path):
    engine = make_engine(sqlite_url(tmp_path / "fawn.db"))
    await upgrade(engine)
    yield engine
    await engine.dispose()


@pytest.fixture
def sessions(engine):
    return make_sessionmaker(engine)


@pytest.fixture
def harness_factory(fake_api, sessions, clock, tmp_path):
    """`async with harness_factory(service) as bot:` runs the Application with long polling."""
    def make(service, *, webhook: bool = False, rate_limit_retries: int = 0) -> TelegramHarness:
        return TelegramHarness(fake_api, service, sessions=sessions, clock=clock,
                               photos_dir=tmp_path / "photos", webhook=webhook,
                               rate_limit_retries=rate_limit_retries)
    return make


@pytest.fixture
async def real_service(tmp_path, clock, engine):
    """The application service from `bot.composition`, on the same database file as `sessions`."""
    from bot.composition import build_service

    service, service_engine = await build_service(sqlite_url(tmp_path / "fawn.db"), clock=clock)
    yield service
    await service_engine.dispose()
