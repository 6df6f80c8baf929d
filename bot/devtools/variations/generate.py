"""Every variant of every base that gives its effect said alone, by category — the same for the same seed."""
from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bot.devtools.variations import text_forms, turn_forms, typos
from bot.devtools.variations.facts import BaseFact
from bot.devtools.variations.variant import Variant, as_variant

TextForms = Callable[[BaseFact, random.Random], list[tuple[str, str]]]
TurnForms = Callable[[BaseFact, random.Random], list[Variant]]
DEFAULT_SEED = 22


@dataclass(frozen=True)
class Category:
    name: str
    what: str
    text_forms: TextForms | None = None
    turn_forms: TurnForms | None = None

    def variants(self, base: BaseFact, rng: random.Random) -> list[Variant]:
        if self.turn_forms is not None:
            return self.turn_forms(base, rng)
        assert self.text_forms is not None
        return [as_variant(base, self.name, form, text) for form, text in self.text_forms(base, rng)]


CATEGORIES: tuple[Category, ...] = (
    Category("fillers", "fillers and particles (嗯, 那个, 哈哈, 呀; um, lol, ok so) in front, in the middle, "
                        "at the end", text_forms.fillers),
    Category("apologies", "an apology in front of a new fact or question (不好意思, sorry, forgot to log this)",
             text_forms.apologies),
    Category("corrections", "a correction preamble (说错了, 不对, sorry I meant, scratch that) after a mistaken "
                            "first statement: it must change that record, confirmed, never write a second",
             turn_forms=turn_forms.corrections),
    Category("emoji", "emoji and WeChat's [捂脸]-style stickers", text_forms.emoji),
    Category("punctuation", "punctuation and spacing: full-/half-width, none, extra spaces, !!! or 。。。, "
                            "full-width digits", text_forms.punctuation),
    Category("voice", "voice-to-text run-ons: one breath, no punctuation, units spelled out", text_forms.voice),
    Category("numerals", "numbers as words (九十, 一百二, 三十八度五; ninety, one twenty, four and a half)",
             text_forms.numerals),
    Category("units", "unit spellings (ml / 毫升 / cc / mls, oz / ounces, 度 / ℃ …) and spacing", text_forms.units),
    Category("typos", "typos that keep the meaning (pinyin homophones; swapped, dropped, doubled letters)",
             typos.typos),
    Category("word_order", "the same fact in another word order", text_forms.word_order),
    Category("grown_ups", "a grown-up's own coffee, nap or meal said in the same message",
             turn_forms=turn_forms.grown_ups),
    Category("second_speaker", "another member's unrelated message before the fact (between the bot's question "
                               "and its answer)", turn_forms=turn_forms.second_speaker),
)
CATEGORY_NAMES = tuple(c.name for c in CATEGORIES)


def seeded(seed: int, *parts: str) -> random.Random:
    """A random source for one base and category: stable across runs and Python processes."""
    return random.Random(zlib.crc32(":".join((str(seed), *parts)).encode()))


def variants_of(base: BaseFact, seed: int = DEFAULT_SEED, categories: Iterable[Category] = CATEGORIES) -> list[Variant]:
    out: list[Variant] = []
    seen = {base.text}
    for category in categories:
        for variant in category.variants(base, seeded(seed, base.id, category.name)):
            said = " | ".join(s.text for s in variant.script.said)
            if said not in seen:
                seen.add(said)
                out.append(variant)
    return out


def all_variants(bases: Iterable[BaseFact], seed: int = DEFAULT_SEED, category: str | None = None) -> list[Variant]:
    """The variants of every base not marked as failing on its own (a failing base is a finding, not a source)."""
    chosen = [c for c in CATEGORIES if category is None or c.name == category]
    return [v for base in bases if not base.fails for v in variants_of(base, seed, chosen)]


def sample(variants: list[Variant], n: int | None, seed: int) -> list[Variant]:
    if n is None or n >= len(variants):
        return variants
    picked = set(random.Random(seed).sample(range(len(variants)), n))
    return [v for i, v in enumerate(variants) if i in picked]
