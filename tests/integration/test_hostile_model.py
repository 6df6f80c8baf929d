"""Nothing wrong is ever written, whatever the model says: a property suite through the real ChatService.

A hostile model (a pydantic-ai FunctionModel, every message through the agent: `rules_first=False`)
answers random but schema-valid Extractions (tests/fakes/hostile.py) to random messages from a parent,
a caregiver, a friend and strangers, with and without an active task, among random, stale, forged and
other-family button presses, while the clock jumps (tasks expire). After every turn:

1. no exception escapes `handle()`;
2. a friend's (or a stranger's) turn changes nothing: records, tasks, profile, settings, roles
   (a task running out of time is no change; the stranger's own new member row is none);
3. every write (a record created, changed or deleted; a profile, settings or role change) is announced
   by a reply of a writing kind: recorded, updated, deleted, undone;
4. every stored value is finite and within its hard limits (records, task slots, profile), and the
   family's timezone is one zoneinfo knows;
5. at most one active task per family;
6. nothing is stored more than 5 minutes in the future without a confirmation;
7. the other family in the same database never changes;
8. a turn never writes the same record twice (a message that says one fact twice is confirmed first),
   and the facts a task keeps for later (`_items` in its slots) hold only finite values within limits.

Examples: FAWN_PROPERTY_EXAMPLES conversations (3 to 16 turns each) on SQLite, default 250 (about
1,600 turns, derandomised so that CI runs the same ones); an eighth of them, at least 10, on PostgreSQL
(skipped when 127.0.0.1:5432 is unreachable). Setting the variable also randomises the run — the long
mode: FAWN_PROPERTY_EXAMPLES=50000 .venv/bin/python -m pytest tests/integration/test_hostile_model.py -s
"""
from __future__ import annotations

import asyncio
import importlib
import math
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.clock import FrozenClock
from bot.composition import Fawn, assemble
from bot.protocol import ButtonPress, FamilySetup, IncomingMessage, MemberSetup, TurnResult
from domain.limits import PROFILE_BOUNDS, SLOT_BOUNDS, known_zone
from domain.records import bound_for
from domain.vocabulary import RecordType, ReplyKind
from storage.engine import Database, make_engine
from storage.tables import AgentTask, Baby, Family, Member, Record
from tests.databases import drop_postgres, migrated_postgres, migrated_sqlite
from tests.fakes.hostile import BASE, CONVERSATIONS, Step
from tests.fakes.scripted_model import ScriptedModel
from tests.integration.conftest import pg_engine
from tests.reproducible import examples_from_the_strategies_alone

pytestmark = pytest.mark.slow           # the property suite over hundreds of conversations

EXAMPLES = int(os.environ.get("FAWN_PROPERTY_EXAMPLES", "250"))
LONG = "FAWN_PROPERTY_EXAMPLES" in os.environ
WRITING = {ReplyKind.RECORDED, ReplyKind.UPDATED, ReplyKind.DELETED, ReplyKind.UNDONE}
FUTURE_SLACK = timedelta(minutes=5)
MEMBERS = (MemberSetup("mom", "妈妈", "妈妈", "parent"), MemberSetup("nanny", "奶奶", "奶奶", "caregiver"),
           MemberSetup("guest", "小王", None, "friend"))
SUITE = settings(deadline=None, derandomize=not LONG, print_blob=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                        HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much])


@dataclass
class World:
    """A database of our own and the loop its connections live on (hypothesis runs examples synchronously)."""

    loop: asyncio.AbstractEventLoop
    engine: AsyncEngine
    families: int = 0
    turns: int = 0

    def run(self, coroutine: Any) -> Any:
        return self.loop.run_until_complete(coroutine)


@pytest.fixture(scope="module", autouse=True)
def _the_same_examples_whatever_runs_beside() -> Iterator[None]:
    """Derandomised, the suite draws only from its strategies (tests/reproducible.py says why); the long,
    randomised mode keeps Hypothesis's constants of the code under test."""
    if LONG:
        yield
        return
    with examples_from_the_strategies_alone():
        yield


