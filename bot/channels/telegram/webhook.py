"""The webhook: our own starlette route runs each Telegram update's turn before it answers.

Telegram gets 200 only once the turn committed (or was a redelivery): a process that stops while a
turn runs never acknowledged it, so Telegram delivers the update again and the turn runs once. When
the database is unavailable the answer is 503, which Telegram also retries.

A text message or a button press is read straight from its JSON and runs the handler python-telegram-bot
would have chosen (quick.py); every other update goes through python-telegram-bot's `Update.de_json` and
its Application's handlers.

The secret header is checked before anything is parsed: a missing or wrong
X-Telegram-Bot-Api-Secret-Token gets 403, a body that is not an update gets 400 (a message without a
date, or dated beyond any calendar, too).
"""
from __future__ import annotations

import hmac
import json
import logging

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route
from telegram import Update
from telegram.ext import Application

from bot.channels.status import ChannelStatus
from bot.channels.telegram.handlers import FawnTelegram, quick_turn
from bot.channels.telegram.quick import quick_update

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
MAX_BODY_BYTES = 1_000_000


def secret_matches(request: Request, secret: str) -> bool:
    given = request.headers.get(SECRET_HEADER)
    return given is not None and hmac.compare_digest(given.encode(), secret.encode())


def build_webhook_app(application: Application, *, secret: str, path: str = "/telegram/webhook") -> Starlette:
    """A web app of its own with the Telegram route and /healthz (tests; `fawn run` mounts the routes)."""
    return Starlette(routes=[*telegram_routes(application, secret=secret, path=path), health_route()])


def health_route(status: ChannelStatus | None = None) -> Route:
    """200 "ok" — or, while a channel has stopped (bot/channels/status.py), 200 "degraded" and a line per
    stopped channel: the process serves on, so a supervisor should not restart it into the same state."""

    async def health(_: Request) -> Response:
        stopped = status.report() if status is not None else {}
        if not stopped:
            return PlainTextResponse("ok")
        return PlainTextResponse("degraded\n" + "\n".join(f"{name}: stopped ({why})" for name, why in stopped.items()))

    return Route("/healthz", health, methods=["GET"])


def telegram_routes(application: Application, *, secret: str, path: str = "/telegram/webhook") -> list[Route]:
    if not secret:
        raise ValueError("a webhook needs a secret")

    async def receive_update(request: Request) -> Response:
        if not secret_matches(request, secret):
            return PlainTextResponse("forbidden", status_code=403)
        body = await request.body()
        if len(body) > MAX_BODY_BYTES:
            return PlainTextResponse("too large", status_code=413)
        try:
            data = json.loads(body)
        except ValueError:
            return PlainTextResponse("not an update", status_code=400)
        fawn, bot = application.bot_data["fawn"], application.bot
        quick = quick_update(data, bot_id=bot.id, bot_username=bot.username, now=fawn.clock)
        if quick is not None:            # a text message or a press, read straight from its JSON (quick.py)
            await quick_turn(fawn, bot, quick)
            return _acknowledged(fawn, quick.update_id)
        try:
            update = Update.de_json(data, bot)
        except (ValueError, TypeError, KeyError, AttributeError, OverflowError, OSError):
            return PlainTextResponse("not an update", status_code=400)     # e.g. a date no calendar holds
        if update.effective_message is not None and update.effective_message.date is None:
            return PlainTextResponse("not an update", status_code=400)     # every message has its date
        await application.process_update(update)
        return _acknowledged(fawn, update.update_id)

    return [Route(path, receive_update, methods=["POST"])]


def _acknowledged(fawn: FawnTelegram, update_id: int) -> Response:
    """200 once the update's turn ran; 503 (Telegram delivers it again) when it could not."""
    if not fawn.finished(update_id):
        return PlainTextResponse("try again", status_code=503)
    return Response(status_code=200)
