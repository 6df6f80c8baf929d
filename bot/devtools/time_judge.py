"""Judging the time reader on Recognizers-Text cases, under the conventions of their README
(tests/peer/README.md): the answer or the spec's alternatives pass; unambiguous cases must also hold at
11:00 and 23:00; three conventions (most-recent-past vs literal, future plan, few = 3) are neither pass
nor fail."""
from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Literal

from bot.understanding.time import TimeValue, read_time_phrase
from bot.understanding.time.words import FEW_WORDS

Outcome = Literal["pass", "fail", "convention"]
FUTURE_PLAN_SLACK = timedelta(minutes=5)


@dataclass(frozen=True)
class Case:
    id: str
    lang: str
    category: str
    phrase: str
    reference: datetime | None
    expected: dict
    alternatives: tuple[dict, ...]
    unambiguous: bool


@dataclass(frozen=True)
class Verdict:
    case: Case
    outcome: Outcome
    got: str


def load_cases(path: Path) -> list[Case]:
    return [_case(json.loads(line)) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _case(raw: dict) -> Case:
    reference = datetime.fromisoformat(raw["reference"]) if raw.get("reference") else None
    return Case(raw["id"], raw["lang"], raw["category"], raw["phrase"], reference, raw["expected"],
                tuple(raw.get("alternatives") or ()), bool(raw.get("unambiguous")))


def judge_all(cases: Iterable[Case]) -> list[Verdict]:
    return [judge(case) for case in cases]


def judge(case: Case) -> Verdict:
    value = read_time_phrase(case.phrase, case.reference)
    readings = (case.expected, *case.alternatives)
    if any(matches(value, r) for r in readings):
        for hour in (11, 23) if case.unambiguous else ():
            other = read_time_phrase(case.phrase, case.reference.replace(hour=hour, minute=0, second=0))
            if not matches(other, case.expected):
                return Verdict(case, "fail", f"{describe(other)} (now {hour}:00)")
        return Verdict(case, "pass", describe(value))
    conventional = value is not None and _is_convention(case, value)
    return Verdict(case, "convention" if conventional else "fail", describe(value))


def matches(value: TimeValue | None, expected: dict) -> bool:
    if value is None:
        return False
    kind = expected["kind"]
    if kind == "point":
        return value.kind == "point" and _same_moment(value.point, expected.get("time") or expected["datetime"])
    if kind == "range":
        return value.kind == "range" and all(
            want is None or _same_moment(got, want)
            for got, want in ((value.start, expected["start"]), (value.end, expected["end"])))
    if kind == "duration":
        return value.kind == "duration" and value.minutes is not None and abs(value.minutes - expected["minutes"]) < 0.5
    if kind == "day":
        return value.kind == "day" and value.day is not None and value.day.isoformat() == expected["date"]
    return value.kind == "number" and value.number == expected["value"]


def _same_moment(got: datetime | None, want: str) -> bool:
    if got is None:
        return False
    if "T" in want:
        return got.strftime("%Y-%m-%dT%H:%M") == want[:16]
    return got.strftime("%H:%M") == want[:5]


def _is_convention(case: Case, value: TimeValue) -> bool:
    readings = (case.expected, *case.alternatives)
    if not case.unambiguous and any(_other_twelve_hours(value, r) for r in readings):
        return True
    if any(_future_plan(case, value, r) for r in readings):
        return True
    return case.category == "duration" and bool(FEW_WORDS.search(case.phrase.lower()))


def _ends(value: TimeValue, expected: dict) -> list[tuple[datetime | None, str]]:
    if expected["kind"] == "point":
        return [(value.point, expected.get("time") or expected.get("datetime"))]
    if expected["kind"] == "range":
        return [(got, want) for got, want in ((value.start, expected["start"]), (value.end, expected["end"]))
                if want is not None]
    return []


def _other_twelve_hours(value: TimeValue, expected: dict) -> bool:
    """Convention 1: a time without a date, answered with the other 12-hour reading (an end may match)."""
    ends = _ends(value, expected)
    if not ends or value.kind != expected["kind"] or any("T" in want for _, want in ends):
        return False
    return all(got is not None and _minutes_apart(got, want) in (0, 12 * 60) for got, want in ends) \
        and any(_minutes_apart(got, want) for got, want in ends)


def _minutes_apart(got: datetime, want: str) -> int:
    hours, minutes = (int(x) for x in want[:5].split(":"))
    return abs(got.hour * 60 + got.minute - hours * 60 - minutes) % (24 * 60)


def _future_plan(case: Case, value: TimeValue, expected: dict) -> bool:
    """Convention 2: every dated expected moment is ahead of now; the answer has the same clock, earlier."""
    ends = _ends(value, expected)
    if not ends or value.kind != expected["kind"] or case.reference is None:
        return False
    for got, want in ends:
        moment = datetime.fromisoformat(want) if "T" in want else None
        if moment is None or moment <= case.reference + FUTURE_PLAN_SLACK or got is None:
            return False
        if got.strftime("%H:%M") != moment.strftime("%H:%M") or got.date() >= moment.date():
            return False
    return True


def describe(value: TimeValue | None) -> str:
    if value is None:
        return "nothing"
    if value.kind == "point":
        return f"point {_fmt(value.point)}"
    if value.kind == "range":
        return f"range {_fmt(value.start)} → {_fmt(value.end)}"
    if value.kind == "duration":
        return f"duration {value.minutes:g} min"
    if value.kind == "day":
        return f"day {value.day}"
    return f"number {value.number:g}"


def _fmt(moment: datetime | None) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M") if moment else "—"
