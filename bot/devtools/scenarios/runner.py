"""Running one scenario through the real `ChatService`, in its own copy of the database."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from bot.clock import FrozenClock
from bot.composition import Fawn, open_fawn
from bot.config import ModelConfig
from bot.devtools.scenarios.checks import final_difference, turn_difference, wrote_wrongly
from bot.devtools.scenarios.conversation import Conversation
from bot.devtools.scenarios.cost import RunCost
from bot.devtools.scenarios.database import PostgresTemplate, TemplateDatabase
from bot.devtools.scenarios.matching import MatchContext
from bot.devtools.scenarios.model import Scenario, Turn
from bot.devtools.scenarios.pushes import SeenPush, pushes_difference, watched_pushes
from bot.devtools.scenarios.state import FamilyState
from bot.devtools.scenarios.times import aware
from bot.protocol import FamilySetup, FamilySnapshot, IncomingMessage, MemberSetup, TurnResult
from domain.vocabulary import ChatKind

ServiceFactory = Callable[..., Awaitable[tuple[Any, Any]]]   # (url, *, clock, model) -> (service, engine)
ONE_TURN = timedelta(minutes=1)


@dataclass(frozen=True)
class ScenarioResult:
    file: str
    name: str
    passed: bool
    failed_turn: int | str | None = None     # 1-based turn number, "final", or None (setup)
    message: str = ""
    cost: RunCost | None = None              # from the run's traces, when the service keeps them
    transcript: tuple[str, ...] = ()         # each turn and the bot's reply (`--verbose`)
    wrong_write: bool = False                # the failing turn, a message (not a press), wrote what it should not


class ScenarioApp:
    """What a scenario talks to: the real chat service and family port of the composition root."""

    def __init__(self, fawn: Fawn) -> None:
        self.fawn = fawn

    async def handle(self, msg: IncomingMessage) -> TurnResult:
        return await self.fawn.chat.handle(msg)

    async def delivered(self, reply_id: int | None, platform_message_id: str) -> None:
        await self.fawn.outbox.mark_delivered(reply_id, platform_message_id)

    async def setup_family(self, setup: FamilySetup) -> int:
        return await self.fawn.families.setup_family(setup)

    async def add_records(self, family_id: int, records: list[dict[str, Any]]) -> None:
        await self.fawn.families.add_records(family_id, records)

    async def snapshot(self, family_id: int) -> FamilySnapshot:
        return await self.fawn.families.snapshot(family_id)

    async def link_chat(self, family_id: int, platform: str, chat_id: str, kind: str, member: str | None) -> None:
        await self.fawn.families.link_chat(family_id, platform, chat_id, kind, member)

    def watch_pushes(self, scenario: Scenario, clock: FrozenClock):
        """The scheduler on the scenario's clock and what it pushes (see pushes.py)."""
        return watched_pushes(self.fawn, scenario, clock)

    async def cost(self, family_id: int) -> RunCost:
        async with self.fawn.database.unit_of_work() as uow:
            return RunCost.of(t.steps for t in await uow.traces.of_family(family_id))


class _Closing:
    """The database, and the model clients with it."""

    def __init__(self, fawn: Fawn) -> None:
        self.fawn = fawn

    async def dispose(self) -> None:
        await self.fawn.close()


async def build_real_service(url: str, *, clock: FrozenClock, model: str,
                             understanding: ModelConfig | None = None) -> tuple[ScenarioApp, _Closing]:
    """The composition root's application on a copy of the migrated template (so: no migrating again);
    `understanding` is the [understanding] section `--model` names a model of."""
    fawn = await open_fawn(url, clock=clock, understanding=understanding, model=model, migrate=False)
    return ScenarioApp(fawn), _Closing(fawn)


async def run_scenario(scenario: Scenario, database: TemplateDatabase | PostgresTemplate, *, model: str = "rules",
                       factory: ServiceFactory = build_real_service) -> ScenarioResult:
    url, copy = await database.fresh()
    zone = ZoneInfo(scenario.family.timezone)
    clock = FrozenClock(aware(scenario.clock, zone))
    engine = None
    try:
        service, engine = await factory(url, clock=clock, model=model)
        try:
            family_id = await set_up_family(service, scenario, zone)
            conversation = Conversation(service, family_id, clock, scenario)
            if scenario.watches_pushes:
                conversation.pushes = service.watch_pushes(scenario, clock)
                conversation.pushes[0].start_at(clock())
            first_state = await conversation.state()
        except Exception as error:
            return _result(scenario, None, f"setup: {type(error).__name__}: {error}")
        result = await play_turns(conversation, first_state, scenario, zone)
        cost = getattr(service, "cost", None)
        return replace(result, cost=await cost(family_id)) if cost is not None else result
    finally:
        if engine is not None:
            await engine.dispose()
        await database.discard(copy)


