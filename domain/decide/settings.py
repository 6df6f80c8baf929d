"""Family settings (summary time, language, timezone): parents only, applied at once."""
from __future__ import annotations

import re

from domain.permissions import Permission, may
from domain.turn import Decision, Reply, Turn, UpdateSettings
from domain.vocabulary import ReplyKind

MAX_REMINDER_HOURS = 48
SETTING_NAMES = ("timezone", "language", "summary_time", "medication_reminder", "no_feeding_hours",
                 "open_sleep_hours", "push_to", "volume_unit", "weight_unit", "length_unit", "temperature_unit",
                 "clock")
UNIT_SETTINGS = {"volume_unit": "volume", "weight_unit": "weight", "length_unit": "length",
                 "temperature_unit": "temperature", "clock": "clock"}  # setting name → the field of DisplayUnits
SETTING_OF = {field: name for name, field in UNIT_SETTINGS.items()}     # the field of DisplayUnits → its setting
REMINDER_KEYS = ("medication_reminder", "no_feeding_hours", "open_sleep_hours")
_HH_MM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


def decide_settings(turn: Turn) -> Decision:
    if not may(turn.member.role, Permission.MANAGE):
        return Decision(Reply(ReplyKind.REFUSED, "manage_parent_only"), note="no right: settings")
    change = turn.extraction.settings.model_dump(exclude_none=True) if turn.extraction.settings else {}
    if not change or not _valid(change):
        return Decision(Reply(ReplyKind.ERROR, "settings_invalid"), note="settings: invalid")
    still = sorted(turn.asks - answered(change))         # set-up's other questions, asked again until answered
    return Decision(Reply(ReplyKind.UPDATED, "settings_set", {"change": change, "ask": still}),
                    (UpdateSettings(change),), note="settings")


def answered(change: dict) -> set[str]:
    """The set-up questions (language, timezone, units) a settings change answers."""
    return ({"language"} & change.keys()) | ({"timezone"} & change.keys()) | \
        ({"units"} if any(name in UNIT_SETTINGS and name != "clock" for name in change) else set())


def _valid(change: dict) -> bool:
    if "summary_time" in change and not _HH_MM.match(change["summary_time"]):
        return False
    hours = [change[k] for k in ("no_feeding_hours", "open_sleep_hours") if k in change]
    return all(0 <= h <= MAX_REMINDER_HOURS for h in hours)
