"""The WeCom AI bot in callback mode, end to end: callbacks signed and encrypted with wechatpy as
WeCom sends them, the real Starlette routes (httpx ASGI transport), the real chat service on SQLite."""
from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

import httpx
from sqlmodel import select

from bot.composition import open_fawn
from bot.delivery.inbox import Inbox
from storage.engine import sqlite_url
from storage.errors import Unavailable
from storage.tables import Message
from tests.fakes.wecom_api import WeComSide, card_buttons, card_text, click_body, text_body
from tests.integration.locks import impatient, write_lock
from tests.integration.telegram.records import live_records, stored_reply
from tests.integration.wechat.conftest import CALLBACK_PATH, FRIEND, GROUP, MOM, GatedService, chat_of, family

SEED_SLEEP = ("昨晚睡眠7个小时", "差不多，醒1次", "8点到3点")


class CountingService:
    def __init__(self, inner) -> None:
        self.inner, self.turns = inner, 0

    async def handle(self, msg):
        self.turns += 1
        return await chat_of(self.inner).handle(msg)


async def post(client: httpx.AsyncClient, wecom: WeComSide, body: dict, **sign) -> httpx.Response:
    query, payload = wecom.callback(body, **sign)
    return await client.post(CALLBACK_PATH, params=query, json=payload)


def passive(wecom: WeComSide, response: httpx.Response) -> dict | None:
    assert response.status_code == 200
    return wecom.read_reply(response.json()) if response.content else None


def key_for(body: dict, action: str) -> str:
    (key,) = [k for k in card_buttons(body).values() if k.endswith(f".{action}")]
    return key


async def stored_messages(sessions) -> list[Message]:
    async with sessions() as session:
        return list((await session.exec(select(Message))).all())


async def say(client, wecom, msgid: str, text: str, *, userid: str = MOM) -> dict | None:
    return passive(wecom, await post(client, wecom, text_body(msgid, f"@Fawn {text}", userid=userid, chatid=GROUP)))


async def test_url_verification_answers_the_plain_echostr(make_callback_app, service, wecom):
    _, client = make_callback_app(service)
    answer = await client.get(CALLBACK_PATH, params=wecom.verification("echo-8231"))
    assert answer.status_code == 200 and answer.text == "echo-8231"


async def test_a_forged_verification_is_refused(make_callback_app, service, wecom):
    _, client = make_callback_app(service)
    forged = {**wecom.verification("echo-8231"), "msg_signature": "0" * 40}
    assert (await client.get(CALLBACK_PATH, params=forged)).status_code == 403
    assert (await client.get(CALLBACK_PATH, params={"echostr": "x"})).status_code == 400


async def test_a_bad_signature_gets_403_and_no_turn(make_callback_app, service, wecom_family, sessions, wecom):
    counting = CountingService(service)
    _, client = make_callback_app(counting)
    body = text_body("msg-forged", "@Fawn 刚刚喝了91ml配方奶", userid=MOM, chatid=GROUP)
    answer = await post(client, wecom, body, token="not-the-token")
    garbage = await client.post(CALLBACK_PATH, params=wecom.callback(body)[0], content=b"not json")
    assert answer.status_code == 403 and garbage.status_code == 400
    assert counting.turns == 0 and await stored_messages(sessions) == [] and await live_records(sessions) == []


async def test_a_group_mention_records_a_formula_feed(make_callback_app, service, wecom_family, sessions, wecom):
    _, client = make_callback_app(service)
    reply = await say(client, wecom, "msg-feed-1", "刚刚喝了91ml配方奶")
    (record,) = await live_records(sessions)
    assert record.type == "feeding" and record.data["amount_ml"] == 91 and record.data["kind"] == "formula"
    assert reply["msgtype"] == "template_card" and "91" in card_text(reply)
    assert key_for_undo(reply) == f"u{record.id}"
    incoming = [m for m in await stored_messages(sessions) if m.direction == "in"]
    assert [m.text for m in incoming] == ["刚刚喝了91ml配方奶"]          # the @-mention is not part of it


def key_for_undo(body: dict) -> str:
    (key,) = [k for k in card_buttons(body).values() if k.startswith("u")]
    return key


