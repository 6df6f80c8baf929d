"""How each language is typed — what separates words, where a pause falls, which marks end a message — so
that the transformations never ask which language they write: they look its writing up here."""
from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Writing:
    space: str                           # between words: "" in Chinese, " " in English
    pause: re.Pattern[str]               # where a clause ends, so something can go in between
    comma: str                           # a pause typed
    filler_joiners: tuple[str, ...]      # between a filler in front and the message
    end_joiners: tuple[str, ...]         # between the message and a filler at its end
    clause_joiners: tuple[str, ...]      # between the message and a grown-up's sentence
    voice_pauses: tuple[str, ...]        # what a dictation engine leaves for a pause
    fact_ends: tuple[str, ...]           # emphasis at the end of a fact (never a question mark)
    question_ends: tuple[str, ...]
    full_width_digits: bool              # an input method that types ９０ｍｌ


WRITING: dict[str, Writing] = {
    "zh": Writing(space="", pause=re.compile(r"[，,、 ]"), comma="，", filler_joiners=("，", " ", "", "～"),
                  end_joiners=("", "", " "), clause_joiners=("，", "。", " "), voice_pauses=(" ", ""),
                  fact_ends=("！！", "。。。", "~~", "!!", "。"), question_ends=("？？", "??"), full_width_digits=True),
    "en": Writing(space=" ", pause=re.compile(r", "), comma=", ", filler_joiners=(", ", " ", "... "),
                  end_joiners=(" ",), clause_joiners=(", ", ". ", " and "), voice_pauses=(" and ", " "),
                  fact_ends=("!!", "...", "!!!", "."), question_ends=("??", "???"), full_width_digits=False),
}

PUNCTUATION = "，。！？：、,.!?:;'’"
PAUSES = "，,、"
FULL_WIDTH = "，：？！。、"
HALF_TO_FULL = {",": "，", ":": "：", "?": "？", "!": "！", ".": "。", "'": "’"}
FULL_TO_HALF = {"，": ",", "：": ":", "？": "?", "！": "!", "。": ".", "、": ","}


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
