"""Typos that keep the meaning: pinyin slips and a key pressed twice in Chinese; swapped, dropped, doubled or
neighbouring letters and a lost apostrophe in English. Never in a number or a unit, nor in the words a record
keeps verbatim (a note's text, a food, a medicine): a typo there is stored as typed, which is right."""
from __future__ import annotations

import random
import re

from bot.devtools.variations.facts import BaseFact
from bot.devtools.variations.lexicon import QWERTY_NEIGHBOURS, ZH_HOMOPHONES
from bot.devtools.variations.quantities import quantities

Form = tuple[str, str]
ZH_DOUBLED = "喝喂吃睡醒换量吸趴记打称"       # a key pressed twice: 喝喝了


def typos(base: BaseFact, rng: random.Random) -> list[Form]:
    kept = " ".join(str(v)[1:].lower() for r in base.effect.records for v in r.fields.values()
                    if isinstance(v, str) and v.startswith("~"))
    return TYPISTS[base.language](base, rng, kept)


def _pinyin_slips(base: BaseFact, rng: random.Random, kept: str) -> list[Form]:
    text = base.text
    found = [(right, wrong) for right, wrong in ZH_HOMOPHONES if right in text and right not in kept]
    forms = [(f"{right} typed {wrong}", text.replace(right, wrong, 1))
             for right, wrong in rng.sample(found, min(2, len(found)))]
    doubled = [i for i, c in enumerate(text) if c in ZH_DOUBLED and c not in kept]
    if len(forms) < 3 and doubled:
        i = rng.choice(doubled)
        forms.append((f"{text[i]} typed twice", text[:i + 1] + text[i:]))
    return forms


def _slips_of_the_finger(base: BaseFact, rng: random.Random, kept: str) -> list[Form]:
    text = base.text
    protected = {q.spelling.lower() for q in quantities(text, base.language, base.family)}
    words = [m for m in re.finditer(r"[A-Za-z']{4,}", text)
             if m.group().lower() not in protected and m.group().lower() not in kept]
    forms: list[Form] = []
    for match in rng.sample(words, min(3, len(words))):
        word = match.group()
        typo = misspelled(word, rng)
        if typo != word:
            forms.append((f"{word} typed {typo}", text[:match.start()] + typo + text[match.end():]))
    return forms


def misspelled(word: str, rng: random.Random) -> str:
    if "'" in word:
        return word.replace("'", "")                              # she's → shes
    i = rng.randrange(1, len(word) - 1)
    edit = rng.choice(("swap", "drop", "double", "neighbour"))
    if edit == "swap":
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    if edit == "drop":
        return word[:i] + word[i + 1:]
    if edit == "double":
        return word[:i] + word[i] + word[i:]
    near = QWERTY_NEIGHBOURS.get(word[i].lower(), word[i])
    return word[:i] + rng.choice(near) + word[i + 1:]


TYPISTS = {"zh": _pinyin_slips, "en": _slips_of_the_finger}
