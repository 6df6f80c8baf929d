"""Units: which ones a message used (for a first guess of the family's display units), and a request to
show amounts in other ones (用斤显示 / show ounces / use US units / /settings units oz)."""
from __future__ import annotations

import re

from bot.understanding.readers.quantities import NUM
from domain.extraction import SettingsChange

# the units a message used, by quantity (a guess only: grams are solids, so they say nothing of weight)
_USED = (
    ("volume", "ml", re.compile(rf"{NUM}\s*(?:ml|mls|毫升|cc)(?![a-z])", re.I)),
    ("volume", "oz", re.compile(rf"{NUM}\s*(?:fl\.?\s*)?(?:oz|ounces?|盎司)(?![a-z])(?!.*\b(?:lbs?|pounds?)\b)", re.I)),
    ("weight", "jin", re.compile(rf"{NUM}\s*(?:斤|两)")),
    ("weight", "kg", re.compile(rf"{NUM}\s*(?:kg|kgs|公斤|千克|kilos?|kilograms?)(?![a-z])", re.I)),
    ("weight", "lb", re.compile(rf"{NUM}\s*(?:lbs?|pounds?|磅)(?![a-z])", re.I)),
    ("length", "cm", re.compile(rf"{NUM}\s*(?:cm|厘米|公分|centimet(?:er|re)s?)(?![a-z])", re.I)),
    ("length", "in", re.compile(rf"{NUM}\s*(?:inch(?:es)?|in\b|\"|″|英寸)", re.I)),
    ("temperature", "c", re.compile(rf"{NUM}\s*(?:℃|°\s*c\b|摄氏度|度|celsius)", re.I)),
    ("temperature", "f", re.compile(rf"{NUM}\s*(?:℉|°\s*f\b|华氏度|fahrenheit|f\b)", re.I)),
)


def units_said(text: str) -> dict[str, str]:
    """{quantity: unit} for each quantity the message gave with a unit (the first unit said wins)."""
    found: dict[str, tuple[int, str]] = {}
    for quantity, unit, pattern in _USED:
        m = pattern.search(text)
        if m and (quantity not in found or m.start() < found[quantity][0]):
            found[quantity] = (m.start(), unit)
    if "weight" in found and found.get("volume", (0, ""))[1] == "oz" and found["weight"][1] == "lb":
        del found["volume"]                # 7 lb 8 oz: ounces of weight, not of milk
    return {quantity: unit for quantity, (_, unit) in found.items()}


# the unit words a request names, each with the settings it changes
_WORDS: tuple[tuple[re.Pattern[str], dict[str, str]], ...] = (
    (re.compile(r"^(?:us|american|imperial|美制|英制)(?:\s*units?|单位)?$", re.I),
     {"volume_unit": "oz", "weight_unit": "lb", "length_unit": "in", "temperature_unit": "f"}),
    (re.compile(r"^(?:metric|公制|国际)(?:\s*units?|单位)?$", re.I),
     {"volume_unit": "ml", "weight_unit": "kg", "length_unit": "cm", "temperature_unit": "c"}),
    (re.compile(r"^(?:fl\.?\s*)?(?:oz|ounces?|盎司)$", re.I), {"volume_unit": "oz"}),
    (re.compile(r"^(?:ml|mls|millilit(?:er|re)s?|毫升)$", re.I), {"volume_unit": "ml"}),
    (re.compile(r"^(?:lbs?|pounds?|磅)$", re.I), {"weight_unit": "lb"}),
    (re.compile(r"^(?:kg|kgs|kilos?|kilograms?|公斤|千克)$", re.I), {"weight_unit": "kg"}),
    (re.compile(r"^(?:斤|jin)$", re.I), {"weight_unit": "jin"}),
    (re.compile(r"^(?:in|inch(?:es)?|英寸)$", re.I), {"length_unit": "in"}),
    (re.compile(r"^(?:cm|centimet(?:er|re)s?|厘米|公分)$", re.I), {"length_unit": "cm"}),
    (re.compile(r"^(?:f|°f|fahrenheit|华氏度?)$", re.I), {"temperature_unit": "f"}),
    (re.compile(r"^(?:c|°c|celsius|摄氏度?)$", re.I), {"temperature_unit": "c"}),
)
# possessive spaces: nothing after each starts with a space (a blanked run of them was O(n⁵) here)
_ZH = re.compile(r"^\s*+(?:以后|请|麻烦)?\s*+(?:奶量|体重|身高|身长|体温|单位)?\s*+(?:都)?\s*+(?:改用|改成|换成|用|按)\s*+"
                 r"(?P<unit>[^\s，。,.!！]{1,4}?)\s*+(?:单位)?\s*+(?:显示|来显示|表示|来算|算|吧)?\s*+[。.!！]?\s*+$")
_EN = re.compile(r"^\s*(?:please\s+)?(?:show|use|switch\s+to|display|give\s+me|change\s+to)\s+"
                 r"(?:(?:amounts?|weights?|lengths?|heights?|temperatures?|milk|feeds?|everything|it)\s+)?"
                 r"(?:in\s+)?(?P<unit>[a-z°.]+(?:\s+units?)?)\s*(?:please)?\s*[.!]?\s*$", re.I)
_EXPLICIT = re.compile(r"^\s*/?settings?\s+(?:units?|(?:volume|weight|length|temperature)_unit)\s+(?P<unit>\S+)\s*$",
                       re.I)
# the answer to the welcome's question (“US units” or “metric”): a system of units said alone
_SYSTEM = re.compile(r"^\s*(?P<unit>(?:us|american|imperial|metric|美制|英制|公制)(?:\s*units?|单位)?)\s*[.!。！]?\s*$", re.I)


def read_units_setting(text: str) -> SettingsChange | None:
    """The display units a message asks for, or None when it asks for none."""
    for pattern in (_EXPLICIT, _SYSTEM, _EN, _ZH):
        m = pattern.match(text)
        if m is None:
            continue
        word = re.sub(r"\s+units?$", "", m.group("unit").strip(), flags=re.I)
        change = next((c for p, c in _WORDS if p.match(word)), None)
        if change is not None:
            return SettingsChange(**change)
    return None
