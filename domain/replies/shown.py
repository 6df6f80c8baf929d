"""What a family reads amounts and times in, for the rendering under way: the one context the shell opens
around a reply, a summary, a reminder or the page (`units_shown(family.units)`), read by the amount
renderers (amounts.py) and the catalogue's clock times (`{time:hm}`: 20:35, or 8:35 PM)."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from domain.units import METRIC, DisplayUnits

_SHOWN: ContextVar[DisplayUnits] = ContextVar("fawn_display_units", default=METRIC)


@contextmanager
def units_shown(units: DisplayUnits) -> Iterator[None]:
    """Render inside this block in these units and on this clock (opened once per reply, summary or page)."""
    token = _SHOWN.set(units)
    try:
        yield
    finally:
        _SHOWN.reset(token)


def current_units() -> DisplayUnits:
    return _SHOWN.get()
