"""What the database can say no to. bot/ catches these, never a SQLAlchemy exception."""
from __future__ import annotations


class Conflict(Exception):
    """A write lost to a concurrent one (a unique key or a compare-and-set). The turn is retried."""


class TaskConflict(Conflict):
    """Someone else changed the task first (compare-and-set lost)."""


class Unavailable(Exception):
    """The database could not be reached, timed out or stayed locked: nothing was kept, and the same
    work can be tried again later (a channel then leaves the message unacknowledged). `connection_lost`:
    a pooled connection turned out dead (the server restarted); the pool drops it, so trying again at
    once gets a fresh one."""

    def __init__(self, what: str, connection_lost: bool = False) -> None:
        super().__init__(what)
        self.connection_lost = connection_lost


class Unreachable(Unavailable):
    """The database cannot be reached or opened at all (a wrong host or port, a server that is down, an
    unknown database or role, a file that cannot be opened): one line to show, its password hidden."""
