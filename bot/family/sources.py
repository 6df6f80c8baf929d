"""What an import reads, whatever the format: the babies a source names and its rows, each with the
file and line it came from, or the reason it could not be read."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from domain.vocabulary import RecordType


@dataclass(frozen=True)
class BabyRef:
    """A baby as a source names it (BabyBuddy's child, or a Fawn export's baby)."""

    name: str
    birth_date: str | None = None
    profile: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SourceRow:
    file: str
    line: int
    baby: BabyRef | None          # None: the source does not say which baby
    baby_key: str | None          # the source's own id for the baby (BabyBuddy's child_id)
    record_type: RecordType
    slots: dict[str, Any]
    created_by: str | None = None  # who wrote it, as the source names them


@dataclass(frozen=True)
class Rejected:
    file: str
    line: int
    reason: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.reason}"


@dataclass
class Source:
    babies: list[BabyRef] = field(default_factory=list)
    rows: Iterable[SourceRow | Rejected] = ()
    ignored: list[str] = field(default_factory=list)     # files that are not a known kind
