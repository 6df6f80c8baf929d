"""Transformations around the message: a grown-up's own coffee or nap said with it, another member talking
in between, and a correction of a mistaken first statement. Each returns whole variants (their scripts and
the effect they must have)."""
from __future__ import annotations

import random
import re
from dataclasses import replace
from datetime import timedelta
from decimal import Decimal

from bot.devtools.variations.facts import TIME_FIELDS, BaseFact, Effect
from bot.devtools.variations.families import CAREGIVER, OTHER, SPEAKER
from bot.devtools.variations.lexicon import (
    CORRECTIONS_FULL,
    CORRECTIONS_SHORT,
    GROWN_UPS_END,
    GROWN_UPS_FRONT,
    NAMES_THE_BABY,
    OTHERS_PLAIN,
    OTHERS_TIMED,
)
from bot.devtools.variations.play import Said, Script
from bot.devtools.variations.quantities import Quantity, digits_of, quantities
from bot.devtools.variations.variant import TURN_GAP, Variant, as_variant, base_said
from bot.devtools.variations.writing import WRITING

OTHER_GAP = timedelta(minutes=1)     # the other member speaks a minute before the fact


def grown_ups(base: BaseFact, rng: random.Random) -> list[Variant]:
    """A grown-up's own drink, nap or meal in the same message: after it, twice (two of them), and in front
    when the message names the baby (so the subject stays plain) — else a third one after it."""
    lang, writing = base.language, WRITING[base.language]
    ended = base.text[-1] in "?？!！。."
    joiner, comma = (" ", " ") if ended else (rng.choice(writing.clause_joiners), writing.comma)
    after, other, third = rng.sample(GROWN_UPS_END[lang], 3)
    forms = [(f"“{after}” after it", f"{base.text}{joiner}{after}"),
             (f"“{other}” after it", f"{base.text}{comma}{other}")]
    if re.search(NAMES_THE_BABY[lang], base.text) or base.effect.kind == "answer":
        front = rng.choice(GROWN_UPS_FRONT[lang])
        forms.append((f"“{front}” in front", f"{front}{joiner}{base.text}"))
    else:
        again = " " if ended else rng.choice(writing.clause_joiners)
        forms.append((f"“{third}” after it", f"{base.text}{again}{third}"))
    return [as_variant(base, "grown_ups", form, text) for form, text in forms]


def second_speaker(base: BaseFact, rng: random.Random) -> list[Variant]:
    """Another member's unrelated message just before the fact — between the bot's question and the answer,
    when the base answers one. One of the two names a time or a number."""
    lang = base.language
    plain, other = rng.sample(OTHERS_PLAIN[lang], 2)
    return [_with_other(base, "another member first", plain),
            _with_other(base, "another member first, with a time", rng.choice(OTHERS_TIMED[lang])),
            _with_other(base, "the caregiver first", other, member=CAREGIVER)]


def _with_other(base: BaseFact, form: str, said: str, member: str = OTHER) -> Variant:
    *before, fact = base_said(base)
    other = Said(member, said, fact.at - OTHER_GAP)
    where = "between the question and its answer" if before else "before the fact"
    script = Script(base.family, (*before, other, fact), base.given)
    return Variant(base, "second_speaker", f"{form} ({where}): {said}", script, base.effect)


def corrections(base: BaseFact, rng: random.Random) -> list[Variant]:
    """The fact first said with a wrong amount, then corrected: `说错了，是90ml` / `sorry, I meant 4 oz` (the
    quantity again) or `写错了，<the whole fact>`. The correction must change that record — always through a
    confirmation — and never write a second one."""
    found = _one_quantity(base)
    if found is None:
        return []
    wrong = _mistaken(found.number)
    mistaken = base.text[:found.start] + wrong + base.text[found.start + len(found.number):]
    said_again = base.text[found.start:found.end]
    lang = base.language
    short = rng.choice(CORRECTIONS_SHORT[lang]).format(q=said_again)
    full = rng.choice(CORRECTIONS_FULL[lang]).format(text=base.text)
    untimed = tuple(replace(r, fields={k: v for k, v in r.fields.items() if k not in TIME_FIELDS})
                    for r in base.effect.records)      # the record keeps the time it was first said at
    effect = Effect("confirm_update", untimed)
    return [_corrected(base, mistaken, text, effect, form) for form, text in
            ((f"the quantity again: {short}", short), (f"the whole fact again: {full}", full))]


def _one_quantity(base: BaseFact) -> Quantity | None:
    """The base's one quantity, when it writes one record at once and says one number with a unit."""
    if base.effect.kind != "write" or len(base.effect.records) != 1 or base.before:
        return None
    found = quantities(base.text, base.language, base.family)
    return found[0] if len(found) == 1 and len(digits_of(base.text[found[0].start:found[0].end])) == 1 else None


def _mistaken(number: str) -> str:
    """A nearby wrong value in the same form: 90 → 70, 4 → 3, 4.5 → 3.5, 7.5 → 6.5."""
    value = Decimal(number)
    step = Decimal(1) if value < 20 else Decimal(10) if value < 200 else Decimal(50)
    wrong = value - 2 * step if value > 2 * step else value + step
    return str(wrong)


def _corrected(base: BaseFact, mistaken: str, text: str, effect: Effect, form: str) -> Variant:
    script = Script(base.family, (Said(SPEAKER, mistaken, base.clock - TURN_GAP, judged=False),
                                  Said(SPEAKER, text, base.clock)), base.given)
    return Variant(base, "corrections", form, script, effect)
