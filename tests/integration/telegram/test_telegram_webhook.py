"""The webhook route: the secret is checked before any update is built."""
from __future__ import annotations

import json

import httpx

from bot.channels.telegram.webhook import SECRET_HEADER, build_webhook_app
from tests.integration.telegram.services import ScriptedService, scripted_reply
from tests.integration.telegram.updates import text_message

SECRET = "s3cret-for-tests"
PATH = "/telegram/webhook"


def _client(application) -> httpx.AsyncClient:
    app = build_webhook_app(application, secret=SECRET, path=PATH)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://fawn.test")


async def test_only_an_update_with_the_right_secret_reaches_the_service(harness_factory, clock):
    service = ScriptedService(by_text={"right": scripted_reply("ok")})
    async with harness_factory(service, webhook=True) as bot, _client(bot.application) as client:
        wrong = await client.post(PATH, json={"update_id": 1, **text_message("wrong", at=clock())},
                                  headers={SECRET_HEADER: "guess"})
        missing = await client.post(PATH, json={"update_id": 2, **text_message("missing", at=clock())})
        right = await client.post(PATH, json={"update_id": 3, **text_message("right", at=clock())},
                                  headers={SECRET_HEADER: SECRET})
        turns = await bot.service.wait_for_turns(1)
        await bot.fake.wait_for_call("sendMessage")
    assert (wrong.status_code, missing.status_code, right.status_code) == (403, 403, 200)
    assert [msg.text for msg, _ in turns] == ["right"]


async def test_a_wrong_secret_is_refused_before_the_body_is_read_as_an_update(harness_factory):
    async with harness_factory(ScriptedService(), webhook=True) as bot, _client(bot.application) as client:
        forbidden = await client.post(PATH, content=b"not json", headers={SECRET_HEADER: "nope"})
        bad_body = await client.post(PATH, content=b"not json", headers={SECRET_HEADER: SECRET})
        not_update = await client.post(PATH, content=json.dumps([1, 2]), headers={SECRET_HEADER: SECRET})
    assert forbidden.status_code == 403
    assert bad_body.status_code == 400 and not_update.status_code == 400
    assert bot.service.turns == []


async def test_an_update_dated_beyond_any_calendar_gets_a_4xx_never_a_500(harness_factory, clock):
    async with harness_factory(ScriptedService(), webhook=True) as bot, _client(bot.application) as client:
        answers = []
        for n, date in enumerate((1e20, -1e20, 10**30, "tomorrow", None), 1):
            update = {"update_id": n, **text_message("hi", at=clock())}
            update["message"]["date"] = date
            answers.append((await client.post(PATH, json=update, headers={SECRET_HEADER: SECRET})).status_code)
        edited = {"update_id": 9, **text_message("hi", at=clock())}
        edited["edited_message"] = dict(edited.pop("message"), edit_date=1e20)
        answers.append((await client.post(PATH, json=edited, headers={SECRET_HEADER: SECRET})).status_code)
    assert all(400 <= status < 500 for status in answers), answers
    assert bot.service.turns == []
