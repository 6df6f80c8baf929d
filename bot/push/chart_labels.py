"""The words the pictures add beyond the axis labels (titles, "so far", the series' names) come from the
product's text catalogue (keys `chartword.*`)."""
from __future__ import annotations

from domain.replies.catalog import catalogue, language_of, text

CHART_WORD_NAMES = ("week_title", "rhythm_title", "growth_title", "so_far", "today", "formula", "breast_milk",
                    "fortified_breast_milk", "night", "nap", "wet", "solid", "mixed", "sleep_night", "sleep_nap",
                    "feed", "diaper", "now", "hour", "band_outer", "band_inner", "date")


def chart_words(lang: str) -> dict[str, str]:
    """The pictures' words as templates (the chart code fills {name}, {first}, {month} …)."""
    words = catalogue(language_of(lang))
    return {name: words[f"chartword.{name}"] for name in CHART_WORD_NAMES}


def name_prefix(names: list[str], lang: str) -> str:
    """ "小满 · " before a title; nothing when no baby is named."""
    joined = text(language_of(lang), "chartword.names_separator").join(n for n in names if n)
    return f"{joined} · " if joined else ""