async def test_the_same_callback_three_times_is_one_record_and_one_reply(
        make_callback_app, service, wecom_family, sessions, wecom):
    _, client = make_callback_app(service)
    body = text_body("msg-dup-1", "@Fawn 刚刚喝了91ml配方奶", userid=MOM, chatid=GROUP)
    first = passive(wecom, await post(client, wecom, body))
    second = passive(wecom, await post(client, wecom, body))
    _, after_restart = make_callback_app(service)                 # a fresh channel remembers nothing
    third = passive(wecom, await post(after_restart, wecom, body))
    assert first is not None and second is None and third is None
    assert len(await live_records(sessions)) == 1
    assert len([m for m in await stored_messages(sessions) if m.direction == "out"]) == 1


async def sleep_confirmation(client, wecom) -> dict:
    replies = [await say(client, wecom, f"msg-sleep-{n}", text) for n, text in enumerate(SEED_SLEEP)]
    return replies[-1]


async def test_the_seed_sleep_conversation_is_confirmed_by_a_card_click(
        make_callback_app, service, wecom_family, sessions, wecom):
    _, client = make_callback_app(service)
    card = await sleep_confirmation(client, wecom)
    task_id = card["template_card"]["task_id"]
    assert await live_records(sessions) == []
    click = click_body("evt-confirm-1", key_for(card, "confirm"), task_id, userid=MOM, chatid=GROUP)
    update = passive(wecom, await post(client, wecom, click))
    (record,) = await live_records(sessions)
    assert record.type == "sleep" and record.data["night_wakings"] == 1
    assert update["response_type"] == "update_template_card" and "userids" not in update
    assert update["template_card"]["task_id"] == task_id
    assert not any(k.endswith((".confirm", ".cancel")) for k in card_buttons(update).values())
    again = passive(wecom, await post(client, wecom, click))
    assert again is None and len(await live_records(sessions)) == 1


async def test_a_friends_click_is_refused_and_writes_nothing(
        make_callback_app, service, wecom_family, sessions, wecom):
    _, client = make_callback_app(service)
    card = await sleep_confirmation(client, wecom)
    task_id, confirm = card["template_card"]["task_id"], key_for(card, "confirm")
    update = passive(wecom, await post(client, wecom, click_body("evt-f-1", confirm, task_id, userid=FRIEND,
                                                                 chatid=GROUP)))
    assert update["userids"] == [FRIEND] and update["template_card"]["task_id"] == task_id
    assert await live_records(sessions) == []
    passive(wecom, await post(client, wecom, click_body("evt-m-1", confirm, task_id, userid=MOM, chatid=GROUP)))
    assert len(await live_records(sessions)) == 1              # the card still works for the parent


async def test_a_slow_turn_is_answered_through_response_url(
        make_callback_app, service, wecom_family, sessions, wecom, response_urls):
    gated = GatedService(service)
    channel, client = make_callback_app(gated, passive_seconds=0.01)
    url = response_urls.new_url()
    body = text_body("msg-slow-1", "@Fawn 刚刚喝了91ml配方奶", userid=MOM, chatid=GROUP, response_url=url)
    answer = await post(client, wecom, body)
    assert answer.status_code == 200 and answer.content == b""
    gated.gate.set()
    (posted,) = await response_urls.wait_for(1)
    await channel.idle()
    (record,) = await live_records(sessions)
    assert posted.code.endswith("1") and posted.body["msgtype"] == "template_card"
    assert key_for_undo(posted.body) == f"u{record.id}"
    (reply,) = [m for m in await stored_messages(sessions) if m.direction == "out"]
    assert (await stored_reply(sessions, reply.id)).platform_message_id == posted.body["template_card"]["task_id"]


