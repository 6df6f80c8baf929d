"""What an import reads, whatever the format: the babies a source names, its rows — each with the file and
line it came from and, for every field, the column and text it was read from (so a reason speaks the
file's words, not Fawn's) — or the reason a row could not be read."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from domain.vocabulary import RecordType

Hint = Callable[[str, float], str | None]     # (Fawn field, value as read) → a hint for the operator, or None


@dataclass(frozen=True)
class BabyRef:
    """A baby as a source names it (BabyBuddy's child, or a Fawn export's baby)."""

    name: str
    birth_date: str | None = None
    profile: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Cell:
    """Where a value came from: the file's column and the text in it."""

    column: str
    text: str


@dataclass(frozen=True)
class SourceRow:
    file: str
    line: int
    baby: BabyRef | None          # None: the source does not say which baby
    baby_key: str | None          # the source's own id for the baby (BabyBuddy's child_id)
    record_type: RecordType
    slots: dict[str, Any]
    created_by: str | None = None  # who wrote it, as the source names them
    cells: Mapping[str, Cell] = field(default_factory=dict)   # Fawn field → the column it was read from
    created_at: datetime | None = None   # when the source says it was written (a Fawn export)


@dataclass(frozen=True)
class Rejected:
    """A row not imported (or, as a warning, imported but worth a look): where, which column, why."""

    file: str
    line: int
    reason: str
    column: str | None = None
    text: str | None = None

    def __str__(self) -> str:
        said = "" if self.column is None else f"{self.column} {self.text or ''!r}: "
        return f"{self.file}:{self.line}: {said}{self.reason}"


@dataclass
class Source:
    babies: list[BabyRef] = field(default_factory=list)
    rows: Iterable[SourceRow | Rejected] = ()
    ignored: list[str] = field(default_factory=list)     # files that are not a known kind
    not_kept: list[str] = field(default_factory=list)    # what the source holds that Fawn keeps nowhere, said once
    hint: Hint | None = None                             # e.g. "inches? import with --units in"
    family: Mapping[str, Any] | None = None              # a Fawn export's family settings (--with-settings)
