"""Every text a family sees, one catalogue per language, and the few functions that read them.

A catalogue is a module named after its `Language` (zh.py, en.py) holding `TEXTS`, a plain mapping of
key → template. Why a mapping rather than gettext or Babel: there is no build step (no .po → .mo),
the keys are checked by tests (every catalogue has the same keys and the same placeholders), and a
template is `str.format` with named fields (see grammar.py), which reads well next to the values a
reply carries. A third language — say zh-Hant for Taiwan and Hong Kong — is a new file here
(zh_hant.py) plus a `Language` member; no code changes anywhere else.

Renderers never ask which language they write: they look up keys. Code may glue pieces together with
spaces and newlines; every word, unit and punctuation mark that could differ by language is a key.
Some entries describe the language rather than say something: `chart.script` (cjk or latin: whether
chart labels need the Chinese font), `temperature.show_fahrenheit` ("yes" adds °F to a temperature),
`grammar.capitalise_lines` ("yes": every reply line starts with a capital) and `demo.units` (the
terminal demo family's display units: 1 metric, 3 US customary).
"""
from __future__ import annotations

import importlib
from collections.abc import Mapping
from datetime import datetime
from datetime import time as dtime
from enum import Enum
from functools import cache
from types import MappingProxyType
from typing import Any

from domain.replies.catalog.grammar import fill
from domain.replies.shown import current_units
from domain.vocabulary import Language

# How the "both languages" texts put the Chinese and the English entry together (zh first).
RUN_ON = "{zh}{en}"
LINES = "{zh}\n{en}"
PARAGRAPHS = "{zh}\n\n{en}"
GLOSSED = "{zh} ({en})"
GLOSSED_TIGHT = "{zh}({en})"
SLASHED = "{zh} / {en}"


@cache
def catalogue(lang: Language) -> Mapping[str, str]:
    module = importlib.import_module(f"{__name__}.{lang.value.replace('-', '_').lower()}")
    return MappingProxyType(module.TEXTS)


def text(lang: Language, key: str, /, **values: Any) -> str:
    """The template `key` in `lang`, filled with `values` (extra values are ignored). A time of day
    (a datetime or time) may be written `{time:hm}`: on the family's clock (20:35, or 8:35 PM)."""
    return fill(catalogue(lang)[key], {k: _Clocked(v, lang) if isinstance(v, datetime | dtime) else v
                                       for k, v in values.items()})


def hm(t: datetime | dtime, lang: Language) -> str:
    """A time of day on the family's clock (the clock of `units_shown`): 20:35, or 8:35 PM."""
    if not current_units().twelve_hour:
        return f"{t:%H:%M}"
    half = "pm" if t.hour >= 12 else "am"
    return fill(catalogue(lang)["clock.12h"], {"hour": t.hour % 12 or 12, "minute": t.minute,
                                               "half": catalogue(lang)[f"clock.{half}"]})


def hour_mark(hour: int, lang: Language) -> str:
    """An hour on a chart's axis (0–24) on the family's clock: 18, or 6p (12a, 12p)."""
    if not current_units().twelve_hour:
        return str(hour)
    half = "pm" if hour % 24 >= 12 else "am"
    return fill(catalogue(lang)["clock.12h_hour"], {"hour": hour % 12 or 12,
                                                    "half": catalogue(lang)[f"clock.{half}_short"]})


class _Clocked:
    """A datetime or time in a template: `{t:hm}` on the family's clock; every other spec and attribute
    (`{t:%b}`, `{t.day}`) as the value's own."""

    __slots__ = ("value", "lang")

    def __init__(self, value: datetime | dtime, lang: Language) -> None:
        self.value, self.lang = value, lang

    def __format__(self, spec: str) -> str:
        return hm(self.value, self.lang) if spec == "hm" else format(self.value, spec)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.value, name)


def has_text(lang: Language, key: str) -> bool:
    return key in catalogue(lang)


def label(lang: Language, table: str, value: Any, default: str | None = None) -> str:
    """The word for `value` in a label table (`kind`, `side`, `role`…): the key `table.value`.

    A value the table does not know is shown as `default`, or as itself when there is no default.
    """
    name = value.value if isinstance(value, Enum) else value
    found = catalogue(lang).get(f"{table}.{name}")
    if found is not None:
        return found
    return default if default is not None else str(name)


def has_label(lang: Language, table: str, value: Any) -> bool:
    name = value.value if isinstance(value, Enum) else value
    return value is not None and f"{table}.{name}" in catalogue(lang)


def both_languages(key: str, layout: str = PARAGRAPHS, **values: Any) -> str:
    """The Chinese and the English entry together, for a chat whose family (so language) is unknown."""
    return layout.format(zh=text(Language.ZH, key, **values), en=text(Language.EN, key, **values))


def language_of(code: str | Language | None) -> Language:
    """A stored language code as a `Language`: exact, else by prefix (zh-CN → zh, EN → en); else Chinese."""
    if isinstance(code, Language):
        return code
    code = (code or "").strip().lower()
    longest_first = sorted(Language, key=lambda lang: len(lang.value), reverse=True)
    return next((lang for lang in longest_first if code.startswith(lang.value.lower())), Language.ZH)
