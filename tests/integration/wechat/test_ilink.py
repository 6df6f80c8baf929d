"""Personal WeChat through iLink, end to end: the real httpx client against a loopback fake of
the iLink API, the real chat service on SQLite, numbered buttons, the cursor on disk."""
from __future__ import annotations

import asyncio
import contextlib
import stat
from datetime import timedelta

import pytest

from bot.channels.numbered import InMemoryShownChoices
from bot.channels.wechat.ilink.api import ILinkApi, ILinkError
from bot.channels.wechat.ilink.login import login
from bot.channels.wechat.ilink.poller import ILinkPoller
from bot.channels.wechat.ilink.sender import ILinkSender, PushWindowClosed
from bot.channels.wechat.ilink.store import ContextToken, StateFile, credentials_path, load_credentials, state_path
from bot.cli import main
from bot.composition import open_fawn
from bot.protocol import FamilySetup, MemberSetup, OutgoingButton, OutgoingReply
from domain.vocabulary import ChatKind, ReplyKind
from storage.engine import sqlite_url
from tests.fakes.ilink_api import BOT_ID, BOT_TOKEN, FakeILinkApi, user_text, user_voice
from tests.integration.locks import impatient, write_lock
from tests.integration.telegram.records import live_records
from tests.integration.wechat.conftest import app_of, chat_of

MOM_WX = "o9cq806I1a0W_mom@im.wechat"
SEED_SLEEP = ("昨晚睡眠7个小时", "差不多，醒1次", "8点到3点")


@pytest.fixture
async def fake_ilink():
    fake = FakeILinkApi()
    await fake.start()
    yield fake
    await fake.stop()


@pytest.fixture
async def wechat_family(service) -> int:
    mom = MemberSetup(MOM_WX, "李妈妈", "妈妈", "parent")
    return await service.families.setup_family(FamilySetup(platform="wechat", chat_id=MOM_WX,
                                                           chat_kind=ChatKind.PRIVATE, members=(mom,)))


@pytest.fixture
async def api(fake_ilink):
    api = ILinkApi(fake_ilink.base_url, BOT_TOKEN)
    yield api
    await api.aclose()


@contextlib.asynccontextmanager
async def polling(api, service, sessions, clock, folder, shown=None, *, killed: bool = False):
    poller = ILinkPoller(api, StateFile(state_path(folder, "default")), chat_of(service), app_of(service).outbox,
                         shown or InMemoryShownChoices(), clock=clock, retry_pause=0.01)
    stop = asyncio.Event()
    task = asyncio.create_task(poller.run(stop))
    try:
        yield poller
    finally:
        if killed:                                    # the process dies: nothing after this point runs
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        else:
            stop.set()
            await asyncio.wait_for(task, 5)


async def test_login_prints_the_qr_link_and_stores_the_credentials_privately(fake_ilink, tmp_path):
    fake_ilink.qr_statuses = [{"status": "wait"}, {"status": "scaned"},
                              {"status": "confirmed", "bot_token": BOT_TOKEN, "ilink_bot_id": BOT_ID,
                               "baseurl": fake_ilink.base_url, "ilink_user_id": MOM_WX}]
    said: list[str] = []
    api = ILinkApi(fake_ilink.base_url)
    target = credentials_path(tmp_path / "wechat", "default")
    await login(api, target, say=said.append, pause=0)
    await api.aclose()
    stored = load_credentials(target)
    assert stored.token == BOT_TOKEN and stored.bot_id == BOT_ID and stored.user_id == MOM_WX
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert any("https://liteapp.weixin.qq.com/q/test" in line for line in said)
    assert not any(BOT_TOKEN in line for line in said) and BOT_TOKEN not in repr(stored)


