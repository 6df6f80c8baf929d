"""The bot addressed by name at the start of a message (@Fawn …, Fawn, …): to whom, not what."""
from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache


def address_pattern(names: Sequence[str]) -> str:
    """A regex for an optional leading address, to put before a pattern of what follows it."""
    said = [re.escape(n) for n in names if n]
    return rf"(?:@?\s*(?:{'|'.join(said)})(?![a-z])\s*[:：,，]?\s*)?" if said else ""


@cache
def _leading(names: tuple[str, ...]) -> re.Pattern[str] | None:
    return re.compile(rf"^\s*{address_pattern(names)}", re.I) if any(names) else None


def without_address(text: str, names: Sequence[str]) -> str:
    pattern = _leading(tuple(names))
    return pattern.sub("", text, count=1) if pattern else text
