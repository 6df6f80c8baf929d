"""The families the base facts are said in: one per language and set of units, each with a baby of six months
(solids, bottles up to the vocabulary's ceiling) and two parents and a grandmother (a caregiver)."""
from __future__ import annotations

from bot.devtools.scenarios.model import FamilySpec, MemberSpec

SPEAKER = "mom"          # who says the base fact (a parent)
OTHER = "dad"            # the second speaker (a parent too: his words have the right to write)
CAREGIVER = "grandma"    # another second speaker, a caregiver (she may write too)

_BIRTH = "2025-11-01"

FAMILIES: dict[str, FamilySpec] = {
    "zh": FamilySpec(
        timezone="Asia/Shanghai", language="zh",
        babies=({"name": "小米", "birth_date": _BIRTH, "sex": "female"},),
        members=(MemberSpec("mom", "妈妈", "妈妈", "parent"), MemberSpec("dad", "爸爸", "爸爸", "parent"),
                 MemberSpec("grandma", "奶奶", "奶奶", "caregiver"))),
    "en_us": FamilySpec(
        timezone="America/New_York", language="en",
        babies=({"name": "Mia", "birth_date": _BIRTH, "sex": "female"},),
        members=(MemberSpec("mom", "Jess", "Mom", "parent"), MemberSpec("dad", "Tom", "Dad", "parent"),
                 MemberSpec("grandma", "Linda", "Grandma", "caregiver")),
        units=(("volume", "oz"), ("weight", "lb"), ("length", "in"), ("temperature", "f"))),
    "en_metric": FamilySpec(
        timezone="Europe/London", language="en",
        babies=({"name": "Mia", "birth_date": _BIRTH, "sex": "female"},),
        members=(MemberSpec("mom", "Jess", "Mum", "parent"), MemberSpec("dad", "Tom", "Dad", "parent"),
                 MemberSpec("grandma", "Linda", "Nana", "caregiver"))),
}


def language_of(family: str) -> str:
    return FAMILIES[family].language
