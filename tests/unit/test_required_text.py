"""The words a pattern's every match needs (bot/understanding/required_text.py) are in every text it matches: so
searching a record pattern only where its words are found gives exactly what searching it everywhere gives."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understanding.required_text import fold, required_text
from bot.understanding.spans import _record_patterns


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
        assert re.search(pattern, text) and needs.found_in(text, fold(text)), (pattern, text)
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
    folded = fold(text)
    for pattern, _types, needs in _record_patterns():
        if needs is not None and not needs.found_in(text, folded):
            assert pattern.search(text) is None, (pattern.pattern[:60], text)
