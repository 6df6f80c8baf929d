"""Hypothesis strategies for a hostile model and a hostile chat: schema-valid but unusual Extractions
(every intent, record type, slot, reference, baby and time — NaN, infinities, negatives, naive
datetimes, the years 1 and 9999, unknown zones), messages, senders and button presses."""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from hypothesis import strategies as st

from domain.extraction import Extraction, Intent, QueryMetric, QueryPeriod, SleepEvent
from domain.vocabulary import DiaperColor, DoseUnit, FeedingKind, FeedingMethod, HealthKind, RecordType, Side

BASE = datetime.fromisoformat("2026-05-04T14:40:00+08:00")
SENDERS = ("mom", "nanny", "guest", "stranger")

_EXTREME_TIMES = ["0001-01-01T00:00:00", "0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59",
                  "9999-12-31T23:59:59-12:00", "2000-01-01T00:00:00", "1999-12-31T23:59:59+08:00",
                  "2100-01-01T00:00:00Z", "2026-02-28T12:00:00+08:00"]


@st.composite
def _near_time(draw: st.DrawFn) -> str:
    at = BASE + timedelta(minutes=draw(st.integers(-4 * 24 * 60, 3 * 24 * 60)))
    zone = draw(st.sampled_from(["+08:00", "", "Z", "-12:00", "+14:00", "+05:45"]))
    return at.strftime("%Y-%m-%dT%H:%M:%S") + zone


TIMES = st.one_of(_near_time(), st.sampled_from(_EXTREME_TIMES))
DATES = st.one_of(st.dates().map(str), st.sampled_from(["0001-01-01", "9999-12-31", "2026-03-01", "2026-05-04"]))
NUMBERS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0, -0.0, -2.5, -50, 0.4, 3, 5, 90, 100, 118.3, 350, 351, 999, 1000, 1001, 37.5, 45.1,
                     1e12, -1e12, 1e300, float("nan"), float("inf")]),
    st.integers(-10 ** 6, 10 ** 6))
COUNTS = st.one_of(st.integers(-10, 40), st.integers(-10 ** 18, 10 ** 18))
TEXTS = st.one_of(st.text(max_size=20), st.sampled_from(["", " ", "粥", "泰诺林", "美林", "吐奶", "乙肝疫苗",
                                                          "粥" * 300, "好" * 2500, "\x00", "a\tb\nc"]))


def _enum_or_junk(*enums) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from([m.value for e in enums for m in e]), TEXTS)


SLOT_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "start": TIMES, "end": TIMES, "time": TIMES,
    "kind": _enum_or_junk(FeedingKind, HealthKind), "method": _enum_or_junk(FeedingMethod),
    "amount_ml": NUMBERS, "amount_g": NUMBERS, "duration_min": NUMBERS, "food": TEXTS,
    "nap": st.booleans(), "night_wakings": COUNTS, "wet": st.booleans(), "solid": st.booleans(),
    "color": _enum_or_junk(DiaperColor), "weight_kg": NUMBERS, "height_cm": NUMBERS, "head_cm": NUMBERS,
    "temperature_c": NUMBERS, "medication": TEXTS, "dose": NUMBERS, "dose_unit": _enum_or_junk(DoseUnit),
    "next_dose_after_h": NUMBERS, "symptom": TEXTS, "vaccine": TEXTS, "side": _enum_or_junk(Side),
    "milestone": TEXTS, "text": TEXTS, "caption": TEXTS, "notes": TEXTS,
}


def _some(values: dict[str, st.SearchStrategy[Any]], *, required=None) -> st.SearchStrategy[dict]:
    return st.fixed_dictionaries(required or {}, optional=values)


