"""A Fawn export's family settings (zone, language, summary time, units, reminders, where pushes go),
checked before they replace the family's (`fawn import … --with-settings`). Anything unknown is left out."""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from domain.limits import known_zone
from domain.units import UNIT_CHOICES
from domain.vocabulary import Language

CLOCK = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
REMINDER_KEYS = ("medication", "no_feeding_hours", "open_sleep_hours")
PUSH_TO = ("group", "private")


def restorable(family: Mapping[str, Any]) -> dict[str, Any]:
    """The settings of an exported family that can be applied here: columns and the settings JSON."""
    found: dict[str, Any] = {}
    if isinstance(family.get("timezone"), str) and known_zone(family["timezone"]):
        found["timezone"] = family["timezone"]
    if family.get("language") in {lang.value for lang in Language}:
        found["language"] = family["language"]
    if isinstance(family.get("summary_time"), str) and CLOCK.match(family["summary_time"]):
        found["summary_time"] = family["summary_time"]
    stored = family.get("settings") if isinstance(family.get("settings"), Mapping) else {}
    found["settings"] = _settings_json(stored)
    return found


def _settings_json(stored: Mapping[str, Any]) -> dict[str, Any]:
    units = stored.get("units") if isinstance(stored.get("units"), Mapping) else {}
    reminders = stored.get("reminders") if isinstance(stored.get("reminders"), Mapping) else {}
    kept: dict[str, Any] = {
        "units": {q: u for q, u in units.items() if u in UNIT_CHOICES.get(q, ())},
        "reminders": {k: v for k, v in reminders.items() if k in REMINDER_KEYS and _reminder(v)}}
    if stored.get("push_to") in PUSH_TO:
        kept["push_to"] = stored["push_to"]
    return {k: v for k, v in kept.items() if v}


def _reminder(value: Any) -> bool:
    return value is None or isinstance(value, bool) or isinstance(value, (int, float)) and 0 < value <= 72