async def set_up_family(service: Any, scenario: Scenario, zone: ZoneInfo) -> int:
    family = scenario.family
    members = tuple(MemberSetup(sender_id=m.key, name=m.name, title=m.title, role=m.role)
                    for m in family.members if m.role is not None)
    first = family.chat_of(None)
    setup = FamilySetup(platform=first.platform, chat_id=first.key, chat_kind=ChatKind(first.kind),
                        timezone=family.timezone, language=family.language,
                        babies=tuple(dict(b) for b in family.babies), members=members,
                        units=dict(family.units))
    family_id = await service.setup_family(setup)
    for chat in family.chats[1:]:
        await service.link_chat(family_id, chat.platform, chat.key, chat.kind, chat.member)
    if family.records:
        records = [{"type": r.type, **{k: aware(v, zone) if k in ("start", "end", "time") and v else v
                                       for k, v in r.fields.items()}} for r in family.records]
        await service.add_records(family_id, records)
    return family_id


async def play_turns(conversation: Conversation, state: FamilyState, scenario: Scenario,
                     zone: ZoneInfo) -> ScenarioResult:
    transcript: list[str] = []
    for number, turn in enumerate(scenario.turns, start=1):
        move_clock(conversation.clock, turn, first=number == 1, zone=zone)
        try:
            await conversation.tick()
            outcome = await conversation.play(turn, number, state)
            pushed = conversation.pushed()
        except Exception as error:
            return _result(scenario, number, _where(turn, f"{type(error).__name__}: {error}"), transcript)
        transcript.extend(_transcript(number, turn, outcome, conversation.clock().astimezone(zone), pushed))
        state = outcome.after
        ctx = MatchContext(zone, state.baby_names())
        found = outcome.problem or turn_difference(turn.expect, outcome, ctx) or \
            (pushes_difference(turn.expect.pushes, pushed) if turn.expect.pushes is not None else None)
        if found:
            wrong = turn.kind == "text" and wrote_wrongly(turn.expect, outcome, ctx)
            return replace(_result(scenario, number, _where(turn, found), transcript), wrong_write=wrong)
    found = final_difference(scenario.final, state, MatchContext(zone, state.baby_names()))
    return _result(scenario, "final", f"final: {found}", transcript) if found else \
        _result(scenario, None, "", transcript)


def _transcript(number: int, turn: Turn, outcome: Any, at: datetime, pushed: list[SeenPush]) -> list[str]:
    """`[3] 20:17 mom: 8点到3点` and the reply under it (`→ confirm: 请确认：…`, its buttons); what the bot
    sent by itself meanwhile (`⇢ reminder to s1: …`)."""
    said = turn.text if turn.kind == "text" else f"({turn.kind} {turn.action or turn.member})".strip()
    lines = [f"  [{number}] {at:%m-%d %H:%M} (wait)" if turn.kind == "wait" else
             f"  [{number}] {at:%H:%M} {turn.member}: {said}"]
    lines += [f"      ⇢ {p.kind} to {p.chat}: {' / '.join(p.reply.text.splitlines())}" for p in pushed]
    reply = outcome.reply
    if reply is None:
        lines.append("      → none")
        return lines
    text_lines = reply.text.split("\n")
    lines.append(f"      → {reply.kind.value}: {text_lines[0]}")
    lines.extend(f"        {line}" for line in text_lines[1:])
    if reply.buttons:
        lines.append("        [" + "] [".join(b.action for b in reply.buttons) + "]")
    return lines


def move_clock(clock: FrozenClock, turn: Turn, *, first: bool, zone: ZoneInfo) -> None:
    """`at:` sets the time (absolute or offset); otherwise a turn is one minute after the last."""
    if turn.at.absolute is not None:
        clock.set(aware(turn.at.absolute, zone))
    elif turn.at.offset is not None:
        clock.advance(turn.at.offset)
    elif not first:
        clock.advance(ONE_TURN)


def _where(turn: Turn, message: str) -> str:
    if turn.kind == "wait":
        return f"line {turn.line} (wait): {message}"
    said = turn.text if turn.kind == "text" else f"{turn.kind} {turn.action or turn.member}".strip()
    return f"line {turn.line} ({turn.member}: {said}): {message}"


def _result(scenario: Scenario, turn: int | str | None, message: str,
            transcript: list[str] | None = None) -> ScenarioResult:
    return ScenarioResult(file=str(scenario.path), name=scenario.name, passed=not message,
                          failed_turn=turn if message else None, message=message,
                          transcript=tuple(transcript or ()))