def _maybe(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(st.none(), strategy)


QUERY = _some({"period": st.sampled_from([p.value for p in QueryPeriod]), "day": DATES,
               "daypart": st.sampled_from(["day", "night", None]),
               "record_type": st.sampled_from([t.value for t in RecordType]), "detail": TEXTS},
              required={"metric": st.sampled_from([m.value for m in QueryMetric])})
PROFILE = _some({"name": TEXTS, "nickname": TEXTS, "birth_date": DATES, "sex": st.sampled_from(["female", "male"]),
                 "birth_weight_kg": NUMBERS, "birth_height_cm": NUMBERS})
REFERENCE = _some({"which": st.sampled_from(["latest", "at_time", "last_night"]),
                   "record_type": st.sampled_from([t.value for t in RecordType]), "at": TIMES})
ROLE = _some({"title": TEXTS}, required={
    "member": st.one_of(st.sampled_from(["妈妈", "奶奶", "小王", "阿姨", "nobody", ""]), TEXTS),
    "role": st.sampled_from(["parent", "caregiver", "friend"])})
SETTINGS = _some({"summary_time": st.one_of(st.sampled_from(["21:00", "07:30", "25:00", "9pm", ""]), TEXTS),
                  "language": st.sampled_from(["zh", "en"]),
                  "timezone": st.sampled_from(["Asia/Shanghai", "Europe/Berlin", "UTC", "Asia/Beijing",
                                               "Mars/Olympus", "", "../../etc/passwd", "America/New_York"]),
                  "medication_reminder": st.booleans(), "no_feeding_hours": NUMBERS, "open_sleep_hours": NUMBERS})

FACT = _some({"slots": _some(SLOT_VALUES), "sleep_event": _maybe(st.sampled_from([e.value for e in SleepEvent])),
              "baby": _maybe(st.one_of(st.sampled_from(["小米", "小麦", "小满", "二宝", ""]), TEXTS)),
              "every_baby": st.booleans(), "amount_unit_assumed": st.booleans()},
             required={"record_type": st.sampled_from([t.value for t in RecordType])})

EXTRACTION_PARTS = {
    "also": st.lists(FACT, max_size=3), "every_baby": st.booleans(), "unread": st.lists(TEXTS, max_size=2),
    "record_type": _maybe(st.sampled_from([t.value for t in RecordType])),
    "slots": _some(SLOT_VALUES), "sleep_event": _maybe(st.sampled_from([e.value for e in SleepEvent])),
    "query": _maybe(QUERY), "profile": _maybe(PROFILE), "reference": _maybe(REFERENCE),
    "role_change": _maybe(ROLE), "settings": _maybe(SETTINGS),
    "baby": _maybe(st.one_of(st.sampled_from(["小米", "小麦", "小满", "二宝", "大宝", ""]), TEXTS)),
    "addressed_to_bot": st.booleans(), "amount_unit_assumed": st.booleans(),
    "confidence": st.floats(0, 1), "unaccounted": st.lists(TEXTS, max_size=3),
    "clock_without_day": _maybe(st.one_of(st.sampled_from(["16:00", "03:00", "25:99"]), TEXTS)),
}


def _sparse_slots() -> st.SearchStrategy[dict]:
    return st.lists(st.sampled_from(sorted(_FEW)), max_size=4, unique=True).flatmap(
        lambda keys: st.fixed_dictionaries({k: _FEW[k] for k in keys}))


def schema_valid(output: dict[str, Any]) -> bool:
    """What pydantic-ai would accept from a model: the JSON validates as an Extraction."""
    try:
        Extraction.model_validate_json(json.dumps(output))
    except ValueError:
        return False
    return True


ANYTHING = _some(EXTRACTION_PARTS, required={"intent": st.sampled_from([i.value for i in Intent])})

# Proposals a model may well make, each with a sparse, sometimes hostile, set of values.
_FEW = {"amount_ml": st.one_of(st.sampled_from([90, 100, 120, 500]), NUMBERS), "start": TIMES, "end": TIMES,
        "time": TIMES, "kind": st.sampled_from(["formula", "breast_milk", "symptom", "medication", "temperature"]),
        "wet": st.booleans(), "medication": st.sampled_from(["泰诺林", "美林"]), "dose": st.sampled_from([2, 2.5]),
        "weight_kg": st.sampled_from([6.5, -2.5, 0]), "temperature_c": st.sampled_from([38.5, 50]),
        "night_wakings": st.integers(0, 3), "duration_min": st.sampled_from([15, 420]), "text": TEXTS}
LIKELY = st.fixed_dictionaries({
    "intent": st.sampled_from(["record", "record", "supply", "correct", "confirm", "cancel", "undo", "delete",
                               "query", "chat"]),
    "record_type": _maybe(st.sampled_from([t.value for t in RecordType])),
    "slots": _sparse_slots(),
}, optional={"reference": REFERENCE, "baby": st.sampled_from(["小米", "小麦", "小满"]),
             "also": st.lists(st.fixed_dictionaries(
                 {"record_type": st.sampled_from([t.value for t in RecordType]), "slots": _sparse_slots()},
                 optional={"baby": st.sampled_from(["小米", "小麦", "小满"]), "every_baby": st.booleans(),
                           "sleep_event": st.sampled_from([e.value for e in SleepEvent])}), max_size=3),
             "every_baby": st.booleans(),
             "sleep_event": st.sampled_from([e.value for e in SleepEvent]), "unaccounted": st.lists(TEXTS, max_size=1),
             "clock_without_day": st.sampled_from(["16:00", "03:00"])})

EXTRACTIONS = st.one_of(LIKELY, LIKELY, LIKELY, ANYTHING, _some({"profile": PROFILE, "settings": SETTINGS,
                                                                  "role_change": ROLE, "query": QUERY},
                                                                 required={"intent": st.sampled_from(
                                                                     ["profile", "settings", "role", "query"])})) \
    .filter(schema_valid)

MESSAGES = st.one_of(
    st.sampled_from(["刚刚喝了90ml配方奶", "喝了4oz", "确认", "对", "不是", "算了", "撤销", "宝宝尿了吗？", "小米",
                     "下午四点喝了100ml配方奶", "fed at 3", "删掉刚才那条", "出生体重3.2公斤", "今天喝了多少奶",
                     "把奶奶设为家长", "时区改成Asia/Beijing", "体重-2.5kg", "吐奶了", "睡着了", "醒了"]),
    st.text(max_size=40),
    st.sampled_from(["二" * 3000, "好" * 2001, "喝了\x00\ud800 90ml", "\udfff", "9" * 400]))

FORGED_TOKENS = st.one_of(
    st.sampled_from(["t1.1.confirm", "t99999.1.confirm", "t1.0.choose.b1", "t1.2.choose.same", "t2.1.choose.restore_1",
                     "u1", "u999999", "m1.parent", "m2.caregiver", "m3.parent", "x", "", "t1.1.con\ud800firm",
                     "t" + "9" * 70 + ".1.confirm"]),
    st.text(max_size=30))


@dataclass(frozen=True)
class Step:
    who: str
    minutes: int
    text: str | None = None          # a message (with `output`, what the model answers) ...
    output: dict | None = None
    press: str | None = None         # ... or a press: latest | stale | forged | other_family
    pick: int = 0
    forged: str = ""


# What a family says and what a sound model answers — so that conversations get far (tasks, writes,
# corrections, undo); sometimes with one value made hostile.
_LAST_NIGHT = {"start": "2026-05-03T20:00:00+08:00", "end": "2026-05-04T03:00:00+08:00"}
COHERENT: list[tuple[str, dict[str, Any]]] = [
    ("刚刚喝了90ml配方奶", {"intent": "record", "record_type": "feeding",
                     "slots": {"kind": "formula", "amount_ml": 90}}),
    ("喝了120ml", {"intent": "record", "record_type": "feeding", "slots": {"amount_ml": 120}}),
    ("配方奶", {"intent": "supply", "slots": {"kind": "formula"}}),
    ("尿了", {"intent": "record", "record_type": "diaper", "slots": {"wet": True}}),
    ("换了尿布", {"intent": "record", "record_type": "diaper", "slots": {}}),
    ("睡着了", {"intent": "record", "record_type": "sleep", "sleep_event": "fell_asleep"}),
    ("醒了", {"intent": "record", "record_type": "sleep", "sleep_event": "woke_up"}),
    ("昨晚8点到凌晨3点睡的", {"intent": "record", "record_type": "sleep", "slots": _LAST_NIGHT}),
    ("吃了泰诺林2ml", {"intent": "record", "record_type": "health",
                   "slots": {"kind": "medication", "medication": "泰诺林", "dose": 2, "dose_unit": "ml"}}),
    ("体重6.5kg", {"intent": "record", "record_type": "growth", "slots": {"weight_kg": 6.5}}),
    ("记一下：今天很乖", {"intent": "record", "record_type": "note", "slots": {"text": "今天很乖"}}),
    ("吸奶120ml", {"intent": "record", "record_type": "pumping", "slots": {"amount_ml": 120}}),
    ("确认", {"intent": "confirm"}), ("对", {"intent": "confirm"}), ("算了", {"intent": "cancel"}),
    ("撤销", {"intent": "undo"}), ("不是", {"intent": "correct"}),
    ("不对，是100ml", {"intent": "correct", "record_type": "feeding", "slots": {"amount_ml": 100}}),
    ("删掉刚才那条", {"intent": "delete", "reference": {"which": "latest"}}),
    ("小米", {"intent": "supply", "baby": "小米"}),
    ("出生体重3.2公斤", {"intent": "profile", "profile": {"birth_weight_kg": 3.2}}),
    ("名字叫小满满", {"intent": "profile", "profile": {"name": "小满满"}}),
    ("每天晚上9点发总结", {"intent": "settings", "settings": {"summary_time": "21:00"}}),
    ("时区改成柏林", {"intent": "settings", "settings": {"timezone": "Europe/Berlin"}}),
    ("把小王设为照护者", {"intent": "role", "role_change": {"member": "小王", "role": "caregiver"}}),
    ("今天喝了多少奶", {"intent": "query", "query": {"metric": "feeding_total"}}),
    # several facts in one message (one record each, confirmed or asked as a whole)
    ("喝了90ml配方奶，尿了", {"intent": "record", "record_type": "feeding",
                       "slots": {"kind": "formula", "amount_ml": 90},
                       "also": [{"record_type": "diaper", "slots": {"wet": True}}]}),
    ("喝了90ml，尿了", {"intent": "record", "record_type": "feeding", "slots": {"amount_ml": 90},
                    "also": [{"record_type": "diaper", "slots": {"wet": True}}]}),
    ("刚醒，接着喝了100ml奶粉", {"intent": "record", "record_type": "sleep", "sleep_event": "woke_up",
                         "also": [{"record_type": "feeding", "slots": {"kind": "formula", "amount_ml": 100}}]}),
    ("喝了400ml配方奶，拉了", {"intent": "record", "record_type": "feeding",
                        "slots": {"kind": "formula", "amount_ml": 400},
                        "also": [{"record_type": "diaper", "slots": {"solid": True}}]}),
    ("俩宝都拉了", {"intent": "record", "record_type": "diaper", "slots": {"solid": True}, "every_baby": True}),
    ("俩宝都睡着了", {"intent": "record", "record_type": "sleep", "sleep_event": "fell_asleep", "every_baby": True}),
    ("尿了，尿了", {"intent": "record", "record_type": "diaper", "slots": {"wet": True},
                "also": [{"record_type": "diaper", "slots": {"wet": True}}]}),
    ("小米喝了90ml配方奶，小麦尿了", {"intent": "record", "record_type": "feeding", "baby": "小米",
                            "slots": {"kind": "formula", "amount_ml": 90},
                            "also": [{"record_type": "diaper", "baby": "小麦", "slots": {"wet": True}}]}),
]
_HOSTILE = st.sampled_from([("amount_ml", float("nan")), ("amount_ml", -90), ("start", "0001-01-01T00:00:00"),
                            ("time", "9999-12-31T23:59:59"), ("dose", float("inf")), ("weight_kg", -2.5),
                            ("start", "2026-05-05T20:00:00"), ("night_wakings", 10 ** 18)])


@st.composite
def _coherent(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    text, output = draw(st.sampled_from(COHERENT))
    if output.get("slots") and draw(st.integers(0, 4)) == 0:
        name, value = draw(_HOSTILE)
        output = {**output, "slots": {**output["slots"], name: value}}
    if output.get("also") and draw(st.integers(0, 3)) == 0:          # a further fact made hostile
        name, value = draw(_HOSTILE)
        first, *rest = output["also"]
        output = {**output, "also": [{**first, "slots": {**first.get("slots", {}), name: value}}, *rest]}
    return text, output


_WHO = st.sampled_from(("mom", "mom", "nanny", "guest", "stranger"))
_MINUTES = st.one_of(st.just(0), st.integers(0, 20), st.integers(50, 130))
_SAID_WELL = _coherent().flatmap(lambda said: st.builds(Step, who=_WHO, minutes=_MINUTES, text=st.just(said[0]),
                                                        output=st.just(said[1])))
SAY = st.one_of(_SAID_WELL, _SAID_WELL, st.builds(Step, who=_WHO, minutes=_MINUTES, text=MESSAGES,
                                                  output=EXTRACTIONS))
PRESS = st.builds(Step, who=_WHO, minutes=st.integers(0, 20),
                  press=st.sampled_from(["latest", "latest", "latest", "latest", "stale", "forged", "other_family"]),
                  pick=st.integers(0, 50), forged=FORGED_TOKENS)
CONVERSATIONS = st.lists(st.one_of(SAY, SAY, PRESS), min_size=3, max_size=16)
__all__ = ["BASE", "CONVERSATIONS", "SENDERS", "Step"]
