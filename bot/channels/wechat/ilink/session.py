"""The personal-WeChat bot's login while `fawn run` runs: the credentials file, read again when the server
says the session expired, so a new `fawn wechat login` is picked up without a restart.

As Tencent's openclaw-weixin does: `notifystart` when the channel starts (and again on a new login),
`notifystop` when it stops; after errcode −14 the bot pauses for an hour (src/api/session-guard.ts). Here
the pause also ends as soon as the credentials file holds another token. The first −14 of an expiry is
logged once, loudly, and the families reached on personal WeChat are told through their other chats
(`on_expired`). The same account logged in elsewhere (another instance, another plugin) ends this
session too: the server then answers −14 here.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.channels.status import ChannelStatus
from bot.channels.stopping import pause
from bot.channels.wechat.ilink.api import ILinkApi
from bot.channels.wechat.ilink.store import Credentials, StateFile, load_credentials
from bot.channels.wechat.ilink.translate import PLATFORM

log = logging.getLogger("fawn.wechat")

EXPIRED_PAUSE = 3600.0        # the plugin's SESSION_PAUSE_DURATION_MS
WATCH_SECONDS = 5.0           # how often the credentials file is read while the session is expired

Expired = Callable[[], Awaitable[None]]


class ILinkSession:
    def __init__(self, api: ILinkApi, path: Path, credentials: Credentials, state: StateFile, *,
                 base_url: str | None = None, on_expired: Expired | None = None,
                 watch_seconds: float = WATCH_SECONDS, expired_pause: float = EXPIRED_PAUSE,
                 status: ChannelStatus | None = None) -> None:
        self.api, self.path, self.state = api, path, state
        self.credentials, self.base_url = credentials, base_url
        self.on_expired = on_expired
        self.watch_seconds, self.expired_pause = watch_seconds, expired_pause
        self.status = status or ChannelStatus()
        self.expired = False
        self.logins = 1                          # credentials used so far (a new login adds one)

    async def start(self) -> None:
        await self.api.notify("start")

    async def stop(self) -> None:
        await self.api.notify("stop")

    async def lapsed(self, stop: asyncio.Event) -> None:
        """errcode −14: say so (once per expiry), then wait for a new login — or the hour — and go on."""
        if not self.expired:
            self.expired = True
            self.status.stopped(PLATFORM, "logged out (errcode -14): run `fawn wechat login`; the new login is "
                                          "picked up without a restart")
            await self._tell_families()
        newer = await self._new_login(stop)
        if newer is not None:
            self._use(newer)
            await self.start()

    def alive(self) -> None:
        """A poll went through: whatever expired is over."""
        if self.expired:
            self.status.running(PLATFORM)
        self.expired = False

    async def _new_login(self, stop: asyncio.Event) -> Credentials | None:
        waited = 0.0
        while waited < self.expired_pause and not stop.is_set():
            newer = self._read()
            if newer is not None and newer.token != self.credentials.token:
                return newer
            await pause(stop, self.watch_seconds)
            waited += self.watch_seconds
        return None

    def _read(self) -> Credentials | None:
        try:
            return load_credentials(self.path)
        except (OSError, ValueError, KeyError):
            return None                          # written right now, or broken: read again later

    def _use(self, newer: Credentials) -> None:
        if newer.bot_id != self.credentials.bot_id:        # another bot: its cursor and conversations are new
            self.state.forget()
        self.credentials = newer
        self.logins += 1
        self.api.use(newer.token, self.base_url or newer.base_url)
        log.info("personal WeChat: a new login is used (bot %s)", newer.bot_id)

    async def _tell_families(self) -> None:
        if self.on_expired is None:
            return
        try:
            await self.on_expired()
        except Exception:
            log.exception("the families could not be told that personal WeChat logged out")
