"""A time zone in the words families answer with: “time zone New York”, “we're in Chicago”, “Pacific”,
“时区 上海”, “我们在纽约”, or an IANA name (America/New_York). Only a place this knows makes a zone, so “we're
in the hospital” changes nothing."""
from __future__ import annotations

import re
from functools import cache
from zoneinfo import available_timezones

# Names people say that are not the last part of an IANA zone (US zones, abbreviations, Chinese names).
ALIASES = {
    "eastern": "America/New_York", "et": "America/New_York", "est": "America/New_York", "edt": "America/New_York",
    "central": "America/Chicago", "ct": "America/Chicago", "cst": "America/Chicago", "cdt": "America/Chicago",
    "mountain": "America/Denver", "mt": "America/Denver", "mst": "America/Denver", "mdt": "America/Denver",
    "pacific": "America/Los_Angeles", "pt": "America/Los_Angeles", "pst": "America/Los_Angeles",
    "pdt": "America/Los_Angeles", "arizona": "America/Phoenix", "alaska": "America/Anchorage",
    "hawaii": "Pacific/Honolulu", "uk": "Europe/London", "england": "Europe/London", "ireland": "Europe/Dublin",
    "san francisco": "America/Los_Angeles", "seattle": "America/Los_Angeles", "portland": "America/Los_Angeles",
    "san diego": "America/Los_Angeles", "boston": "America/New_York", "washington": "America/New_York",
    "dc": "America/New_York", "philadelphia": "America/New_York", "atlanta": "America/New_York",
    "miami": "America/New_York", "houston": "America/Chicago", "dallas": "America/Chicago",
    "austin": "America/Chicago", "minneapolis": "America/Chicago", "salt lake city": "America/Denver",
    "montreal": "America/Toronto", "ottawa": "America/Toronto", "beijing": "Asia/Shanghai",
    "北京": "Asia/Shanghai", "上海": "Asia/Shanghai", "广州": "Asia/Shanghai", "深圳": "Asia/Shanghai",
    "杭州": "Asia/Shanghai", "成都": "Asia/Shanghai", "中国": "Asia/Shanghai", "香港": "Asia/Hong_Kong",
    "台北": "Asia/Taipei", "台湾": "Asia/Taipei", "新加坡": "Asia/Singapore", "东京": "Asia/Tokyo",
    "纽约": "America/New_York", "洛杉矶": "America/Los_Angeles", "旧金山": "America/Los_Angeles",
    "西雅图": "America/Los_Angeles", "芝加哥": "America/Chicago", "多伦多": "America/Toronto",
    "温哥华": "America/Vancouver", "伦敦": "Europe/London", "悉尼": "Australia/Sydney",
    "墨尔本": "Australia/Melbourne", "奥克兰": "Pacific/Auckland",
}
_SAID = re.compile(
    r"^\s*(?:(?:my|our|the)\s+)?(?:time\s*zone|timezone|时区)\s*(?:改成|改为|设为|设成|是|to|is|=|:|：)?\s*(?P<a>.+?)"
    r"\s*[.。!！]?\s*$"
    r"|^\s*(?:we're|we are|i'm|i am|we live|i live|we're living|we are living)\s+in\s+(?P<b>[\w .'-]+?)\s*[.!]?\s*$"
    r"|^\s*(?:我们|我)(?:住)?在(?P<c>\S{2,8}?)[。.!！]?\s*$", re.I)


def said_zone(text: str) -> str | None:
    """The IANA zone a message names as where the family is, or None."""
    m = _SAID.match(text)
    if m is None:
        return None
    return zone_named(next(g for g in m.groups() if g is not None))


def zone_named(words: str) -> str | None:
    """An IANA name as written (any case), a city of one (New York → America/New_York), or an alias."""
    said = re.sub(r"\s+", " ", words.strip().strip("“”\"'")).lower()
    said = re.sub(r"^the\s+|\s+time$|\s+(?:area|city)$", "", said)
    return _by_name().get(said) or ALIASES.get(said) or _by_city().get(said)


@cache
def _by_name() -> dict[str, str]:
    return {zone.lower(): zone for zone in _zones()}


@cache
def _by_city() -> dict[str, str]:
    cities: dict[str, str] = {}
    for zone in sorted(_zones()):
        cities.setdefault(zone.rsplit("/", 1)[-1].replace("_", " ").lower(), zone)
    return cities


def _zones() -> set[str]:
    return {z for z in available_timezones() if "/" in z and not z.startswith(("Etc/", "SystemV/", "posix/",
                                                                                  "right/", "US/", "Canada/"))}
