"""The other side of `fawn bench webhook`, in a process of its own so that its CPU is not counted as the
server's: the fake Bot API of the tests (tests/fakes/telegram_api.py, from the checkout) and a client that
posts the script's updates one after another to the webhook over loopback HTTP, pressing confirm with the
token of the bot's last buttons, and times each request."""
from __future__ import annotations

import asyncio
import importlib
import sys
import time
from datetime import datetime, timedelta
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import httpx

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
def _mom(person: int) -> dict[str, Any]:
    return {"id": person, "is_bot": False, "first_name": "妈妈"}


def _chat(person: int) -> dict[str, Any]:
    return {"id": person, "type": "private", "first_name": "妈妈"}


def serve_load(root: str, pipe: Connection, script: tuple[str, ...], warm_up: int, count: int,
               first_at: float) -> None:
    """The child's entry point: start the fake, say where it is, wait for the webhook URL, drive it."""
    sys.path.insert(0, root)      # the fake Bot API ships with the tests of the checkout
    asyncio.run(_main(pipe, script, warm_up, count, datetime.fromtimestamp(first_at).astimezone()))


async def _main(pipe: Connection, script: tuple[str, ...], warm_up: int, count: int, first: datetime) -> None:
    fake = importlib.import_module("tests.fakes.telegram_api").FakeTelegramApi()   # the checkout is on the path now
    await fake.start()
    pipe.send({"token": fake.token, "base_url": fake.base_url, "base_file_url": fake.base_file_url})
    ready = await asyncio.to_thread(pipe.recv)
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    async with httpx.AsyncClient(base_url=ready["url"], headers={SECRET_HEADER: ready["secret"]},
                                 timeout=30) as client:
        for n in range(warm_up + count):
            if n == warm_up:
                pipe.send("measuring")
                await asyncio.to_thread(pipe.recv)
            update = _update(n, script[n % len(script)], fake, first + timedelta(minutes=n), ready["person"])
            began = time.perf_counter()
            response = await client.post(ready["path"], json=update)
            if n >= warm_up:
                latencies.append(time.perf_counter() - began)
                statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        pipe.send({"latencies": latencies, "statuses": statuses, "api_calls": len(fake.calls)})
        await asyncio.to_thread(pipe.recv)        # the floor: the same bodies to a bare ASGI echo
        echoed = []
        for n in range(count):
            body = _update(warm_up + n, "大家早上好", fake, first, ready["person"])
            began = time.perf_counter()
            await client.post(ECHO_PATH, json=body)
            echoed.append(time.perf_counter() - began)
        pipe.send({"latencies": echoed})
    await fake.stop()


ECHO_PATH = "/bench/echo"


def _update(n: int, line: str, fake: Any, at: datetime, person: int) -> dict[str, Any]:
    if line == "#confirm":
        pressed, token = _last_confirm(fake)
        if token is not None:
            return {"update_id": n + 1, "callback_query": {"id": f"q{n}", "from": _mom(person), "chat_instance": "ci-1",
                                                           "data": token, "message": pressed}}
        line = "好"
    return {"update_id": n + 1, "message": {"message_id": n + 1, "date": int(at.timestamp()), "chat": _chat(person),
                                            "from": _mom(person), "text": line}}


def _last_confirm(fake: Any) -> tuple[dict | None, str | None]:
    """The bot's last message with buttons, and its confirm button's token."""
    for call in reversed(fake.calls):
        markup = call.params.get("reply_markup")
        if call.method == "sendMessage" and markup:
            for row in markup.get("inline_keyboard", []):
                for button in row:
                    if str(button.get("callback_data", "")).endswith("confirm"):
                        return call.result, button["callback_data"]
            return call.result, None
    return None, None


def checkout_root() -> Path:
    """The checkout the package runs from (an editable install): where tests/fakes lives."""
    return Path(__file__).resolve().parents[3]
