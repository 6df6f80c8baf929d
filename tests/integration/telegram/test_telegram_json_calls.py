"""The reply's Bot API calls as one JSON body (`call_api`, `AiohttpRequest.post_json`) against the loopback fake
Bot API and loopback servers: the same parameters reach the server as python-telegram-bot's own calls send, only
the result's JSON comes back, and every refusal is the error python-telegram-bot raises for it."""
from __future__ import annotations

import asyncio
import json
import socket

import pytest
from aiohttp import web
from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError, RetryAfter, TelegramError, TimedOut
from telegram.ext import AIORateLimiter, Application
from telegram.request import BaseRequest

from bot.channels.telegram.aiohttp_request import AiohttpRequest, api_error, call_api
from bot.channels.telegram.render import message_body, message_kwargs
from bot.channels.telegram.sending import TelegramSender
from bot.protocol import OutgoingButton, OutgoingReply
from domain.vocabulary import ReplyKind
from tests.fakes.loopback import LoopbackSite

REPLY = OutgoingReply(ReplyKind.RECORDED, "记下了：21:14 配方奶 90ml “好” \\ \n second line 🍼",
                      buttons=tuple(OutgoingButton("undo", f"撤销 {i}", f"u:{i}:abc") for i in range(4)))


@pytest.fixture
async def bot_on(fake_api):
    applications = []

    async def make(*, limiter: AIORateLimiter | None = None):
        builder = (Application.builder().token(fake_api.token).request(AiohttpRequest())
                   .base_url(fake_api.base_url).updater(None))
        if limiter is not None:
            builder = builder.rate_limiter(limiter)
        application = builder.build()
        await application.initialize()
        applications.append(application)
        return application.bot

    yield make
    for application in applications:
        await application.shutdown()


@pytest.mark.parametrize("reply", [REPLY, OutgoingReply(ReplyKind.CHAT, "hi"), OutgoingReply(ReplyKind.CHAT, "")])
async def test_send_message_reaches_the_server_as_python_telegram_bots_own_call(fake_api, bot_on, reply) -> None:
    bot = await bot_on()
    sent = await bot.send_message(chat_id="-100123", **message_kwargs(reply))
    quick = await call_api(bot, "sendMessage", message_body("-100123", reply))
    theirs, ours = fake_api.calls_of("sendMessage")
    assert ours.params == theirs.params
    assert quick["message_id"] == sent.message_id + 1 and quick["text"] == sent.text


async def test_answer_callback_query_reaches_the_server_as_python_telegram_bots_own_call(fake_api, bot_on) -> None:
    bot = await bot_on()
    for text in (None, "已经撤销过了"):
        assert await bot.answer_callback_query(callback_query_id="q1", text=text) is True
        answer = {"callback_query_id": "q1"} if text is None else {"callback_query_id": "q1", "text": text}
        assert await call_api(bot, "answerCallbackQuery", answer) is True
    calls = fake_api.calls_of("answerCallbackQuery")
    assert [c.params for c in calls[0::2]] == [c.params for c in calls[1::2]]


@pytest.mark.parametrize(("code", "description", "parameters", "error"), [
    (429, "Too Many Requests: retry after 3", {"retry_after": 3}, RetryAfter),
    (400, "Bad Request: group chat was upgraded to a supergroup chat", {"migrate_to_chat_id": -1009}, ChatMigrated),
    (400, "Bad Request: chat not found", None, BadRequest),
    (403, "Forbidden: bot was blocked by the user", None, Forbidden),
    (502, "Bad Gateway", None, NetworkError),
])
async def test_a_refused_send_is_the_error_python_telegram_bot_raises(fake_api, bot_on, code, description,
                                                                      parameters, error) -> None:
    bot = await bot_on()
    fake_api.fail_next("sendMessage", code, description, parameters)
    with pytest.raises(error) as theirs:
        await bot.send_message(chat_id="-100123", text="hi")
    fake_api.fail_next("sendMessage", code, description, parameters)
    with pytest.raises(error) as ours:
        await TelegramSender(bot, on_migrated=_never)._send("-100123", OutgoingReply(ReplyKind.CHAT, "hi"))
    assert type(ours.value) is type(theirs.value) and str(ours.value) == str(theirs.value)
    assert getattr(ours.value, "retry_after", None) == getattr(theirs.value, "retry_after", None)
    assert getattr(ours.value, "new_chat_id", None) == getattr(theirs.value, "new_chat_id", None)


