"""Fixtures for the WeChat channels: a real chat service on a temporary SQLite file, a WeCom family
(parent, caregiver; anyone else is a friend), and the WeCom callback app behind httpx's ASGI transport."""
from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import httpx
import pytest
from starlette.applications import Starlette

from bot.channels.wechat.wecom.callback import WeComCallbackChannel, wecom_routes
from bot.channels.wechat.wecom.crypto import CallbackCrypto
from bot.channels.wechat.wecom.response_url import ResponseUrlPoster
from bot.channels.wechat.wecom.turns import WeComTurns
from bot.clock import FrozenClock
from bot.composition import open_fawn
from bot.delivery.inbox import Inbox
from bot.protocol import FamilySetup, MemberSetup
from domain.vocabulary import ChatKind
from tests.databases import migrated_sqlite
from tests.fakes.wecom_api import AES_KEY, TOKEN, FakeResponseUrls, WeComSide

# 2026-05-04 20:15 in Shanghai: the evening of the seed sleep conversation
START = datetime(2026, 5, 4, 12, 15, tzinfo=UTC)
GROUP = "wrkSFfCgAAxxxxGroup"
MOM, GRANDMA, FRIEND = "mom.li", "grandma.wang", "friend.zhao"
CALLBACK_PATH = "/wecom/callback"


@pytest.fixture
def clock() -> FrozenClock:
    return FrozenClock(START)


@pytest.fixture
async def service(tmp_path, clock):
    """The real application (chat service, family port, outbox) on a temporary SQLite file."""
    fawn = await open_fawn(await migrated_sqlite(tmp_path / "fawn.db"), clock=clock, migrate=False)
    yield fawn
    await fawn.close()


@pytest.fixture
def sessions(service):
    """For tests that read rows directly."""
    return service.database.sessions


def chat_of(service):
    """The chat port of the application, or of a test wrapper around it."""
    return service.chat if hasattr(service, "chat") else service


def app_of(service):
    """The application behind a test wrapper (for its outbox)."""
    return service if hasattr(service, "chat") else app_of(service.inner)


def turns_of(service) -> WeComTurns:
    return WeComTurns(chat_of(service), app_of(service).outbox)


def family(platform: str, chat_id: str, chat_kind: ChatKind = ChatKind.GROUP) -> FamilySetup:
    return FamilySetup(platform=platform, chat_id=chat_id, chat_kind=chat_kind,
                       members=(MemberSetup(MOM, "李妈妈", "妈妈", "parent"),
                                MemberSetup(GRANDMA, "王奶奶", "奶奶", "caregiver")))


@pytest.fixture
async def wecom_family(service) -> int:
    return await service.families.setup_family(family("wecom", GROUP))


@pytest.fixture
async def response_urls():
    fake = FakeResponseUrls()
    await fake.start()
    yield fake
    await fake.stop()


class GatedService:
    """The real service, but each turn waits until the test opens the gate: a slow turn on demand."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.gate = asyncio.Event()

    async def handle(self, msg):
        await self.gate.wait()
        return await chat_of(self.inner).handle(msg)


@pytest.fixture
async def make_callback_app(clock):
    """`make(service, passive_seconds=…)` → (channel, httpx client on the Starlette app)."""
    made: list[tuple[WeComCallbackChannel, httpx.AsyncClient]] = []

    def make(service, *, passive_seconds: float = 30.0, bot_name: str | None = "Fawn", inbox: Inbox | None = None):
        inbox = inbox or Inbox(app_of(service).database, clock, hold_seconds=5.0, retry_pause=0.01)
        channel = WeComCallbackChannel(turns_of(service), CallbackCrypto(TOKEN, AES_KEY), inbox,
                                       poster=ResponseUrlPoster(), bot_name=bot_name,
                                       passive_seconds=passive_seconds, clock=clock)
        app = Starlette(routes=wecom_routes(channel, CALLBACK_PATH))
        client = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://fawn.test")
        made.append((channel, client))
        return channel, client

    yield make
    for channel, client in made:
        await channel.idle()
        await channel.poster.aclose()
        await client.aclose()


@pytest.fixture
def wecom() -> WeComSide:
    return WeComSide()
