"""`fawn run --config config.toml`: every configured messenger (Telegram, the WeCom AI bot, personal
WeChat), one web server for whatever needs a URL (the Telegram webhook, WeCom's callbacks), the summary
scheduler and the outbox retry loop — until SIGINT/SIGTERM. Any number of such processes may run
against one PostgreSQL database (and start together: migrations run under an advisory lock); they share
no state but the database. Start-up serves first: the web server and polling start before the summaries
that fell due while the bot was down are sent, in the background, a batch at a time."""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import logging
import os
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import timedelta

import uvicorn
from starlette.applications import Starlette
from starlette.routing import Route

from bot.channels.status import ChannelStatus
from bot.channels.telegram import runner as telegram_runner
from bot.channels.telegram.application import BotApiEndpoint, build_application
from bot.channels.telegram.handlers import FawnTelegram
from bot.channels.telegram.menu import set_command_menu
from bot.channels.telegram.webhook import health_route, telegram_routes
from bot.channels.wechat.ilink.api import ILinkApi
from bot.channels.wechat.ilink.poller import ILinkPoller
from bot.channels.wechat.ilink.session import ILinkSession
from bot.channels.wechat.ilink.store import StateFile, credentials_path, load_credentials, state_path
from bot.channels.wechat.wecom.callback import WeComCallbackChannel, wecom_routes
from bot.channels.wechat.wecom.crypto import CallbackCrypto
from bot.channels.wechat.wecom.response_url import ResponseUrlPoster
from bot.channels.wechat.wecom.socket import WeComSocket
from bot.channels.wechat.wecom.socket_channel import WeComSocketChannel
from bot.channels.wechat.wecom.turns import WeComTurns
from bot.clock import Clock, utc_now
from bot.composition.app import Fawn, open_fawn
from bot.composition.private_files import make_private, private_from_now_on
from bot.config import FawnConfig, load_config
from bot.delivery.inbox import Inbox
from bot.delivery.notices import tell_parents_elsewhere
from bot.delivery.push import FamilyPush
from bot.delivery.shown import StoredShownChoices
from bot.family import export_files
from bot.family.page import FamilyPages
from bot.logs import configure_logging
from bot.models.build import ModelSetupError
from bot.protocol import SendFn
from bot.push.chart_pool import ChartPool
from bot.push.scheduler import SummaryScheduler
from bot.telemetry import TelemetrySetupError, instrument_models
from bot.web.links import PageLinks
from bot.web.routes import PageAccess, family_page_routes
from storage.engine import Database
from storage.errors import Unreachable

log = logging.getLogger("fawn")

Loop = Callable[[asyncio.Event], Awaitable[None]]


@dataclass(frozen=True)
class FamilyPageParts:
    """The family page, ready to mount: its routes (served by the one web server) and the link maker
    the chat's /page (打开记录页) answers with."""

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


@dataclass
class Messengers:
    """What the configured messengers bring: a sender per platform, web routes, loops and their closing."""

    senders: dict[str, SendFn] = field(default_factory=dict)
    routes: list[Route] = field(default_factory=list)
    loops: list[Loop] = field(default_factory=list)
    closers: list[Callable[[], Awaitable[None]]] = field(default_factory=list)
    push: FamilyPush | None = None       # set once every messenger is known (a channel's notices use it)
    status: ChannelStatus = field(default_factory=ChannelStatus)    # a channel that stopped, for /healthz


def main(argv: list[str] | None = None) -> int:
    private_from_now_on()
    parser = argparse.ArgumentParser(prog="fawn run", description="run the messenger bots")
    parser.add_argument("--config", default=None, help="path to config.toml (env FAWN_* overrides)")
    args = parser.parse_args(argv)
    try:
        config = load_config(args.config)
    except (FileNotFoundError, ValueError) as problem:
        print(f"fawn run: {problem}", file=sys.stderr)
        return 2
    configure_logging(config.log_level, config.secrets(), config.log_format)
    try:
        flush_spans = instrument_models(config.telemetry)
    except TelemetrySetupError as problem:
        print(f"fawn run: {problem}", file=sys.stderr)
        return 2
    if not _any_messenger(config):
        print("fawn run: no messenger configured: set [telegram] token (FAWN_TELEGRAM__TOKEN), the [wecom] keys, "
              "or [wechat] enabled after `fawn wechat login`", file=sys.stderr)
        return 2
    try:
        asyncio.run(run(config))
    except ModelSetupError as problem:           # a model named without its key, an unknown provider
        print(f"fawn run: {problem}", file=sys.stderr)
        return 2
    except (CannotListen, Unreachable) as problem:   # one line, not a traceback after polling started
        print(f"fawn run: {problem}", file=sys.stderr)
        return 1
    finally:
        if flush_spans is not None:
            flush_spans()
    return 0


