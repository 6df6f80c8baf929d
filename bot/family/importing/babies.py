"""Which of the family's babies a source's baby is, and what of its profile comes along.

- A one-baby source onto a one-baby family: that baby, whatever either is called.
- Otherwise by name or nickname; then a source baby still unmatched takes a family baby that has no
  records yet (a family just set up for the move, its baby still called 宝宝), in order.
- A baby the source names and the family does not have is added, with its profile.
- The profile (birth date, sex, birth weight and length, nicknames) is applied. The name too when the
  source is a full Fawn export or the family's baby still has the default name; otherwise the source's
  name becomes a nickname, so the family keeps calling the baby what it always has.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from bot.family.sources import BabyRef, SourceRow
from domain.replies.catalog import text
from domain.turn import BabyView
from domain.vocabulary import Language
from storage.unit_of_work import UnitOfWork

DEFAULT_NAMES = frozenset(text(lang, "baby.default_name") for lang in Language)
PROFILE = ("birth_date", "sex", "birth_weight_kg", "birth_height_cm")
MAX_NAME = 64


@dataclass
class BabyMap:
    """Source baby name → family baby id, and what changed on the way (for the report)."""

    ids: dict[str, int] = field(default_factory=dict)
    only: int | None = None                          # the family's one baby, for a one-baby source
    changes: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)

    def find(self, item: SourceRow) -> int | None:
        if item.baby is not None and item.baby.name in self.ids:
            return self.ids[item.baby.name]
        return self.only


async def match_babies(uow: UnitOfWork, family_id: int, named: list[BabyRef], full_export: bool) -> BabyMap:
    """Match (and apply profiles, add the missing) in the caller's unit of work."""
    babies = await uow.families.babies(family_id)
    found = BabyMap()
    if len(babies) == 1 and len({b.name for b in named}) <= 1:
        found.only = babies[0].id
        if named:
            await _apply(uow, babies[0], named[0], full_export, found)
            found.ids[named[0].name] = babies[0].id
        return found
    unmatched: list[BabyRef] = []
    for ref in named:
        baby = next((b for b in babies if ref.name in (b.name, *b.nicknames)), None)
        if baby is None:
            unmatched.append(ref)
            continue
        found.ids[ref.name] = baby.id
        await _apply(uow, baby, ref, full_export, found)
    await _pair_or_add(uow, family_id, babies, unmatched, found, full_export)
    return found


async def _pair_or_add(uow: UnitOfWork, family_id: int, babies: list[BabyView], unmatched: list[BabyRef],
                       found: BabyMap, full_export: bool) -> None:
    with_records = await uow.records.babies_with_records(family_id)
    free = [b for b in babies if b.id not in found.ids.values() and b.id not in with_records]
    for ref in unmatched:
        if free:
            baby = free.pop(0)
            found.ids[ref.name] = baby.id
            await _apply(uow, baby, ref, True, found)
        else:
            found.ids[ref.name] = await add_baby(uow, family_id, ref, found)


async def add_baby(uow: UnitOfWork, family_id: int, ref: BabyRef, found: BabyMap) -> int:
    spec = {**_profile(ref), "name": ref.name[:MAX_NAME]}
    baby_id = await uow.families.add_baby(family_id, spec)
    found.ids[ref.name] = baby_id
    found.added.append(ref.name)
    return baby_id


async def _apply(uow: UnitOfWork, baby: BabyView, ref: BabyRef, take_name: bool, found: BabyMap) -> None:
    changes: dict[str, Any] = {k: v for k, v in _profile(ref).items()
                               if k in PROFILE and v is not None and v != getattr(baby, k)}
    nicknames = set(baby.nicknames) | set(_profile(ref).get("nicknames") or ())
    name = ref.name[:MAX_NAME]
    if name != baby.name and (take_name or baby.name in DEFAULT_NAMES):
        changes["name"] = name
        if baby.name not in DEFAULT_NAMES:
            nicknames.add(baby.name)
    elif name != baby.name:
        nicknames.add(name)
    nicknames.discard(changes.get("name", baby.name))
    if nicknames != set(baby.nicknames):
        changes["nicknames"] = sorted(nicknames)
    if changes:
        await uow.families.update_profile(baby.id, changes)
        said = ", ".join(f"{k} {v}" for k, v in changes.items() if k != "name")
        found.changes.append(f"{baby.name} → {changes.get('name', baby.name)}" + (f" ({said})" if said else ""))


def _profile(ref: BabyRef) -> dict[str, Any]:
    profile = dict(ref.profile)
    birth = profile.get("birth_date") or ref.birth_date
    profile["birth_date"] = _date(birth) if isinstance(birth, str) else birth
    return profile


def _date(text_: str) -> date | None:
    try:
        return date.fromisoformat(text_[:10])
    except ValueError:
        return None
