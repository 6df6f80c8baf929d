"""A message's spans grouped by clause: a new clause after punctuation, a joining word (然后, and, then …), a
space between two Chinese words, marks of surprise, or a grown-up turning to themselves or the family mid-run-on
(…睡着了我也去躺会儿 / …稀稀的你们看下要不要紧). Who a clause is about (grown_ups.py) and what beside the fact it
says (explain.py) are read clause by clause."""
from __future__ import annotations

import re
from collections.abc import Sequence

from bot.understanding import spans as sp
from bot.understanding.spans import Span

_CJK_EDGE = re.compile(r"^[\u4e00-\u9fff]\s+[\u4e00-\u9fff]$")      # 喝了90ml 尿了: a space between Chinese is a comma


_CLAUSE_CUT = re.compile(r"[，,；;。.!！?？、\n\u2600-\u27bf\U0001f000-\U0001faff]+|\s+(?:and|then|but|while|so|because|cos|coz|cuz)\s+|然后|接着|但是|可是|不过|因为")


_VALUE_THEN_CJK = re.compile(r"^[0-9A-Za-z]\s+[\u4e00-\u9fff]$")   # 刚喝了90 是不是太少了: the space is a comma


_MARKS = re.compile(r"\s*[?？!！]+\s*")          # 28度?? 是不是…: marks of surprise end a clause


def _turns_to_the_family(s: Span, before: list[Span]) -> bool:
    """…稀稀的你们看下要不要紧: said straight on, 你们 / 大家 turns to the family — a clause of its own (not 给你们说)."""
    if before[-1].kind == sp.FILLER and before[-1].text.endswith("我了") and before[-1].end == s.start:
        return True                 # 累死我了今天一直闹…: how the grown-up feels, then the baby's day
    if s.kind == sp.ADULT and s.text in ("我", "我们", "你") and before[-1].end == s.start and \
            before[-1].text[-1:] in ("了", "的", "吧", "啊", "呢", "哈"):
        return True                 # …终于睡着了我也去躺会儿: a grown-up turns to themselves
    return s.kind == sp.ADULT and s.text in ("你们", "大家") and before[-1].end == s.start and \
        before[-1].text[-1:] not in ("给", "跟", "和", "让", "帮", "对", "告诉")


def clauses(spans: Sequence[Span], text: str) -> list[list[Span]]:
    """The spans grouped by clause: a new one after punctuation or a joining word (然后, and, then …)."""
    groups: list[list[Span]] = [[]]
    last_end = 0
    for s in spans:
        between = text[last_end:s.start]
        cjk_space = between.strip() == "" and between != "" and (
            _CJK_EDGE.search(text[max(0, last_end - 1):s.start + 1])
            or s.kind not in (sp.UNIT, sp.NUMBER) and _VALUE_THEN_CJK.search(text[max(0, last_end - 1):s.start + 1]))
        if groups[-1] and (_CLAUSE_CUT.search(between) or cjk_space or _turns_to_the_family(s, groups[-1]) or
                           s.kind == sp.FILLER and
                           _CLAUSE_CUT.fullmatch(f" {s.text.strip()} ") or _MARKS.fullmatch(text[last_end:s.start])
                           or groups[-1][-1].kind == sp.FILLER and _MARKS.fullmatch(groups[-1][-1].text)):
            groups.append([])
        if not (s.kind == sp.FILLER and _CLAUSE_CUT.fullmatch(f" {s.text.strip()} ")):
            groups[-1].append(s)
        last_end = s.end
    return [g for g in groups if g]
