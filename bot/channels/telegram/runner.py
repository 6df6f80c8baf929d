"""Running the Telegram Application: long polling, or a webhook behind our own ASGI server."""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

import uvicorn
from telegram.ext import Application

from bot.channels.telegram.application import ALLOWED_UPDATES
from bot.channels.telegram.webhook import build_webhook_app

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class WebhookSettings:
    url: str            # the public https URL Telegram posts to (path included)
    secret: str
    path: str
    host: str
    port: int


async def run_polling(application: Application, stop: asyncio.Event) -> None:
    """Poll getUpdates until `stop` is set."""
    async with application:
        await application.start()
        await application.updater.start_polling(allowed_updates=ALLOWED_UPDATES)
        log.info("polling Telegram for updates")
        await stop.wait()
        await application.updater.stop()
        await application.stop()


async def run_webhook(application: Application, settings: WebhookSettings, stop: asyncio.Event) -> None:
    """Register the webhook with Telegram and serve it until `stop` is set or the server exits."""
    web_app = build_webhook_app(application, secret=settings.secret, path=settings.path)
    server = uvicorn.Server(uvicorn.Config(web_app, host=settings.host, port=settings.port,
                                           log_level="warning", access_log=False))
    async with application:
        await application.bot.set_webhook(url=settings.url, secret_token=settings.secret,
                                          allowed_updates=ALLOWED_UPDATES)
        await application.start()
        log.info("serving the webhook on %s:%s%s", settings.host, settings.port, settings.path)
        serving = asyncio.create_task(server.serve())
        stopping = asyncio.create_task(stop.wait())
        await asyncio.wait({serving, stopping}, return_when=asyncio.FIRST_COMPLETED)
        server.should_exit = True
        await serving
        stopping.cancel()
        await application.stop()
