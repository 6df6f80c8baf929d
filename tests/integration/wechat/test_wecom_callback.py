"""The WeCom AI bot in callback mode, end to end: callbacks signed and encrypted with wechatpy as
WeCom sends them, the real Starlette routes (httpx ASGI transport), the real chat service on SQLite."""
from __future__ import annotations

from datetime import timedelta

import httpx
from sqlmodel import select

from bot.channels.wechat.wecom.response_url import ResponseUrlSender
from bot.composition import open_fawn
from storage.engine import sqlite_url
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


async def test_a_failed_late_answer_waits_in_the_outbox_and_is_retried(
        make_callback_app, service, wecom_family, sessions, wecom, response_urls, clock):
    gated = GatedService(service)
    channel, client = make_callback_app(gated, passive_seconds=0.01)
    response_urls.fail_next = 1
    body = text_body("msg-slow-2", "@Fawn 刚刚喝了91ml配方奶", userid=MOM, chatid=GROUP,
                     response_url=response_urls.new_url())
    await post(client, wecom, body)
    gated.gate.set()
    await channel.idle()
    assert response_urls.posted == []
    sender = ResponseUrlSender(channel.poster, channel.book, clock)
    sent = await service.outbox.retry_due({"wecom": sender}, clock() + timedelta(minutes=1))
    (posted,) = await response_urls.wait_for(1)
    assert sent == 1 and posted.body["msgtype"] == "template_card"


async def test_a_callback_whose_turn_cannot_run_gets_503_and_its_redelivery_is_answered_once(
        make_callback_app, tmp_path, clock, monkeypatch, wecom):
    impatient(monkeypatch)
    app = await open_fawn(sqlite_url(tmp_path / "locked.db"), clock=clock)
    try:
        await app.families.setup_family(family("wecom", GROUP))
        _, client = make_callback_app(app)
        body = text_body("msg-locked-1", "@Fawn 刚刚喝了91ml配方奶", userid=MOM, chatid=GROUP)
        with write_lock(tmp_path / "locked.db"):
            locked = await post(client, wecom, body)
        answered = passive(wecom, await post(client, wecom, body))
        again = passive(wecom, await post(client, wecom, body))
        records = await live_records(app.database.sessions)
    finally:
        await app.close()
    assert locked.status_code == 503
    assert answered is not None and "91" in card_text(answered) and again is None
    assert len(records) == 1