async def test_the_rate_limiter_waits_out_a_429_and_sends_again(fake_api, bot_on) -> None:
    bot = await bot_on(limiter=AIORateLimiter(max_retries=1))
    fake_api.fail_next("sendMessage", 429, "Too Many Requests: retry after 0", {"retry_after": 0.01})
    sent = await call_api(bot, "sendMessage", {"chat_id": "-100123", "text": "hi"})
    assert len(fake_api.calls_of("sendMessage")) == 2 and sent["text"] == "hi"


async def _never(old: str, new: str) -> None:
    raise AssertionError("not migrated here")


class _Answers(BaseRequest):
    """PTB's own request wrapper over a canned answer: the reference `api_error` is held to."""

    def __init__(self, code: int, payload: bytes) -> None:
        self.code, self.payload = code, payload

    @property
    def read_timeout(self) -> float | None:
        return None

    async def initialize(self) -> None: ...

    async def shutdown(self) -> None: ...

    async def do_request(self, *args, **kwargs) -> tuple[int, bytes]:
        return self.code, self.payload


def _answer(code: int, description: str | None = None, **parameters) -> bytes:
    body: dict = {"ok": False, "error_code": code}
    if description is not None:
        body["description"] = description
    if parameters:
        body["parameters"] = parameters
    return json.dumps(body).encode()


@pytest.mark.parametrize(("code", "payload"), [
    (400, _answer(400, "Bad Request: message text is empty")),
    (400, _answer(400, "Bad Request: upgraded", migrate_to_chat_id=-1001)),
    (429, _answer(429, "Too Many Requests: retry after 7", retry_after=7)),
    (429, _answer(429, "Too Many Requests", retry_after=0)),        # a zero is no retry_after (PTB's test)
    (400, _answer(400, "Bad Request: odd", something=1)),
    (401, _answer(401, "Unauthorized")), (404, _answer(404, "Not Found")),
    (403, _answer(403, "Forbidden: bot was kicked from the group chat")), (403, _answer(403)),
    (409, _answer(409, "Conflict: terminated by other getUpdates request")),
    (500, _answer(500, "Internal Server Error")), (502, b"<html>Bad Gateway</html>"), (599, b""),
    (418, _answer(418, "")),
])
async def test_api_error_is_python_telegram_bots_own_error_for_every_answer(code, payload) -> None:
    with pytest.raises(TelegramError) as theirs:
        await _Answers(code, payload).post("http://t/botT/sendMessage")
    ours = api_error(code, payload)
    assert type(ours) is type(theirs.value) and str(ours) == str(theirs.value)
    assert getattr(ours, "retry_after", None) == getattr(theirs.value, "retry_after", None)
    assert getattr(ours, "new_chat_id", None) == getattr(theirs.value, "new_chat_id", None)
    assert type(ours.__cause__) is type(theirs.value.__cause__)


async def test_a_refused_connection_and_a_silent_server_are_network_errors() -> None:
    layer = AiohttpRequest(read_timeout=0.05, connect_timeout=0.5)
    await layer.initialize()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]          # nobody listens there once the probe is closed
    silent = LoopbackSite()

    async def never(request: web.Request) -> web.Response:
        await forever.wait()
        return web.Response()

    forever = asyncio.Event()
    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", never)
    silent_port = await silent.serve(app)
    try:
        with pytest.raises(NetworkError):
            await layer.post_json(f"http://127.0.0.1:{port}/botT/sendMessage", b"{}")
        with pytest.raises(TimedOut):
            await layer.post_json(f"http://127.0.0.1:{silent_port}/botT/sendMessage", b"{}")
    finally:
        forever.set()
        await silent.close()
        await layer.shutdown()
    with pytest.raises(RuntimeError):
        await layer.post_json("http://127.0.0.1:9/botT/sendMessage", b"{}")


async def test_a_bot_on_another_http_layer_goes_through_python_telegram_bots_post(fake_api) -> None:
    application = Application.builder().token(fake_api.token).base_url(fake_api.base_url).updater(None).build()
    await application.initialize()                  # PTB's own httpx layer
    try:
        sent = await call_api(application.bot, "sendMessage", {"chat_id": "-100123", "text": "hi"})
    finally:
        await application.shutdown()
    (call,) = fake_api.calls_of("sendMessage")
    assert sent["message_id"] == call.result["message_id"] and call.params == {"chat_id": "-100123", "text": "hi"}
