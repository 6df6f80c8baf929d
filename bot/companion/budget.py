"""The context the companion is shown, within a token budget: the newest lines first; older ones are
summed up in one line (how many, from when to when) instead of being sent. The same block, written once,
as a model reading a message is shown (bot/understanding/context.py)."""
from __future__ import annotations

from bot.understanding.context import context_block, estimated_tokens, within_budget

__all__ = ["context_block", "estimated_tokens", "within_budget"]
