"""Matching what a scenario expects against what the service did.

Times: compared to the minute in the family's local time. Numbers: within 0.5 % or 0.05,
whichever is larger. `null`: the field is empty. Enums: by canonical name. `baby`: by name.
Every function returns None when things match, or one sentence saying what differed.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, tzinfo
from enum import Enum
from typing import Any

from bot.devtools.scenarios.model import ExpectedRecord, ProfileCheck, TaskCheck
from bot.devtools.scenarios.times import to_local_minute

RELATIVE_TOLERANCE = 0.005
ABSOLUTE_TOLERANCE = 0.05


@dataclass(frozen=True)
class MatchContext:
    zone: tzinfo
    baby_names: Mapping[Any, str] = field(default_factory=dict)   # baby id -> name


def is_empty(value: Any) -> bool:
    return value is None or value == "" or (isinstance(value, (list, tuple, dict)) and not value)


def values_match(expected: Any, actual: Any, ctx: MatchContext) -> bool:
    if expected is None:
        return is_empty(actual)
    if is_empty(actual):
        return False
    if isinstance(expected, datetime):
        moment = _as_datetime(actual, ctx.zone)
        return moment is not None and to_local_minute(moment, ctx.zone) == to_local_minute(expected, ctx.zone)
    if isinstance(expected, date):
        return _as_date(actual) == expected
    if isinstance(expected, bool):
        return isinstance(actual, (bool, int)) and bool(actual) == expected and actual in (0, 1)
    if isinstance(expected, (int, float)):
        return _numbers_match(float(expected), actual)
    if isinstance(expected, (list, tuple)):
        return _lists_match(expected, actual, ctx)
    return canonical(actual) == str(expected)


def canonical(value: Any) -> str:
    return str(value.value) if isinstance(value, Enum) else str(value)


def _numbers_match(expected: float, actual: Any) -> bool:
    if isinstance(actual, bool):
        return False
    try:
        number = float(actual)
    except (TypeError, ValueError):
        return False
    return abs(number - expected) <= max(RELATIVE_TOLERANCE * abs(expected), ABSOLUTE_TOLERANCE) + 1e-9


def _lists_match(expected: Sequence[Any], actual: Any, ctx: MatchContext) -> bool:
    """Lists match as multisets (order is not something a family sees)."""
    if not isinstance(actual, (list, tuple, set, frozenset)) or len(actual) != len(expected):
        return False
    left = list(actual)
    for item in expected:
        hit = next((i for i, a in enumerate(left) if values_match(item, a, ctx)), None)
        if hit is None:
            return False
        left.pop(hit)
    return True


def _as_datetime(value: Any, zone: tzinfo) -> datetime | None:
    if isinstance(value, datetime):
        return value
    if isinstance(value, str):
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            return None
        return parsed if parsed.tzinfo else parsed.replace(tzinfo=zone)
    return None


def _as_date(value: Any) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value)[:10])
    except ValueError:
        return None


def show(value: Any, ctx: MatchContext) -> str:
    """A value as a scenario author would write it."""
    if isinstance(value, datetime):
        return to_local_minute(value, ctx.zone).isoformat(timespec="minutes")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show(v, ctx) for v in value) + "]"
    return "null" if value is None else canonical(value)


def fields_difference(expected: Mapping[str, Any], actual: Mapping[str, Any], ctx: MatchContext) -> str | None:
    for key, want in expected.items():
        got = actual.get(key)
        if key == "baby":
            got = ctx.baby_names.get(got, got)
        if not values_match(want, got, ctx):
            return f"{key} is {show(got, ctx)}, expected {show(want, ctx)}"
    return None


def record_difference(expected: ExpectedRecord, actual: Mapping[str, Any], ctx: MatchContext) -> str | None:
    if canonical(actual.get("type")) != expected.type:
        return f"type is {show(actual.get('type'), ctx)}, expected {expected.type}"
    return fields_difference(expected.fields, actual, ctx)


def describe_record(actual: Mapping[str, Any], ctx: MatchContext) -> str:
    skip = {"type", "id", "created_at", "updated_at", "created_by", "source_message", "task", "deleted_at"}
    shown = ", ".join(f"{k}: {show(v, ctx)}" for k, v in actual.items() if k not in skip and not is_empty(v))
    return f"{canonical(actual.get('type'))} #{actual.get('id')} {{{shown}}}"


def records_difference(expected: Sequence[ExpectedRecord], actual: Sequence[Mapping[str, Any]],
                       ctx: MatchContext, what: str) -> str | None:
    """Exactly as many records as expected, each matched one-to-one by its listed fields."""
    if len(expected) != len(actual):
        listed = "; ".join(describe_record(a, ctx) for a in actual) or "none"
        return f"{what}: expected {len(expected)} record(s), got {len(actual)}: {listed}"
    pairs = _one_to_one(expected, actual, ctx)
    for index, want in enumerate(expected):
        if index not in pairs:
            return f"{what}: no record matches line {want.line} ({_closest(want, actual, ctx)})"
    return None


def _one_to_one(expected: Sequence[ExpectedRecord], actual: Sequence[Mapping[str, Any]],
                ctx: MatchContext) -> dict[int, int]:
    """A maximum matching of expected to actual records (Kuhn's augmenting paths)."""
    fits = [[j for j, a in enumerate(actual) if record_difference(e, a, ctx) is None] for e in expected]
    owner: dict[int, int] = {}           # actual index -> expected index

    def augment(i: int, seen: set[int]) -> bool:
        for j in fits[i]:
            if j not in seen:
                seen.add(j)
                if j not in owner or augment(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    for i in range(len(expected)):
        augment(i, set())
    return {i: j for j, i in owner.items()}


def _closest(want: ExpectedRecord, actual: Sequence[Mapping[str, Any]], ctx: MatchContext) -> str:
    same_type = [a for a in actual if canonical(a.get("type")) == want.type]
    if not same_type:
        return f"no {want.type} record; got " + ("; ".join(describe_record(a, ctx) for a in actual) or "none")
    return "; ".join(f"{describe_record(a, ctx)}: {record_difference(want, a, ctx)}" for a in same_type)


def task_difference(check: TaskCheck, actual: Mapping[str, Any] | None, ctx: MatchContext) -> str | None:
    if check.expect_none:
        if actual is None:
            return None
        return f"task: expected none, got {canonical(actual.get('state'))} {canonical(actual.get('action'))} " \
               f"{canonical(actual.get('record_type'))} slots {_show_mapping(actual.get('slots') or {}, ctx)}"
    if actual is None:
        return "task: expected an active task, got none"
    found = fields_difference(check.fields, actual, ctx)
    if found:
        return f"task: {found}"
    if check.slots is not None:
        found = fields_difference(check.slots, actual.get("slots") or {}, ctx)
        if found:
            return f"task slots: {found} (slots {_show_mapping(actual.get('slots') or {}, ctx)})"
    return None


def _show_mapping(values: Mapping[str, Any], ctx: MatchContext) -> str:
    return "{" + ", ".join(f"{k}: {show(v, ctx)}" for k, v in values.items() if not is_empty(v)) + "}"


def profile_difference(check: ProfileCheck, profiles: Sequence[Mapping[str, Any]], ctx: MatchContext) -> str | None:
    if check.baby is None:
        if len(profiles) != 1:
            return f"profile: {len(profiles)} babies; name one with `baby:`"
        profile = profiles[0]
    else:
        profile = next((p for p in profiles if p.get("name") == check.baby), None)
        if profile is None:
            return f"profile: no baby named {check.baby}"
    found = fields_difference(check.fields, profile, ctx)
    return f"profile: {found}" if found else None
