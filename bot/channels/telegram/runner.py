"""Starting and stopping the Telegram Application: our own long polling (bot/channels/telegram/polling.py,
which acknowledges an update only after its turn), or a webhook whose route the composition root serves
in the one web app (bot/composition/serve.py). Either way the Application has no Updater."""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field

from telegram.ext import Application

from bot.channels.telegram.application import ALLOWED_UPDATES
from bot.channels.telegram.polling import Poller

log = logging.getLogger(__name__)


@dataclass
class Polling:
    poller: Poller
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task | None = None


async def start_polling(application: Application, **options: float) -> Polling:
    """`options`: the Poller's `timeout` (long-poll seconds) and `retry_pause` (tests shorten both)."""
    await application.initialize()
    await application.start()
    poller = Poller(application, ALLOWED_UPDATES, **options)
    polling = Polling(poller)
    polling.task = asyncio.create_task(poller.run(polling.stop), name="telegram-polling")
    log.info("polling Telegram for updates")
    return polling


async def start_webhook(application: Application, url: str, secret: str) -> None:
    """Tell Telegram where to post (the route is served by our own web server)."""
    await application.initialize()
    await application.bot.set_webhook(url=url, secret_token=secret, allowed_updates=ALLOWED_UPDATES)
    await application.start()
    log.info("Telegram posts updates to the webhook")


async def stop(application: Application, polling: Polling | None = None) -> None:
    if polling is not None and polling.task is not None:
        polling.stop.set()
        await asyncio.gather(polling.task, return_exceptions=True)
    await application.stop()
    await application.shutdown()
