"""The composition root: the only place that builds things — the database, the extractor, the
chat service, the family port, the outbox, the messengers — and wires them together.

`open_fawn(url)` gives everything one database serves (the terminal chat, scenarios, tests and
`fawn run` all start here); `fawn run --config config.toml` runs the messenger bots with the
summary scheduler and the outbox retry loop until SIGINT/SIGTERM.
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
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

from starlette.routing import Route

from bot.channels.console import ConsoleChat, ConsoleSettings
from bot.channels.telegram.application import BotApiEndpoint, build_application
from bot.channels.telegram.handlers import FawnTelegram
from bot.channels.telegram.runner import WebhookSettings, run_polling, run_webhook
from bot.channels.wechat.ilink.api import ILinkApi
from bot.channels.wechat.ilink.login import LoginFailed, login
from bot.channels.wechat.ilink.store import credentials_path
from bot.cli import local_database_url
from bot.clock import Clock, utc_now
from bot.config import FawnConfig, load_config
from bot.delivery.outbox import Outbox
from bot.delivery.push import FamilyPush
from bot.family.operations import FamilyOperations
from bot.family.page import FamilyPages
from bot.push.scheduler import SummaryScheduler
from bot.push.summaries import SummaryBuilder
from bot.turn.replies import ReplyResolver
from bot.turn.service import ChatService
from bot.understanding.extractor import Extractor, build_extractor
from bot.web.links import PageLinks
from bot.web.routes import PageAccess, family_page_routes
from storage.engine import Database

log = logging.getLogger("fawn")

QUIET_LOGGERS = ("httpx", "httpcore")   # httpx logs request URLs, and Bot API URLs hold the token


@dataclass(frozen=True)
class Fawn:
    """Everything one database serves: the chat turn, the family port and the outbox."""

    database: Database
    chat: ChatService
    families: FamilyOperations
    outbox: Outbox

    async def close(self) -> None:
        await self.database.dispose()


async def open_fawn(database_url: str, *, clock: Clock = utc_now, model: str = "rules",
                    base_url: str | None = None, api_key: str | None = None, migrate: bool = True,
                    chart_dir: Path | None = None) -> Fawn:
    """The application on one database (migrated to head unless told not to)."""
    database = Database.at(database_url)
    if migrate:
        await database.upgrade()
    return assemble(database, build_extractor(model, base_url, api_key), clock=clock, chart_dir=chart_dir)


def assemble(database: Database, extractor: Extractor, *, clock: Clock = utc_now,
             chart_dir: Path | None = None) -> Fawn:
    """The application on an open database with a given extractor (tests pass their own)."""
    replies = ReplyResolver(SummaryBuilder(chart_dir), charts=chart_dir is not None)
    chat = ChatService(database, extractor, replies, clock=clock)
    return Fawn(database, chat, FamilyOperations(database, clock), Outbox(database, clock))


@dataclass(frozen=True)
class FamilyPageParts:
    """The family page, ready to mount: its routes (add them to the web app that serves the webhooks)
    and the link maker the chat's /page (打开记录页) answers with."""

    routes: list[Route]
    links: PageLinks