def _any_messenger(config: FawnConfig) -> bool:
    return config.telegram.token is not None or config.wecom.configured or config.wechat.enabled


async def run(config: FawnConfig, stop: asyncio.Event | None = None) -> None:
    """Run until SIGINT/SIGTERM (or until `stop` is set, when given)."""
    make_private(config.data_dir)
    listening = listen(config.web.host, config.web.port)     # before anything starts: a port in use is one line
    fawn = await _open(config, listening)
    make_private(config.data_dir, config.database_url)
    stop = stop or stop_on_signals()
    messengers = Messengers()
    tasks: list[asyncio.Task] = []
    scheduler = None
    charts = ChartPool()          # pictures in a worker process: a turn never waits behind a drawing
    fawn.chat.replies.summaries.draw = charts
    try:
        await _add_messengers(config, fawn, messengers)
        page = family_page(config, fawn.database)
        if page is not None:
            messengers.routes += page.routes
            fawn.chat.replies.page_links = page.links
        push = messengers.push = FamilyPush(fawn.database, fawn.outbox, messengers.senders)
        fawn.chat.announce = push
        scheduler = SummaryScheduler(fawn.database, push, utc_now, instance_id=f"{socket.gethostname()}-{os.getpid()}",
                                     chart_dir=config.data_dir / "charts", chats=push)
        scheduler.builder.draw = charts
        fawn.chat.on_settings_changed = scheduler.reschedule_family
        tasks = _background(config, fawn, messengers, stop, listening)     # serving first: the catch-up beside it
        await scheduler.start()
        await stop.wait()
    finally:
        stop.set()
        if scheduler is not None:
            scheduler.shutdown()
        await asyncio.gather(*tasks, return_exceptions=True)
        for close in reversed(messengers.closers):
            with contextlib.suppress(Exception):
                await close()
        charts.close()
        listening.close()
        await fawn.close()


async def _open(config: FawnConfig, listening: socket.socket) -> Fawn:
    """The application on the configured database (a database out of reach: `Unreachable`, one line)."""
    try:
        return await open_fawn(config.database_url, understanding=config.understanding, chat=config.chat,
                               chart_dir=config.data_dir / "charts", check_models=True)
    except BaseException:
        listening.close()
        raise


async def _add_messengers(config: FawnConfig, fawn: Fawn, messengers: Messengers) -> None:
    if config.telegram.token is not None:
        await _telegram(config, fawn, messengers)
    if config.wecom.configured:
        _wecom(config, fawn, messengers)
    if config.wechat.enabled:
        _wechat(config, fawn, messengers)


def _background(config: FawnConfig, fawn: Fawn, messengers: Messengers, stop: asyncio.Event,
                listening: socket.socket) -> list[asyncio.Task]:
    loops = [lambda done: fawn.outbox.run(messengers.senders, stop=done), *messengers.loops,
             lambda done: _serve_web(listening, messengers.routes, done, messengers.status),      # /healthz always
             lambda done: export_files.sweep_until(config.data_dir / export_files.EXPORTS, done)]
    return [asyncio.create_task(loop(stop)) for loop in loops]


async def _telegram(config: FawnConfig, fawn: Fawn, messengers: Messengers) -> None:
    telegram = config.telegram
    adapter = FawnTelegram(chat=fawn.chat, families=fawn.families, delivery=fawn.outbox, clock=utc_now,
                           photos_dir=config.photos_dir)
    webhook = telegram.mode == "webhook"
    application = build_application(telegram.token.get_secret_value(), adapter, webhook=webhook,
                                    endpoint=BotApiEndpoint(telegram.base_url, telegram.base_file_url),
                                    rate_limit_retries=telegram.rate_limit_retries)
    polling = None
    if webhook:
        secret = telegram.webhook_secret.get_secret_value()
        await telegram_runner.start_webhook(application, telegram.webhook_url or "", secret)
        messengers.routes += telegram_routes(application, secret=secret, path=telegram.webhook_path)
    else:
        polling = await telegram_runner.start_polling(application)
    await set_command_menu(application.bot)
    _carries_files(fawn, "telegram")
    messengers.senders["telegram"] = adapter.sender(application.bot)
    messengers.closers.append(lambda: telegram_runner.stop(application, polling))


