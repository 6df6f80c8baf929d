"""Checking one turn's expectations (and the final ones) against what happened."""
from __future__ import annotations

import re
from dataclasses import dataclass

from bot.devtools.scenarios.matching import (
    MatchContext,
    describe_record,
    profile_difference,
    records_difference,
    task_difference,
)
from bot.devtools.scenarios.model import Expectation, FinalCheck, ProfileCheck, TaskCheck
from bot.devtools.scenarios.state import Changes, FamilyState
from bot.protocol import OutgoingReply


@dataclass(frozen=True)
class TurnOutcome:
    reply: OutgoingReply | None
    kind: str                      # the reply kind, "none" when the bot stayed silent
    changes: Changes
    after: FamilyState


def turn_difference(expect: Expectation, outcome: TurnOutcome, ctx: MatchContext) -> str | None:
    """The first expectation this turn does not meet, or None."""
    for check in (_reply_difference, _buttons_difference, _changes_difference):
        found = check(expect, outcome, ctx)
        if found:
            return found
    return state_difference(expect.task, expect.profile, outcome.after, ctx)


def final_difference(final: FinalCheck, state: FamilyState, ctx: MatchContext) -> str | None:
    if final.records is not None:
        found = records_difference(final.records.records, state.records, ctx, "records")
        if found:
            return found
    return state_difference(final.task, final.profile, state, ctx)


def state_difference(task: TaskCheck | None, profile: ProfileCheck | None,
                     state: FamilyState, ctx: MatchContext) -> str | None:
    if task is not None:
        found = task_difference(task, state.task, ctx)
        if found:
            return found
    if profile is not None:
        return profile_difference(profile, state.profiles, ctx)
    return None


def _reply_difference(expect: Expectation, outcome: TurnOutcome, ctx: MatchContext) -> str | None:
    text = outcome.reply.text if outcome.reply else ""
    quoted = f" ({_short(text)!r})" if text else ""
    if expect.reply is not None and outcome.kind not in expect.reply:
        return f"reply is {outcome.kind}{quoted}, expected {' or '.join(expect.reply)}"
    for part in expect.reply_contains:
        if part.lower() not in text.lower():
            return f"reply does not contain {part!r}{quoted}"
    for part in expect.reply_not_contains:
        if part.lower() in text.lower():
            return f"reply contains {part!r}{quoted}"
    if expect.reply_matches is not None and not re.search(expect.reply_matches, text):
        return f"reply does not match /{expect.reply_matches}/{quoted}"
    return None


def _buttons_difference(expect: Expectation, outcome: TurnOutcome, ctx: MatchContext) -> str | None:
    if expect.buttons is None:
        return None
    offered = [b.action for b in outcome.reply.buttons] if outcome.reply else []
    if not expect.buttons and offered:
        return f"buttons: expected none, got {offered}"
    absent = [action for action in expect.buttons if action not in offered]
    return f"buttons: {absent} not offered (offered {offered})" if absent else None


def wrote_wrongly(expect: Expectation, outcome: TurnOutcome, ctx: MatchContext) -> bool:
    """The turn wrote, changed or deleted records other than the ones it was expected to (a turn whose
    expectation says nothing of records cannot write wrongly)."""
    said = expect.no_change or any(c is not None for c in (expect.written, expect.updated, expect.deleted))
    return said and not outcome.changes.none and _changes_difference(expect, outcome, ctx) is not None


def _changes_difference(expect: Expectation, outcome: TurnOutcome, ctx: MatchContext) -> str | None:
    changes = outcome.changes
    if expect.no_change and not changes.none:
        return (f"expected no change, got {len(changes.written)} written, "
                f"{len(changes.updated)} updated, {len(changes.deleted)} deleted"
                + _first_change(changes, ctx))
    for what, check, actual in (("written", expect.written, changes.written),
                                ("updated", expect.updated, changes.updated),
                                ("deleted", expect.deleted, changes.deleted)):
        if check is not None:
            found = records_difference(check.records, actual, ctx, what)
            if found:
                return found
    return None


def _first_change(changes: Changes, ctx: MatchContext) -> str:
    for what, records in (("written", changes.written), ("updated", changes.updated),
                          ("deleted", changes.deleted)):
        if records:
            return f" ({what} {describe_record(records[0], ctx)})"
    return ""


def _short(text: str, limit: int = 80) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
