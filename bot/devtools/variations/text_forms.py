"""Transformations of the message's own text: each takes a base and a seeded random source and returns
(form, text) pairs — the form says in a few words what was done. None of them changes what the message says
about the baby: the numbers, units and record words stay. Typos are in typos.py."""
from __future__ import annotations

import random
import re

from bot.devtools.variations.facts import BaseFact
from bot.devtools.variations.lexicon import (
    APOLOGIES,
    EMOJI,
    FILLERS_END,
    FILLERS_FRONT,
    FILLERS_MIDDLE,
    QUESTION_APOLOGIES,
    VOICE_CLOSERS,
    VOICE_OPENERS,
    VOICE_UNITS,
)
from bot.devtools.variations.quantities import quantities, respell_units, spell_numbers
from bot.devtools.variations.writing import (
    FULL_TO_HALF,
    FULL_WIDTH,
    HALF_TO_FULL,
    PAUSES,
    PUNCTUATION,
    WRITING,
    replace_marks,
)

Form = tuple[str, str]
SPOKEN_MARKS = "。！？：.!?:;"       # what dictation leaves out (it keeps she's)


def fillers(base: BaseFact, rng: random.Random) -> list[Form]:
    lang, text, writing = base.language, base.text, WRITING[base.language]
    front, end = rng.choice(FILLERS_FRONT[lang]), rng.choice(FILLERS_END[lang])
    forms = [(f"{front} in front", f"{front}{rng.choice(writing.filler_joiners)}{text}"),
             (f"{end} at the end", f"{text}{rng.choice(writing.end_joiners)}{end}")]
    breaks = list(writing.pause.finditer(text))
    if breaks:
        cut, middle = rng.choice(breaks), rng.choice(FILLERS_MIDDLE[lang])
        forms.append((f"{middle} in the middle", text[:cut.end()] + middle + writing.comma + text[cut.end():]))
    else:
        other = rng.choice([f for f in FILLERS_FRONT[lang] if f != front])
        forms.append((f"{other} and {end} around it", f"{other} {text} {end}"))
    return forms


def apologies(base: BaseFact, rng: random.Random) -> list[Form]:
    said = QUESTION_APOLOGIES if base.effect.kind == "answer" else APOLOGIES
    return [(f"“{p.strip(' ，,:')}” in front", p + base.text) for p in rng.sample(said[base.language], 3)]


def emoji(base: BaseFact, rng: random.Random) -> list[Form]:
    marks = EMOJI[base.language]
    one, many = rng.choice(marks), rng.choice(marks) * rng.randint(2, 3)
    first, inside = rng.sample([m for m in marks if m != one], 2)
    writing = WRITING[base.language]
    breaks = list(writing.pause.finditer(base.text))
    if not breaks:
        return [(f"{one} at the end", f"{base.text}{one}"),
                (f"{many} at the end, {first} in front", f"{first} {base.text} {many}"),
                (f"{inside} in front, {one} at the end", f"{inside}{base.text}{one}")]
    cut = rng.choice(breaks).end()
    return [(f"{one} at the end", f"{base.text}{one}"),
            (f"{many} at the end, {first} in front", f"{first} {base.text} {many}"),
            (f"{inside} at a pause", f"{base.text[:cut]}{inside}{writing.space}{base.text[cut:]}")]


def punctuation(base: BaseFact, rng: random.Random) -> list[Form]:
    forms = [_widths(base.text), _bare(base.text), _spaced(base.text, rng), _emphasis(base, rng)]
    if WRITING[base.language].full_width_digits:
        forms.append(("full-width digits and letters", _full_width_ascii(base.text)))
    usable = [f for f in forms if f[1] != base.text]
    return rng.sample(usable, min(3, len(usable)))


def _widths(text: str) -> Form:
    if any(c in text for c in FULL_WIDTH):
        return "half-width punctuation", replace_marks(text, FULL_WIDTH, FULL_TO_HALF)
    return "full-width punctuation", replace_marks(text, ",:?!.'", HALF_TO_FULL)


def _bare(text: str) -> Form:
    text = replace_marks(replace_marks(text, PAUSES, " "), PUNCTUATION, "")
    return "no punctuation", re.sub(r"\s+", " ", text).strip()


def _spaced(text: str, rng: random.Random) -> Form:
    text = re.sub(r"(\d+(?:\.\d+)?|[A-Za-z']+|[，,])", r" \1 ", text)
    return "extra spaces", f"{rng.choice(('', ' ', '  '))}{text}{rng.choice((' ', '  ', ''))}"


def _emphasis(base: BaseFact, rng: random.Random) -> Form:
    writing = WRITING[base.language]
    end = rng.choice(writing.question_ends if base.effect.kind == "answer" else writing.fact_ends)
    return f"{end} at the end", base.text.rstrip("？?") + end


def _full_width_ascii(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if c.isascii() and c.isalnum() else c for c in text)


def voice(base: BaseFact, rng: random.Random) -> list[Form]:
    """Dictated: one breath, no punctuation, units spelled out, an opener and a closer."""
    lang, writing = base.language, WRITING[base.language]
    spoken = _spoken_units(base).replace(writing.comma, rng.choice(writing.voice_pauses))
    body = replace_marks(replace_marks(spoken, PAUSES, rng.choice(writing.voice_pauses)), SPOKEN_MARKS, "")
    body = body if body.startswith("I ") else body[0].lower() + body[1:]
    opener, closer = rng.choice(VOICE_OPENERS[lang]), rng.choice(VOICE_CLOSERS[lang])
    space = writing.space
    return [("dictated with an opener and a closer", f"{opener}{space}{body}{space}{closer}"),
            ("dictated, one breath", f"{opener}{space}{body}")]


def _spoken_units(base: BaseFact) -> str:
    text, out, last = base.text, [], 0
    for q in quantities(text, base.language, base.family):
        spoken = VOICE_UNITS[base.language].get(q.spelling, q.spelling)
        out += [text[last:q.start], q.number, WRITING[base.language].space, spoken]
        last = q.end
    return "".join(out) + text[last:]


def numerals(base: BaseFact, rng: random.Random) -> list[Form]:
    said = spell_numbers(base.text, base.language)
    if said == base.text:
        return []
    colloquial = spell_numbers(base.text, base.language, colloquial=True)
    forms = [("numbers in words", said)]
    if colloquial != said:
        forms.append(("numbers in words, colloquial", colloquial))
    return forms


def units(base: BaseFact, rng: random.Random) -> list[Form]:
    respelled = respell_units(base.text, base.language, base.family, rng)
    if respelled == base.text:
        return []
    spaced = respell_units(base.text, base.language, base.family, rng, spacing=True)
    return [("units spelled another way", respelled), ("units spelled and spaced another way", spaced)]


def word_order(base: BaseFact, rng: random.Random) -> list[Form]:
    return [("another word order", order) for order in base.orders]
