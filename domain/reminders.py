"""One-off reminders (3小时后提醒我喂药): what one is, when it is due, what a task carries of one.

Pure: the shell stores them (storage/repositories/reminders.py) and delivers them (bot/push/one_off.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from domain.extraction import ReminderRequest

MAX_PENDING = 20                      # a family's reminders waiting at once
LONGEST_AHEAD = timedelta(days=7)     # a reminder further ahead than this is refused
SHORTEST_AHEAD = timedelta(minutes=1)
TASK_SLOT = "reminder"                # a task that records what was said with a reminder keeps it here


@dataclass(frozen=True)
class ReminderView:
    """A reminder still to go, in the family's zone."""

    id: int
    due_at: datetime
    about: str | None
    member_id: int | None            # who asked for it
    created_at: datetime
    record_id: int | None = None     # the record said with it (刚喂了药，6小时后提醒我)


def due_time(request: ReminderRequest, now: datetime) -> datetime | None:
    """When a reminder asked for now is due: so long from now, or at the time named; None when neither."""
    if request.after_min is not None:
        return now + timedelta(minutes=request.after_min)
    if request.at is not None:
        return request.at.astimezone(now.tzinfo)
    return None


def due_problem(due: datetime, now: datetime) -> str | None:
    """'past' or 'too_far' when a reminder cannot be set for that time."""
    if due < now + SHORTEST_AHEAD:
        return "past"
    if due > now + LONGEST_AHEAD:
        return "too_far"
    return None


def carried(slots: dict[str, Any]) -> tuple[datetime, str | None] | None:
    """The reminder a task keeps (set with the record it is writing), if any."""
    kept = slots.get(TASK_SLOT)
    if not isinstance(kept, dict) or not isinstance(kept.get("due_at"), str):
        return None
    try:
        due = datetime.fromisoformat(kept["due_at"])
    except ValueError:
        return None
    return (due, kept.get("about")) if due.tzinfo is not None else None


def to_carry(due: datetime, about: str | None) -> dict[str, Any]:
    return {"due_at": due.isoformat(), "about": about}