def _wecom(config: FawnConfig, fawn: Fawn, messengers: Messengers) -> None:
    wecom = config.wecom
    turns = WeComTurns(fawn.chat, fawn.outbox)
    if wecom.long_connection:
        socket_ = WeComSocket(wecom.websocket_url, wecom.bot_id, wecom.secret.get_secret_value(),
                              heartbeat=wecom.heartbeat_seconds)
        channel = WeComSocketChannel(turns, socket_, bot_name=wecom.bot_name, status=messengers.status)
        messengers.loops.append(channel.run)
        messengers.senders["wecom"] = channel.push_sender()
        _carries_files(fawn, "wecom")          # the long connection uploads files (导出数据)
        return
    crypto = CallbackCrypto(wecom.token.get_secret_value(), wecom.encoding_aes_key.get_secret_value())
    inbox = Inbox(fawn.database, lease=timedelta(seconds=wecom.inbox_lease_seconds))
    callback = WeComCallbackChannel(turns, crypto, inbox, poster=ResponseUrlPoster(), bot_name=wecom.bot_name,
                                    passive_seconds=wecom.passive_reply_seconds)
    messengers.routes += wecom_routes(callback, wecom.callback_path)
    messengers.loops.append(lambda done: inbox.run({"wecom": callback.finish}, stop=done))
    messengers.closers += [callback.idle, callback.poster.aclose]
    log.warning("WeCom in callback mode answers messages and clicks but cannot push: summaries, reminders and "
                "role cards for WeCom chats are not sent there (mode = \"websocket\", the long connection, can)")


def _carries_files(fawn: Fawn, platform: str) -> None:
    """This platform's sender carries a file: 导出数据 there brings the export itself."""
    fawn.chat.replies.file_channels = fawn.chat.replies.file_channels | {platform}


def _wechat(config: FawnConfig, fawn: Fawn, messengers: Messengers) -> None:
    account = config.wechat.account
    path = credentials_path(config.wechat_dir, account)
    credentials = load_credentials(path)
    if credentials is None:
        log.error("personal WeChat is enabled but not logged in: run `fawn wechat login`")
        return
    base_url = config.wechat.base_url if "base_url" in config.wechat.model_fields_set else None
    api = ILinkApi(base_url or credentials.base_url, credentials.token)
    state = StateFile(state_path(config.wechat_dir, account))

    async def logged_out() -> None:
        if messengers.push is not None:
            await tell_parents_elsewhere(messengers.push, "wechat", "wechat.logged_out")

    session = ILinkSession(api, path, credentials, state, base_url=base_url, on_expired=logged_out,
                           status=messengers.status)
    poller = ILinkPoller(api, state, fawn.chat, fawn.outbox, StoredShownChoices(fawn.database), session=session,
                         window=timedelta(hours=config.wechat.push_window_hours))
    messengers.loops.append(poller.run)
    messengers.senders["wechat"] = poller.sender
    messengers.closers.append(api.aclose)


async def _serve_web(listening: socket.socket, routes: list[Route], stop: asyncio.Event,
                     status: ChannelStatus | None = None) -> None:
    """One web server for every route a messenger needs, and /healthz (with any channel that stopped), on the
    socket bound at start, until `stop`."""
    app = Starlette(routes=[*routes, health_route(status)])
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False))
    host, port = listening.getsockname()[:2]
    log.info("serving %s routes and /healthz on %s:%s", len(routes), host, port)
    serving = asyncio.create_task(server.serve(sockets=[listening]))
    stopping = asyncio.create_task(stop.wait())
    await asyncio.wait({serving, stopping}, return_when=asyncio.FIRST_COMPLETED)
    server.should_exit = True
    await serving
    stopping.cancel()


class CannotListen(OSError):
    """The web server's address cannot be had (a port in use, an address not on this machine)."""


def listen(host: str, port: int) -> socket.socket:
    """The web server's socket, bound now: `fawn run` says in one line that it cannot have it, before it
    starts polling, the scheduler or anything else (uvicorn would say it in two tracebacks, later)."""
    try:
        family, kind, _, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                         flags=socket.AI_PASSIVE)[0]
        sock = socket.socket(family, kind)
    except OSError as problem:
        raise CannotListen(f"cannot listen on {host}:{port}: {problem.strerror or problem}") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as problem:
        sock.close()
        busy = problem.errno == errno.EADDRINUSE
        raise CannotListen(f"cannot listen on {host}:{port}: " + (
            "the port is in use by another program — stop it, or set [web] port (FAWN_WEB__PORT)" if busy else
            f"{problem.strerror or problem} — check [web] host (FAWN_WEB__HOST)")) from None
    return sock


def stop_on_signals() -> asyncio.Event:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    return stop
