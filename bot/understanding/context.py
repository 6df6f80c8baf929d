"""The recent-context block as the design essay lays it out: absolute time, relative time,
speaker, role and family title, then the words — for the rules and an LLM alike."""
from __future__ import annotations

from datetime import datetime

from domain.replies.catalog import text
from domain.vocabulary import Language


def relative(then: datetime, now: datetime, lang: Language) -> str:
    """How long ago, in the family's language (刚刚 / 3分钟前 / 2小时前 / just now / 3 min ago)."""
    seconds = max(int((now - then).total_seconds()), 0)
    minutes, hours, days = seconds // 60, seconds // 3600, seconds // 86400
    if minutes < 1:
        return text(lang, "ago.now")
    key, n = ("ago.minutes", minutes) if hours < 1 else ("ago.hours", hours) if days < 1 else ("ago.days", days)
    return text(lang, key, n=n)
