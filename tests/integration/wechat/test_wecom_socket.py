"""The WeCom AI bot over the long connection: the real `websockets` client against a loopback fake
server that drops the connection mid-conversation; the real chat service on SQLite."""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from datetime import timedelta

import httpx
import pytest
from starlette.applications import Starlette

from bot.channels.status import ChannelStatus
from bot.channels.telegram.webhook import health_route
from bot.channels.wechat.wecom.media import upload
from bot.channels.wechat.wecom.socket import Backoff, WeComSocket
from bot.channels.wechat.wecom.socket_channel import WeComSocketChannel
from tests.fakes.wecom_api import card_buttons, click_body, text_body
from tests.fakes.wecom_socket import BOT_ID, SECRET, FakeWeComSocketServer
from tests.integration.telegram.records import live_records
from tests.integration.wechat.conftest import GRANDMA, GROUP, MOM, GatedService, turns_of

SEED_SLEEP = ("昨晚睡眠7个小时", "差不多，醒1次", "8点到3点")
QUICK = Backoff(first=0.01, cap=0.05)


@pytest.fixture
async def fake_server():
    fake = FakeWeComSocketServer()
    await fake.start()
    yield fake
    await fake.stop()


@contextlib.asynccontextmanager
async def running(service, sessions, clock, url: str, secret: str = SECRET, heartbeat: float = 3600.0,
                  ack_timeout: float = 2.0, click_seconds: float = 30.0):
    socket = WeComSocket(url, BOT_ID, secret, heartbeat=heartbeat, ack_timeout=ack_timeout, backoff=QUICK)
    channel = WeComSocketChannel(turns_of(service), socket, bot_name="Fawn", clock=clock, click_seconds=click_seconds)
    stop = asyncio.Event()
    task = asyncio.create_task(channel.run(stop))
    try:
        yield channel
    finally:
        stop.set()
        await asyncio.wait_for(task, 5)
        await socket.idle()


def message(n: int, text: str) -> dict:
    return text_body(f"ws-msg-{n}", f"@Fawn {text}", userid=MOM, chatid=GROUP)


async def test_a_feed_over_the_long_connection_is_recorded_and_answered(
        fake_server, service, wecom_family, sessions, clock):
    async with running(service, sessions, clock, fake_server.url):
        req_id = await fake_server.push(message(1, "刚刚喝了91ml配方奶"))
        (reply,) = await fake_server.wait_for("aibot_respond_msg", 1)
    (record,) = await live_records(sessions)
    assert record.data["amount_ml"] == 91 and reply.req_id == req_id
    assert reply.body["msgtype"] == "template_card" and f"u{record.id}" in card_buttons(reply.body).values()


async def test_a_dropped_connection_reconnects_and_each_message_is_handled_once(
        fake_server, service, wecom_family, sessions, clock):
    async with running(service, sessions, clock, fake_server.url) as channel:
        await fake_server.push(message(1, SEED_SLEEP[0]))
        await fake_server.push(message(2, SEED_SLEEP[1]))
        await fake_server.wait_for("aibot_respond_msg", 2)
        await fake_server.drop()
        await fake_server.wait_subscribed(2)                          # the bot came back by itself
        await fake_server.push(message(2, SEED_SLEEP[1]))               # WeCom redelivers after the drop
        await fake_server.push(message(3, SEED_SLEEP[2]))
        replies = await fake_server.wait_for("aibot_respond_msg", 3)
        card = replies[-1].body
        (confirm,) = [k for k in card_buttons(card).values() if k.endswith(".confirm")]
        task_id = card["template_card"]["task_id"]
        click_req = await fake_server.push(click_body("ws-evt-1", confirm, task_id, userid=MOM, chatid=GROUP),
                                           event=True)
        (update,) = await fake_server.wait_for("aibot_respond_update_msg", 1)
        await channel.socket.idle()
    (record,) = await live_records(sessions)
    assert record.type == "sleep"
    assert len(fake_server.of("aibot_respond_msg")) == 3 and fake_server.subscriptions == 2
    assert update.req_id == click_req and update.body["template_card"]["task_id"] == task_id


