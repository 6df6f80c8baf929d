"""PTB's HTTP layer on aiohttp (bot/channels/telegram/aiohttp_request.py) against loopback servers: the
status and body come back as sent, files go as multipart, and failures are PTB's own errors."""
from __future__ import annotations

import asyncio
import socket

import pytest
from aiohttp import web
from telegram import Bot
from telegram.error import NetworkError, TimedOut

from bot.channels.telegram.aiohttp_request import AiohttpRequest
from tests.fakes.loopback import LoopbackSite


@pytest.fixture
async def request_layer():
    layer = AiohttpRequest(read_timeout=0.2, connect_timeout=0.5)
    await layer.initialize()
    yield layer
    await layer.shutdown()


async def serve(handler) -> tuple[LoopbackSite, str]:
    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handler)
    site = LoopbackSite()
    port = await site.serve(app)
    return site, f"http://127.0.0.1:{port}"


async def test_fields_and_files_reach_the_server_as_multipart_and_its_answer_comes_back(request_layer) -> None:
    seen = {}

    async def handler(request: web.Request) -> web.Response:
        form = await request.post()
        seen.update({k: (v.filename, v.file.read()) if hasattr(v, "filename") else v for k, v in form.items()})
        return web.json_response({"ok": True, "result": {"message_id": 9, "date": 0, "chat": {
            "id": 42, "type": "private"}, "document": {"file_id": "f", "file_unique_id": "u"}}})

    site, url = await serve(handler)
    try:
        bot = Bot("123:T", base_url=f"{url}/bot", request=request_layer, get_updates_request=AiohttpRequest())
        sent = await bot.send_document(42, b"a,b\n1,2\n", filename="fawn.csv", caption="导出")
    finally:
        await site.close()
    assert sent.message_id == 9
    assert (seen["chat_id"], seen["caption"]) == ("42", "导出")
    assert ("fawn.csv", b"a,b\n1,2\n") in seen.values()


async def test_a_refused_connection_is_a_network_error(request_layer) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]          # nobody listens there once the probe is closed
    with pytest.raises(NetworkError):
        await request_layer.do_request(f"http://127.0.0.1:{port}/botT/getMe", "POST")


async def test_a_server_that_never_answers_is_a_timeout(request_layer) -> None:
    never = asyncio.Event()

    async def handler(request: web.Request) -> web.Response:
        await never.wait()
        return web.Response()

    site, url = await serve(handler)
    try:
        with pytest.raises(TimedOut):
            await request_layer.do_request(f"{url}/botT/getMe", "POST", read_timeout=0.05)
    finally:
        never.set()
        await site.close()


async def test_the_bot_speaks_through_it(request_layer) -> None:
    async def handler(request: web.Request) -> web.Response:
        return web.json_response({"ok": True, "result": {"id": 1, "is_bot": True, "first_name": "Fawn",
                                                         "username": "fawn_bot"}})

    site, url = await serve(handler)
    try:
        bot = Bot("123:T", base_url=f"{url}/bot", request=request_layer, get_updates_request=AiohttpRequest())
        me = await bot.get_me()
    finally:
        await site.close()
    assert me.username == "fawn_bot"


async def test_a_request_before_initialize_is_refused() -> None:
    with pytest.raises(RuntimeError):
        await AiohttpRequest().do_request("http://127.0.0.1:9/botT/getMe", "POST")
