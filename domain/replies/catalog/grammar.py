"""The template language of the catalogues: `str.format` with named fields, plus three format specs.

- `{count:one|other}` picks a word form by count: `feed{count:|s}` → feed, feeds (1 is "one").
- `{text:cap}` capitalises the first letter (English sentences that start with a period label).
- `{rank:ordinal}` writes an English ordinal: 1st, 2nd, 3rd, 11th, 22nd.

Everything else is plain `str.format`: `{day.month}`, `{time:%b}`, `{hours:g}`, `{minutes:02d}`; a time of
day is `{time:hm}`, written on the family's clock (catalog/__init__.py `text`).
A template uses a spec only where its own language needs it; the Chinese templates need none.
"""
from __future__ import annotations

import string
from typing import Any


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class TemplateFormatter(string.Formatter):
    """`str.format` with the specs above; every other spec goes to the value's own `__format__`."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "cap":
            text = str(value)
            return text[:1].upper() + text[1:]
        if format_spec == "ordinal":
            return ordinal(int(value))
        if "|" in format_spec:
            one, other = format_spec.split("|", 1)
            return one if value == 1 else other
        return super().format_field(value, format_spec)


FORMATTER = TemplateFormatter()


def fill(template: str, values: dict[str, Any]) -> str:
    return FORMATTER.vformat(template, (), values)


def placeholders(template: str) -> set[str]:
    """The field names a template uses (`{day.month}` → day), for the catalogue tests."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in FORMATTER.parse(template) if name}
