"""What the runner sees of a family: records, the active task, baby profiles — and changes."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class FamilyState:
    records: tuple[Mapping[str, Any], ...] = ()
    task: Mapping[str, Any] | None = None
    profiles: tuple[Mapping[str, Any], ...] = ()

    def by_id(self) -> dict[Any, Mapping[str, Any]]:
        return {record["id"]: record for record in self.records}

    def baby_names(self) -> dict[Any, str]:
        return {p["id"]: p["name"] for p in self.profiles if "id" in p and "name" in p}


@dataclass(frozen=True)
class Changes:
    """The records one turn created, changed (as they are now) and removed (as they were)."""

    written: tuple[Mapping[str, Any], ...] = ()
    updated: tuple[Mapping[str, Any], ...] = ()
    deleted: tuple[Mapping[str, Any], ...] = field(default_factory=tuple)

    @property
    def none(self) -> bool:
        return not (self.written or self.updated or self.deleted)


def state_of(snapshot: Any) -> FamilyState:
    """The service's snapshot (an object or a mapping) as a FamilyState."""
    def part(name: str) -> Any:
        return snapshot.get(name) if isinstance(snapshot, Mapping) else getattr(snapshot, name, None)

    return FamilyState(records=tuple(part("records") or ()), task=part("task"),
                       profiles=tuple(part("profiles") or ()))


def changes_between(before: FamilyState, after: FamilyState) -> Changes:
    old, new = before.by_id(), after.by_id()
    return Changes(
        written=tuple(r for key, r in new.items() if key not in old),
        updated=tuple(r for key, r in new.items() if key in old and dict(old[key]) != dict(r)),
        deleted=tuple(r for key, r in old.items() if key not in new))
