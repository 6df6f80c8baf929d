"""Loading and validating scenario files (see shared/scenario-format.md) into frozen values."""
from __future__ import annotations

from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from yaml.nodes import Node

from bot.devtools.scenarios.expect_loader import ExpectationReader
from bot.devtools.scenarios.model import (
    ChatSpec,
    ClockStep,
    Expectation,
    FamilySpec,
    FinalCheck,
    MemberSpec,
    Scenario,
    Turn,
)
from bot.devtools.scenarios.times import parse_local_time, parse_offset
from bot.devtools.scenarios.yamlnodes import NodeReader, ScenarioFileError, line_of
from domain.units import UNIT_CHOICES

TOP_KEYS = ("name", "tags", "family", "clock", "turns", "final", "instances")
FAMILY_KEYS = ("timezone", "chat", "language", "babies", "members", "records", "chats", "units")
CHAT_KEYS = ("kind", "member", "platform")
BABY_KEYS = ("name", "birth_date", "sex", "nicknames", "birth_weight_kg", "birth_height_cm")
MEMBER_KEYS = ("name", "title", "role")
ROLES = ("parent", "caregiver", "friend")
TURN_WORDS = ("press", "by", "join", "wait", "message", "at", "repeat", "expect", "in")


def find_scenario_files(paths: list[str]) -> list[Path]:
    """The files named, and every *.yaml / *.yml under the folders named, sorted."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml"))
        else:
            found.append(path)
    return found


def load_scenario(path: Path) -> Scenario:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ScenarioFileError(path, 0, f"cannot read: {error.strerror}") from None
    return parse_scenario(text, path)


def parse_scenario(text: str, path: Path) -> Scenario:
    nodes = NodeReader(path)
    root = nodes.compose(text)
    items = nodes.mapping(root, "scenario", TOP_KEYS, required=("name", "clock", "turns"))
    family = read_family(nodes, items["family"]) if "family" in items else FamilySpec()
    expectations = ExpectationReader(nodes, frozenset(m.key for m in family.members),
                                     frozenset(c.key for c in family.chats))
    turns = TurnReader(nodes, family, expectations).turns(items["turns"])
    return Scenario(
        path=path, name=nodes.text(items["name"], "name"),
        tags=nodes.string_list(items["tags"], "tags") if "tags" in items else (),
        family=family, clock=_clock(nodes, items["clock"]), turns=turns,
        final=expectations.final(items["final"]) if "final" in items else FinalCheck(),
        instances=_instances(nodes, items["instances"]) if "instances" in items else 1)


def _instances(nodes: NodeReader, node: Node) -> int:
    value = nodes.value(node)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 4:
        raise nodes.fail(node, "instances: how many bot instances send pushes, 1 to 4")
    return value


def _clock(nodes: NodeReader, node: Node):
    try:
        return parse_local_time(nodes.value(node))
    except ValueError as error:
        raise nodes.fail(node, f"clock: {error}") from None


def read_family(nodes: NodeReader, node: Node) -> FamilySpec:
    items = nodes.mapping(node, "family", FAMILY_KEYS)
    values: dict = {}
    if "timezone" in items:
        values["timezone"] = _timezone(nodes, items["timezone"])
    for key, allowed in (("chat", ("group", "private")), ("language", ("zh", "en"))):
        if key in items:
            values[key] = _one_of(nodes, items[key], key, allowed)
    if "babies" in items:
        values["babies"] = tuple(_baby(nodes, b) for b in nodes.sequence(items["babies"], "babies"))
    if "members" in items:
        members = nodes.mapping(items["members"], "members")
        values["members"] = tuple(_member(nodes, key, n) for key, n in members.items())
    if "records" in items:
        reader = ExpectationReader(nodes, frozenset())
        values["records"] = reader.records(items["records"], "family.records").records
    if "chats" in items:
        members = {m.key for m in values.get("members", ())}
        chats = nodes.mapping(items["chats"], "chats")
        values["chats"] = tuple(_chat(nodes, key, n, members) for key, n in chats.items())
    if "units" in items:
        values["units"] = _units(nodes, items["units"])
    return FamilySpec(**values)


def _units(nodes: NodeReader, node: Node) -> tuple[tuple[str, str], ...]:
    """`units: {volume: oz, weight: lb}`: the display units the family chose at set-up."""
    items = nodes.mapping(node, "units", tuple(UNIT_CHOICES))
    return tuple((quantity, _one_of(nodes, value, quantity, UNIT_CHOICES[quantity]))
                 for quantity, value in items.items())


def _chat(nodes: NodeReader, key: str, node: Node, members: set[str]) -> ChatSpec:
    items = nodes.mapping(node, f"chat {key}", CHAT_KEYS)
    kind = _one_of(nodes, items["kind"], "kind", ("group", "private")) if "kind" in items else "group"
    member = nodes.text(items["member"], "member") if "member" in items else None
    if member is not None and member not in members:
        raise nodes.fail(items["member"], f"member: {member!r} is not a member key")
    if kind == "private" and member is None:
        raise nodes.fail(node, f"chat {key}: a private chat names its member")
    platform = nodes.text(items["platform"], "platform") if "platform" in items else "scenario"
    return ChatSpec(key, kind, member, platform)


def _timezone(nodes: NodeReader, node: Node) -> str:
    name = nodes.text(node, "timezone")
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise nodes.fail(node, f"unknown timezone {name!r}") from None
    return name


def _one_of(nodes: NodeReader, node: Node, what: str, allowed: tuple[str, ...]) -> str:
    value = nodes.text(node, what)
    if value not in allowed:
        raise nodes.fail(node, f"{what}: {value!r} is not one of {', '.join(allowed)}")
    return value


def _baby(nodes: NodeReader, node: Node) -> dict:
    items = nodes.mapping(node, "baby", BABY_KEYS, required=("name",))
    baby = {key: nodes.value(value) for key, value in items.items()}
    if baby.get("sex") not in (None, "female", "male"):
        raise nodes.fail(items["sex"], "sex: must be female or male")
    return baby


def _member(nodes: NodeReader, key: str, node: Node) -> MemberSpec:
    if key in TURN_WORDS:
        raise nodes.fail(node, f"{key!r} cannot be a member key (it is a turn word)")
    items = nodes.mapping(node, f"member {key}", MEMBER_KEYS, required=("name", "role"))
    role = nodes.value(items["role"])
    if role is not None and role not in ROLES:
        raise nodes.fail(items["role"], f"role: {role!r} is not one of {', '.join(ROLES)} or null")
    title = nodes.value(items["title"]) if "title" in items else None
    return MemberSpec(key=key, name=nodes.text(items["name"], "name"),
                      title=None if title is None else str(title), role=role)


class TurnReader:
    """Reads `turns:`: text, press and join turns, their clock steps and expectations."""

    def __init__(self, nodes: NodeReader, family: FamilySpec, expectations: ExpectationReader) -> None:
        self.nodes, self.expectations = nodes, expectations
        self.members = {m.key: m for m in family.members}
        self.chats = {c.key for c in family.chats}

    def turns(self, node: Node) -> tuple[Turn, ...]:
        items = self.nodes.sequence(node, "turns")
        if not items:
            raise self.nodes.fail(node, "turns: at least one turn is needed")
        turns: list[Turn] = []
        for item in items:
            turns.append(self.turn(item, turns))
        return tuple(turns)

    def turn(self, node: Node, earlier: list[Turn]) -> Turn:
        items = self.nodes.mapping(node, "turn", tuple(TURN_WORDS) + tuple(self.members))
        speakers = [k for k in items if k in self.members]
        kinds = [k for k in ("press", "join", "wait") if k in items] + (["text"] if speakers else [])
        if len(kinds) != 1 or len(speakers) > 1:
            raise self.nodes.fail(node, "a turn is exactly one of `<member>: text`, `press:`, `join:` or `wait:`")
        if kinds[0] == "wait":
            return self._wait_turn(node, items)
        common = dict(line=line_of(node), at=self._at(items.get("at")), chat=self._in(items.get("in")),
                      repeat=self.nodes.boolean(items["repeat"], "repeat") if "repeat" in items else False,
                      expect=self.expectations.expectation(items["expect"]) if "expect" in items else Expectation())
        if kinds[0] == "text":
            return self._text_turn(items, speakers[0], common, earlier)
        if kinds[0] == "press":
            return self._press_turn(node, items, common, earlier)
        return self._join_turn(items, common)

    def _text_turn(self, items: dict[str, Node], speaker: str, common: dict, earlier: list[Turn]) -> Turn:
        self._forbid(items, ("by", "message"), "a text turn")
        text = self.nodes.text(items[speaker], "the message")
        if common["repeat"]:
            previous = next((t for t in reversed(earlier) if t.kind == "text"), None)
            if previous is None or (previous.member, previous.text) != (speaker, text):
                raise self.nodes.fail(items[speaker], "repeat: true re-delivers the previous message; "
                                      "write the same member and text as that turn")
        return Turn(kind="text", member=speaker, text=text, **common)

    def _press_turn(self, node: Node, items: dict[str, Node], common: dict, earlier: list[Turn]) -> Turn:
        if common["repeat"] and not any(t.kind == "press" for t in earlier):
            raise self.nodes.fail(node, "repeat: true on a press needs an earlier press to repeat")
        if "by" not in items:
            raise self.nodes.fail(node, "a press turn needs `by: <member key>`")
        by = self.nodes.text(items["by"], "by")
        if by not in self.members:
            raise self.nodes.fail(items["by"], f"by: {by!r} is not a member key")
        message = self.nodes.value(items["message"]) if "message" in items else None
        if message is not None and (not isinstance(message, int) or message < 1):
            raise self.nodes.fail(items["message"], "message: the bot's reply number, 1 or more")
        return Turn(kind="press", member=by, action=self.nodes.text(items["press"], "press"),
                    message=message, **common)

    def _join_turn(self, items: dict[str, Node], common: dict) -> Turn:
        self._forbid(items, ("by", "message"), "a join turn")
        key = self.nodes.text(items["join"], "join")
        if key not in self.members:
            raise self.nodes.fail(items["join"], f"join: {key!r} is not a member key")
        if self.members[key].role is not None:
            raise self.nodes.fail(items["join"], f"join: {key!r} must have role: null (not yet in the family)")
        return Turn(kind="join", member=key, **common)

    def _wait_turn(self, node: Node, items: dict[str, Node]) -> Turn:
        """`wait: +2h` (or a local time): only the clock moves; `expect` checks what the bot sent by itself."""
        self._forbid(items, ("by", "message", "at", "repeat", "in"), "a wait turn")
        expect = self.expectations.expectation(items["expect"]) if "expect" in items else Expectation()
        return Turn(kind="wait", member="", line=line_of(node), at=self._at(items["wait"]), expect=expect)

    def _in(self, node: Node | None) -> str | None:
        if node is None:
            return None
        key = self.nodes.text(node, "in")
        if key not in self.chats:
            raise self.nodes.fail(node, f"in: {key!r} is not one of the family's chats")
        return key

    def _forbid(self, items: dict[str, Node], keys: tuple[str, ...], what: str) -> None:
        for key in keys:
            if key in items:
                raise self.nodes.fail(items[key], f"{what} has no {key!r}")

    def _at(self, node: Node | None) -> ClockStep:
        if node is None:
            return ClockStep()
        raw = self.nodes.value(node)
        offset = parse_offset(raw) if isinstance(raw, str) else None
        if offset is not None:
            return ClockStep(offset=offset)
        try:
            return ClockStep(absolute=parse_local_time(raw))
        except ValueError:
            raise self.nodes.fail(node, f"at: {raw!r} is neither a local time nor an offset like +2h") from None
