"""Health events in chat: temperature, medication (dose, unit, next dose), symptom, vaccine, doctor visit.

Only proposals: every health record is confirmed by the domain before it is written.
"""
from __future__ import annotations

import re
from datetime import datetime
from functools import lru_cache

from bot.understanding import words as w
from bot.understanding.readers.quantities import NUM, fahrenheit_to_c, now_unless_other_day, temperature_c
from bot.understanding.timeparse import TimeReading
from domain.extraction import Slots

_TEMP_AFTER_WORD = re.compile(rf"(?:体温|烧到|发烧|发热|低烧|高烧|temps?|temperatures?|fever(?: of)?|{w.TEMP_SITES})"
                              rf"[^\d\n,，;；]{{0,14}}?{NUM}", re.I)
_TEMP_BEFORE_SITE = re.compile(rf"{NUM}\s*(?:°\s*[fc]?|度)?\s*(?:{w.TEMP_SITES}|\btemp(?:erature)?\b)", re.I)
# he's 100.9 / she's at 38.5: a decimal only a temperature can be, said of the baby
_TEMP_OF_BABY = re.compile(r"\b(?:he|she|baby|bub)(?:'s|\s+is|\s+was)\s+(?:at\s+|now\s+|up to\s+|down to\s+|back to\s+)?"
                           r"((?:9[5-9]|10[0-7]|3[5-9]|4[0-2])\.\d)(?![\d.])(?!\s*(?:kg|lb|oz|ml|cm|in|%))", re.I)
_MEASURED_DECIMAL = re.compile(r"(?:量|测)了?(?:下|一下)?(?!\s*(?:下|一下)?\s*(?:头围|身高|身长|体重))[^\d\n]{0,3}?((?:3[4-9]|4[0-2])\.\d)(?![\d.])"
                               r"(?!\s*(?:kg|公斤|千克|斤|cm|厘米|公分|ml|毫升|克|g\b|in\b|inch|lb|oz))",
                               re.I)      # 又量了下 38.5了: a decimal only a temperature can be, measured
_TOOK_TEMP = re.compile(r"\b(?:took|checked|take|check|taking|checking) (?:her|his|the baby's|baby's|their) temp|"
                        r"[量测]了?(?:下|一下)?体温", re.I)
_TEMP_DEGREES = re.compile(r"(?<![\d.])(3[4-9]|4[0-2])(?:\.\d)?\s*(?:度|℃|°)")

_MED_GENERIC = re.compile(r"([\u4e00-\u9fff]{1,4}(?:药|滴剂|糖浆|混悬液|口服液))")
_MED_WORDS = re.compile(rf"{w.MEDICINE_NAMES}|吃了?药|喂了?药|用了?药|吃药|喂药|上药|药|\bmedicine\b|\bmeds?\b|"
                        r"\bdose\b|\bgave (?:her|him) (?:some )?\w+ (?:drops|syrup)", re.I)
_DOSE = re.compile(rf"{NUM}\s*(?:(ml|毫升|cc)(?![a-z])|(mg|毫克)(?![a-z])|(粒|片|颗|tablets?|pills?|capsules?)|(滴|drops?))",
                   re.I)
_RANGE = rf"{NUM}\s*(?:-|–|~|～|到|至|or|to)\s*"
_NEXT_DOSE_RANGE = re.compile(     # every 4 to 6 hours, 每4-6小时, 4到6小时一次, q4-6h: both ends
    rf"每(?:隔)?\s*{_RANGE}{NUM}\s*(?:个)?小时|(?:隔|间隔)\s*{_RANGE}{NUM}\s*(?:个)?小时"
    rf"|{_RANGE}{NUM}\s*(?:个)?小时\s*(?:吃|喂|用|给)?\s*(?:1|一)\s*次"
    rf"|every\s*{_RANGE}{NUM}\s*(?:h|hrs?|hours?)\b|\bq{NUM}\s*-\s*{NUM}\s*h\b", re.I)