async def test_fawn_wechat_login_is_a_fawn_command(fake_ilink, tmp_path, monkeypatch, capsys):
    fake_ilink.qr_statuses = [{"status": "confirmed", "bot_token": BOT_TOKEN, "ilink_bot_id": BOT_ID}]
    monkeypatch.setenv("FAWN_DATA_DIR", str(tmp_path))
    code = await asyncio.to_thread(main, ["wechat", "login", "--base-url", fake_ilink.base_url])
    assert code == 0 and "liteapp.weixin.qq.com" in capsys.readouterr().out
    assert load_credentials(tmp_path / "wechat" / "default.credentials.json").token == BOT_TOKEN


async def test_a_voice_transcript_records_a_feed(fake_ilink, api, service, wechat_family, sessions, clock, tmp_path):
    async with polling(api, service, sessions, clock, tmp_path):
        await fake_ilink.queue_batch(user_voice(MOM_WX, "刚刚喝了91ml配方奶", context_token="ctx-voice", at=clock()))
        (sent,) = await fake_ilink.wait_for("sendmessage", 1)
    (record,) = await live_records(sessions)
    assert record.type == "feeding" and record.data["amount_ml"] == 91
    msg = sent.body["msg"]
    assert msg["to_user_id"] == MOM_WX and msg["context_token"] == "ctx-voice" and msg["message_type"] == 2
    assert sent.headers["Authorization"] == f"Bearer {BOT_TOKEN}" and sent.headers["AuthorizationType"]
    assert "回复 1 撤销" in fake_ilink.sent_texts()[0]


async def test_a_numbered_answer_confirms_the_seed_sleep(fake_ilink, api, service, wechat_family, sessions, clock,
                                                         tmp_path):
    async with polling(api, service, sessions, clock, tmp_path):
        for n, text in enumerate(SEED_SLEEP, start=1):
            await fake_ilink.queue_batch(user_text(MOM_WX, text, at=clock()))
            await fake_ilink.wait_for("sendmessage", n)
        assert "1 确认" in fake_ilink.sent_texts()[-1] and await live_records(sessions) == []
        await fake_ilink.queue_batch(user_text(MOM_WX, "1", at=clock()))
        await fake_ilink.wait_for("sendmessage", 4)
    (record,) = await live_records(sessions)
    assert record.type == "sleep" and record.data["night_wakings"] == 1


class StallsOn:
    """The real service, except that the turn for `text` never finishes (the process dies there)."""

    def __init__(self, inner, text: str) -> None:
        self.inner, self.text, self.stalled = inner, text, asyncio.Event()

    async def handle(self, msg):
        if msg.text == self.text:
            self.stalled.set()
            await asyncio.Event().wait()
        return await chat_of(self.inner).handle(msg)


async def test_a_restart_in_the_middle_of_a_batch_neither_loses_nor_repeats(
        fake_ilink, api, service, wechat_family, sessions, clock, tmp_path):
    await fake_ilink.queue_batch(user_text(MOM_WX, "刚刚喝了91ml配方奶", at=clock()),
                                 user_text(MOM_WX, "尿了", at=clock()))
    stalling = StallsOn(service, "尿了")
    async with polling(api, stalling, sessions, clock, tmp_path, killed=True):
        await fake_ilink.wait_for("sendmessage", 1)
        await stalling.stalled.wait()                 # the process is killed during the second turn
    assert StateFile(state_path(tmp_path, "default")).state.cursor == ""
    async with polling(api, service, sessions, clock, tmp_path):
        await fake_ilink.wait_for("sendmessage", 2)
        await fake_ilink.queue_batch(user_text(MOM_WX, "喝了60ml母乳", at=clock()))
        await fake_ilink.wait_for("sendmessage", 3)
    cursors = [r.body["get_updates_buf"] for r in fake_ilink.of("getupdates")]
    assert cursors[:3] == ["", "", "c1"] and len(await live_records(sessions)) == 3
    assert len(fake_ilink.of("sendmessage")) == 3
    saved = StateFile(state_path(tmp_path, "default")).state
    assert saved.cursor == "c2" and saved.context_tokens[MOM_WX].token == "ctx-1"
    assert stat.S_IMODE(state_path(tmp_path, "default").stat().st_mode) == 0o600


