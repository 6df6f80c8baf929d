"""Transformations of the message's own text: each takes a base and a seeded random source and returns
(form, text) pairs — the form says in a few words what was done. None of them changes what the message says
about the baby: the numbers, units and record words stay (typos change spelling, never a number)."""
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
    QWERTY_NEIGHBOURS,
    VOICE_CLOSERS,
    VOICE_OPENERS,
    VOICE_UNITS,
    ZH_HOMOPHONES,
)
from bot.devtools.variations.quantities import quantities, respell_units, spell_numbers

Form = tuple[str, str]
ZH_BREAK = re.compile(r"[，,、 ]")
EN_BREAK = re.compile(r", ")
ZH_PUNCTUATION = "，。！？：、,.!?:"
EN_PUNCTUATION = ",.!?:;'’"
ZH_DOUBLED = "喝喂吃睡醒换量吸趴记打称"       # a key pressed twice: 喝喝了
HALF_TO_FULL_MARKS = {",": "，", ":": "：", "?": "？", "!": "！", ".": "。", "'": "’"}
FULL_TO_HALF = str.maketrans({"，": ",", "：": ":", "？": "?", "！": "!", "。": ".", "、": ","})


def fillers(base: BaseFact, rng: random.Random) -> list[Form]:
    lang, text = base.language, base.text
    front, end = rng.choice(FILLERS_FRONT[lang]), rng.choice(FILLERS_END[lang])
    joiner = rng.choice(("，", " ", "", "～")) if lang == "zh" else rng.choice((", ", " ", "... "))
    forms = [(f"{front} in front", f"{front}{joiner}{text}"),
             (f"{end} at the end", f"{text}{' ' if lang == 'en' or rng.random() < 0.3 else ''}{end}")]
    breaks = list((ZH_BREAK if lang == "zh" else EN_BREAK).finditer(text))
    if breaks:
        cut, middle = rng.choice(breaks), rng.choice(FILLERS_MIDDLE[lang])
        said = f"{middle}，" if lang == "zh" else f"{middle}, "
        forms.append((f"{middle} in the middle", text[:cut.end()] + said + text[cut.end():]))
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
    breaks = list((ZH_BREAK if base.language == "zh" else EN_BREAK).finditer(base.text))
    if not breaks:
        return [(f"{one} at the end", f"{base.text}{one}"),
                (f"{many} at the end, {first} in front", f"{first} {base.text} {many}"),
                (f"{inside} in front, {one} at the end", f"{inside}{base.text}{one}")]
    cut = rng.choice(breaks).end()
    space = " " if base.language == "en" else ""
    return [(f"{one} at the end", f"{base.text}{one}"),
            (f"{many} at the end, {first} in front", f"{first} {base.text} {many}"),
            (f"{inside} at a pause", f"{base.text[:cut]}{inside}{space}{base.text[cut:]}")]


def punctuation(base: BaseFact, rng: random.Random) -> list[Form]:
    forms = [_widths(base), _bare(base), _spaced(base, rng), _emphasis(base, rng)]
    if base.language == "zh":
        forms.append(("full-width digits and letters", _full_width_ascii(base.text)))
    usable = [f for f in forms if f[1] != base.text]
    return rng.sample(usable, min(3, len(usable)))


def in_number(text: str, i: int) -> bool:
    """Whether the mark at i is a decimal point or a clock's colon (2.5, 2:30): never touched."""
    return text[i] in ".:" and 0 < i < len(text) - 1 and text[i - 1].isdigit() and text[i + 1].isdigit()


def replace_marks(text: str, marks: str, by: dict[str, str] | str) -> str:
    """Each mark of `marks` replaced (by a mapping, or one string), except inside numbers."""
    def new(i: int, c: str) -> str:
        if c not in marks or in_number(text, i):
            return c
        return by if isinstance(by, str) else by.get(c, c)
    return "".join(new(i, c) for i, c in enumerate(text))


def _widths(base: BaseFact) -> Form:
    text = base.text
    if base.language == "zh" and any(c in text for c in "，：？！。、"):
        return "half-width punctuation", text.translate(FULL_TO_HALF)
    return "full-width punctuation", replace_marks(text, ",:?!.'", HALF_TO_FULL_MARKS)


