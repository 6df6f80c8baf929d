"""How the composition root mounts the WeCom callback routes: in the same ASGI app as the
Telegram webhook, served by a real uvicorn on a free loopback port; and the [wecom]/[wechat] config."""
from __future__ import annotations

import asyncio
import socket

import httpx
import pytest
import uvicorn
from pydantic import ValidationError
from telegram.ext import Application

from bot.channels.telegram.webhook import build_webhook_app
from bot.channels.wechat.wecom.callback import WeComCallbackChannel, wecom_routes
from bot.channels.wechat.wecom.crypto import CallbackCrypto
from bot.channels.wechat.wecom.response_url import ResponseUrlPoster
from bot.config import FawnConfig, WeComConfig
from bot.delivery.inbox import Inbox
from tests.fakes.wecom_api import AES_KEY, TOKEN, WeComSide, text_body
from tests.integration.wechat.conftest import GROUP, MOM, turns_of


def listening_socket() -> socket.socket:
    """Bound and listening before uvicorn starts: early connections wait in the backlog, no polling."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    return sock


async def test_wecom_routes_share_the_web_app_with_the_telegram_webhook(service, wecom_family, sessions, clock):
    application = Application.builder().token("123456:TEST-TOKEN").updater(None).build()
    web_app = build_webhook_app(application, secret="telegram-secret", path="/telegram/webhook")
    channel = WeComCallbackChannel(turns_of(service), CallbackCrypto(TOKEN, AES_KEY), Inbox(service.database, clock),
                                   poster=ResponseUrlPoster(), bot_name="Fawn", clock=clock)
    web_app.router.routes.extend(wecom_routes(channel, "/wecom/callback"))
    sock = listening_socket()
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(web_app, log_level="warning"))
    serving = asyncio.create_task(server.serve(sockets=[sock]))
    wecom = WeComSide()
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as client:
            verified = await client.get("/wecom/callback", params=wecom.verification("echo-77"))
            query, payload = wecom.callback(text_body("wire-1", "@Fawn 刚刚喝了91ml配方奶", userid=MOM, chatid=GROUP))
            answered = await client.post("/wecom/callback", params=query, json=payload)
            telegram = await client.post("/telegram/webhook", json={})
    finally:
        server.should_exit = True
        await serving
        sock.close()
        await channel.poster.aclose()
    assert verified.text == "echo-77" and wecom.read_reply(answered.json())["msgtype"] == "template_card"
    assert telegram.status_code == 403                               # the Telegram route is still there


def test_wecom_and_wechat_settings_come_from_the_environment_and_hide_secrets(monkeypatch):
    monkeypatch.setenv("FAWN_WECOM__TOKEN", "tok-from-env")
    monkeypatch.setenv("FAWN_WECOM__ENCODING_AES_KEY", AES_KEY)
    monkeypatch.setenv("FAWN_WECOM__MODE", "callback")
    monkeypatch.setenv("FAWN_WECHAT__BASE_URL", "http://127.0.0.1:9")
    config = FawnConfig()
    assert config.wecom.token.get_secret_value() == "tok-from-env" and config.wecom.configured
    assert "tok-from-env" not in repr(config) and AES_KEY not in repr(config)
    assert config.wechat.base_url == "http://127.0.0.1:9" and config.wechat_dir == config.data_dir / "wechat"


def test_a_websocket_bot_needs_its_id_and_secret_and_a_key_must_have_43_characters():
    assert not WeComConfig(mode="websocket", bot_id="aib-1").configured
    assert WeComConfig(mode="websocket", bot_id="aib-1", secret="s").configured
    with pytest.raises(ValidationError):
        WeComConfig(encoding_aes_key="too-short")


def test_with_both_kinds_of_keys_and_no_mode_chosen_the_long_connection_is_preferred_for_its_pushes():
    both = {"token": "tok", "encoding_aes_key": AES_KEY, "bot_id": "aib-1", "secret": "s"}
    assert WeComConfig(**both).long_connection and WeComConfig(**both).configured
    assert not WeComConfig(**both, mode="callback").long_connection
    assert not WeComConfig(token="tok", encoding_aes_key=AES_KEY).long_connection
