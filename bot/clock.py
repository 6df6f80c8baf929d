"""Clocks. The domain never reads the time; the shell passes `now` in."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.protocol import Clock

__all__ = ["Clock", "FrozenClock", "utc_now"]


def utc_now() -> datetime:
    return datetime.now(UTC)


class FrozenClock:
    """A clock tests and scenarios move by hand. Never sleeps."""

    def __init__(self, at: datetime) -> None:
        if at.tzinfo is None:
            raise ValueError("FrozenClock needs an aware datetime")
        self.at = at

    def __call__(self) -> datetime:
        return self.at

    def set(self, at: datetime) -> None:
        self.at = at

    def advance(self, delta: timedelta) -> None:
        self.at = self.at + delta