def family_page(config: FawnConfig, database: Database, clock: Clock = utc_now) -> FamilyPageParts | None:
    """The family page of `[page]` (None until base_url and secret are set); the Mini App checks initData
    with the Telegram bot token."""
    page = config.page
    if not page.configured:
        return None
    secret = page.secret.get_secret_value().encode()
    pages = FamilyPages(database, clock)
    token = config.telegram.token.get_secret_value() if config.telegram.token else None
    access = PageAccess(secret, token, timedelta(seconds=page.init_data_max_age_s), clock)
    links = PageLinks(pages, page.base_url or "", secret, timedelta(hours=page.link_hours), page.path, clock)
    return FamilyPageParts(family_page_routes(pages, access, page.path), links)


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
    config.data_dir.mkdir(parents=True, exist_ok=True)
    understanding = config.understanding
    fawn = await open_fawn(config.database_url, model=understanding.model, base_url=understanding.base_url,
                           api_key=understanding.api_key.get_secret_value() if understanding.api_key else None,
                           chart_dir=config.data_dir / "charts")
    telegram = config.telegram
    adapter = FawnTelegram(chat=fawn.chat, families=fawn.families, delivery=fawn.outbox, clock=utc_now,
                           photos_dir=config.photos_dir)
    application = build_application(
        telegram.token.get_secret_value(), adapter, webhook=telegram.mode == "webhook",
        endpoint=BotApiEndpoint(telegram.base_url, telegram.base_file_url),
        rate_limit_retries=telegram.rate_limit_retries)
    stop = stop or stop_on_signals()
    senders = {"telegram": adapter.sender(application.bot)}
    background = [asyncio.create_task(fawn.outbox.run(senders, stop=stop))]
    summaries = SummaryScheduler(fawn.database, FamilyPush(fawn.outbox, senders), utc_now,
                                 instance_id=f"{socket.gethostname()}-{os.getpid()}",
                                 chart_dir=config.data_dir / "charts")
    await summaries.start()
    fawn.chat.on_settings_changed = summaries.reschedule_family
    try:
        await _serve(application, telegram, stop)
    finally:
        stop.set()
        summaries.shutdown()
        await asyncio.gather(*background, return_exceptions=True)
        await fawn.close()


async def _serve(application, telegram, stop: asyncio.Event) -> None:
    if telegram.mode == "webhook":
        await run_webhook(application, WebhookSettings(
            url=telegram.webhook_url or "", secret=telegram.webhook_secret.get_secret_value(),
            path=telegram.webhook_path, host=telegram.listen.host, port=telegram.listen.port), stop)
    else:
        await run_polling(application, stop)


def stop_on_signals() -> asyncio.Event:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    return stop


def chat_main(argv: list[str]) -> int:
    """`fawn chat [--demo] [--data-dir DIR] [--language zh|en]`: the terminal family chat."""
    parser = argparse.ArgumentParser(prog="fawn chat", description="terminal family chat")
    parser.add_argument("--demo", action="store_true", help="a demo family (parent, caregiver, friend) of its own")
    parser.add_argument("--data-dir", default="data", help="folder for the SQLite file (default: data)")
    parser.add_argument("--language", choices=["zh", "en"], default="zh")
    args = parser.parse_args(argv)
    return asyncio.run(_chat(ConsoleSettings(Path(args.data_dir), args.demo, args.language)))


async def _chat(settings: ConsoleSettings) -> int:
    fawn = await open_fawn(local_database_url(settings.data_dir), chart_dir=settings.data_dir / "charts")
    try:
        return await ConsoleChat(fawn.chat, fawn.families, utc_now, settings).run()
    finally:
        await fawn.close()


def wechat_main(argv: list[str]) -> int:
    """`fawn wechat login`: connect personal WeChat (iLink) by scanning a QR code; the credentials go to
    `<[wechat] data_dir>/<account>.credentials.json` (mode 0600)."""
    parser = argparse.ArgumentParser(prog="fawn wechat", description="personal WeChat (iLink)")
    commands = parser.add_subparsers(dest="command", required=True)
    log_in = commands.add_parser("login", help="scan a QR code with WeChat; stores the credentials")
    log_in.add_argument("--config", default=None, help="path to config.toml (env FAWN_* overrides)")
    log_in.add_argument("--account", default=None, help="account name (default: [wechat] account)")
    log_in.add_argument("--base-url", default=None, help="iLink API base URL (default: [wechat] base_url)")
    args = parser.parse_args(argv)
    try:
        config = load_config(args.config)
    except (FileNotFoundError, ValueError) as problem:
        print(f"fawn wechat: {problem}", file=sys.stderr)
        return 2
    target = credentials_path(config.wechat_dir, args.account or config.wechat.account)
    return asyncio.run(_wechat_login(args.base_url or config.wechat.base_url, target))


async def _wechat_login(base_url: str, target: Path) -> int:
    api = ILinkApi(base_url)
    try:
        await login(api, target)
    except LoginFailed as failed:
        print(f"fawn wechat login: {failed}", file=sys.stderr)
        return 1
    finally:
        await api.aclose()
    return 0