def _bare(base: BaseFact) -> Form:
    marks = ZH_PUNCTUATION if base.language == "zh" else EN_PUNCTUATION
    text = replace_marks(base.text, "，,", " ") if base.language == "zh" else base.text
    return "no punctuation", re.sub(r"\s+", " ", replace_marks(text, marks, "")).strip()


def _spaced(base: BaseFact, rng: random.Random) -> Form:
    text = base.text
    if base.language == "zh":
        text = re.sub(r"(\d+(?:\.\d+)?|[A-Za-z]+|[，,])", r" \1 ", text)
    else:
        text = re.sub(r" ", lambda _: rng.choice(("  ", " ", "   ")), text)
    return "extra spaces", f"{rng.choice(('', ' ', '  '))}{text}{rng.choice((' ', '  ', ''))}"


def _emphasis(base: BaseFact, rng: random.Random) -> Form:
    question = base.effect.kind == "answer"
    if base.language == "zh":
        end = rng.choice(("？？", "??") if question else ("！！", "。。。", "~~", "!!", "。"))
        return f"{end} at the end", base.text.rstrip("？?") + end
    end = rng.choice(("??", "???") if question else ("!!", "...", "!!!", "."))
    return f"{end} at the end", base.text.rstrip("?") + end


def _full_width_ascii(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if c.isascii() and c.isalnum() else c for c in text)


def voice(base: BaseFact, rng: random.Random) -> list[Form]:
    """Dictated: one breath, no punctuation, units spelled out, an opener and a closer."""
    lang = base.language
    spoken = _spoken_units(base)
    if lang == "zh":
        body = "".join(rng.choice((" ", "")) if c in "，,、。！？?!：:" and not in_number(spoken, i) else c
                       for i, c in enumerate(spoken))
    else:
        body = replace_marks(spoken.replace(", ", rng.choice((" and ", " "))), ",.!?:;", "")
        body = body[0].lower() + body[1:] if not body.startswith("I ") else body
    opener, closer = rng.choice(VOICE_OPENERS[lang]), rng.choice(VOICE_CLOSERS[lang])
    space = "" if lang == "zh" else " "
    return [("dictated with an opener and a closer", f"{opener}{space}{body}{space}{closer}"),
            ("dictated, one breath", f"{opener}{space}{body}")]


def _spoken_units(base: BaseFact) -> str:
    text, out, last = base.text, [], 0
    for q in quantities(text, base.language, base.family):
        spoken = VOICE_UNITS[base.language].get(q.spelling, q.spelling)
        out += [text[last:q.start], q.number, "" if base.language == "zh" else " ", spoken]
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


def typos(base: BaseFact, rng: random.Random) -> list[Form]:
    """A slip or two. Words the base's record keeps verbatim (a note's text, a food, a medicine: the `~`
    fields) are left alone: a typo there is stored as typed, which is right, not a misreading."""
    kept = " ".join(str(v)[1:].lower() for r in base.effect.records for v in r.fields.values()
                    if isinstance(v, str) and v.startswith("~"))
    return _zh_typos(base.text, rng, kept) if base.language == "zh" else _en_typos(base.text, rng, kept)


def _zh_typos(text: str, rng: random.Random, kept: str) -> list[Form]:
    found = [(right, wrong) for right, wrong in ZH_HOMOPHONES if right in text and right not in kept]
    forms = [(f"{right} typed {wrong}", text.replace(right, wrong, 1))
             for right, wrong in rng.sample(found, min(2, len(found)))]
    hanzi = [i for i, c in enumerate(text) if c in ZH_DOUBLED and c not in kept]
    if len(forms) < 3 and hanzi:
        i = rng.choice(hanzi)
        forms.append((f"{text[i]} typed twice", text[:i + 1] + text[i:]))
    return forms


def _en_typos(text: str, rng: random.Random, kept: str) -> list[Form]:
    protected = {q.spelling.lower() for q in quantities(text, "en")}
    words = [m for m in re.finditer(r"[A-Za-z']{4,}", text)
             if m.group().lower() not in protected and m.group().lower() not in kept]
    forms: list[Form] = []
    for match in rng.sample(words, min(3, len(words))):
        word = match.group()
        typo = _misspelled(word, rng)
        if typo != word:
            forms.append((f"{word} typed {typo}", text[:match.start()] + typo + text[match.end():]))
    return forms


def _misspelled(word: str, rng: random.Random) -> str:
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


def word_order(base: BaseFact, rng: random.Random) -> list[Form]:
    return [("another word order", order) for order in base.orders]
