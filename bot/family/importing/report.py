"""What an import did: rows read, written, already there, rejected (with file, line, column and reason),
warnings, babies matched and changed, settings restored, authors mapped, and how long it held the
database for writing at a time."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.family.sources import Rejected


@dataclass
class ImportReport:
    read: int = 0                                        # rows of records the source holds
    written: int = 0
    skipped: int = 0                                     # already there (an earlier import, or the same record)
    rejected: list[Rejected] = field(default_factory=list)
    warnings: list[Rejected] = field(default_factory=list)
    amount_unknown: int = 0                              # bottle feeds imported without an amount
    babies_added: list[str] = field(default_factory=list)
    babies_changed: list[str] = field(default_factory=list)
    ignored_files: list[str] = field(default_factory=list)
    not_kept: list[str] = field(default_factory=list)    # what the source holds that Fawn keeps nowhere
    settings: dict[str, Any] | None = None               # the family's settings restored (--with-settings)
    authors: dict[str, str] = field(default_factory=dict)   # the source's author → who they are here
    batches: int = 0
    longest_batch_ms: float = 0.0                        # the longest write transaction

    @property
    def kept(self) -> int:
        return self.written + self.skipped

    def summary(self) -> dict[str, Any]:
        return {"read": self.read, "written": self.written, "skipped": self.skipped,
                "rejected": len(self.rejected), "warnings": len(self.warnings),
                "amount_unknown": self.amount_unknown, "babies_added": self.babies_added,
                "babies_changed": len(self.babies_changed), "settings": bool(self.settings),
                "batches": self.batches}
