"""Reading the expectation parts of a scenario: records, tasks, profiles, per-turn checks."""
from __future__ import annotations

from typing import Any

from yaml.nodes import Node, SequenceNode

from bot.devtools.scenarios.model import (
    Expectation,
    ExpectedRecord,
    FinalCheck,
    ProfileCheck,
    PushCheck,
    RecordsCheck,
    TaskCheck,
)
from bot.devtools.scenarios.times import parse_local_time
from bot.devtools.scenarios.yamlnodes import NodeReader
from domain.extraction import Slots
from domain.records import ENUM_FIELDS, FIELDS
from domain.vocabulary import RecordType, ReplyKind, TaskAction, TaskState

TIME_KEYS = frozenset({"start", "end", "time"})
EXPECT_KEYS = ("reply", "reply_contains", "reply_not_contains", "reply_matches", "buttons",
               "written", "updated", "deleted", "no_change", "task", "profile", "pushes")
PUSH_KEYS = ("kind", "contains", "not_contains", "in")
PUSH_KINDS = ("reminder", "standing", "summary", "weekly", "notice")
FINAL_KEYS = ("records", "task", "profile")
TASK_KEYS = ("state", "action", "record_type", "slots", "missing",
             "requires_confirmation_reason", "started_by", "confirmed_by")
PROFILE_KEYS = ("baby", "name", "nicknames", "birth_date", "sex", "birth_weight_kg", "birth_height_cm")
_ENUMS = {"state": TaskState, "action": TaskAction}


