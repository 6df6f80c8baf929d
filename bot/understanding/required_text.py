"""What every match of a pattern must contain: words one of which a text has to hold for the pattern to match there.

The rules search ~95 record patterns over every message, and for most messages only two or three of them match:
the rest are scanned by the regular-expression engine for nothing (issue 28's profile: a sixth of an extraction).
A pattern whose every match contains one of a few words (`奶|瓶|feed|bottle` …) cannot match a text that holds
none of them, and `word in text` is a far cheaper question than a search. The words are read from the pattern's
own parse tree, so a pattern changed in `words.py` changes its words with it; when a pattern says nothing for
sure (a character class at every place, flags changed inside a group), there are no words and it is searched as
before. Case: an ignore-case pattern's words are looked for in the text folded (`fold`), which holds every
character such a pattern can match in its lower-case form — two letters fold to ASCII only under the pattern's
own rules (ı → i, ſ → s), and a word with any other cased letter beyond ASCII is not used. Held to the patterns'
own searches by `tests/unit/test_required_text.py`.

`re._parser` is the standard library's own parser (Python 3.11+); if it ever cannot read a pattern, that pattern
simply has no words.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

try:
    from re import _constants as _c
    from re import _parser
except ImportError:         # a Python without them: every pattern is searched
    _parser = _c = None

_REPEATS = tuple(getattr(_c, name) for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
                 if _c is not None and hasattr(_c, name))


@dataclass(frozen=True, slots=True)
class Required:
    """One of `words` is in every text the pattern matches (in the folded text when `folded`)."""

    words: tuple[str, ...]
    folded: bool


def fold(text: str) -> str:
    """The text as an ignore-case pattern's words are looked for in it."""
    low = text.lower()
    return low.replace("ı", "i").replace("ſ", "s") if "ı" in low or "ſ" in low else low


def required_text(pattern: re.Pattern[str]) -> Required | None:
    """The words one of which every match of `pattern` contains, or None when the pattern says none for sure."""
    if _parser is None:
        return None
    folded = bool(pattern.flags & re.IGNORECASE)
    try:
        parsed = _parser.parse(pattern.pattern, pattern.flags)
    except Exception:           # a parser that reads it otherwise than `re` did: no words
        return None
    words = _in_sequence(list(parsed), folded)
    if not words or "" in words:
        return None
    return Required(tuple(sorted(words, key=lambda w: (-len(w), w))), folded)


def _in_sequence(items: list[tuple[Any, Any]], folded: bool) -> set[str] | None:
    """For a sequence of items: the best of the sets each part requires (a run of literal characters, a group,
    an alternation, a repeat done at least once) — the one whose shortest word is longest."""
    found: list[set[str]] = []
    run: list[str] = []

    def close_run() -> None:
        if run:
            found.append({"".join(run)})
            run.clear()

    for op, value in items:
        if op is _c.LITERAL:
            char = chr(value)
            if folded and not char.isascii() and char.lower() != char.upper():
                close_run()         # a cased letter beyond ASCII: its case partners are the engine's to judge
                continue
            run.append(char.lower() if folded else char)
            continue
        close_run()
        inner = _in_item(op, value, folded)
        if inner:
            found.append(inner)
    close_run()
    if not found:
        return None
    return max(found, key=lambda words: (min(map(len, words)), -len(words)))


def _in_item(op: Any, value: Any, folded: bool) -> set[str] | None:
    if op is _c.SUBPATTERN:
        _group, add_flags, del_flags, inner = value
        return None if add_flags or del_flags else _in_sequence(list(inner), folded)
    if op is _c.BRANCH:
        branches = [_in_sequence(list(branch), folded) for branch in value[1]]
        return set().union(*branches) if all(branches) else None
    if op in _REPEATS:
        least, _most, inner = value
        return _in_sequence(list(inner), folded) if least >= 1 else None
    if op is getattr(_c, "ATOMIC_GROUP", None):
        return _in_sequence(list(value), folded)
    return None                 # a class, any character, an anchor, a lookaround, a back reference: nothing for sure
