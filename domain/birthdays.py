"""A birthday said without its year, and the month names an English birthday is said with — pure, shared by
the chat's reading (bot/understanding/readers/profile.py) and the terminal's set-up (bot/channels/console_setup.py)."""
from __future__ import annotations

from datetime import date

MONTHS: dict[str, int] = {name: number for number, names in enumerate(
    (("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"), ("may",), ("jun", "june"),
     ("jul", "july"), ("aug", "august"), ("sep", "sept", "september"), ("oct", "october"), ("nov", "november"),
     ("dec", "december")), start=1) for name in names}


def birthday(year: int | None, month: int, day: int, today: date) -> date:
    """The day said; without a year, the latest such day not after today (a baby is born before today).
    ValueError for a day no calendar has (2月30日)."""
    if year is not None:
        return date(year, month, day)
    this_year = date(today.year, month, day)
    return this_year if this_year <= today else date(today.year - 1, month, day)
