"""Which channels run, and why one stopped: a channel that can no longer work (its WeCom long connection
taken over by another process, its Secret refused, personal WeChat logged out) says so here, loudly in the
log, and /healthz shows it (bot/channels/telegram/webhook.py: `health_route`)."""
from __future__ import annotations

import logging

log = logging.getLogger("fawn.channels")


class ChannelStatus:
    def __init__(self) -> None:
        self._stopped: dict[str, str] = {}

    def stopped(self, channel: str, why: str) -> None:
        if self._stopped.get(channel) != why:
            log.error("the %s channel stopped: %s", channel, why)
        self._stopped[channel] = why

    def running(self, channel: str) -> None:
        if self._stopped.pop(channel, None) is not None:
            log.info("the %s channel runs again", channel)

    def report(self) -> dict[str, str]:
        """{channel: why it stopped}; empty while everything runs."""
        return dict(self._stopped)
