"""What to ask when a record of the other types (diaper, growth, health, …) is missing a field.

The questions are catalogue keys: `ask.<type>.<first missing field>` wins over `ask.field.<field>`.
"""
from __future__ import annotations

from typing import Any

from domain.replies.amounts import current_units
from domain.replies.catalog import has_text, text
from domain.vocabulary import Language


def ask_text(record_type: Any, missing: list[str], slots: dict[str, Any], lang: Language) -> str:
    first = missing[0]
    rtype = str(getattr(record_type, "value", record_type))
    if first == "amount_ml" and current_units().volume == "oz":
        first = "amount_oz"                          # how many ounces?
    for key in (f"ask.{rtype}.{first}", f"ask.field.{first}"):
        if has_text(lang, key):
            return text(lang, key)
    return text(lang, "ask.still_need", names=text(lang, "sep.enum").join(missing))