_NEXT_DOSE = re.compile(
    rf"每(?:隔)?\s*{NUM}\s*(?:个)?小时|(?:隔|间隔)\s*{NUM}\s*(?:个)?小时|{NUM}\s*(?:个)?小时(?:后|之后|以后)"
    rf"|{NUM}\s*(?:个)?小时\s*(?:吃|喂|用|给)?\s*(?:1|一)\s*次"
    rf"|every\s*{NUM}\s*(?:h|hrs?|hours?)\b|(?:again )?in\s*{NUM}\s*(?:h|hrs?|hours?)\b|\bq{NUM}h\b", re.I)

_SYMPTOMS = [(re.compile(p, re.I), name) for p, name in w.SYMPTOMS]
_VACCINE_NAME_ZH = re.compile(r"([\u4e00-\u9fffA-Za-z0-9]{0,8})疫苗((?:第\s*\d+\s*[针剂])?)")
_VACCINE_NAME_EN = re.compile(r"((?:\d+[- ]month |hep(?:atitis)? ?[ab]\b ?|[A-Za-z]{2,12} )?)(vaccines?|shots?|jabs?)"
                              r"((?: ?#?\d| dose \d)?)", re.I)
_VACCINE_NOISE = re.compile(r"^.*(?:打了|打|接种了|接种|种了|去|刚|的|了)")
_VACCINE_COUNT = re.compile(r"^\d+\s*[针剂支]")      # 打了一针疫苗: one shot, not its name
_QUESTION = re.compile(r"怎么办|要不要|能不能|吗[?？]?\s*$|[?？]\s*$", re.I)


def is_health(text: str) -> bool:
    return health_kind(text) is not None


@lru_cache(maxsize=512)
def health_kind(text: str) -> str | None:
    """The kind of health event the text reports, strongest first."""
    if w.MEDICINES.search(text) or _MED_WORDS.search(text) and _DOSE.search(text) or \
            re.search(r"(?:吃|喂|用)[了过]?药|\b(?:gave|given|had)\s+(?:[a-z]+\s+)?(?:her|his|him|some|the)?\s*"
                      r"(?:medicine|meds|medication)\b", text, re.I) or \
            _MED_GENERIC.search(text):
        return "medication"
    if read_temperature(text) is not None:
        return "temperature"
    if w.VACCINE_WORDS.search(text):
        return "vaccine"
    if any(p.search(text) for p, _ in _SYMPTOMS):
        return "symptom"
    if w.DOCTOR_WORDS.search(text) and not (w.MEASURED_THERE.search(text) and not w.VISIT.search(text)):
        return "doctor_visit"
    if _TOOK_TEMP.search(text):
        return "temperature"                    # took her temp: the value is asked
    return None


def read_temperature(text: str) -> float | None:
    if w.NOT_THE_BABYS_TEMPERATURE.search(text):
        return None
    value = temperature_c(text) if (w.TEMPERATURE_WORDS.search(text) or _TEMP_DEGREES.search(text)
                                    or re.search(r"℃|℉|°", text)) else None
    if value is None and (m := _TEMP_AFTER_WORD.search(text) or _TEMP_BEFORE_SITE.search(text)
                          or _TEMP_OF_BABY.search(text) or _MEASURED_DECIMAL.search(text)):
        value = float(m.group(1))
    if value is not None and 80 <= value <= 115:
        value = fahrenheit_to_c(value)          # 101度 on a Fahrenheit thermometer: no one is 101 °C
    return value


def health_slots(text: str, times: TimeReading, now: datetime, named: bool) -> Slots:
    """Slots of a health event; a message that names one and gives no time happened now."""
    kind = health_kind(text)
    when = now_unless_other_day(text, times.point or times.start, now, named)
    base = dict(time=when, kind=kind, temperature_c=read_temperature(text))
    if kind is None:
        return Slots(time=when, **_fragment(text))
    if kind == "medication":
        base.update(_medication(text))
    elif kind == "symptom":
        base["symptom"] = symptom_name(text)
    elif kind == "vaccine":
        base["vaccine"] = vaccine_name(text)
    elif kind == "doctor_visit":
        base["notes"] = text.strip()
    return Slots(**base)


