"""Typing slips in English words, read as the word that was meant — the way a phone's keyboard would.

A word is a slip when no English dictionary knows it and exactly one word the readers know is one slip
away: a letter left out, added or changed, or two neighbours swapped (formla → formula, jsut → just,
diapre → diaper, pmuped → pumped). A real word is never changed, however close it is to a record word
(pool stays pool though poop is one letter off; battle stays battle); neither is a name, a word the readers
know already, or a slip with two readings (fom: from or for) — those stay unexplained, and are asked about.

The dictionary is pyspellchecker's English word list (its words only; the choice among candidates is ours:
the readers' vocabulary, not word frequency). It is loaded on the first unknown Latin word.
"""
from __future__ import annotations

import gzip
import json
import re
from datetime import datetime
from functools import cache, lru_cache
from importlib import resources
from zoneinfo import ZoneInfo

from bot.understanding import spans as sp

_WORD = re.compile(r"(?<![A-Za-z'’])[A-Za-z]{3,20}(?![A-Za-z'’])")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_ANY_TIME = datetime(2026, 1, 1, 12, tzinfo=ZoneInfo("UTC"))     # a word read alone: its kind, not its time


def corrected(text: str, names: tuple[str, ...] = ()) -> str:
    """`text` with each slip replaced by the word it was meant to be (the same text when there is none).
    `names`: the babies' and the members' names, never slips."""
    out, last = [], 0
    for m in _WORD.finditer(text):
        if any(m.group(0).lower() == n.lower() for n in names):
            continue
        meant = meant_word(m.group(0).lower())
        if meant is None or m.group(0)[0].isupper() and _reading_of(meant)[0] != sp.RECORD:
            continue                 # a capital may be a name's: Tilly is no slip of till
        out += [text[last:m.start()], meant.capitalize() if m.group(0)[0].isupper() else meant]
        last = m.end()
    return "".join(out) + text[last:] if out else text


@lru_cache(maxsize=4096)
def meant_word(word: str) -> str | None:
    """The one known word `word` (lower case) is a slip of, or None."""
    if word in _dictionary() or _reading_of(word)[0] != sp.UNKNOWN:
        return None
    meant = sorted(c for c in _one_slip(word) if c in _dictionary() and _reading_of(c)[0] != sp.UNKNOWN)
    if len({_reading_of(c) for c in meant}) != 1:
        return None              # none, or two readings (wke: wee or woke)
    return min(meant, key=lambda c: (abs(len(c) - len(word)), c))    # weigsh: weighs or weigh, both a weight


def _one_slip(word: str) -> set[str]:
    cuts = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    return ({a + b[1:] for a, b in cuts if b}
            | {a + b[1] + b[0] + b[2:] for a, b in cuts if len(b) > 1}
            | {a + c + b[1:] for a, b in cuts if b for c in _LETTERS}
            | {a + c + b for a, b in cuts for c in _LETTERS}) - {word}


@lru_cache(maxsize=8192)
def _reading_of(word: str) -> tuple[str, frozenset]:
    """What the word, read alone, is to the readers: its span's kind and record types (UNKNOWN when it is no
    one span they know: a record word, a person, a filler, a time word…)."""
    found = sp.read_spans(word, _ANY_TIME)
    if len(found) == 1 and found[0].end - found[0].start == len(word):
        return found[0].kind, found[0].types
    return sp.UNKNOWN, frozenset()


@cache
def _dictionary() -> frozenset[str]:
    data = resources.files("spellchecker").joinpath("resources", "en.json.gz").read_bytes()
    return frozenset(json.loads(gzip.decompress(data)))


def a_typo_of_a_record_word(word: str) -> bool:
    """One slip from a record word and no word of its own (grern, napy — but tape is a word, not take's slip)."""
    return sp.near_a_record_word(word) and word.lower() not in _dictionary()


def a_word(word: str) -> bool:
    """An English word the dictionary knows (lft, hpur are not: slips, never set aside as description)."""
    return word.lower() in _dictionary()