async def test_a_push_needs_a_recent_context_token(fake_ilink, api, clock, tmp_path):
    state = StateFile(state_path(tmp_path, "default"))
    sender = ILinkSender(api, state, InMemoryShownChoices(), clock)
    reply = OutgoingReply(ReplyKind.ANSWER, "今天的总结", (OutgoingButton("undo", "↩ 撤销", "u1"),))
    with pytest.raises(PushWindowClosed):
        await sender(MOM_WX, reply)
    state.state.context_tokens[MOM_WX] = ContextToken("ctx-old", clock() - timedelta(hours=16))
    with pytest.raises(PushWindowClosed):
        await sender(MOM_WX, reply)
    state.state.context_tokens[MOM_WX] = ContextToken("ctx-new", clock() - timedelta(hours=2))
    assert await sender(MOM_WX, reply)
    assert fake_ilink.sent_texts()[-1] == "今天的总结\n\n回复 1 撤销"
    assert [b.token for b in await sender.shown.latest("wechat", MOM_WX)] == ["u1"]
    fake_ilink.send_refusals = [{"ret": -2, "errmsg": "prepare failed"}]
    with pytest.raises(PushWindowClosed):
        await sender(MOM_WX, reply)                   # WeChat closed the window early: not reported as delivered
    with pytest.raises(PushWindowClosed):
        await sender(MOM_WX, reply)                   # … and nothing more is tried until she writes
    fake_ilink.send_refusals = [{"ret": -2, "errmsg": "rate limited"}]
    state.state.context_tokens[MOM_WX] = ContextToken("ctx-newer", clock())
    with pytest.raises(ILinkError):
        await sender(MOM_WX, reply)                   # a rate limit is retried later, not a closed window
    assert len(fake_ilink.of("sendmessage")) == 3


async def test_a_batch_whose_turn_cannot_run_keeps_its_cursor_and_runs_once_when_it_can(
        fake_ilink, api, clock, tmp_path, monkeypatch):
    impatient(monkeypatch)
    app = await open_fawn(sqlite_url(tmp_path / "locked.db"), clock=clock)
    try:
        mom = MemberSetup(MOM_WX, "李妈妈", "妈妈", "parent")
        await app.families.setup_family(FamilySetup(platform="wechat", chat_id=MOM_WX,
                                                    chat_kind=ChatKind.PRIVATE, members=(mom,)))
        await fake_ilink.queue_batch(user_text(MOM_WX, "刚刚喝了91ml配方奶", at=clock()))
        async with polling(api, app, app.database.sessions, clock, tmp_path):
            with write_lock(tmp_path / "locked.db"):
                await fake_ilink.wait_for("getupdates", 3)     # fetched, not run, fetched again …
                sent_while_locked = len(fake_ilink.of("sendmessage"))
            await fake_ilink.wait_for("sendmessage", 1)
        records = await live_records(app.database.sessions)
    finally:
        await app.close()
    cursors = [r.body["get_updates_buf"] for r in fake_ilink.of("getupdates")]
    assert sent_while_locked == 0 and cursors[:3] == ["", "", ""]
    assert len(records) == 1 and len(fake_ilink.of("sendmessage")) == 1
    assert StateFile(state_path(tmp_path, "default")).state.cursor == "c1"


async def test_a_start_in_personal_wechat_greets_a_one_to_one_chat_not_a_group(fake_ilink, api, service, sessions,
                                                                              clock, tmp_path):
    async with polling(api, service, sessions, clock, tmp_path):
        await fake_ilink.queue_batch(user_text("o9new@im.wechat", "/start", at=clock()))
        await fake_ilink.wait_for("sendmessage", 1)
    (greeting,) = fake_ilink.sent_texts()
    assert "这个聊天已经建好家庭档案" in greeting and "这个群" not in greeting
    assert "This chat now has a family" in greeting
