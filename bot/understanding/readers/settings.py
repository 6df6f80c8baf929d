"""Settings in words: 每天晚上9点发总结 / 用英文回复 / 时区改成 America/New_York / settings language en."""
from __future__ import annotations

import re
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.understanding import words as w
from bot.understanding.readers.units import read_units_setting
from bot.understanding.readers.zones import said_zone
from domain.extraction import SettingsChange
from domain.summary.time import parse_summary_time

_EXPLICIT = re.compile(r"^\s*/?settings?\s+(summary_time|language|timezone|medication_reminder|no_feeding_hours|push_to|"
                       r"open_sleep_hours|clock)\s+(\S+)\s*$", re.I)
_CLOCK = re.compile(r"(?P<hours>12|24|十二|二十四)\s*-?\s*(?:hours?|hr|h|小时|點|点)\s*(?:clock|time|format|制)"
                    r"|\b(?P<ampm>(?:use|show|with)\s+am\s*/\s*pm)\b", re.I)
_HOURS = re.compile(r"(\d+(?:\.\d+)?)\s*(?:个)?\s*(?:小时|钟头|h\b|hours?)", re.I)
_ZONE = re.compile(r"(?:时区|timezone|time zone)\s*(?:改成|改为|设为|设成|是|to|is|=)?\s*([A-Za-z_]+/[A-Za-z_]+(?:/[A-Za-z_]+)?)", re.I)


def read_settings(text: str) -> SettingsChange | None:
    if units := read_units_setting(text):
        return units
    if m := _EXPLICIT.match(text):
        return _explicit(m.group(1).lower(), m.group(2))
    if m := w.PUSH_TO.search(text):
        return SettingsChange(push_to="private" if m.group("private") or m.group("private2") else "group")
    if w.REMIND.search(text):
        return _reminder(text)
    if w.IN_ENGLISH.search(text):
        return SettingsChange(language="en")
    if w.IN_CHINESE.search(text):
        return SettingsChange(language="zh")
    if m := _CLOCK.search(text):
        return SettingsChange(clock="12h" if m["ampm"] or m["hours"] in ("12", "十二") else "24h")
    if zone := said_zone(text):              # time zone New York / we're in Chicago / 时区 上海
        return SettingsChange(timezone=zone)
    if m := _ZONE.search(text):
        return SettingsChange(timezone=m.group(1)) if _valid_zone(m.group(1)) else None
    if w.SUMMARY_NOUN.search(text) and w.SEND_AT.search(text):
        at = parse_summary_time(text)
        return SettingsChange(summary_time=at) if at else None
    return None


def _reminder(text: str) -> SettingsChange | None:
    """开启吃药提醒 / 超过4小时没喂奶提醒我 / 睡了超过6小时提醒我 / 关闭喂奶提醒 / remind me …"""
    off = bool(w.TURN_OFF.search(text))
    hours = _HOURS.search(text)
    value = 0.0 if off else float(hours.group(1)) if hours else None
    if w.MEDICATION.search(text):
        return SettingsChange(medication_reminder=not off)
    if w.NO_FEEDING.search(text) and value is not None:
        return SettingsChange(no_feeding_hours=value)
    if w.SLEEP_WORDS.search(text) and value is not None:
        return SettingsChange(open_sleep_hours=value)
    return None


def _explicit(name: str, value: str) -> SettingsChange | None:
    if name == "summary_time":
        return SettingsChange(summary_time=parse_summary_time(value) or value)
    if name == "language":
        return SettingsChange(language=value) if value in ("zh", "en") else None
    if name == "clock":
        hours = value.lower().rstrip("h")
        return SettingsChange(clock=f"{hours}h") if hours in ("12", "24") else None
    if name == "push_to":
        return SettingsChange(push_to=value) if value in ("group", "private") else None
    if name == "medication_reminder":
        return SettingsChange(medication_reminder=value.lower() in ("on", "true", "1", "yes", "开"))
    if name in ("no_feeding_hours", "open_sleep_hours"):
        hours = _number(value)
        return SettingsChange(**{name: hours}) if hours is not None else None
    return SettingsChange(timezone=value) if _valid_zone(value) else None


def _valid_zone(name: str) -> bool:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


def _number(value: str) -> float | None:
    if value.lower() in ("off", "0", "关"):
        return 0.0
    try:
        return float(value)
    except ValueError:
        return None
