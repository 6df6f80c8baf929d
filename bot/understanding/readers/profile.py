"""The baby's profile said in chat: 生日是2026年3月1日 / her birthday is March 3rd / 出生体重六斤八两 / she was 7 lb 8 oz
at birth / 性别男 / 小名叫豆豆 / we call her Bean — and a request to set a field without its value (帮我填一下生日 /
can you set the baby's sex), which the domain answers with a question (or a refusal, for those who may not).

A birthday said without a year is the latest such day not after today; the domain confirms a birth date before
it is written, so the year is shown to the family first.
"""
from __future__ import annotations

import re
from datetime import date

from bot.understanding import words as lx
from bot.understanding.readers.quantities import weights_kg
from domain.birthdays import MONTHS, birthday
from domain.extraction import ProfileChange
from domain.units import JIN_KG, LB_KG

_MONTH = r"(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_BIRTHDAY = r"(?:生日|出生日期|出生于|出生在|birthday|birth ?date|date of birth|\bdob\b|born(?: on)?)"
_EN_DATE = re.compile(rf"{_BIRTHDAY}[^\d]{{0,40}}?\b{_MONTH}\s+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?\b"
                      rf"(?:,?\s+(?P<year>\d{{4}}))?|{_BIRTHDAY}[^\d]{{0,40}}?\b(?P<day2>\d{{1,2}})(?:st|nd|rd|th)?"
                      rf"(?:\s+of)?\s+{_MONTH.replace('month', 'month2')}(?:,?\s+(?P<year2>\d{{4}}))?", re.I)
_ZH_DATE = re.compile(rf"{_BIRTHDAY}[^\d]{{0,12}}?(?:(?P<year>\d{{4}})\s*年\s*)?(?P<month>\d{{1,2}})\s*月\s*(?P<day>\d{{1,2}})"
                      r"\s*(?:日|号)?", re.I)
_AT_BIRTH = re.compile(r"出生体重|出生时|出生的时候|出生是|出生有|生下来|生的时候|birth ?weight|at birth|was born at|born weighing|"
                       r"\bborn\s+(?=\d)|"
                       r"weighed \S+(?: \S+)? at birth", re.I)
_NAME_EN = re.compile(r"\b(?:her|his|the baby's|baby's) name(?:'s| is) ([A-Z][a-z]{1,20})\b")
_NICKNAME_EN = re.compile(r"\bwe (?:also |mostly |usually |always )?call (?:her|him) (\w{1,20})\b|\bnickname(?: is|'s)? (\w{1,20})", re.I)
# asked to set a field without saying it: the domain asks for it (or refuses those who may not)
_SET_FIELD = re.compile(r"(?:设置|填|改|录入|登记|加上?)[^，,。]{0,8}?(性别|生日|出生日期|出生体重)|"
                        r"(性别|生日|出生日期|出生体重)[^，,。]{0,6}?(?:还没填|没填|没设置|还没设置|设置一下|填一下|帮我填)|"
                        r"\b(?:set|add|fill in|update|change|enter|put in)\b[^,.]{0,16}?\b(sex|gender|birthday|birth ?date|"
                        r"date of birth|dob|birth ?weight)\b", re.I)


def profile_change(text: str, today: date) -> ProfileChange | None:
    found: dict[str, object] = {}
    if (born := birth_date(text, today)) is not None:
        found["birth_date"] = born
    elif born is None and (lx.BIRTH_DATE.search(text) or _EN_DATE.search(text) or _ZH_DATE.search(text)):
        return None                                   # a date that is no date (2月30日): nothing read
    if m := lx.SEX_CHANGE.search(text) or ("birth_date" in found and lx.SEX_WORD.search(text)):
        found["sex"] = _sex(next(g for g in m.groups() if g))
    if (kg := birth_weight(text)) is not None:
        found["birth_weight_kg"] = kg
    if m := lx.NICKNAME.search(text) or _NICKNAME_EN.search(text):
        found["nickname"] = next(g for g in m.groups() if g)
    if (m := lx.NAME_CHANGE.search(text) or _NAME_EN.search(text)) and next(g for g in m.groups() if g) != \
            found.get("nickname"):
        found["name"] = next(g for g in m.groups() if g)     # 大名叫林知夏，小名叫夏夏: both
    if found:
        return ProfileChange(**found)
    if m := _SET_FIELD.search(text):
        named = next(g for g in m.groups() if g).lower().replace(" ", "")
        return ProfileChange(asked=next(f for words, f in _FIELDS if named in words))
    return None


