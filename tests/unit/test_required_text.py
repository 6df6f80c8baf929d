"""The words a pattern's every match needs (bot/understanding/required_text.py) are in every text it matches: so
searching a record pattern only where its words are found gives exactly what searching it everywhere gives."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understanding import spans
from bot.understanding.required_text import Required, fold, required_text
from bot.understanding.spans import _record_patterns, _record_spans


def _found(needs: Required, text: str) -> bool:
    """What the words promise: one of them is in the text (folded, for an ignore-case pattern)."""
    haystack = fold(text) if needs.folded else text
    return any(word in haystack for word in needs.words)


def _words(pattern: str) -> set[str] | None:
    found = required_text(re.compile(pattern))
    return None if found is None else set(found.words)


def test_a_pattern_s_words_are_its_literal_runs_groups_and_alternatives() -> None:
    assert _words("奶|瓶|feed") == {"奶", "瓶", "feed"}
    assert _words(r"\d+\s*ml") == {"ml"}
    assert _words("x?y") == {"y"}
    assert _words("[ab]c+") == {"c"}
    assert _words("(?:喝了|吃了)(?:奶|水)") == {"喝了", "吃了"}      # the words whose shortest is longest
    assert required_text(re.compile("(?i)Formula")).words == ("formula",)
    assert required_text(re.compile("(?i)Formula")).folded


def test_a_pattern_that_says_nothing_for_sure_has_no_words() -> None:
    for pattern in (r"(?:ab)*", r"a|[bc]", r"\w+", r"(?i:ab)", r"(?=ab)", r"^$"):
        assert required_text(re.compile(pattern)) is None, pattern


def test_letters_that_an_ignore_case_pattern_matches_beyond_ascii_are_folded_to_its_words() -> None:
    for pattern, text in (("(?i)sleep", "ſleep"), ("(?i)milk", "MıLK"), ("(?i)kick", "Kick"), ("(?i)nap", "NAP")):
        needs = required_text(re.compile(pattern))
        assert re.search(pattern, text) and _found(needs, text), (pattern, text)
    assert required_text(re.compile("Zoë|x", re.I)).words == ("zo", "x")     # ë's case partners: not a word


def test_nearly_every_record_pattern_has_words() -> None:
    patterns = _record_patterns()
    assert sum(needs is not None for _, _, needs in patterns) >= 0.9 * len(patterns)


_PIECES = sorted({w for _, _, needs in _record_patterns() if needs for w in needs.words}
                 | {"ſ", "ı", "K", "İ", "S", "I", " ", "  ", "了", "的", "ml", "3", "，", "!", "a", "s", "ing"})


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES) | st.sampled_from(_PIECES).map(str.upper), min_size=1, max_size=8))
def test_a_record_pattern_never_matches_a_text_without_its_words(pieces: list[str]) -> None:
    text = "".join(pieces)
    for pattern, _types, needs in _record_patterns():
        if needs is not None and not _found(needs, text):
            assert pattern.search(text) is None, (pattern.pattern[:60], text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_PIECES) | st.sampled_from(_PIECES).map(str.upper), min_size=1, max_size=8))
def test_record_words_found_with_the_words_are_those_found_by_searching_every_pattern(pieces: list[str]) -> None:
    """`_record_spans` itself, its words' check against every pattern searched."""
    text = "".join(pieces)
    every = tuple((p, types, (), False) for p, types, _ in _record_patterns())
    searches, spans._record_searches = spans._record_searches, lambda: every
    try:
        unfiltered = _record_spans(text)
    finally:
        spans._record_searches = searches
    assert _record_spans(text) == unfiltered