@pytest.mark.skipif(LONG, reason="the long mode is randomised")
def test_the_examples_are_the_same_whatever_else_the_process_imported(tmp_path, monkeypatch) -> None:
    drawn: list[str] = []

    @given(conversation=CONVERSATIONS)
    @settings(SUITE, max_examples=250, database=None)    # about one example in twelve draws a constant
    def draw(conversation: list[Step]) -> None:
        drawn.append(repr(conversation))

    draw()
    alone, drawn[:] = list(drawn), []
    # a module of the code under test that the suite's process had not imported yet, full of constants
    (tmp_path / "fawn_more_constants.py").write_text(     # literals, as Hypothesis reads them (≤ 1,024 a module)
        f"NUMBERS = {[7919 * n for n in range(1, 330)]}\nFLOATS = {[n + 0.5 for n in range(330)]}\n"
        f"WORDS = {[f'constant {n}' for n in range(330)]}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.import_module("fawn_more_constants")
    try:
        draw()
    finally:
        del sys.modules["fawn_more_constants"]
    assert drawn == alone


@pytest.fixture(scope="module")
def sqlite_world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    loop = asyncio.new_event_loop()
    engine = make_engine(loop.run_until_complete(migrated_sqlite(tmp_path_factory.mktemp("hostile") / "fawn.db")))
    world = World(loop, engine)
    yield world
    print(f"\nhostile model on SQLite: {world.families} conversations, {world.turns} turns")
    loop.run_until_complete(engine.dispose())
    loop.close()


@pytest.fixture(scope="module")
def postgres_world() -> Iterator[World]:
    loop = asyncio.new_event_loop()
    made = loop.run_until_complete(migrated_postgres())
    if isinstance(made, str):
        loop.close()
        pytest.skip(made)
    url, name = made
    world = World(loop, pg_engine(url))
    yield world
    print(f"\nhostile model on PostgreSQL: {world.families} conversations, {world.turns} turns")
    loop.run_until_complete(world.engine.dispose())
    loop.run_until_complete(drop_postgres(name))
    loop.close()


@given(conversation=CONVERSATIONS)
@settings(SUITE, max_examples=EXAMPLES)
def test_a_hostile_model_never_gets_anything_wrong_written_on_sqlite(sqlite_world: World,
                                                                    conversation: list[Step]) -> None:
    sqlite_world.run(Conversation.play(sqlite_world, conversation))


@given(conversation=CONVERSATIONS)
@settings(SUITE, max_examples=max(10, EXAMPLES // 8))
def test_a_hostile_model_never_gets_anything_wrong_written_on_postgresql(postgres_world: World,
                                                                        conversation: list[Step]) -> None:
    postgres_world.run(Conversation.play(postgres_world, conversation))


@dataclass
class Conversation:
    service: Fawn
    clock: FrozenClock
    model: ScriptedModel
    family: str
    other: str
    family_ids: dict[str, int] = field(default_factory=dict)
    tokens: list[list[str]] = field(default_factory=list)     # the buttons of every reply, in order
    other_tokens: list[str] = field(default_factory=list)
    sent: int = 0

    @classmethod
    async def play(cls, world: World, steps: list[Step]) -> None:
        world.families += 1
        model, clock = ScriptedModel(), FrozenClock(BASE)
        service = assemble(Database(world.engine), model.extractor(), clock=clock)
        chat = cls(service, clock, model, f"hostile-{world.families}", f"other-{world.families}")
        await chat.set_up(twins=world.families % 3 == 0)
        other_before = plain(await snapshot(service, chat.family_ids[chat.other]))
        for number, step in enumerate(steps, 1):
            await chat.step(step, f"step {number} of {steps}")
            world.turns += 1
        other_after = plain(await snapshot(service, chat.family_ids[chat.other]))
        assert other_after == other_before, f"the other family changed during {steps}"     # invariant 7

    async def set_up(self, twins: bool) -> None:
        babies = ({"name": "小米", "birth_date": "2026-03-01"}, {"name": "小麦", "birth_date": "2026-03-01"}) \
            if twins else ({"name": "小满", "birth_date": "2026-03-01"},)
        for chat in (self.family, self.other):
            self.family_ids[chat] = await self.service.families.setup_family(FamilySetup(
                "scenario", chat, babies=babies, members=MEMBERS))
        for output in ({"intent": "record", "record_type": "feeding", "slots": {"kind": "formula", "amount_ml": 90}},
                       {"intent": "record", "record_type": "diaper", "slots": {}}):
            self.model.answer_with(output)
            result = await self.send(self.other, "mom", "x")
            self.other_tokens += [b.token for b in result.reply.buttons] if result.reply else []

    async def step(self, step: Step, where: str) -> None:
        self.clock.advance(timedelta(minutes=step.minutes))
        who = f"stranger-{self.sent}" if step.who == "stranger" else step.who
        before = await snapshot(self.service, self.family_ids[self.family])
        if step.text is not None:
            self.model.answer_with(step.output)
            result = await self.send(self.family, who, step.text, where=where)
        else:
            result = await self.send(self.family, who, press=self.token(step), where=where)
        self.tokens.append([b.token for b in result.reply.buttons] if result.reply else [])
        after = await snapshot(self.service, self.family_ids[self.family])
        friend = before["by_sender"].get(who, "friend") == "friend"      # roles change as the chat goes
        check_turn(before, after, result, friend=friend, where=where)

    def token(self, step: Step) -> str:
        offered = [t for buttons in self.tokens for t in buttons]
        if step.press == "latest" and self.tokens and self.tokens[-1]:
            return self.tokens[-1][step.pick % len(self.tokens[-1])]
        if step.press == "stale" and offered:
            return offered[step.pick % len(offered)]
        if step.press == "other_family" and self.other_tokens:
            return self.other_tokens[step.pick % len(self.other_tokens)]
        return step.forged

    async def send(self, chat: str, who: str, text: str = "", press: str | None = None,
                   where: str = "") -> TurnResult:
        self.sent += 1
        msg = IncomingMessage("scenario", chat, who, who, f"m{self.sent}", self.clock(), text,
                              press=ButtonPress(press) if press is not None else None)
        try:
            return await self.service.chat.handle(msg)
        except Exception as exc:                        # invariant 1
            raise AssertionError(f"handle() raised {exc!r} at {where}") from exc


async def snapshot(service: Fawn, family_id: int) -> dict[str, Any]:
    """Everything a turn may change, as plain comparable values."""
    from sqlmodel import select

    async with service.database.sessions() as s:
        family = await s.get(Family, family_id)
        rows = {t: list((await s.exec(select(t).where(t.family_id == family_id))).all())
                for t in (Record, AgentTask, Baby, Member)}
    return {
        "records": {r.id: (r.type, r.baby_id, r.start, r.end, repr(sorted(r.data.items())), r.deleted_at,
                           r.updated_at, r.task_id, r.created_at) for r in rows[Record]},
        "tasks": {t.id: (t.state, t.revision, repr(sorted(t.slots.items())), t.requires_confirmation_reason,
                         t.confirmed_by, t.expires_at) for t in rows[AgentTask]},
        "babies": {b.id: (b.name, tuple(b.nicknames), b.birth_date, b.sex, b.birth_weight_kg, b.birth_height_cm)
                   for b in rows[Baby]},
        "family": (family.timezone, family.language, family.summary_time, repr(family.settings)),
        "roles": {m.id: (m.role, m.title) for m in rows[Member]},
        "by_sender": {m.platform_user_id: m.role for m in rows[Member]},
        "raw": rows,
    }


def plain(shot: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in shot.items() if k not in ("raw", "by_sender")}


def check_turn(before: dict, after: dict, result: TurnResult, friend: bool, where: str) -> None:
    changed = {k for k in ("records", "babies", "family") if before[k] != after[k]}
    changed |= {"roles"} if any(after["roles"].get(i) != v for i, v in before["roles"].items()) else set()
    tasks_changed = _tasks_changed(before["tasks"], after["tasks"])
    if friend:                                                            # invariant 2
        assert not changed and not tasks_changed, f"a friend's turn changed {changed or 'tasks'} at {where}"
    if changed:                                                           # invariant 3
        assert result.kind in WRITING, f"{changed} changed under a {result.kind} reply at {where}"
    for record in after["raw"][Record]:                                   # invariants 4 and 6
        _check_record(record, after, where)
    slot_limits = {k: (b.hard_min, b.hard_max) for k, b in SLOT_BOUNDS.items()}
    for task in after["raw"][AgentTask]:
        _check_numbers(task.slots, slot_limits, where)
        for item in task.slots.get("_items") or ():                      # invariant 8
            _check_numbers(item["fields"], slot_limits, where)
    _check_written_once(before, after, where)
    for baby in after["raw"][Baby]:
        _check_numbers({"birth_weight_kg": baby.birth_weight_kg, "birth_height_cm": baby.birth_height_cm},
                       {k: (b.hard_min, b.hard_max) for k, b in PROFILE_BOUNDS.items()}, where)
    assert known_zone(after["family"][0]), where
    active = [t for t in after["raw"][AgentTask] if t.state in ("pending", "awaiting_confirmation")]
    assert len(active) <= 1, f"{len(active)} active tasks at {where}"   # invariant 5


def _check_written_once(before: dict, after: dict, where: str) -> None:
    """Two identical records from one turn only when someone confirmed them (invariant 8)."""
    new = [r for r in after["raw"][Record] if r.id not in before["records"]]
    seen: dict[tuple, Record] = {}
    for record in new:
        key = (record.type, record.baby_id, record.start, record.end, repr(sorted(record.data.items())))
        if key in seen:
            task = next((t for t in after["raw"][AgentTask] if t.id == record.task_id), None)
            assert task is not None and task.confirmed_by is not None, \
                f"record {record.id} written twice in one turn without a confirmation at {where}"
        seen[key] = record


def _tasks_changed(before: dict, after: dict) -> bool:
    """Any task change but running out of time (active → expired, nothing else)."""
    if set(after) != set(before):
        return True
    return any(after[i] != old and not (after[i][0] == "expired" and old[0] in ("pending", "awaiting_confirmation")
                                        and after[i][2:5] == old[2:5]) for i, old in before.items())


def _check_record(record: Record, after: dict, where: str) -> None:
    kind = RecordType(record.type)
    limits = {}
    for name in record.data:
        bound = bound_for(kind, name, record.data)
        if bound is not None:
            limits[name] = (bound.hard_min, bound.hard_max)
    _check_numbers(record.data, limits, where)
    written_at = record.updated_at or record.created_at
    for moment in (record.start, record.end):
        if moment is None:
            continue
        assert date(2000, 1, 1) <= moment.date() <= (written_at + timedelta(days=1)).date(), where
        if moment > written_at + FUTURE_SLACK:
            task = next((t for t in after["raw"][AgentTask] if t.id == record.task_id), None)
            assert task is not None and task.confirmed_by is not None, \
                f"record {record.id} at {moment} stored without a confirmation at {where}"


def _check_numbers(values: dict, limits: dict[str, tuple[float, float]], where: str) -> None:
    for name, value in values.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        assert math.isfinite(value), f"{name}={value} stored at {where}"
        if name in limits:
            low, high = limits[name]
            assert low <= value <= high, f"{name}={value} outside {low}..{high} at {where}"
