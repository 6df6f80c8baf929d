"""Playing one script through the real chat service, in a fresh family on its own copy of the migrated
template — built the way the scenario runner builds a scenario (its service factory, family set-up,
conversation and clock), so the variations test exactly what the scenarios test."""
from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from bot.clock import FrozenClock
from bot.devtools.scenarios.conversation import Conversation, PlayedTurn
from bot.devtools.scenarios.database import PostgresTemplate, TemplateDatabase
from bot.devtools.scenarios.model import ClockStep, ExpectedRecord, Scenario, Turn
from bot.devtools.scenarios.runner import ServiceFactory, build_real_service, move_clock, set_up_family
from bot.devtools.scenarios.state import Changes, changes_between
from bot.devtools.scenarios.times import aware
from bot.devtools.variations.families import FAMILIES, SPEAKER

PRESS_AFTER = timedelta(minutes=1)


@dataclass(frozen=True)
class Said:
    """One message of a script: who says it, when (local, naive) and whether its effects are judged
    (a correction's first, mistaken statement is not: it sets up the record the correction changes)."""

    member: str
    text: str
    at: datetime
    judged: bool = True


@dataclass(frozen=True)
class Script:
    family: str                               # a key of FAMILIES
    said: tuple[Said, ...]                    # the last one is the message varied
    given: tuple[ExpectedRecord, ...] = ()    # records on file before the first message
    chat: str = "group"                       # group | private


@dataclass(frozen=True)
class Played:
    reply_kind: str                   # of the last message: recorded, ask, confirm, answer, none, …
    reply_text: str
    changes: Changes                  # what the judged messages wrote, changed and deleted
    pressed: Changes | None = None    # after pressing the last reply's confirm button, when it had one
    prelude: Changes | None = None    # what the unjudged messages did (a correction's first statement)
    error: str | None = None          # the service raised: a finding of its own


async def play(script: Script, database: TemplateDatabase | PostgresTemplate, *, model: str = "rules",
               factory: ServiceFactory = build_real_service) -> Played:
    scenario = _scenario(script)
    zone = ZoneInfo(scenario.family.timezone)
    url, copy = await database.fresh()
    clock = FrozenClock(aware(scenario.clock, zone))
    engine = None
    try:
        service, engine = await factory(url, clock=clock, model=model)
        family_id = await set_up_family(service, scenario, zone)
        conversation = Conversation(service, family_id, clock, scenario)
        return await _play_turns(conversation, script, scenario, zone)
    except Exception as error:   # a crash is an outcome to report, not a reason to stop the run
        return Played("error", "", Changes(), error=f"{type(error).__name__}: {error}")
    finally:
        if engine is not None:
            await engine.dispose()
        await database.discard(copy)


async def _play_turns(conversation: Conversation, script: Script, scenario: Scenario, zone: ZoneInfo) -> Played:
    state = first = await conversation.state()
    last: PlayedTurn | None = None
    prelude: Changes | None = None
    for number, (said, turn) in enumerate(zip(script.said, scenario.turns, strict=True), start=1):
        move_clock(conversation.clock, turn, first=number == 1, zone=zone)
        last = await conversation.play(turn, number, state)
        state = last.after
        if not said.judged:
            prelude, first = changes_between(first, state), state
    assert last is not None
    reply_text = last.reply.text if last.reply else ""
    pressed = await _press_confirm(conversation, last, script, zone) if _offers_confirm(last) else None
    return Played(last.kind, reply_text, changes_between(first, state), pressed, prelude)


def _offers_confirm(turn: PlayedTurn) -> bool:
    return turn.reply is not None and any(b.action == "confirm" for b in turn.reply.buttons)


async def _press_confirm(conversation: Conversation, last: PlayedTurn, script: Script, zone: ZoneInfo) -> Changes:
    """What confirming the read-back would write: the family's next step, taken by the one who said it."""
    at = script.said[-1].at + PRESS_AFTER
    press = Turn("press", SPEAKER, 0, action="confirm", at=ClockStep(absolute=at))
    move_clock(conversation.clock, press, first=False, zone=zone)
    pressed = await conversation.play(press, len(script.said) + 1, last.after)
    return pressed.changes


def _scenario(script: Script) -> Scenario:
    family = replace(FAMILIES[script.family], chat=script.chat, records=script.given)
    turns = tuple(Turn("text", said.member, 0, text=said.text, at=ClockStep(absolute=said.at))
                  for said in script.said)
    return Scenario(path=Path("variation"), name="variation", tags=(), family=family,
                    clock=script.said[0].at, turns=turns)
