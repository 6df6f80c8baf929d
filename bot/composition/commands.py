"""The commands that start Fawn on this machine: `fawn chat` (the terminal family chat on the embedded
default) and `fawn wechat login` (personal WeChat's QR code)."""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import secrets
import sys
from pathlib import Path

import httpx
from pydantic import SecretStr

from bot.channels.console import ConsoleChat, ConsoleSettings
from bot.channels.wechat.ilink.api import ILinkApi, ILinkError
from bot.channels.wechat.ilink.login import LoginFailed, login
from bot.channels.wechat.ilink.store import credentials_path
from bot.cli import local_database_url
from bot.clock import ShiftedClock
from bot.composition.app import Fawn, open_fawn
from bot.composition.private_files import make_private, private_from_now_on
from bot.composition.serve import CannotListen, _serve_web, family_page, listen
from bot.config import FawnConfig, PageConfig, load_config
from bot.delivery.push import FamilyPush
from bot.logs import configure_logging
from bot.models.build import ModelSetupError
from bot.push.clock_driven import ClockDrivenPushes
from bot.push.scheduler import SummaryScheduler


def chat_main(argv: list[str]) -> int:
    """`fawn chat [--demo] [--data-dir DIR] [--language zh|en] [--config FILE]`: the terminal family chat —
    offline, unless the configuration (the file, or FAWN_UNDERSTANDING__* / FAWN_CHAT__*) names models."""
    private_from_now_on()
    parser = argparse.ArgumentParser(prog="fawn chat", description="terminal family chat")
    parser.add_argument("--demo", action="store_true", help="a demo family (parent, caregiver, friend) of its own")
    parser.add_argument("--data-dir", default="data", help="folder for the SQLite file (default: data)")
    parser.add_argument("--language", choices=["zh", "en"], default="zh")
    parser.add_argument("--config", default=None, help="config.toml whose [understanding] and [chat] models to use")
    args = parser.parse_args(argv)
    try:
        config = load_config(args.config)
    except (FileNotFoundError, ValueError) as problem:
        print(f"fawn chat: {problem}", file=sys.stderr)
        return 2
    try:
        return asyncio.run(_chat(ConsoleSettings(Path(args.data_dir), args.demo, args.language), config))
    except ModelSetupError as problem:
        print(f"fawn chat: {problem}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:         # Ctrl-C leaves the chat like /quit (the database closed on the way out)
        print()
        return 0


async def _chat(settings: ConsoleSettings, config: FawnConfig | None = None) -> int:
    clock = ShiftedClock()            # /at moves it, for the service and the terminal alike
    make_private(settings.data_dir)
    configure_logging(config.log_level if config else "INFO", config.secrets() if config else (),
                      to=settings.data_dir / "chat.log")      # the log's lines beside the chat, not in it
    url = local_database_url(settings.data_dir)
    fawn = await open_fawn(url, clock=clock, chart_dir=settings.data_dir / "charts",
                           understanding=config.understanding if config else None,
                           chat=config.chat if config else None, check_models=config is not None)
    make_private(settings.data_dir, url)
    checked = fawn.chat.extractor.mode_check
    if checked is not None and checked.warning:
        print(f"fawn chat: {checked.warning}", file=sys.stderr)
    console = ConsoleChat(fawn.chat, fawn.families, clock, settings)
    with_pushes(fawn, console, clock, settings)
    stop = asyncio.Event()
    page = _serve_page(fawn, config or FawnConfig(), clock, console, stop)
    try:
        return await console.run()
    finally:
        stop.set()
        if page is not None:
            with contextlib.suppress(Exception):
                await page
        await fawn.close()


def with_pushes(fawn: Fawn, console: ConsoleChat, clock: ShiftedClock, settings: ConsoleSettings) -> ConsoleChat:
    """The terminal chat receiving what the bot sends by itself: the scheduler on its clock, and, as it
    opens, what waited for it."""
    console.pushes = chat_pushes(fawn, console, clock, settings)
    console.on_open = lambda: pushes_that_waited(fawn, console)
    return console


def chat_pushes(fawn: Fawn, console: ConsoleChat, clock: ShiftedClock, settings: ConsoleSettings) -> ClockDrivenPushes:
    """The scheduler `fawn run` runs (summaries, standing and one-off reminders, the claims), on the chat's
    clock, pushing through the outbox to the terminal."""
    push = FamilyPush(fawn.database, fawn.outbox, {"console": console.sender})
    fawn.chat.announce = push              # a join's question to the parents, and its answer
    scheduler = SummaryScheduler(fawn.database, push, clock, instance_id=f"console-{os.getpid()}",
                                 chart_dir=settings.data_dir / "charts", chats=push)
    return ClockDrivenPushes([scheduler])


async def pushes_that_waited(fawn: Fawn, console: ConsoleChat) -> int:
    """What was pushed to this family's terminal chats while another family's terminal ran on the same file."""
    await fawn.outbox.resume("console", "member")
    return await fawn.outbox.retry_due({"console": console.sender})


def _serve_page(fawn: Fawn, config: FawnConfig, clock: ShiftedClock, console: ConsoleChat,
                stop: asyncio.Event) -> asyncio.Task | None:
    """The family page on 127.0.0.1 (a port of its own) while the chat runs: /page answers with its link."""
    try:
        listening = listen("127.0.0.1", 0)
    except CannotListen:
        return None
    port = listening.getsockname()[1]
    page_config = PageConfig(base_url=f"http://127.0.0.1:{port}", secret=SecretStr(secrets.token_urlsafe(32)))
    page = family_page(config.model_copy(update={"page": page_config}), fawn.database, clock)
    if page is None:
        listening.close()
        return None
    fawn.chat.replies.page_links = page.links
    console.page_url = page_config.base_url
    async def serve() -> None:
        try:
            await _serve_web(listening, page.routes, stop)
        finally:
            listening.close()
    return asyncio.create_task(serve())


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


async def _typed(prompt: str) -> str:
    """What the person at the terminal types (the number the phone shows), read off the event loop."""
    try:
        return await asyncio.to_thread(input, prompt)
    except EOFError:
        raise LoginFailed("the number shown on the phone was asked for, but nothing could be read") from None


async def _wechat_login(base_url: str, target: Path) -> int:
    api = ILinkApi(base_url)
    try:
        await login(api, target, ask=_typed)
    except LoginFailed as failed:
        print(f"fawn wechat login: {failed}", file=sys.stderr)
        return 1
    except (httpx.HTTPError, ILinkError) as failed:       # one line, not a traceback
        said = str(failed).splitlines()[0] if str(failed) else type(failed).__name__
        print(f"fawn wechat login: cannot reach the login server at {base_url}: {said} — check the network, "
              "or [wechat] base_url (FAWN_WECHAT__BASE_URL)", file=sys.stderr)
        return 1
    finally:
        await api.aclose()
    return 0
