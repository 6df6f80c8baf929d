"""Settings in words: 每天晚上9点发总结 / 用英文回复 / 时区改成 America/New_York / settings language en."""
from __future__ import annotations

import re
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from domain.extraction import SettingsChange
from domain.summary.time import parse_summary_time

_EXPLICIT = re.compile(r"^\s*/?settings?\s+(summary_time|language|timezone|medication_reminder|no_feeding_hours|"
                       r"open_sleep_hours)\s+(\S+)\s*$", re.I)
_REMIND = re.compile(r"提醒|remind", re.I)
_OFF = re.compile(r"关闭|关掉|取消|不用|不要|别|停止|\boff\b|\bstop\b|don'?t|disable", re.I)
_HOURS = re.compile(r"(\d+(?:\.\d+)?)\s*(?:个)?\s*(?:小时|钟头|h\b|hours?)", re.I)
_MEDICINE = re.compile(r"吃药|用药|喂药|药|medication|medicine|dose", re.I)
_FEED = re.compile(r"喂奶|吃奶|喝奶|没喂|没吃|feed|feeding", re.I)
_SLEEP = re.compile(r"睡|sleep|nap", re.I)
_SUMMARY = re.compile(r"总结|汇总|小结|summary|report", re.I)
_WHEN = re.compile(r"每天|改到|改成|设[为成]?|发|send|at\b|every", re.I)
_ENGLISH = re.compile(r"(用|说|改成|切换到?)英文|英文回复|reply in english|english please|speak english", re.I)
_CHINESE = re.compile(r"(用|说|改成|切换到?)中文|中文回复|reply in chinese|speak chinese|用汉语", re.I)
_ZONE = re.compile(r"(?:时区|timezone|time zone)\s*(?:改成|改为|设为|设成|是|to|is|=)?\s*([A-Za-z_]+/[A-Za-z_]+(?:/[A-Za-z_]+)?)", re.I)


def read_settings(text: str) -> SettingsChange | None:
    if m := _EXPLICIT.match(text):
        return _explicit(m.group(1).lower(), m.group(2))
    if _REMIND.search(text):
        return _reminder(text)
    if _ENGLISH.search(text):
        return SettingsChange(language="en")
    if _CHINESE.search(text):
        return SettingsChange(language="zh")
    if m := _ZONE.search(text):
        return SettingsChange(timezone=m.group(1)) if _valid_zone(m.group(1)) else None
    if _SUMMARY.search(text) and _WHEN.search(text):
        at = parse_summary_time(text)
        return SettingsChange(summary_time=at) if at else None
    return None


def _reminder(text: str) -> SettingsChange | None:
    """开启吃药提醒 / 超过4小时没喂奶提醒我 / 睡了超过6小时提醒我 / 关闭喂奶提醒 / remind me …"""
    off = bool(_OFF.search(text))
    hours = _HOURS.search(text)
    value = 0.0 if off else float(hours.group(1)) if hours else None
    if _MEDICINE.search(text):
        return SettingsChange(medication_reminder=not off)
    if _FEED.search(text) and value is not None:
        return SettingsChange(no_feeding_hours=value)
    if _SLEEP.search(text) and value is not None:
        return SettingsChange(open_sleep_hours=value)
    return None


def _explicit(name: str, value: str) -> SettingsChange | None:
    if name == "summary_time":
        return SettingsChange(summary_time=parse_summary_time(value) or value)
    if name == "language":
        return SettingsChange(language=value) if value in ("zh", "en") else None
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
