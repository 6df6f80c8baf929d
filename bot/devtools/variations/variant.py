"""A variant: a base fact said another way (and perhaps among other messages), as a script to play, with the
effect it must have. The base itself, unvaried, is the variant of category `base`."""
from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import timedelta

from bot.devtools.variations.facts import BaseFact, Effect
from bot.devtools.variations.families import SPEAKER
from bot.devtools.variations.play import Said, Script

TURN_GAP = timedelta(minutes=2)        # between the base's own messages (a `before` and the fact)


@dataclass(frozen=True)
class Variant:
    base: BaseFact
    category: str
    form: str                  # which form of its category, in a few words ("filler 嗯 in front")
    script: Script
    effect: Effect             # what it must do: the base's effect, or a correction's

    @property
    def text(self) -> str:
        return self.script.said[-1].text

    @property
    def language(self) -> str:
        return self.base.language

    @property
    def key(self) -> tuple[str, str, str]:
        """Identifies the variant within a run: its base, category and every message of its script."""
        return self.base.id, self.category, " | ".join(f"{s.member}:{s.text}" for s in self.script.said)

    def transcript(self) -> str:
        return " ⏎ ".join(s.text if s.member == SPEAKER else f"({s.member}) {s.text}" for s in self.script.said)


def base_said(base: BaseFact, text: str | None = None) -> tuple[Said, ...]:
    """The base's messages: its `before` ones two minutes apart, then the fact (said at the base's clock)."""
    count = len(base.before)
    before = tuple(Said(SPEAKER, said, base.clock - TURN_GAP * (count - i)) for i, said in enumerate(base.before))
    return (*before, Said(SPEAKER, base.text if text is None else text, base.clock))


def base_script(base: BaseFact, text: str | None = None) -> Script:
    return Script(family=base.family, said=base_said(base, text), given=base.given)


def as_variant(base: BaseFact, category: str, form: str, text: str) -> Variant:
    """The base with its fact message said as `text`: the commonest kind of variant."""
    return Variant(base, category, form, base_script(base, text), base.effect)


def the_base(base: BaseFact) -> Variant:
    return Variant(base, "base", "as written", base_script(base), base.effect)


def in_chat(variant: Variant, chat: str) -> Variant:
    return replace(variant, script=replace(variant.script, chat=chat))
