"""Personal WeChat's reply budget and window, kept per member in the outbox, against the loopback iLink fake.

WeChat takes at most ten bot messages per member message (Tencent/openclaw-weixin#81; WeChat's article
quoted in riba2534/happyclaw#639) and refuses pushes some 15 hours after the member last wrote
(openclaw-weixin#309: ret −2 "prepare failed"). Sends beyond either wait in the outbox — without using
up their attempts — until the member writes again, and then go, in order, with the new context_token."""
from __future__ import annotations

import asyncio
import contextlib
from datetime import timedelta

import pytest
from sqlmodel import select

from bot.channels.numbered import InMemoryShownChoices
from bot.channels.wechat.ilink.api import ILinkApi
from bot.channels.wechat.ilink.poller import ILinkPoller
from bot.channels.wechat.ilink.store import ContextToken, StateFile, state_path
from bot.delivery.push import FamilyPush
from bot.protocol import FamilySetup, MemberSetup, OutgoingReply
from domain.vocabulary import ChatKind, ReplyKind
from storage.tables import OutboxItem
from tests.fakes.ilink_api import BOT_TOKEN, FakeILinkApi, user_text

MOM_WX = "o9cq806I1a0W_mom@im.wechat"


@pytest.fixture
async def fake_ilink():
    fake = FakeILinkApi()
    await fake.start()
    yield fake
    await fake.stop()


@pytest.fixture
async def wechat_family(service):
    mom = MemberSetup(MOM_WX, "李妈妈", "妈妈", "parent")
    family_id = await service.families.setup_family(FamilySetup(platform="wechat", chat_id=MOM_WX,
                                                                chat_kind=ChatKind.PRIVATE, members=(mom,)))
    async with service.database.unit_of_work() as uow:
        return await uow.families.get(family_id)


@contextlib.asynccontextmanager
async def poller_for(fake, service, clock, tmp_path):
    api = ILinkApi(fake.base_url, BOT_TOKEN)
    poller = ILinkPoller(api, StateFile(state_path(tmp_path, "default")), service.chat, service.outbox,
                         InMemoryShownChoices(), clock=clock, retry_pause=0.01)
    stop = asyncio.Event()
    task = asyncio.create_task(poller.run(stop))
    try:
        yield poller
    finally:
        stop.set()
        await asyncio.wait_for(task, 5)
        await api.aclose()


async def waiting(service) -> list[OutboxItem]:
    async with service.database.sessions() as session:
        return list((await session.exec(select(OutboxItem).where(OutboxItem.sent_at.is_(None)))).all())


async def she_writes(fake, message: dict) -> None:
    """Her message is fetched and handled (its turn, its answer, the sends it lets go)."""
    await fake.queue_batch(message)
    await fake.wait_handled()


def push_text(n: int) -> OutgoingReply:
    return OutgoingReply(ReplyKind.ANSWER, f"提醒 {n}")


async def test_the_eleventh_push_to_a_member_waits_until_they_write_and_then_goes_in_order(
        fake_ilink, service, wechat_family, clock, tmp_path):
    async with poller_for(fake_ilink, service, clock, tmp_path) as poller:
        poller.state.state.context_tokens[MOM_WX] = ContextToken("ctx-morning", clock() - timedelta(hours=3))
        push = FamilyPush(service.database, service.outbox, {"wechat": poller.sender})
        sent_now = [await push.to_chat(wechat_family, "wechat", MOM_WX, push_text(n), f"reminder:{n}")
                    for n in range(1, 12)]
        assert sent_now == [True] * 10 + [False]
        texts = fake_ilink.sent_texts()
        assert len(texts) == 10 and "回我一句话" in texts[9] and not any("回我一句话" in t for t in texts[:9])
        (kept,) = await waiting(service)
        assert kept.waiting_for == "member" and kept.attempts == 0
        later = clock() + timedelta(hours=1)
        assert await service.outbox.retry_due({"wechat": poller.sender}, later) == 0
        await she_writes(fake_ilink, user_text(MOM_WX, "今天喝了多少奶？", context_token="ctx-evening", at=clock()))
        assert len(fake_ilink.of("sendmessage")) == 11                # her answer first
        assert await service.outbox.retry_due({"wechat": poller.sender}, later) == 1
    sends = fake_ilink.of("sendmessage")
    assert len(sends) == 12 and fake_ilink.sent_texts()[11] == "提醒 11"
    assert sends[11].body["msg"]["context_token"] == "ctx-evening" and await waiting(service) == []
    saved = StateFile(state_path(tmp_path, "default")).state.context_tokens[MOM_WX]
    assert saved.token == "ctx-evening" and saved.sent == 2                # kept across a restart


async def test_a_push_past_the_window_waits_without_trying_and_goes_when_the_member_writes(
        fake_ilink, service, wechat_family, clock, tmp_path):
    async with poller_for(fake_ilink, service, clock, tmp_path) as poller:
        poller.state.state.context_tokens[MOM_WX] = ContextToken("ctx-yesterday", clock() - timedelta(hours=16))
        push = FamilyPush(service.database, service.outbox, {"wechat": poller.sender})
        assert not await push.to_chat(wechat_family, "wechat", MOM_WX, push_text(1), "summary:daily")
        assert fake_ilink.of("sendmessage") == []
        await she_writes(fake_ilink, user_text(MOM_WX, "尿了", context_token="ctx-today", at=clock()))
        assert len(fake_ilink.of("sendmessage")) == 1
        assert await service.outbox.retry_due({"wechat": poller.sender}, clock() + timedelta(minutes=1)) == 1
    assert fake_ilink.sent_texts()[1] == "提醒 1" and await waiting(service) == []