def _fragment(text: str) -> dict[str, object]:
    """A bare answer to the bot's question (38.5 → temperature); only what is clear."""
    m = re.fullmatch(rf"\s*(?:是|大概|约)?\s*{NUM}\s*", text)
    if m:
        value = float(m.group(1))
        if 30 <= value <= 45:
            return {"temperature_c": value}
        if 80 <= value <= 115:
            return {"temperature_c": fahrenheit_to_c(value)}
    found = _medication(text)
    return {k: v for k, v in found.items() if v is not None}


def _medication(text: str) -> dict[str, object]:
    name = w.MEDICINES.search(text) or _MED_GENERIC.search(text)
    dose = _DOSE.search(text)
    unit = None
    if dose:
        unit = "ml" if dose.group(2) else "mg" if dose.group(3) else "tablets" if dose.group(4) else "drops"
    medicine = re.sub(r"^.*[吃喂用给了过]", "", re.sub(r"\s+", " ", name.group(0))).strip() if name else None
    if medicine in ("药", "滴剂", "糖浆", "口服液"):
        medicine = None
    return {"medication": medicine or None,
            "dose": float(dose.group(1)) if dose else None, "dose_unit": unit,
            **next_dose_interval(text)}


def next_dose_hours(text: str) -> float | None:
    return next_dose_interval(text)["next_dose_after_h"]


def next_dose_interval(text: str) -> dict[str, float | None]:
    """The hours before the next dose; a range said (every 4 to 6 hours) keeps the shorter as the interval
    and the longer beside it, so the record and its read-back say both."""
    if m := _NEXT_DOSE_RANGE.search(text):
        low, high = sorted(float(g) for g in m.groups() if g is not None)
        return {"next_dose_after_h": low, "next_dose_up_to_h": high if high > low else None}
    m = _NEXT_DOSE.search(text)
    hours = float(next(g for g in m.groups() if g is not None)) if m else None
    return {"next_dose_after_h": hours, "next_dose_up_to_h": None}


def symptom_name(text: str) -> str | None:
    return next((name for p, name in _SYMPTOMS if p.search(text)), None)


_VACCINE_DOSE = re.compile(r"\s*(?:第\s*(\d+)\s*[针剂]|#\s*(\d+)|dose\s*(\d+))", re.I)
_NO_NAME_EN = frozenset({"", "first", "second", "third", "his", "her", "a", "the", "another", "some", "their",
                         "baby", "two", "2"})


def vaccine_name(text: str) -> str | None:
    """The vaccine as named (百白破, 乙肝第2针, MMR, hep B #2); None when only "a shot" was said (asked)."""
    if m := _VACCINE_NAME_ZH.search(text):
        prefix, dose = _VACCINE_COUNT.sub("", _VACCINE_NOISE.sub("", m.group(1))), m.group(2).replace(" ", "")
        if prefix or dose:
            return f"{prefix}疫苗{dose}"
    if m := w.VACCINE_NAMES.search(text):
        dose = _VACCINE_DOSE.match(text, m.end())
        number = next((g for g in dose.groups() if g), None) if dose else None
        name = m.group(0)
        return (f"{name}第{number}针" if re.search(r"[\u4e00-\u9fff]", name) else f"{name} #{number}") if number \
            else name
    if m := _VACCINE_NAME_EN.search(text):
        return None if m.group(1).strip().lower() in _NO_NAME_EN else "".join(m.groups()).strip()
    if m := re.search(r"([\u4e00-\u9fffA-Za-z0-9]{1,8}?)(?:第\s*\d+\s*针)", text):
        return m.group(0)
    return None


def is_question(text: str) -> bool:
    return bool(_QUESTION.search(text))
