"""What a message the rules did not understand was near (feeding, sleep, a question…), so the bot's
"I did not understand" can give one example close to it; and whether it asked for the help text."""
from __future__ import annotations

import re

from bot.understanding import words as w

HELP = re.compile(r"^\s*/?(help|帮助|怎么用|用法|start help)\s*[?？]?\s*$", re.I)
_FEELINGS = re.compile(r"哭|闹|哄|不舒服|难受|担心|好累|累死|cry|crying|cries|fuss|colic|worried|tired", re.I)
_QUESTION = re.compile(r"[?？]|吗|呢|多少|几|多久|什么|怎么|how|when|what|why", re.I)

# most specific first; the first that fits names the example (catalogue `example.<near>`)
_NEAR: tuple[tuple[re.Pattern[str], str], ...] = (
    (w.DIAPER_WORDS, "diaper"), (w.TEMPERATURE_WORDS, "health"), (w.MEDICATION, "health"),
    (w.SLEEP_WORDS, "sleep"), (w.FEEDING_WORDS, "feeding"), (w.EATING_VERBS, "feeding"),
    (w.GROWTH, "growth"), (_FEELINGS, "note"),
)


def near_topic(text: str) -> str | None:
    """feeding / sleep / diaper / health / growth / note (a feeling to write down) / question, or None."""
    found = next((near for pattern, near in _NEAR if pattern.search(text)), None)
    if found in ("feeding", "sleep", "diaper") and _QUESTION.search(text):
        return f"{found}_question"
    if found is None and _QUESTION.search(text):
        return "question"
    return found