_FIELDS = ((("性别", "sex", "gender"), "sex"), (("生日", "出生日期", "birthday", "birthdate", "dateofbirth", "dob"), "birth_date"),
           (("出生体重", "birthweight"), "birth_weight_kg"))
_MALE = frozenset(("男", "男孩", "男宝", "小子", "儿子", "boy", "male", "son", "男孩子", "男生"))
_FEMALE = frozenset(("女", "女孩", "女宝", "闺女", "女儿", "小公主", "公主", "girl", "female", "daughter", "女孩子", "女生"))
_ZH_AROUND = re.compile(r"^(?:是一个|是个|是|嗯)|(?:啊|呀|哦|噢|吧|哈|啦|了|的|呢)+$")
_ANSWER_WORD = re.compile(r"[\w\u4e00-\u9fff]+")
_ANSWER_FILLER = frozenset(("是", "是个", "是一个", "的", "啊", "呀", "哦", "噢", "嗯", "吧", "哈", "啦", "了", "a", "an", "it's",
                            "its", "he's", "she's", "a", "baby", "宝宝"))


def _sex(word: str) -> str:
    return "male" if word.lower() in _MALE else "female"


def profile_answer(text: str, field: str, today: date) -> ProfileChange | None:
    """The answer to the profile field the bot asked for (性别？→ 男孩 / boy; 生日？→ 三月十二 / march 12th;
    出生体重？→ 六斤八两): the field's value, or None when the message is not one."""
    if field == "sex":
        words = [w for w in (_ZH_AROUND.sub("", w) for w in _ANSWER_WORD.findall(text.lower()))
                 if w and w not in _ANSWER_FILLER]
        said = {_sex(w) for w in words if w in _MALE or w in _FEMALE}
        return ProfileChange(sex=said.pop()) if len(said) == 1 and len(words) <= 2 else None
    if field == "birth_date":
        born = birth_date(f"生日 {text}", today) or birth_date(f"birthday {text}", today)
        return ProfileChange(birth_date=born) if born is not None else None
    if field == "birth_weight_kg":
        kg = birth_weight(f"出生体重 {text}")
        return ProfileChange(birth_weight_kg=kg) if kg is not None else None
    return None


def birth_date(text: str, today: date) -> date | None:
    """The first birth date said (2026年3月1日 / March 3rd 2026 / 3月12号 / march 12); a missing year is inferred."""
    try:
        if m := lx.BIRTH_DATE.search(text):
            return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        if m := _EN_DATE.search(text):
            month = MONTHS[(m.group("month") or m.group("month2")).lower()]
            day, year = int(m.group("day") or m.group("day2")), m.group("year") or m.group("year2")
            return birthday(int(year) if year else None, month, day, today)
        if m := _ZH_DATE.search(text):
            year = m.group("year")
            return birthday(int(year) if year else None, int(m.group("month")), int(m.group("day")), today)
    except ValueError:
        return None
    return None


def birth_weight(text: str) -> float | None:
    """出生体重3.2kg / 出生时六斤八两 / she was 7 lb 8 oz at birth: the weight said beside birth, in kg."""
    if not _AT_BIRTH.search(text):
        return None
    if m := lx.BIRTH_WEIGHT.search(text):
        if m.group(2) in ("g", "克") or m.group(4) == "g":
            return round(float(m.group(1) or m.group(3)) / 1000, 3)
    found = weights_kg(text)
    if found:
        return found[0].value
    if m := lx.BIRTH_WEIGHT.search(text):          # 出生体重3.2 (no unit): kg
        value = float(m.group(1) or m.group(3))
        unit = (m.group(2) or m.group(4) or "kg").lower()
        return round(value * {"斤": JIN_KG, "lb": LB_KG}.get(unit, 1.0), 3)
    return None
