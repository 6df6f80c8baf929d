"""What to ask when a record of the other types (diaper, growth, health, …) is missing a field."""
from __future__ import annotations

from typing import Any

from domain.replies.describe import pick
from domain.vocabulary import Language

FIELD_QUESTIONS: dict[str, tuple[str, str]] = {
    "time": ("是什么时候？", "When was it?"),
    "text": ("要记什么呢？", "What should I note?"),
    "file": ("请发一张照片。", "Please send a photo."),
}

# (record type, first missing field) → question. A type's own question wins over FIELD_QUESTIONS.
TYPE_QUESTIONS: dict[tuple[str, str], tuple[str, str]] = {
    ("diaper", "wet"): ("是尿了还是拉了？（尿了 / 拉了 / 都有）", "Wet, dirty, or both?"),
    ("growth", "weight_kg"): ("量了多少？比如“体重6.5kg”“身长62cm”“头围40cm”。",
                              "What were the measurements? e.g. “weight 6.5 kg”, “length 62 cm”."),
    ("health", "kind"): ("是量体温、用药、症状、打疫苗还是看医生？",
                         "Was it a temperature, medicine, a symptom, a vaccine or a doctor visit?"),
    ("health", "temperature_c"): ("体温多少度？", "What was the temperature?"),
    ("health", "medication"): ("吃的是什么药？用了多少？", "Which medicine, and how much?"),
    ("health", "symptom"): ("是什么症状？", "What symptom?"),
    ("health", "vaccine"): ("打的是什么疫苗？", "Which vaccine?"),
    ("pumping", "amount_ml"): ("吸了多少毫升？", "How many ml?"),
    ("pumping", "start"): ("什么时候吸的？", "When was it?"),
    ("tummy_time", "start"): ("什么时候趴的，趴了多久？", "When was tummy time, and for how long?"),
    ("tummy_time", "duration_min"): ("趴了多久？", "How long was tummy time?"),
}


def ask_text(record_type: Any, missing: list[str], slots: dict[str, Any], lang: Language) -> str:
    first = missing[0]
    rtype = str(getattr(record_type, "value", record_type))
    if (rtype, first) in TYPE_QUESTIONS:
        return pick(TYPE_QUESTIONS[(rtype, first)], lang)
    if first in FIELD_QUESTIONS:
        return pick(FIELD_QUESTIONS[first], lang)
    return f"还需要：{'、'.join(missing)}" if lang is Language.ZH else f"I still need: {', '.join(missing)}"
