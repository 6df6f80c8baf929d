"""A note the family asks for: 记一下：… / 帮我记个备忘 … / Fawn note: … / @Fawn please note that ….

The words after the ask are the note, as typed. When they report a record the rules read whole (记一下：刚喝了
90ml奶粉), that record is meant, not a note about it; anything else the family asked to keep is kept as said.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from bot.understanding.address import address_pattern

_ASK = r"(?:please\s+|pls\s+|plz\s+|can\s+you\s+|could\s+you\s+|帮我|帮忙|麻烦你?|请)?"
_VERB = (r"(?:记录一下|记一下|记一笔|记下来|记下|记个备忘|记一个备忘|备忘一下|备忘|备注一下|备注|记个事|记个|"
         r"make\s+a\s+note(?:\s+of)?(?:\s+that)?|add\s+a\s+note(?:\s+that)?|take\s+a\s+note(?:\s+that)?|"
         r"note(?:\s+that|\s+down)?|memo|jot\s+down)")
_REST = r"\s*(?:[:：,，\-–—]\s*)*(?P<text>\S.*)$"


def note_asked(text: str, bot_names: Sequence[str] = ()) -> str | None:
    """The words to keep when the message asks for a note, else None."""
    pattern = re.compile(rf"^\s*{address_pattern(bot_names)}{_ASK}{_VERB}(?![a-z]){_REST}", re.I | re.S)
    m = pattern.match(text)
    return m.group("text").strip() if m else None
