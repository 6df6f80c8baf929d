"""The composition root: the only place that builds things (engine, service, extractor, messengers).

`fawn run --config config.toml` runs the messenger bots.

Reads the configuration once, builds the engine and the chat service, the Telegram
Application, the outbox retry loop (and, soon, the summary scheduler), then runs long
polling or the webhook server until SIGINT/SIGTERM.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import socket
import sys
from pathlib import Path

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.clock import Clock, utc_now
from bot.config import FawnConfig, load_config
from bot.delivery.outbox import run_outbox_loop
from bot.family.setup import FamilySnapshot, FamilyStore
from bot.protocol import FamilySetup
from bot.push.scheduler import SummaryScheduler
from bot.turn.service import ChatService
from bot.understanding.extractor import build_extractor
from storage.engine import make_engine, make_sessionmaker
from storage.migrate import upgrade
from storage.tables import Family


class FawnService(ChatService):
    """The chat service plus family set-up and read-back, for adapters, the CLI and scenarios."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.families = FamilyStore(self.sessions, self.clock)

    async def setup_family(self, setup: FamilySetup) -> int:
        return await self.families.setup_family(setup)

    async def add_records(self, family_id: int, records: list[dict]) -> None:
        await self.families.add_records(family_id, records)

    async def snapshot(self, family_id: int) -> FamilySnapshot:
        return await self.families.snapshot(family_id)


async def build_service(database_url: str, *, clock: Clock = utc_now, model: str = "rules",
                        base_url: str | None = None, api_key: str | None = None,
                        migrate: bool = True, chart_dir: Path | None = None) -> tuple[FawnService, AsyncEngine]:
    engine = make_engine(database_url)
    if migrate:
        await upgrade(engine)
    service = FawnService(make_sessionmaker(engine), build_extractor(model, base_url, api_key), clock=clock,
                          chart_dir=chart_dir)
    return service, engine

log = logging.getLogger("fawn")

QUIET_LOGGERS = ("httpx", "httpcore")   # httpx logs request URLs, and Bot API URLs hold the token


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="fawn run", description="run the Telegram bot")
    parser.add_argument("--config", default=None, help="path to config.toml (env FAWN_* overrides)")
    args = parser.parse_args(argv)
    try:
        config = load_config(args.config)
    except (FileNotFoundError, ValueError) as problem:
        print(f"fawn run: {problem}", file=sys.stderr)
        return 2
    configure_logging(config.log_level)
    if config.telegram.token is None:
        print("fawn run: no Telegram token: set [telegram] token or FAWN_TELEGRAM__TOKEN", file=sys.stderr)
        return 2
    asyncio.run(run(config))
    return 0


def configure_logging(level: str) -> None:
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(logging.WARNING)


async def run(config: FawnConfig, stop: asyncio.Event | None = None) -> None:
    """Run until SIGINT/SIGTERM (or until `stop` is set, when given)."""
    from bot.channels.telegram.application import BotApiEndpoint, build_application
    from bot.channels.telegram.handlers import FawnTelegram
    from bot.channels.telegram.runner import WebhookSettings, run_polling, run_webhook

    config.data_dir.mkdir(parents=True, exist_ok=True)
    understanding = config.understanding
    service, engine = await build_service(config.database_url, model=understanding.model,
                                          base_url=understanding.base_url,
                                          api_key=understanding.api_key.get_secret_value()
                                          if understanding.api_key else None,
                                          chart_dir=config.data_dir / "charts")
    sessions = make_sessionmaker(engine)
    telegram = config.telegram
    fawn = FawnTelegram(service=service, sessions=sessions, clock=utc_now, photos_dir=config.photos_dir)
    application = build_application(
        telegram.token.get_secret_value(), fawn, webhook=telegram.mode == "webhook",
        endpoint=BotApiEndpoint(telegram.base_url, telegram.base_file_url),
        rate_limit_retries=telegram.rate_limit_retries)
    stop = stop or stop_on_signals()
    senders = {"telegram": fawn.sender(application.bot)}
    background = [asyncio.create_task(run_outbox_loop(
        sessions, senders, stop=stop,
        on_delivered=service.mark_delivered))]
    summaries = SummaryScheduler(sessions, summary_sender(sessions, senders), utc_now,
                                 instance_id=f"{socket.gethostname()}-{os.getpid()}",
                                 chart_dir=config.data_dir / "charts")
    await summaries.start()
    service.on_settings_changed = summaries.reschedule_family
    try:
        if telegram.mode == "webhook":
            await run_webhook(application, WebhookSettings(
                url=telegram.webhook_url or "", secret=telegram.webhook_secret.get_secret_value(),
                path=telegram.webhook_path, host=telegram.listen.host, port=telegram.listen.port), stop)
        else:
            await run_polling(application, stop)
    finally:
        stop.set()
        summaries.shutdown()
        await asyncio.gather(*background, return_exceptions=True)
        await engine.dispose()


def summary_sender(sessions, senders):
    """The scheduler's `send(family_id, reply)`: find the family's chat, send on its platform."""

    async def send(family_id: int, reply) -> None:
        async with sessions() as s:
            family = await s.get(Family, family_id)
        if family is None or family.platform not in senders:
            raise LookupError(f"no sender for family {family_id}")
        await senders[family.platform](family.chat_id, reply)

    return send


def stop_on_signals() -> asyncio.Event:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    return stop
