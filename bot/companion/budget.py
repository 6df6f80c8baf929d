"""The context the companion is shown, within a token budget: the newest lines first; older ones are
summed up in one line (how many, from when to when) instead of being sent."""
from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from bot.understanding.request import ContextLine


def estimated_tokens(text: str) -> int:
    """A cautious estimate without a tokenizer: a Chinese character is about a token, 4 other characters one."""
    wide = sum(unicodedata.east_asian_width(ch) in "WF" for ch in text)
    return wide + (len(text) - wide + 3) // 4


def within_budget(lines: Sequence[ContextLine], budget: int) -> tuple[list[str], int]:
    """The rendered lines that fit (oldest first) and how many older ones were left out."""
    kept: list[str] = []
    spent = 0
    for line in reversed(lines):
        rendered = line.render()
        cost = estimated_tokens(rendered)
        if spent + cost > budget:
            break
        kept.append(rendered)
        spent += cost
    return list(reversed(kept)), len(lines) - len(kept)


def context_block(lines: Sequence[ContextLine], budget: int) -> str:
    kept, left_out = within_budget(lines, budget)
    head = []
    if left_out:
        older = lines[:left_out]
        head = [f"({left_out} earlier messages, {older[0].at:%Y-%m-%d %H:%M} to {older[-1].at:%H:%M}, not shown)"]
    return "\n".join(head + kept)