async def test_a_failed_late_answer_is_posted_again_by_the_inbox_to_its_own_url_once(
        make_callback_app, service, wecom_family, sessions, wecom, response_urls):
    gated = GatedService(service)
    channel, client = make_callback_app(gated, passive_seconds=0.01)
    response_urls.fail_next = 1
    url = response_urls.new_url()
    body = text_body("msg-slow-2", "@Fawn 刚刚喝了91ml配方奶", userid=MOM, chatid=GROUP, response_url=url)
    await post(client, wecom, body)
    gated.gate.set()
    await channel.idle()
    assert response_urls.posted == []
    assert await channel.inbox.finish_pending({"wecom": channel.finish}) == 1
    assert await channel.inbox.finish_pending({"wecom": channel.finish}) == 0
    (posted,) = await response_urls.wait_for(1)
    assert posted.code == url.rsplit("=", 1)[1] and posted.body["msgtype"] == "template_card"
    assert len(await live_records(sessions)) == 1


class WatchedInbox(Inbox):
    """The real inbox; `held` is set once it had to wait for the database (the request is held open)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.held = asyncio.Event()

    async def _add(self, *args, **kwargs):
        try:
            return await super()._add(*args, **kwargs)
        except Unavailable:
            self.held.set()
            raise


async def locked_family(tmp_path, clock):
    app = await open_fawn(sqlite_url(tmp_path / "locked.db"), clock=clock)
    await app.families.setup_family(family("wecom", GROUP))
    return app


async def test_a_callback_that_cannot_be_stored_is_held_open_until_it_commits_and_answered_once(
        make_callback_app, tmp_path, clock, monkeypatch, wecom):
    """A write lock longer than the passive window (an import, a backup, another instance): WeCom hears
    nothing until the callback is in the inbox — then the turn runs and the answer goes back passively."""
    impatient(monkeypatch)
    app = await locked_family(tmp_path, clock)
    try:
        inbox = WatchedInbox(app.database, clock, hold_seconds=30.0, retry_pause=0.01)
        _, client = make_callback_app(app, passive_seconds=0.05, inbox=inbox)
        body = text_body("msg-locked-1", "@Fawn 刚刚喝了91ml配方奶", userid=MOM, chatid=GROUP)
        with write_lock(tmp_path / "locked.db"):
            sending = asyncio.create_task(post(client, wecom, body))
            await inbox.held.wait()
            assert not sending.done()                    # no answer while nothing is committed
        answered = passive(wecom, await sending)
        again = passive(wecom, await post(client, wecom, body))
        records = await live_records(app.database.sessions)
    finally:
        await app.close()
    assert answered is not None and "91" in card_text(answered) and again is None
    assert len(records) == 1


async def test_a_turn_that_meets_a_write_lock_after_the_callback_was_kept_is_answered_once_when_it_lifts(
        make_callback_app, tmp_path, clock, monkeypatch, wecom, response_urls):
    """The callback is in the inbox and acknowledged; its turn finds the database locked (longer than the
    passive window): nothing is lost — the inbox finishes it once the lock is gone, through its response_url."""
    impatient(monkeypatch)
    app = await locked_family(tmp_path, clock)
    try:
        gated = GatedService(app)
        channel, client = make_callback_app(gated, passive_seconds=0.01)
        body = text_body("msg-locked-2", "@Fawn 刚刚喝了91ml配方奶", userid=MOM, chatid=GROUP,
                         response_url=response_urls.new_url())
        acknowledged = await post(client, wecom, body)
        with write_lock(tmp_path / "locked.db"):
            gated.gate.set()
            await channel.idle()                                   # the turn ran into the lock
            assert await channel.inbox.finish_pending({"wecom": channel.finish}) == 0
        redelivered = await post(client, wecom, body)
        assert await channel.inbox.finish_pending({"wecom": channel.finish}) == 1
        assert await channel.inbox.finish_pending({"wecom": channel.finish}) == 0
        records = await live_records(app.database.sessions)
    finally:
        await app.close()
    (posted,) = await response_urls.wait_for(1)
    assert acknowledged.status_code == 200 and acknowledged.content == b""
    assert redelivered.status_code == 200 and redelivered.content == b""
    assert len(records) == 1 and key_for_undo(posted.body) == f"u{records[0].id}"


async def test_a_callback_signed_long_ago_is_refused_and_runs_nothing(
        make_callback_app, service, wecom_family, sessions, wecom):
    """WeCom signs each callback as it sends it (timestamp in the signed query, developer.work.weixin.qq.com
    path 101033): one signed in 2001 — or six minutes ago, or ahead — is a replay, refused before decryption."""
    counting = CountingService(service)
    _, client = make_callback_app(counting)
    body = text_body("msg-replayed", "@Fawn 刚刚喝了91ml配方奶", userid=MOM, chatid=GROUP)
    from_2001 = await post(client, wecom, body, signed_at=datetime(2001, 9, 9, tzinfo=UTC).timestamp())
    six_minutes_ago = await post(client, wecom, body, signed_at=time.time() - 360)
    ahead = await post(client, wecom, body, signed_at=time.time() + 360)
    stale_check = await client.get(CALLBACK_PATH, params=wecom.verification(signed_at=time.time() - 3600))
    assert [r.status_code for r in (from_2001, six_minutes_ago, ahead, stale_check)] == [403, 403, 403, 403]
    assert counting.turns == 0 and await stored_messages(sessions) == [] and await live_records(sessions) == []
    fresh = passive(wecom, await post(client, wecom, body, signed_at=time.time() - 60))
    assert fresh is not None and len(await live_records(sessions)) == 1


async def test_each_response_url_is_used_at_most_once_and_only_for_its_own_message(
        make_callback_app, service, wecom_family, sessions, wecom, response_urls):
    """developer.work.weixin.qq.com path 101138: a response_url takes one call within an hour. The first
    message is answered passively — its URL is never used, not for a later answer nor for anything else;
    the slow second one is answered through its own URL, once, however often it is redelivered."""
    gated = GatedService(service)
    channel, client = make_callback_app(gated, passive_seconds=0.05)
    first_url, second_url = response_urls.new_url(), response_urls.new_url()
    first = text_body("msg-url-1", "@Fawn 刚刚喝了91ml配方奶", userid=MOM, chatid=GROUP, response_url=first_url)
    second = text_body("msg-url-2", "@Fawn 尿了", userid=MOM, chatid=GROUP, response_url=second_url)
    gated.gate.set()
    assert passive(wecom, await post(client, wecom, first)) is not None
    gated.gate.clear()
    assert passive(wecom, await post(client, wecom, second)) is None
    assert passive(wecom, await post(client, wecom, second)) is None       # WeCom tries again meanwhile
    gated.gate.set()
    await channel.idle()
    for _ in range(2):
        await channel.inbox.finish_pending({"wecom": channel.finish})
    (posted,) = await response_urls.wait_for(1)
    assert posted.code == second_url.rsplit("=", 1)[1] and "尿" in str(posted.body)
    assert len(await live_records(sessions)) == 2


async def test_a_slow_click_updates_its_card_in_time_and_the_outcome_follows_through_its_own_response_url(
        make_callback_app, service, wecom_family, sessions, wecom, response_urls):
    """A click's card changes only through the answer to the click's callback (developer.work.weixin.qq.com
    path 101031, 回复消息更新模板卡片), which WeCom waits about five seconds for. A turn slower than the passive
    window: the card says "处理中…" at once; the outcome comes through the click's response_url (path 101138)."""
    gated = GatedService(service)
    channel, client = make_callback_app(gated)
    gated.gate.set()
    card = await sleep_confirmation(client, wecom)
    task_id, url = card["template_card"]["task_id"], response_urls.new_url()
    gated.gate.clear()
    channel.passive_seconds = 0.05
    click = click_body("evt-slow-1", key_for(card, "confirm"), task_id, userid=MOM, chatid=GROUP, response_url=url)
    working = passive(wecom, await post(client, wecom, click))
    assert working["response_type"] == "update_template_card" and working["template_card"]["task_id"] == task_id
    assert "处理中" in card_text(working) and not any(k.endswith(".confirm") for k in card_buttons(working).values())
    assert await live_records(sessions) == []                       # the turn is still running
    gated.gate.set()
    await channel.idle()
    (posted,) = await response_urls.wait_for(1)
    (record,) = await live_records(sessions)
    assert record.type == "sleep" and posted.code == url.rsplit("=", 1)[1]
    assert "睡眠" in str(posted.body) and posted.body["msgtype"] in ("markdown", "template_card")
