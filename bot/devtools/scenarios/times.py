"""Scenario times: local wall-clock times to the minute, and clock offsets (+30s, +2h)."""
from __future__ import annotations

import re
from datetime import date, datetime, timedelta, tzinfo

_OFFSET = re.compile(r"^\+(\d+(?:\.\d+)?)([smhd])$")
_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days"}


def parse_local_time(value: object) -> datetime:
    """A naive local datetime from `2026-05-04T20:15` (YAML may hand us a datetime already)."""
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, date):
        moment = datetime(value.year, value.month, value.day)
    elif isinstance(value, str):
        moment = datetime.fromisoformat(value.strip())
    else:
        raise ValueError(f"not a time: {value!r}")
    if moment.tzinfo is not None:
        raise ValueError(f"write times in the family's local time, without an offset: {value!r}")
    return moment


def parse_offset(value: str) -> timedelta | None:
    """`+30s`, `+5m`, `+2h`, `+1d` as a timedelta; None when it is not an offset."""
    found = _OFFSET.match(value.strip())
    if not found:
        return None
    amount, unit = float(found.group(1)), found.group(2)
    return timedelta(**{_UNITS[unit]: amount})


def to_local_minute(moment: datetime, zone: tzinfo) -> datetime:
    """An aware time as a naive local time truncated to the minute (naive means local already)."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(zone).replace(tzinfo=None)
    return moment.replace(second=0, microsecond=0)


def aware(local: datetime, zone: tzinfo) -> datetime:
    """A naive local time in the family's zone as an aware datetime."""
    return local.replace(tzinfo=zone)
