"""Which baby a name means: the name, a nickname, or 大宝 / 二宝 (老大 / 老二) / 小宝 (the youngest) by birth order."""
from __future__ import annotations

from domain.turn import BabyView

ORDINALS = {"大宝": 0, "老大": 0, "二宝": 1, "老二": 1, "三宝": 2, "老三": 2, "小宝": -1}   # 小宝: the youngest


def baby_named(babies: tuple[BabyView, ...], said: str | None) -> BabyView | None:
    if not said:
        return None
    for baby in babies:
        if said == baby.name or said in baby.nicknames:
            return baby
    index = ORDINALS.get(said)
    ordered = sorted(babies, key=lambda b: (b.birth_date is None, b.birth_date, b.id))
    return ordered[index] if index is not None and index < len(ordered) and len(ordered) > 1 else None
