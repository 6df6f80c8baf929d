"""The hard limits of every value an extraction may carry: numbers, texts, times and zone names.

A value outside them is never used (records.py holds the finer, per-record plausibility ranges).
"""
from __future__ import annotations

import math
import unicodedata
from datetime import date, datetime, time, timedelta, tzinfo
from functools import lru_cache
from zoneinfo import available_timezones

from domain.records import BOUNDS, DOSE_BOUNDS, Bound, Problem

EARLIEST = date(2000, 1, 1)
AHEAD = timedelta(days=1)          # a time more than this after now is impossible, not just implausible

# The loosest bound a field can have in any record (a dose's bound depends on its unit).
SLOT_BOUNDS: dict[str, Bound] = {
    **BOUNDS, "dose": Bound(min(b.hard_min for b in DOSE_BOUNDS.values()),
                            max(b.hard_max for b in DOSE_BOUNDS.values()), 0, 0)}
PROFILE_BOUNDS: dict[str, Bound] = {"birth_weight_kg": Bound(0.3, 10, 0, 0), "birth_height_cm": Bound(20, 70, 0, 0)}
REMINDER_BOUNDS: dict[str, Bound] = {"after_min": Bound(1, 7 * 24 * 60, 0, 0), "which": Bound(1, 100, 0, 0)}
SETTINGS_BOUNDS: dict[str, Bound] = {"no_feeding_hours": Bound(0, 48, 0, 0), "open_sleep_hours": Bound(0, 48, 0, 0)}

NAME_MAX = 32            # a baby's name or nickname, a member's name or title as said
SHORT_MAX = 100          # food, medicine, symptom, vaccine, a milestone, enum-like words
LONG_MAX = 2000          # a note, a caption (a message is at most this long)
LONG_FIELDS = frozenset({"text", "caption", "notes"})
NAME_FIELDS = frozenset({"name", "nickname", "member", "title", "baby"})


def number_problem(name: str, value: float, bound: Bound | None) -> Problem | None:
    """Non-finite numbers, negatives and values outside the hard limits are refused."""
    if abs(value) > 1e12 or not math.isfinite(value):       # a 400-digit int is finite but no float
        return Problem(name, "not_a_number", True, {"value": None})
    if value < 0:
        return Problem(name, "negative", True, {"value": value})
    if bound is not None and not bound.hard_min <= value <= bound.hard_max:
        return Problem(name, "absurd", True, {"value": value})
    return None


def clean_text(value: str) -> str | None:
    """Lone surrogates, NUL and other control characters removed (line breaks kept); blank is None."""
    kept = "".join(c for c in value if c in "\n\t" or unicodedata.category(c) not in ("Cs", "Cc"))
    kept = kept.strip()
    return kept or None


def text_limit(name: str) -> int:
    return LONG_MAX if name in LONG_FIELDS else NAME_MAX if name in NAME_FIELDS else SHORT_MAX


def text_problem(name: str, value: str) -> Problem | None:
    return Problem(name, "too_long_text", True, {"limit": text_limit(name)}) if len(value) > text_limit(name) else None


def aware(value: datetime, zone: tzinfo) -> datetime:
    """A time without a UTC offset is read in the family's zone."""
    return value.replace(tzinfo=zone) if value.tzinfo is None or value.utcoffset() is None else value


def time_problem(name: str, value: datetime, now: datetime, earliest: date) -> Problem | None:
    """A time must fall between the earliest possible day (2000, or the baby's birth) and a day from now."""
    if not EARLIEST.year <= value.year <= now.year + 1:      # checked before any zone arithmetic can overflow
        return Problem(name, "out_of_window", True)
    local = value.astimezone(now.tzinfo)
    if local > now + AHEAD:
        return Problem(name, "too_far_ahead", True)
    if local < datetime.combine(earliest, time(0), now.tzinfo):
        return Problem(name, "before_birth" if earliest > EARLIEST else "out_of_window", True)
    return None


def date_problem(name: str, value: date, today: date) -> Problem | None:
    if not EARLIEST <= value <= today + AHEAD:
        return Problem(name, "out_of_window", True)
    return None


NOT_A_PLACE = frozenset({"localtime", "Factory", "posixrules"})
"""Files the system's zone folder holds that name no place: the machine's own zone (`localtime`, whatever
the server is set to) and tzdata's placeholder `Factory` ("-00")."""


@lru_cache(maxsize=1)
def _zone_names() -> frozenset[str]:
    return frozenset(available_timezones()) - NOT_A_PLACE


def known_zone(name: str) -> bool:
    """Only names the IANA database knows for a place ('Asia/Beijing' is not one; nor are `localtime` and
    `Factory`, which the system's zone folder also holds)."""
    return name in _zone_names()


# One bottle for this baby: about 40 ml per kg of weight, else by age (the vocabulary's 350 ml is the ceiling).
BOTTLE_ML_PER_KG = 40
BOTTLE_ML_FLOOR = 90
BOTTLE_BY_AGE_DAYS: tuple[tuple[int, float], ...] = ((14, 120), (60, 180), (120, 240), (180, 270))


def bottle_max_ml(birth_date: date | None, weight_kg: float | None, today: date) -> float:
    """The largest bottle that is plausible without asking: 6 kg → 240 ml; a 3-week-old without a weight →
    180 ml; nothing known → the vocabulary's 350 ml."""
    ceiling = BOUNDS["amount_ml"].plausible_max
    if weight_kg:
        return max(BOTTLE_ML_FLOOR, min(ceiling, round(weight_kg * BOTTLE_ML_PER_KG / 10) * 10))
    if birth_date is not None:
        age = (today - birth_date).days
        return next((ml for days, ml in BOTTLE_BY_AGE_DAYS if age < days), ceiling)
    return ceiling


# Measures a baby of this age can plausibly have (a wide band around WHO's weight-, length- and head-for-age,
# both sexes): outside it a measure is read back before it is written (45 lb at two months is a slip).
GROWTH_BY_AGE_MONTHS: dict[str, tuple[tuple[float, float, float], ...]] = {
    "weight_kg": ((0, 1.8, 5.5), (2, 3.0, 8.0), (4, 4.2, 10.0), (6, 5.0, 11.0), (12, 6.5, 13.5), (24, 8.0, 17.0),
                  (36, 9.5, 20.5), (60, 12.0, 28.0)),
    "height_cm": ((0, 43, 57), (2, 50, 66), (4, 55, 71), (6, 59, 75), (12, 66, 83), (24, 76, 97), (36, 84, 106),
                  (60, 96, 125)),
    "head_cm": ((0, 30, 38.5), (2, 35, 42.5), (6, 39, 46.5), (12, 42, 49), (24, 44, 51.5), (60, 46, 54)),
}


def growth_range(measure: str, birth_date: date | None, today: date) -> tuple[float, float] | None:
    """(low, high) a measure of a baby born on `birth_date` plausibly has today, or None (no birth date)."""
    table = GROWTH_BY_AGE_MONTHS.get(measure)
    if table is None or birth_date is None or birth_date > today:
        return None
    months = (today - birth_date).days / 30.44
    for (m0, lo0, hi0), (m1, lo1, hi1) in zip(table, table[1:], strict=False):
        if months <= m1:
            share = max(0.0, (months - m0) / (m1 - m0))
            return lo0 + share * (lo1 - lo0), hi0 + share * (hi1 - hi0)
    return table[-1][1], table[-1][2]
