"""Family management in words: 把小王设为照护者 / 奶奶是照护者 / make Grandma a caregiver."""
from __future__ import annotations

import re

from domain.extraction import RoleChange

_ROLE_WORDS: list[tuple[str, str]] = [
    (r"家长|父母|parent", "parent"),
    (r"照护者|照顾者|看护|保姆|caregiver|carer|nanny", "caregiver"),
    (r"朋友|访客|客人|friend|guest", "friend"),
]
_ROLE = "|".join(p for p, _ in _ROLE_WORDS)
_ZH = re.compile(rf"^\s*(?:把|将|设置|设)?\s*(?P<who>[^\s，,把将]{{1,12}}?)\s*(?:设为|设置为|设成|改为|改成|改回|变回|设回|换回|降为|为|是|当)\s*"
                 rf"(?P<role>{_ROLE})(?:\s*[，,]?\s*(?:称呼|叫)\s*(?P<title>\S{{1,8}}))?\s*[。!！]?\s*$", re.I)
_EN = re.compile(rf"^\s*(?:make|set|turn)\s+(?P<who>.{{1,24}}?)\s+(?:back\s+(?:in)?to\s+(?:an?\s+)?|an?\s+|as\s+(?:an?\s+)?)?(?P<role>{_ROLE})(?:\s+again)?\s*[.!]?\s*$"
                 rf"|^\s*(?P<who2>.{{1,24}}?)\s+is\s+(?:an?\s+)?(?P<role2>{_ROLE})\s*[.!]?\s*$", re.I)


_COMMAND = re.compile(rf"^\s*/?role\s+@?(?P<who>\S+)\s+(?P<role>{_ROLE})(?:\s+(?P<title>\S{{1,12}}))?\s*$", re.I)


def read_role_change(text: str) -> RoleChange | None:
    """`/role 小王 caregiver 阿姨` (the command), or the same said in words."""
    m = _COMMAND.match(text) or _ZH.match(text)
    if m:
        return RoleChange(member=m.group("who"), role=_role(m.group("role")), title=m.group("title"))
    m = _EN.match(text)
    if m:
        who = m.group("who") or m.group("who2")
        return RoleChange(member=who.strip(), role=_role(m.group("role") or m.group("role2")))
    return None


def _role(word: str) -> str:
    return next(role for pattern, role in _ROLE_WORDS if re.fullmatch(pattern, word, re.I))
