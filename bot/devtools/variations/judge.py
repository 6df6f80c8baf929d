"""Judging what a variant did against its base's effect.

- `as_base`: the base's effect — its records written or updated at once, or (a base that is confirmed)
  a confirm whose read-back, once confirmed, writes them; a question answered as the base was answered.
- `wrong_write`: a record written, changed or deleted that is not the base's effect — or the base's record
  written at once where the base is confirmed first. The invariant: never one.
- `question`: an ask, or a confirm, where the base did not need one (needless; to lower). `readback_wrong`
  marks a confirm whose read-back, once confirmed, would write something else.
- `silent`: no reply, or a chat reply (not understood), and nothing written.
- `other`: anything else with nothing written: an answer to a fact, a different answer, a refusal, an error.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import permutations
from typing import Any

from bot.devtools.scenarios.matching import MatchContext, canonical, describe_record, values_match
from bot.devtools.scenarios.model import ExpectedRecord
from bot.devtools.scenarios.state import Changes
from bot.devtools.scenarios.times import to_local_minute
from bot.devtools.variations.facts import Effect
from bot.devtools.variations.play import Played

OUTCOMES = ("as_base", "wrong_write", "question", "silent", "other")


@dataclass(frozen=True)
class Verdict:
    outcome: str                   # one of OUTCOMES
    detail: str = ""               # what happened, in a line (records written, the reply)
    readback_wrong: bool = False   # a question whose confirmed read-back would write something else


@dataclass(frozen=True)
class Judging:
    """How records are compared: in the family's zone, and with times allowed `leeway` either side — the
    span of the variant's own messages (a fact said over two messages happened at either one's time)."""

    ctx: MatchContext
    leeway: timedelta = timedelta(0)


def judge(effect: Effect, played: Played, how: Judging, base_answer: str | None = None) -> Verdict:
    if played.error:
        return Verdict("other", f"error: {played.error}")
    changes = played.changes
    if not changes.none:
        if effect.writes_at_once and fits(effect, changes, how):
            return Verdict("as_base")
        why = "written at once, not confirmed" if fits(effect, changes, how) else "not the base's effect"
        return Verdict("wrong_write", f"{why}: {describe_changes(changes, how.ctx)}")
    return _without_changes(effect, played, how, base_answer)


def _without_changes(effect: Effect, played: Played, how: Judging, base_answer: str | None) -> Verdict:
    kind, said = played.reply_kind, f"{played.reply_kind}: {_short(played.reply_text)}"
    ctx = how.ctx
    if kind == "confirm" and played.pressed is not None:
        right = fits(effect, played.pressed, how)
        if right and effect.confirmed:
            return Verdict("as_base")
        wrong = not right and not played.pressed.none
        detail = f"{said} → confirmed: {describe_changes(played.pressed, ctx)}" if wrong else said
        return Verdict("question", detail, readback_wrong=wrong)
    if kind in ("ask", "confirm"):
        return Verdict("question", said)
    if kind == "answer" and effect.kind == "answer":
        same = base_answer is None or played.reply_text == base_answer
        return Verdict("as_base") if same else Verdict("other", f"answered differently: {_short(played.reply_text)}")
    if kind in ("none", "chat"):
        return Verdict("silent", said)
    return Verdict("other", said)


def fits(effect: Effect, changes: Changes, how: Judging) -> bool:
    """The changes are exactly the effect's: its records written (or updated), nothing else."""
    if effect.kind == "answer" or changes.deleted:
        return False
    matched, other = (changes.updated, changes.written) if effect.updates else (changes.written, changes.updated)
    return not other and records_fit(effect.records, matched, how)


def records_fit(expected: Sequence[ExpectedRecord], actual: Sequence[Mapping[str, Any]], how: Judging) -> bool:
    """As many records as expected, paired one to one, each with the expected type and fields (a `~text`
    field: the value contains the text, ignoring case)."""
    if len(expected) != len(actual):
        return False
    return any(all(record_fits(e, a, how) for e, a in zip(expected, order, strict=True))
               for order in permutations(actual))


def record_fits(expected: ExpectedRecord, actual: Mapping[str, Any], how: Judging) -> bool:
    if canonical(actual.get("type")) != expected.type:
        return False
    return all(_value_fits(want, actual.get(name), how) for name, want in expected.fields.items())


def _value_fits(want: Any, got: Any, how: Judging) -> bool:
    if isinstance(want, str) and want.startswith("~"):
        return got is not None and _folded(want[1:]) in _folded(str(got))
    if isinstance(want, datetime) and how.leeway and isinstance(got, datetime):
        zone = how.ctx.zone
        return abs(to_local_minute(got, zone) - to_local_minute(want, zone)) <= how.leeway
    return values_match(want, got, how.ctx)


def _folded(text: str) -> str:
    """Free text as compared: full-width folded, spaces collapsed, lower case (a note keeps what was typed)."""
    return " ".join(unicodedata.normalize("NFKC", text).split()).lower()


def describe_changes(changes: Changes, ctx: MatchContext) -> str:
    parts = [f"{what} {describe_record(r, ctx)}" for what, records in
             (("wrote", changes.written), ("changed", changes.updated), ("deleted", changes.deleted))
             for r in records]
    return "; ".join(parts) or "nothing"


def _short(text: str, limit: int = 90) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
