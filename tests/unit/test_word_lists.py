"""A word list finds, at every place one of its words starts, what its one long pattern finds there.

`spans.WordList` tries only the words that begin with the character standing at a place (the filler list alone
has a thousand words, and the long pattern tried them all at every character: issue 28's profile put it at a tenth
of an extraction). These tests hold it to the long pattern — `_overlapping(_union(words), text)` — on the rules'
own lists and on generated text: Chinese, English with its word boundaries and apostrophes, capitals, and the
characters whose case folding is not what `str.lower` says (ſ, K, İ, ı).
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understanding import lexicon as lx
from bot.understanding.spans import WordList, _overlapping, _union

_LISTS = [tuple(sorted({*lx.NO_FACT_ZH, *lx.A_WHILE_ZH, *lx.NO_FACT_EN, *lx.NO_FACT_EN_PHRASES} - {""})),
          *(tuple(sorted(set(words) - {""})) for words in lx.CUES_ZH.values()),
          *(tuple(sorted(set(words) - {""})) for words in lx.CUES_EN.values()),
          tuple(sorted({*lx.ADULT_ZH, *lx.ADULT_EN} - {""})), tuple(sorted({*lx.BABY_ZH, *lx.BABY_EN} - {""})),
          ("Ava", "Mia", "Theodore", "Zoë", "Élodie", "朵朵", "小宝"), ("ſam", "Kay", "İpek", "ıiı")]
_ODD = ["ſ", "K", "İ", "ı", "É", "é", "'", "’", " ", "  ", ",", "，", "。", "!", "?", "3", "ml", "x", "A", "Z"]


def _same(words: tuple[str, ...], text: str) -> None:
    listed = [(m.span(), m.group(0)) for m in WordList.of(words).matches(text)]
    assert listed == [(m.span(), m.group(0)) for m in _overlapping(_union(words), text)]


@st.composite
def _text_from(draw: st.DrawFn, words: tuple[str, ...]) -> str:
    pieces = st.one_of(st.sampled_from(words), st.sampled_from(words).map(str.upper),
                       st.sampled_from(words).map(lambda w: w[: max(1, len(w) - 1)]), st.sampled_from(_ODD))
    return "".join(draw(st.lists(pieces, max_size=10)))


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_every_list_finds_what_its_long_pattern_finds(data: st.DataObject) -> None:
    words = data.draw(st.sampled_from(_LISTS))
    _same(words, data.draw(_text_from(words)))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(alphabet="abcſKİıÉé'’ 朵宝", min_size=1, max_size=4), min_size=1, max_size=6, unique=True),
       st.text(alphabet="abcſKİıÉé'’ ABC朵宝.", max_size=16))
def test_any_list_finds_what_its_long_pattern_finds(words: list[str], text: str) -> None:
    _same(tuple(sorted(words)), text)


def test_the_fillers_of_a_message_are_found_word_by_word() -> None:
    fillers = _LISTS[0]
    for text in ("哈哈 好的 谢谢", "lol ok thanks!!", "嗯嗯，刚刚喝了90ml 哈哈", "Ugh. OK then", "宝宝今天好乖呀"):
        _same(fillers, text)


def test_a_process_serving_many_families_keeps_a_bounded_number_of_their_names_patterns() -> None:
    """A family's names are a word list too: one pattern each, kept only as long as the recently used lists'
    (a process serving thousands of families had kept every family's for good)."""
    for n in range(400):
        WordList.of((f"Kid{n}", f"宝宝{n}"))
    assert _union.cache_info().currsize <= 256
