"""Personal WeChat's session while Fawn runs, against the loopback iLink fake: errcode −14 (session
expired; Tencent/openclaw-weixin src/api/session-guard.ts and src/monitor/monitor.ts), a new
`fawn wechat login` picked up without a restart, notifystart / notifystop as the plugin sends them
(src/channel.ts, 2.1.10+), the server's longpolling_timeout_ms, and the families told once through
their other chats."""
from __future__ import annotations

import asyncio
import contextlib

import pytest

from bot.channels.numbered import InMemoryShownChoices
from bot.channels.wechat.ilink.api import ILinkApi
from bot.channels.wechat.ilink.poller import ILinkPoller
from bot.channels.wechat.ilink.session import ILinkSession
from bot.channels.wechat.ilink.store import Credentials, StateFile, credentials_path, save_credentials, state_path
from bot.delivery.notices import tell_parents_elsewhere
from bot.delivery.push import FamilyPush
from domain.vocabulary import Role
from tests.fakes.ilink_api import BOT_ID, BOT_TOKEN, FakeILinkApi, user_text
from tests.integration.telegram.records import live_records
from tests.integration.wechat.conftest import GROUP, family

DAD_WX = "o9cq806I1a0W_dad@im.wechat"
OLD_TOKEN = "expired-token-0001"


@pytest.fixture
async def fake_ilink():
    fake = FakeILinkApi()
    await fake.start()
    yield fake
    await fake.stop()


class Recorder:
    """A messenger's send that keeps what it was given (the family's WeCom group here)."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str]] = []
        self.changed = asyncio.Event()

    async def __call__(self, chat_id: str, reply) -> str:
        self.sent.append((chat_id, reply.text))
        self.changed.set()
        return f"sent-{len(self.sent)}"


@pytest.fixture
async def two_platform_family(service, clock) -> int:
    """Mum in the family's WeCom group; Dad, a parent too, in his one-to-one chat on personal WeChat."""
    family_id = await service.families.setup_family(family("wecom", GROUP))
    async with service.database.unit_of_work() as uow:
        dad = await uow.families.add_member(family_id, DAD_WX, DAD_WX, Role.PARENT.value, clock())
        await uow.families.link_chat(family_id, "wechat", DAD_WX, "private", clock(), dad.id)
        await uow.commit()
    return family_id


@contextlib.asynccontextmanager
async def running(fake, service, clock, tmp_path, token: str, **session_kw):
    path = credentials_path(tmp_path, "default")
    save_credentials(path, Credentials(token=token, bot_id=BOT_ID, base_url=fake.base_url))
    api = ILinkApi(fake.base_url, token)
    state = StateFile(state_path(tmp_path, "default"))
    session = ILinkSession(api, path, Credentials(token, BOT_ID, fake.base_url), state, **session_kw)
    poller = ILinkPoller(api, state, service.chat, service.outbox, InMemoryShownChoices(), clock=clock,
                         retry_pause=0.01, session=session)
    stop = asyncio.Event()
    task = asyncio.create_task(poller.run(stop))
    try:
        yield poller
    finally:
        stop.set()
        await asyncio.wait_for(task, 5)
        await api.aclose()


def bearer(request) -> str:
    return request.headers.get("Authorization", "").removeprefix("Bearer ")


async def test_an_expired_session_picks_up_a_new_login_without_a_restart_and_the_parents_hear_once(
        fake_ilink, service, two_platform_family, clock, tmp_path):
    fake_ilink.tokens = {BOT_TOKEN}                      # the old login is no longer accepted
    group = Recorder()
    push = FamilyPush(service.database, service.outbox, {"wecom": group})

    async def logged_out() -> None:
        await tell_parents_elsewhere(push, "wechat", "wechat.logged_out")

    async with running(fake_ilink, service, clock, tmp_path, OLD_TOKEN, on_expired=logged_out,
                       watch_seconds=0.01, expired_pause=0.02) as poller:
        await fake_ilink.wait_for("getupdates", 4)       # −14, a pause, −14 again …
        await group.changed.wait()
        save_credentials(credentials_path(tmp_path, "default"),       # `fawn wechat login`, meanwhile
                         Credentials(token=BOT_TOKEN, bot_id=BOT_ID, base_url=fake_ilink.base_url))
        await fake_ilink.queue_batch(user_text(DAD_WX, "刚刚喝了91ml配方奶", at=clock()))
        (reply,) = await fake_ilink.wait_for("sendmessage", 1)
        assert not poller.session.expired
    (record,) = await live_records(service.database.sessions)
    assert record.data["amount_ml"] == 91 and bearer(reply) == BOT_TOKEN
    assert len(group.sent) == 1 and group.sent[0][0] == GROUP and "fawn wechat login" in group.sent[0][1]
    starts = fake_ilink.of("notifystart")
    assert [bearer(r) for r in starts] == [OLD_TOKEN, BOT_TOKEN]
    assert [bearer(r) for r in fake_ilink.of("notifystop")] == [BOT_TOKEN]
    assert all(r.body["base_info"]["bot_agent"] for r in starts)


async def test_the_long_poll_lasts_as_long_as_the_server_asks(fake_ilink, service, clock, tmp_path):
    fake_ilink.poll_timeout_ms = 20_000
    async with running(fake_ilink, service, clock, tmp_path, BOT_TOKEN) as poller:
        await fake_ilink.queue_batch()
        await fake_ilink.wait_for("getupdates", 2)
        assert poller.poll_seconds == 20.0
