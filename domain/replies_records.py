"""What to ask when a record of the other types (diaper, growth, health, …) is missing a field."""
from __future__ import annotations

from typing import Any

from domain.describe import pick
from domain.vocabulary import Language

FIELD_QUESTIONS: dict[str, tuple[str, str]] = {
    "time": ("是什么时候？", "When was it?"),
    "text": ("要记什么呢？", "What should I note?"),
    "file": ("请发一张照片。", "Please send a photo."),
}


def ask_text(record_type: Any, missing: list[str], slots: dict[str, Any], lang: Language) -> str:
    first = missing[0]
    if first in FIELD_QUESTIONS:
        return pick(FIELD_QUESTIONS[first], lang)
    return f"还需要：{'、'.join(missing)}" if lang is Language.ZH else f"I still need: {', '.join(missing)}"
