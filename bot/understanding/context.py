"""The recent-context block as the design essay lays it out: absolute time, relative time,
speaker, role and family title, then the words — for the rules and an LLM alike."""
from __future__ import annotations

from datetime import datetime

from domain.vocabulary import Language


def relative(then: datetime, now: datetime, lang: Language) -> str:
    """How long ago, in the family's language (刚刚 / 3分钟前 / 2小时前 / just now / 3 min ago)."""
    seconds = max(int((now - then).total_seconds()), 0)
    minutes, hours, days = seconds // 60, seconds // 3600, seconds // 86400
    if lang is Language.ZH:
        return "刚刚" if minutes < 1 else f"{minutes}分钟前" if hours < 1 else \
            f"{hours}小时前" if days < 1 else f"{days}天前"
    return "just now" if minutes < 1 else f"{minutes} min ago" if hours < 1 else \
        f"{hours} h ago" if days < 1 else f"{days} d ago"
