"""Settings in words: 每天晚上9点发总结 / 用英文回复 / 时区改成 America/New_York / settings language en."""
from __future__ import annotations

import re
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from domain.extraction import SettingsChange
from domain.summary_time import parse_summary_time

_EXPLICIT = re.compile(r"^\s*/?settings?\s+(summary_time|language|timezone)\s+(\S+)\s*$", re.I)
_SUMMARY = re.compile(r"总结|汇总|小结|summary|report", re.I)
_WHEN = re.compile(r"每天|改到|改成|设[为成]?|发|send|at\b|every", re.I)
_ENGLISH = re.compile(r"(用|说|改成|切换到?)英文|英文回复|reply in english|english please|speak english", re.I)
_CHINESE = re.compile(r"(用|说|改成|切换到?)中文|中文回复|reply in chinese|speak chinese|用汉语", re.I)
_ZONE = re.compile(r"(?:时区|timezone|time zone)\s*(?:改成|改为|设为|设成|是|to|is|=)?\s*([A-Za-z_]+/[A-Za-z_]+(?:/[A-Za-z_]+)?)", re.I)


def read_settings(text: str) -> SettingsChange | None:
    if m := _EXPLICIT.match(text):
        return _explicit(m.group(1).lower(), m.group(2))
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


def _explicit(name: str, value: str) -> SettingsChange | None:
    if name == "summary_time":
        return SettingsChange(summary_time=parse_summary_time(value) or value)
    if name == "language":
        return SettingsChange(language=value) if value in ("zh", "en") else None
    return SettingsChange(timezone=value) if _valid_zone(value) else None


def _valid_zone(name: str) -> bool:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True