async def test_a_restarted_bot_does_not_answer_a_message_it_already_handled(
        fake_server, service, wecom_family, sessions, clock):
    async with running(service, sessions, clock, fake_server.url):
        await fake_server.push(message(1, "刚刚喝了91ml配方奶"))
        await fake_server.wait_for("aibot_respond_msg", 1)
    async with running(service, sessions, clock, fake_server.url) as again:     # new process, empty memory
        await fake_server.wait_subscribed(2)
        await fake_server.push(message(1, "刚刚喝了91ml配方奶"))
        await fake_server.push(message(2, "尿了"))
        await fake_server.wait_for("aibot_respond_msg", 2)
        await again.socket.idle()
    assert len(fake_server.of("aibot_respond_msg")) == 2 and len(await live_records(sessions)) == 2


async def test_a_reply_lost_with_the_connection_is_pushed_from_the_outbox(
        fake_server, service, wecom_family, sessions, clock):
    gated = GatedService(service)
    async with running(gated, sessions, clock, fake_server.url) as channel:
        await fake_server.push(message(1, "刚刚喝了91ml配方奶"))
        await fake_server.drop()                                        # gone while the turn runs
        gated.gate.set()
        await channel.socket.idle()
        await fake_server.wait_subscribed(2)
        await channel.socket.authenticated.wait()
        sent = await service.outbox.retry_due({"wecom": channel.push_sender()}, clock() + timedelta(minutes=1))
        (push,) = await fake_server.wait_for("aibot_send_msg", 1)
    assert sent == 1 and push.body["chatid"] == GROUP and push.body["msgtype"] == "template_card"
    assert fake_server.accepted("aibot_respond_msg") == [] and len(await live_records(sessions)) == 1


async def test_a_wrong_secret_stops_the_channel_after_five_refusals_with_one_clear_error(
        fake_server, service, sessions, clock, caplog):
    """The official SDK gives up after maxAuthFailureAttempts = 5 (WecomTeam/aibot-node-sdk src/client.ts)."""
    status = ChannelStatus()
    socket = WeComSocket(fake_server.url, BOT_ID, "wrong", ack_timeout=2.0, backoff=QUICK)
    channel = WeComSocketChannel(turns_of(service), socket, clock=clock, status=status)
    await asyncio.wait_for(channel.run(asyncio.Event()), 10)             # returns by itself
    assert fake_server.refused_subscriptions == 5 and fake_server.subscriptions == 0
    assert "refused the BotID and Secret 5 times" in status.report()["wecom"]
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "wrong" not in errors[0].getMessage()


async def test_a_takeover_stops_the_channel_loudly_and_healthz_says_so(fake_server, service, sessions, clock):
    """disconnected_event: another connection of the same bot took over (developer.work.weixin.qq.com path
    101463, 连接断开事件); the SDK does not reconnect. Neither does Fawn — and it says so on /healthz."""
    status = ChannelStatus()
    socket = WeComSocket(fake_server.url, BOT_ID, SECRET, ack_timeout=2.0, backoff=QUICK)
    channel = WeComSocketChannel(turns_of(service), socket, clock=clock, status=status)
    running_channel = asyncio.create_task(channel.run(asyncio.Event()))
    await fake_server.wait_subscribed(1)
    await fake_server.push({"msgid": "evt-takeover", "aibotid": BOT_ID, "msgtype": "event",
                            "event": {"eventtype": "disconnected_event"}}, event=True)
    await asyncio.wait_for(running_channel, 5)
    app = Starlette(routes=[health_route(status)])
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://fawn.test") as client:
        health = await client.get("/healthz")
    assert fake_server.subscriptions == 1 and "took over" in status.report()["wecom"]
    assert health.status_code == 200 and health.text.startswith("degraded") and "wecom: stopped" in health.text


async def test_unanswered_heartbeats_end_the_connection_and_the_bot_reconnects(fake_server, service, sessions, clock):
    fake_server.answer_pings = False
    async with running(service, sessions, clock, fake_server.url, heartbeat=0.01, ack_timeout=0.05):
        await fake_server.wait_subscribed(2)
    assert len(fake_server.of("ping")) >= 2


