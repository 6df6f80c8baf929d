"""QR-code login for personal WeChat (iLink): print the link, wait for the scan, store the credentials.

Every status Tencent's openclaw-weixin plugin handles (src/auth/login-qr.ts, 2.3.1 and later) is handled
here the same way:

- `wait` / `scaned`: keep polling (`scaned` also means a pair code just sent was right);
- `need_verifycode`: the phone shows a number; it is asked for and sent back as `verify_code` on the
  next poll (asked again, as "that number did not match", when the server asks once more);
- `verify_code_blocked`: too many wrong numbers: said clearly, and a new QR code is shown — which counts
  against the limit of three QR codes, like `expired`;
- `scaned_but_redirect`: the polling moves to `redirect_host`;
- `binded_redirect`: this bot is already bound to us (the server recognised a token we sent in
  `local_token_list`): the stored credentials stay as they are;
- `confirmed`: bot_token, ilink_bot_id, baseurl, ilink_user_id — stored with mode 0600.

A poll that fails (a 5xx, Cloudflare's 524, a dropped connection, the long poll running out) is a `wait`,
as in the plugin. The token is never printed.
"""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.channels.wechat.ilink.api import ILinkApi
from bot.channels.wechat.ilink.store import Credentials, load_credentials, save_credentials
from domain.replies.catalog import SLASHED, both_languages

MAX_QR_CODES = 3
MAX_POLLS = 480           # about eight minutes at one poll a second (the plugin's 480 s)

Say = Callable[[str], None]
Ask = Callable[[str], Awaitable[str]]


class LoginFailed(Exception):
    pass


async def _no_answer(_prompt: str) -> str:
    raise LoginFailed("the server asks for the number shown on the phone, and nobody can type it here")


@dataclass
class _Attempt:
    qrcode: str
    codes: int = 1                       # QR codes shown so far
    poll_base: str | None = None         # another host after scaned_but_redirect
    verify_code: str | None = None       # the number typed, sent with the next poll
    scan_said: bool = False


class QrLogin:
    def __init__(self, api: ILinkApi, target: Path, *, say: Say = print, ask: Ask = _no_answer,
                 pause: float = 1.0) -> None:
        self.api, self.target, self.say, self.ask, self.pause = api, target, say, ask, pause

    async def run(self) -> Credentials:
        known = load_credentials(self.target)
        attempt = _Attempt(await self._show_qrcode(1, known))
        for _ in range(MAX_POLLS):
            status = await self.api.qrcode_status(attempt.qrcode, attempt.poll_base, attempt.verify_code)
            done = await self._on(status, attempt, known)
            if done is not None:
                return done
            if status.get("status") != "need_verifycode":       # the typed number goes out at once
                await asyncio.sleep(self.pause)
        raise LoginFailed("nobody scanned the QR code in time")

    async def _on(self, status: dict[str, Any], attempt: _Attempt, known: Credentials | None) -> Credentials | None:
        state = status.get("status")
        if state == "confirmed":
            return self._confirmed(status)
        if state == "binded_redirect":
            return self._already_bound(known)
        if state == "scaned":
            if not attempt.scan_said:
                self.say(both_languages("wechat.scanned", SLASHED))
            attempt.scan_said, attempt.verify_code = True, None       # a number sent was right
        elif state == "need_verifycode":
            key = "wechat.verify_again" if attempt.verify_code else "wechat.verify_prompt"
            attempt.verify_code = (await self.ask(both_languages(key, SLASHED) + ": ")).strip()
        elif state in ("expired", "verify_code_blocked"):
            await self._new_qrcode(attempt, state, known)
        elif state == "scaned_but_redirect" and status.get("redirect_host"):
            attempt.poll_base = f"{self.api.base_url.split('://')[0]}://{status['redirect_host']}"
        return None

    async def _new_qrcode(self, attempt: _Attempt, state: str, known: Credentials | None) -> None:
        blocked = state == "verify_code_blocked"
        if blocked:
            self.say(both_languages("wechat.verify_blocked", SLASHED))
        attempt.codes += 1
        attempt.verify_code, attempt.scan_said = None, False
        if attempt.codes > MAX_QR_CODES:
            raise LoginFailed("too many wrong numbers; try again later" if blocked
                              else f"the QR code expired {MAX_QR_CODES} times")
        attempt.qrcode = await self._show_qrcode(attempt.codes, known)

    def _confirmed(self, status: dict[str, Any]) -> Credentials:
        if not status.get("bot_token") or not status.get("ilink_bot_id"):
            raise LoginFailed("the login was confirmed without a bot token or bot id")
        credentials = Credentials(token=str(status["bot_token"]), bot_id=str(status["ilink_bot_id"]),
                                  base_url=str(status.get("baseurl") or self.api.base_url).rstrip("/"),
                                  user_id=status.get("ilink_user_id"))
        save_credentials(self.target, credentials)
        self.say(both_languages("wechat.logged_in", SLASHED, bot=credentials.bot_id, path=self.target))
        return credentials

    def _already_bound(self, known: Credentials | None) -> Credentials:
        if known is None:
            raise LoginFailed("the server says this bot is already bound, but no credentials are stored here")
        self.say(both_languages("wechat.already_bound", SLASHED, bot=known.bot_id, path=self.target))
        return known

    async def _show_qrcode(self, number: int, known: Credentials | None) -> str:
        answer = await self.api.bot_qrcode([known.token] if known else [])
        if not answer.get("qrcode") or not answer.get("qrcode_img_content"):
            raise LoginFailed("the server gave no QR code")
        self.say(both_languages("wechat.scan", SLASHED, number=number, of=MAX_QR_CODES)
                 + f":\n{answer['qrcode_img_content']}")
        return str(answer["qrcode"])


async def login(api: ILinkApi, target: Path, *, say: Say = print, ask: Ask = _no_answer,
                pause: float = 1.0) -> Credentials:
    """Run the QR login and store the credentials at `target` (mode 0600)."""
    return await QrLogin(api, target, say=say, ask=ask, pause=pause).run()
