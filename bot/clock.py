"""Clocks. The domain never reads the time; the shell passes `now` in."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.protocol import Clock

__all__ = ["Clock", "FrozenClock", "ShiftedClock", "utc_now"]


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


class ShiftedClock:
    """The real clock moved by an offset the user sets (the terminal chat's /at): time keeps running from
    the moment set, so nights, expiry and the summary can be tried live. The service and the channel share one."""

    def __init__(self, base: Clock = utc_now) -> None:
        self.base = base
        self.offset = timedelta(0)

    def __call__(self) -> datetime:
        return self.base() + self.offset

    def set(self, at: datetime) -> None:
        if at.tzinfo is None:
            raise ValueError("ShiftedClock needs an aware datetime")
        self.offset = at - self.base()

    def advance(self, delta: timedelta) -> None:
        self.offset += delta

    def reset(self) -> None:
        self.offset = timedelta(0)