async def test_the_secret_never_reaches_the_log_even_at_debug(fake_server, service, wecom_family, sessions, clock,
                                                              caplog):
    caplog.set_level(logging.DEBUG)
    async with running(service, sessions, clock, fake_server.url):
        await fake_server.push(message(1, "刚刚喝了91ml配方奶"))
        await fake_server.wait_for("aibot_respond_msg", 1)
    ours = [r for r in caplog.records if r.name.startswith(("fawn", "websockets.client"))]   # not the fake's
    assert ours and not any(SECRET in r.getMessage() or "91ml" in r.getMessage() for r in ours)


async def test_export_over_the_long_connection_uploads_the_file_and_sends_it_to_a_parent_only(
        fake_server, service, wecom_family, sessions, clock):
    """导出数据: the text answer, then the records file (temporary-media upload, then a file message)."""
    service.chat.replies.file_channels = frozenset({"wecom"})
    async with running(service, sessions, clock, fake_server.url):
        await fake_server.push(message(1, "刚刚喝了91ml配方奶"))
        await fake_server.wait_for("aibot_respond_msg", 1)
        await fake_server.push(text_body("ws-msg-2", "@Fawn 导出数据", userid=GRANDMA, chatid=GROUP))
        refused = (await fake_server.wait_for("aibot_respond_msg", 2))[1]
        await fake_server.push(message(3, "导出数据"))
        await fake_server.wait_for("aibot_respond_msg", 3)
        (sent_file,) = [s for s in await fake_server.wait_for("aibot_send_msg", 1) if s.body.get("msgtype") == "file"]
    assert "只有家长" in str(refused.body) and len(fake_server.uploads) == 1
    assert sent_file.body["chatid"] == GROUP
    filename, data = fake_server.media[sent_file.body["file"]["media_id"]]
    records = json.loads(data)
    assert filename.endswith(".json") and len(records) == 1 and records[0]["amount_ml"] == 91


async def test_a_file_over_several_chunks_arrives_whole(fake_server, service, sessions, clock):
    """Over 512 KiB: the upload is cut into numbered chunks; the fake checks the count and the MD5."""
    big = bytes(range(256)) * 5000                     # 1.28 MB: three chunks
    async with running(service, sessions, clock, fake_server.url) as channel:
        await fake_server.wait_subscribed(1)
        media_id = await upload(channel.socket, big, "big.json")
    assert fake_server.media[media_id] == ("big.json", big)
    assert [s.body["chunk_index"] for s in fake_server.of("aibot_upload_media_chunk")] == [0, 1, 2]


async def test_a_slow_click_updates_its_card_in_time_and_the_outcome_follows_as_a_message(
        fake_server, service, wecom_family, sessions, clock):
    """WeCom takes aibot_respond_update_msg only within 5 s of the click (WecomTeam/aibot-node-sdk README,
    updateTemplateCard). A slower turn: "处理中…" on the click's req_id at once, the outcome as aibot_send_msg."""
    gated = GatedService(service)
    gated.gate.set()
    async with running(gated, sessions, clock, fake_server.url, click_seconds=0.05) as channel:
        for n, text in enumerate(SEED_SLEEP, start=1):
            await fake_server.push(message(n, text))
            card = (await fake_server.wait_for("aibot_respond_msg", n))[-1].body
        (confirm,) = [k for k in card_buttons(card).values() if k.endswith(".confirm")]
        task_id = card["template_card"]["task_id"]
        gated.gate.clear()
        click_req = await fake_server.push(click_body("ws-evt-slow", confirm, task_id, userid=MOM, chatid=GROUP),
                                           event=True)
        (working,) = await fake_server.wait_for("aibot_respond_update_msg", 1)
        assert await live_records(sessions) == [] and fake_server.of("aibot_send_msg") == []
        gated.gate.set()
        (outcome,) = await fake_server.wait_for("aibot_send_msg", 1)
        await channel.socket.idle()
    (record,) = await live_records(sessions)
    assert working.req_id == click_req and working.accepted and working.body["template_card"]["task_id"] == task_id
    assert "处理中" in str(working.body) and record.type == "sleep"
    assert outcome.body["chatid"] == GROUP and "睡眠" in str(outcome.body)
    assert len(fake_server.of("aibot_respond_update_msg")) == 1
