"""QR-code login for personal WeChat (iLink): print the link, wait for the scan, store the credentials.

The flow (openclaw-weixin src/auth/login-qr.ts): get_bot_qrcode gives a qrcode and the link to
show; get_qrcode_status is polled until `confirmed` (with bot_token, ilink_bot_id, baseurl,
ilink_user_id). `expired` asks for a new QR code (three at most); `scaned_but_redirect` moves the
polling to another host. The token goes into a file with mode 0600 and is never printed.
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from bot.channels.wechat.ilink.api import ILinkApi
from bot.channels.wechat.ilink.store import Credentials, save_credentials
from domain.replies.catalog import SLASHED, both_languages

MAX_QR_CODES = 3
MAX_POLLS = 480           # about eight minutes at one poll a second

Say = Callable[[str], None]


class LoginFailed(Exception):
    pass


async def login(api: ILinkApi, target: Path, *, say: Say = print, pause: float = 1.0) -> Credentials:
    """Run the QR login and store the credentials at `target` (mode 0600)."""
    qrcode = await _show_qrcode(api, say, 1)
    codes, poll_base = 1, None
    for _ in range(MAX_POLLS):
        status = await api.qrcode_status(qrcode, poll_base)
        state = status.get("status")
        if state == "confirmed":
            credentials = _credentials(status, api.base_url)
            save_credentials(target, credentials)
            say(both_languages("wechat.logged_in", SLASHED, bot=credentials.bot_id, path=target))
            return credentials
        if state == "expired":
            codes += 1
            if codes > MAX_QR_CODES:
                raise LoginFailed("the QR code expired three times")
            qrcode = await _show_qrcode(api, say, codes)
        elif state == "scaned_but_redirect" and status.get("redirect_host"):
            poll_base = f"{api.base_url.split('://')[0]}://{status['redirect_host']}"
        elif state == "scaned":
            say(both_languages("wechat.scanned", SLASHED))
        await asyncio.sleep(pause)
    raise LoginFailed("nobody scanned the QR code in time")


async def _show_qrcode(api: ILinkApi, say: Say, number: int) -> str:
    answer = await api.bot_qrcode()
    if not answer.get("qrcode") or not answer.get("qrcode_img_content"):
        raise LoginFailed("the server gave no QR code")
    say(both_languages("wechat.scan", SLASHED, number=number, of=MAX_QR_CODES) + f":\n{answer['qrcode_img_content']}")
    return str(answer["qrcode"])


def _credentials(status: dict, default_base_url: str) -> Credentials:
    if not status.get("bot_token") or not status.get("ilink_bot_id"):
        raise LoginFailed("the login was confirmed without a bot token or bot id")
    return Credentials(token=str(status["bot_token"]), bot_id=str(status["ilink_bot_id"]),
                       base_url=str(status.get("baseurl") or default_base_url).rstrip("/"),
                       user_id=status.get("ilink_user_id"))
