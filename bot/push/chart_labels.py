"""The words the pictures add beyond the axis labels of bot/push/charts.py (titles, "so far", the
series' names), per language — for the text catalogue to take over as they are."""
from __future__ import annotations

CHART_WORDS: dict[str, dict[str, str]] = {
    "zh": {"week_title": "{name}最近7天  {first}–{last}", "rhythm_title": "{name}作息图  {first}–{last}",
           "growth_title": "{name}{measure}  WHO 百分位", "so_far": "截至目前", "today": "今天",
           "formula": "配方奶", "breast_milk": "母乳", "fortified_breast_milk": "强化母乳",
           "night": "夜间", "nap": "小睡", "wet": "尿", "solid": "便便",
           "sleep_night": "夜间睡眠", "sleep_nap": "小睡", "feed": "喂奶", "diaper": "尿布", "now": "现在",
           "hour": "时", "band_outer": "P3–P97", "band_inner": "P15–P85", "date": "{month}/{day}"},
    "en": {"week_title": "{name}last 7 days  {first} – {last}", "rhythm_title": "{name}day by day  {first} – {last}",
           "growth_title": "{name}{measure}  WHO percentiles", "so_far": "so far", "today": "Today",
           "formula": "formula", "breast_milk": "breast milk", "fortified_breast_milk": "fortified",
           "night": "night", "nap": "naps", "wet": "wet", "solid": "dirty",
           "sleep_night": "night sleep", "sleep_nap": "nap", "feed": "feed", "diaper": "diaper", "now": "now",
           "hour": "h", "band_outer": "P3–P97", "band_inner": "P15–P85", "date": "{month}/{day}"},
}


def chart_words(lang: str) -> dict[str, str]:
    return CHART_WORDS["zh" if lang == "zh" else "en"]


def name_prefix(names: list[str], lang: str) -> str:
    """ "小满 · " before a title; nothing when no baby is named."""
    joined = (" & " if lang == "en" else "、").join(n for n in names if n)
    return f"{joined} · " if joined else ""
