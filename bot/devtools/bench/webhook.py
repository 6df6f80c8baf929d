"""`fawn bench webhook`: the real ASGI app — the Telegram webhook route, python-telegram-bot's Application
with Fawn's handlers, the chat service, the outbox — served by uvicorn on loopback, fed the turns'
script as Telegram updates over HTTP by a client in another process that also runs the tests' fake Bot
API (the bot's sendMessage calls go there). The rate limiter is off: Telegram itself caps a bot at
about 30 messages a second, which the limiter respects in production.

Reported: requests per second, p50 / p95 / p99 as the client saw them, and the server process's CPU
per update (everything it did: HTTP, parsing, the turn, the SQL, the call to the Bot API)."""
from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import socket
import statistics
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import uvicorn
from starlette.applications import Starlette
from telegram.ext import Application

from bot.channels.telegram.aiohttp_request import AiohttpRequest
from bot.channels.telegram.application import install_handlers
from bot.channels.telegram.handlers import FawnTelegram
from bot.channels.telegram.webhook import telegram_routes
from bot.clock import FrozenClock
from bot.composition import open_fawn
from bot.devtools.bench.report import Timings, emit, peak_rss_mb
from bot.devtools.bench.turns import SCRIPT, WARM_UP
from bot.devtools.bench.webhook_load import ECHO_PATH, checkout_root, serve_load
from bot.protocol import ChatPort, FamilySetup, IncomingMessage, MemberSetup, TurnResult
from domain.vocabulary import ChatKind
from storage.engine import sqlite_url
from storage.metrics import count_statements

SECRET = "bench-secret"
PATH = "/telegram/webhook"
FIRST = datetime(2026, 5, 4, 20, 0, tzinfo=ZoneInfo("Asia/Shanghai"))


class ClockedChat:
    """The script's messages carry the times of an evening, a minute apart; the service's clock follows
    them (as it would follow the wall clock), so the same turns are decided as in `fawn bench turns`."""

    def __init__(self, chat: ChatPort, clock: FrozenClock) -> None:
        self.chat, self.clock = chat, clock

    async def handle(self, msg: IncomingMessage) -> TurnResult:
        if msg.press is None:
            self.clock.set(msg.sent_at)
        return await self.chat.handle(msg)


class MeteredApp:
    """The ASGI app, with the server process's CPU time from each request's arrival to its answer (the
    client sends one at a time, so that is the request's own cost): its median holds still when the
    machine's neighbours steal time now and then, which the run's total does not."""

    def __init__(self, app) -> None:
        self.app, self.cpu = app, []

    async def __call__(self, scope, receive, send) -> None:
        began = time.process_time()
        app = echo if scope.get("path") == ECHO_PATH else self.app
        try:
            await app(scope, receive, send)
        finally:
            if scope["type"] == "http":
                self.cpu.append(time.process_time() - began)


async def echo(scope, receive, send) -> None:
    """The floor: a bare ASGI app that reads the request's body and answers 200 with it."""
    body, more = b"", True
    while more:
        message = await receive()
        body, more = body + message.get("body", b""), message.get("more_body", False)
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": body})


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def bench_webhook(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="fawn bench webhook")
    parser.add_argument("--turns", type=int, default=650)
    parser.add_argument("--database", help="a database URL (e.g. postgresql+asyncpg://…); a SQLite file by default")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not (checkout_root() / "tests" / "fakes" / "telegram_api.py").exists():
        print("fawn bench webhook needs the checkout's tests/fakes (the fake Bot API)")
        return 2
    emit({"bench": "webhook", **asyncio.run(_run(args.turns, args.database))}, args.json)
    return 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def _run(count: int, database_url: str | None) -> dict[str, Any]:
    spawn = multiprocessing.get_context("spawn")
    ours, theirs = spawn.Pipe()
    client = spawn.Process(target=serve_load, args=(str(checkout_root()), theirs, SCRIPT, WARM_UP, count,
                                                     FIRST.timestamp()), daemon=True)
    client.start()
    with tempfile.TemporaryDirectory(prefix="fawn-bench-") as folder:
        fake = await asyncio.to_thread(ours.recv)
        clock = FrozenClock(FIRST)
        fawn = await open_fawn(database_url or sqlite_url(Path(folder) / "bench.db"), clock=clock)
        person = random.randrange(10**8, 10**9)     # its own chat: a shared PostgreSQL keeps the last run's
        await fawn.families.setup_family(FamilySetup("telegram", str(person), chat_kind=ChatKind.PRIVATE, members=(
            MemberSetup(str(person), "妈妈", "妈妈", "parent"),)))
        adapter = FawnTelegram(chat=ClockedChat(fawn.chat, clock), families=fawn.families, delivery=fawn.outbox,
                               clock=clock, photos_dir=Path(folder))
        application = (Application.builder().token(fake["token"]).request(AiohttpRequest())
                       .base_url(fake["base_url"])
                       .base_file_url(fake["base_file_url"]).updater(None).build())    # no rate limiter
        application.bot_data["fawn"] = adapter
        install_handlers(application)
        await application.initialize()
        await application.start()
        port = _free_port()
        metered = MeteredApp(Starlette(routes=telegram_routes(application, secret=SECRET, path=PATH)))
        server = uvicorn.Server(uvicorn.Config(metered,
                                               host="127.0.0.1", port=port, log_level="warning", lifespan="off"))
        serving = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.01)
        try:
            ours.send({"url": f"http://127.0.0.1:{port}", "path": PATH, "secret": SECRET, "person": person})
            await asyncio.to_thread(ours.recv)          # warmed up: the measured run starts
            metered.cpu.clear()
            with count_statements(fawn.database.engine) as log:
                began, began_cpu = time.perf_counter(), time.process_time()
                ours.send("go")
                outcome = await asyncio.to_thread(ours.recv)
                cpu, wall = time.process_time() - began_cpu, time.perf_counter() - began
            served = len(metered.cpu)       # the echo's requests come after these: kept apart
            echo_cpu = time.process_time()
            ours.send("echo")
            echoed = await asyncio.to_thread(ours.recv)
            echo_cpu = time.process_time() - echo_cpu
        finally:
            server.should_exit = True
            await serving
            await application.stop()
            await application.shutdown()
            await fawn.close()
    client.join(10)
    latencies = outcome["latencies"]
    summary = Timings(wall=latencies).summary(log.count)
    summary.pop("cpu_ms_per_turn"), summary.pop("cpu_turns_per_s"), summary.pop("cpu_ms_p50")
    return {"database": fawn.database.dialect, **summary, "requests_per_s": round(len(latencies) / wall, 1),
            "server_cpu_ms_per_update": round(cpu / len(latencies) * 1000, 3),
            "server_cpu_ms_per_request": {"p50": _ms(statistics.median(metered.cpu[:served])),
                                          "p95": _ms(statistics.quantiles(metered.cpu[:served], n=20)[-1])},
            "statuses": {str(k): v for k, v in outcome["statuses"].items()},
            "floor": {"bare_asgi_echo": {"server_cpu_ms_per_request": round(echo_cpu / len(echoed["latencies"]) * 1000,
                                                                            3),
                                         "server_cpu_ms_p50": _ms(statistics.median(metered.cpu[served:])),
                                         "p50_ms": _ms(statistics.median(echoed["latencies"]))},
                      "ratio_to_bare_asgi_echo": round(cpu / len(latencies) / (echo_cpu / len(echoed["latencies"])),
                                                       2)},
            "bot_api_calls": outcome["api_calls"], "server_peak_rss_mb": round(peak_rss_mb(), 1)}
