"""Fakes of the WeCom AI bot side: callbacks signed and encrypted with wechatpy's WeCom crypto
(as WeCom sends them), a loopback response_url server, and message / event bodies.

`WeComSide.callback(body)` gives the query and JSON a real callback has; `WeComSide.read_reply`
checks the passive reply's signature and decrypts it. Tests wait on conditions, never the clock.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web
from wechatpy.enterprise.crypto import PrpCrypto, WeChatCrypto
from wechatpy.utils import WeChatSigner, to_text

from tests.fakes.loopback import LoopbackSite

TOKEN = "fawn-test-token"
AES_KEY = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG"     # 43 characters, as WeCom gives it
AIBOT_ID = "aib-test-fawn"
WAIT_SECONDS = 5.0
_nonces = itertools.count(1000)


def sign(token: str, timestamp: str, nonce: str, encrypt: str) -> str:
    signer = WeChatSigner()
    signer.add_data(token, timestamp, nonce, encrypt)
    return signer.signature


@dataclass
class WeComSide:
    """What WeCom holds for one bot: the token and key; it signs and encrypts like WeCom."""

    token: str = TOKEN
    aes_key: str = AES_KEY
    receive_id: str = ""

    def _encrypt(self, text: str) -> str:
        key = WeChatCrypto(self.token, self.aes_key, self.receive_id).key
        return to_text(PrpCrypto(key).encrypt(text, self.receive_id))

    def verification(self, echo: str = "echo-12345", *, signed_at: float | None = None) -> dict[str, str]:
        """The GET query of a URL verification (its echostr decrypts to `echo`)."""
        stamp = str(int(time.time() if signed_at is None else signed_at))
        nonce, encrypt = str(next(_nonces)), self._encrypt(echo)
        return {"msg_signature": sign(self.token, stamp, nonce, encrypt), "timestamp": stamp,
                "nonce": nonce, "echostr": encrypt}

    def callback(self, body: dict[str, Any], *, token: str | None = None,
                 signed_at: float | None = None) -> tuple[dict[str, str], dict[str, str]]:
        """(query, JSON) of an encrypted callback; `token` signs with another token (a forgery), `signed_at`
        (a POSIX time) puts another time in its signed timestamp (a recorded callback played back later)."""
        stamp, nonce = str(int(time.time() if signed_at is None else signed_at)), str(next(_nonces))
        encrypt = self._encrypt(json.dumps(body, ensure_ascii=False))
        query = {"msg_signature": sign(token or self.token, stamp, nonce, encrypt), "timestamp": stamp,
                 "nonce": nonce}
        return query, {"encrypt": encrypt}

    def read_reply(self, envelope: dict[str, Any]) -> dict[str, Any]:
        """A passive reply's plain JSON, after checking its signature as WeCom would."""
        stamp, nonce, encrypt = str(envelope["timestamp"]), envelope["nonce"], envelope["encrypt"]
        assert sign(self.token, stamp, nonce, encrypt) == envelope["msgsignature"], "bad reply signature"
        crypto = WeChatCrypto(self.token, self.aes_key, self.receive_id)
        return json.loads(crypto.decrypt_message({"Encrypt": encrypt}, envelope["msgsignature"], stamp, nonce))


def text_body(msgid: str, text: str, *, userid: str, chatid: str | None = None,
              response_url: str = "", msgtype: str = "text") -> dict[str, Any]:
    """A message as WeCom sends it (a group one when `chatid` is given)."""
    body: dict[str, Any] = {"msgid": msgid, "aibotid": AIBOT_ID, "chattype": "group" if chatid else "single",
                            "from": {"userid": userid}, "response_url": response_url, "msgtype": msgtype}
    if chatid:
        body["chatid"] = chatid
    body[msgtype] = {"content": text}
    return body


def click_body(msgid: str, key: str, task_id: str, *, userid: str, chatid: str | None = None,
               response_url: str = "") -> dict[str, Any]:
    """A click on a button_interaction card (template_card_event)."""
    body: dict[str, Any] = {
        "msgid": msgid, "aibotid": AIBOT_ID,
        "chattype": "group" if chatid else "single", "from": {"userid": userid}, "msgtype": "event",
        "response_url": response_url,
        "event": {"eventtype": "template_card_event",
                  "template_card_event": {"card_type": "button_interaction", "event_key": key, "task_id": task_id}}}
    if chatid:
        body["chatid"] = chatid
    return body


def card_buttons(body: dict[str, Any]) -> dict[str, str]:
    """{label: key} of the template card in a reply, push or update body."""
    card = body.get("template_card") or {}
    return {b["text"]: b["key"] for b in card.get("button_list", [])}


def card_text(body: dict[str, Any]) -> str:
    card = body.get("template_card") or {}
    return "\n".join(filter(None, [card.get("main_title", {}).get("title"), card.get("sub_title_text")]))


@dataclass
class Posted:
    code: str
    body: dict[str, Any]


@dataclass
class FakeResponseUrls:
    """A loopback stand-in for WeCom's response_url endpoint: each code answers once."""

    posted: list[Posted] = field(default_factory=list)
    fail_next: int = 0
    port: int = 0

    def __post_init__(self) -> None:
        self._site = LoopbackSite()
        self._changed = asyncio.Condition()
        self._codes = itertools.count(1)

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/cgi-bin/aibot/response", self._respond)
        self.port = await self._site.serve(app)

    async def stop(self) -> None:
        await self._site.close()

    def new_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/cgi-bin/aibot/response?response_code=code{next(self._codes)}"

    async def _respond(self, request: web.Request) -> web.Response:
        if self.fail_next:
            self.fail_next -= 1
            return web.json_response({"errcode": 500, "errmsg": "try later"}, status=500)
        code = request.query.get("response_code", "")
        if any(p.code == code for p in self.posted):
            return web.json_response({"errcode": 40001, "errmsg": "response_code used"})
        async with self._changed:
            self.posted.append(Posted(code, await request.json()))
            self._changed.notify_all()
        return web.json_response({"errcode": 0, "errmsg": "ok"})

    async def wait_for(self, count: int, timeout: float = WAIT_SECONDS) -> list[Posted]:
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: len(self.posted) >= count), timeout)
        return self.posted
