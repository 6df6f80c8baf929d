"""`fawn run --config config.toml`: the composition root for the messenger bots.

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

from bot.clock import utc_now
from bot.config import FawnConfig, load_config
from bot.outbox import run_outbox_loop
from bot.summary.scheduler import SummaryScheduler
from storage.tables import Family
from storage.engine import make_sessionmaker

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
    from bot.telegram.application import BotApiEndpoint, build_application
    from bot.telegram.handlers import FawnTelegram
    from bot.telegram.runner import WebhookSettings, run_polling, run_webhook
    from bot.wiring import build_service

    config.data_dir.mkdir(parents=True, exist_ok=True)
    understanding = config.understanding
    service, engine = await build_service(config.database_url, model=understanding.model,
                                          base_url=understanding.base_url,
                                          api_key=understanding.api_key.get_secret_value() if understanding.api_key else None,
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


def summary_sender(sessions, senders):  # noqa: ANN001, ANN201
    """The scheduler's `send(family_id, reply)`: find the family's chat, send on its platform."""

    async def send(family_id: int, reply) -> None:  # noqa: ANN001
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