class ExpectationReader:
    """Reads expectations; `members` are the member keys a task may name, `chats` the chat keys a push may."""

    def __init__(self, nodes: NodeReader, members: frozenset[str], chats: frozenset[str] = frozenset()) -> None:
        self.nodes, self.members, self.chats = nodes, members, chats

    def expectation(self, node: Node) -> Expectation:
        items = self.nodes.mapping(node, "expect", EXPECT_KEYS)
        values: dict[str, Any] = {}
        for key, value in items.items():
            values[key] = self._expect_value(key, value)
        return Expectation(**values)

    def final(self, node: Node) -> FinalCheck:
        items = self.nodes.mapping(node, "final", FINAL_KEYS)
        return FinalCheck(
            records=self.records(items["records"], "final.records") if "records" in items else None,
            task=self.task(items["task"]) if "task" in items else None,
            profile=self.profile(items["profile"]) if "profile" in items else None)

    def _expect_value(self, key: str, node: Node) -> Any:
        n = self.nodes
        if key == "reply":
            return self._reply_kinds(node)
        if key in ("reply_contains", "reply_not_contains", "buttons"):
            if key == "buttons" and n.value(node) == []:
                return ()
            return n.string_list(node, key)
        if key == "reply_matches":
            return n.text(node, key)
        if key in ("written", "updated", "deleted"):
            return self.records(node, key)
        if key == "no_change":
            return n.boolean(node, key)
        if key == "pushes":
            return self.pushes(node)
        return self.task(node) if key == "task" else self.profile(node)

    def _reply_kinds(self, node: Node) -> tuple[str, ...]:
        """`reply: ask`, or `reply: [ask, confirm]` when any of several kinds is right."""
        kinds = {k.value for k in ReplyKind}
        if isinstance(node, SequenceNode):
            if not node.value:
                raise self.nodes.fail(node, "reply: an empty list accepts no reply")
            return tuple(self._choice(item, "reply", kinds) for item in node.value)
        return (self._choice(node, "reply", kinds),)

    def pushes(self, node: Node) -> tuple[PushCheck, ...]:
        """`pushes: []` (none), or `[{kind: reminder, contains: 喂药, in: group}, …]`."""
        if self.nodes.value(node) == []:
            return ()
        return tuple(self.push(item) for item in self.nodes.sequence(node, "pushes"))

    def push(self, node: Node) -> PushCheck:
        items = self.nodes.mapping(node, "push", PUSH_KEYS, required=("kind",))
        chat = self.nodes.text(items["in"], "in") if "in" in items else None
        if chat is not None and chat not in self.chats:
            raise self.nodes.fail(items["in"], f"in: {chat!r} is not one of the family's chats")
        return PushCheck(
            kind=self._choice(items["kind"], "kind", set(PUSH_KINDS)),
            contains=self.nodes.string_list(items["contains"], "contains") if "contains" in items else (),
            not_contains=self.nodes.string_list(items["not_contains"], "not_contains")
            if "not_contains" in items else (),
            chat=chat, line=node.start_mark.line + 1)

    def records(self, node: Node, what: str) -> RecordsCheck:
        if self.nodes.value(node) == []:
            return RecordsCheck(())
        items = self.nodes.sequence(node, what)
        return RecordsCheck(tuple(self.record(item, what) for item in items))

    def record(self, node: Node, what: str) -> ExpectedRecord:
        items = self.nodes.mapping(node, f"{what} record", required=("type",))
        record_type = self._choice(items.pop("type"), "type", {t.value for t in RecordType})
        allowed = set(FIELDS[RecordType(record_type)]) | {"baby"}
        fields: dict[str, Any] = {}
        for key, value_node in items.items():
            if key not in allowed:
                raise self.nodes.fail(value_node, f"{record_type} has no field {key!r} "
                                      f"(fields: {', '.join(sorted(allowed))})")
            fields[key] = self._field(RecordType(record_type), key, value_node)
        return ExpectedRecord(record_type, fields, node.start_mark.line + 1)

    def _field(self, record_type: RecordType, key: str, node: Node) -> Any:
        value = self.nodes.value(node)
        if value is None:
            return None
        if key in TIME_KEYS:
            return self._time(node)
        enum = ENUM_FIELDS.get((record_type, key))
        if enum is not None:
            return self._choice(node, key, {e.value for e in enum})
        return value

    def _time(self, node: Node) -> Any:
        try:
            return parse_local_time(self.nodes.value(node))
        except ValueError as error:
            raise self.nodes.fail(node, str(error)) from None

    def task(self, node: Node) -> TaskCheck:
        if self.nodes.value(node) is None:
            return TaskCheck(expect_none=True)
        items = self.nodes.mapping(node, "task", TASK_KEYS)
        fields: dict[str, Any] = {}
        slots = self.slots(items.pop("slots")) if "slots" in items else None
        for key, value_node in items.items():
            fields[key] = self._task_field(key, value_node)
        return TaskCheck(expect_none=False, fields=fields, slots=slots)

    def _task_field(self, key: str, node: Node) -> Any:
        value = self.nodes.value(node)
        if key in _ENUMS:
            return self._choice(node, key, {e.value for e in _ENUMS[key]})
        if key == "record_type":
            return self._choice(node, key, {t.value for t in RecordType} | {"profile"})
        if key == "missing":
            return tuple(self.nodes.value(node) or ())
        if key in ("started_by", "confirmed_by") and value is not None and value not in self.members:
            raise self.nodes.fail(node, f"{key}: {value!r} is not a member key")
        return value

    def slots(self, node: Node) -> dict[str, Any]:
        items = self.nodes.mapping(node, "task.slots", tuple(Slots.model_fields))
        return {key: (self._time(value) if key in TIME_KEYS and self.nodes.value(value) is not None
                      else self.nodes.value(value)) for key, value in items.items()}

    def profile(self, node: Node) -> ProfileCheck:
        items = self.nodes.mapping(node, "profile", PROFILE_KEYS)
        baby = self.nodes.value(items.pop("baby")) if "baby" in items else None
        fields = {key: self.nodes.value(value) for key, value in items.items()}
        return ProfileCheck(baby=None if baby is None else str(baby), fields=fields)

    def _choice(self, node: Node, what: str, allowed: set[str]) -> str:
        value = self.nodes.value(node)
        if not isinstance(value, str) or value not in allowed:
            raise self.nodes.fail(node, f"{what}: {value!r} is not one of {', '.join(sorted(allowed))}")
        return value
