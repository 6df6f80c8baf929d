"""Starting and stopping the Telegram Application: long polling, or a webhook whose route the
composition root serves in the one web app (bot/composition/serve.py)."""
from __future__ import annotations

import logging

from telegram.ext import Application

from bot.channels.telegram.application import ALLOWED_UPDATES

log = logging.getLogger(__name__)


async def start_polling(application: Application) -> None:
    await application.initialize()
    await application.start()
    await application.updater.start_polling(allowed_updates=ALLOWED_UPDATES)
    log.info("polling Telegram for updates")


async def start_webhook(application: Application, url: str, secret: str) -> None:
    """Tell Telegram where to post (the route is served by our own web server)."""
    await application.initialize()
    await application.bot.set_webhook(url=url, secret_token=secret, allowed_updates=ALLOWED_UPDATES)
    await application.start()
    log.info("Telegram posts updates to the webhook")


async def stop(application: Application) -> None:
    if application.updater is not None and application.updater.running:
        await application.updater.stop()
    await application.stop()
    await application.shutdown()
