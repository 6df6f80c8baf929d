"""The SQLite file under a running Fawn: deleted or replaced (a cleanup script, a restore copied over it),
SQLite writes on into the unlinked file and all of it is gone when the process ends — silently. Every unit
of work looks first (one stat of the path, about a microsecond) and refuses while the path no longer holds
the file Fawn opened: `Unavailable`, so a channel leaves the message for the platform to deliver again, and
one CRITICAL line says what happened and what to do."""
from __future__ import annotations

import logging
import os
from pathlib import Path

from storage.errors import Unavailable

log = logging.getLogger("fawn.storage")


class SqliteFileWatch:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.opened: tuple[int, int] | None = None     # (device, inode) of the file the first connection opened
        self.told = False

    def connected(self, *_: object) -> None:
        """An engine "connect" event: the first connection names the file; a later one that opened another
        file (the old one was deleted and SQLite made a new, empty one) is refused at the next check."""
        if self.opened is None:
            self.opened = self._identity()

    def check(self) -> None:
        if self.opened is None:
            return
        now = self._identity()
        if now == self.opened:
            return
        what = "deleted" if now is None else "replaced"
        if not self.told:
            self.told = True
            log.critical("the SQLite file %s was %s while Fawn runs: nothing more is written (every message waits "
                         "for the platform to deliver it again); put the file back or restart Fawn", self.path, what)
        raise Unavailable(f"the SQLite file was {what}")

    def _identity(self) -> tuple[int, int] | None:
        try:
            found = os.stat(self.path)
        except FileNotFoundError:
            return None
        return found.st_dev, found.st_ino
