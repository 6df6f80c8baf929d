"""Reading YAML nodes with their line numbers, so every mistake in a file names its line."""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode


class ScenarioFileError(Exception):
    """A malformed scenario file: which file, which line, what is wrong."""

    def __init__(self, path: Path | str, line: int, reason: str) -> None:
        super().__init__(f"{path}:{line}: {reason}")
        self.path, self.line, self.reason = str(path), line, reason


def line_of(node: Node) -> int:
    return node.start_mark.line + 1


class NodeReader:
    """Turns nodes into Python values; every error carries the file and the node's line."""

    def __init__(self, path: Path | str) -> None:
        self.path = path
        self._constructor = yaml.SafeLoader("")

    def compose(self, text: str) -> Node:
        try:
            node = yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.MarkedYAMLError as error:
            mark = error.problem_mark or error.context_mark
            raise ScenarioFileError(self.path, mark.line + 1 if mark else 0, str(error.problem)) from None
        if node is None:
            raise ScenarioFileError(self.path, 1, "the file is empty")
        return node

    def fail(self, node: Node, reason: str) -> ScenarioFileError:
        return ScenarioFileError(self.path, line_of(node), reason)

    def mapping(self, node: Node, what: str, allowed: Iterable[str] | None = None,
                required: Iterable[str] = ()) -> dict[str, Node]:
        """The mapping's keys and value nodes; unknown, duplicate or missing keys are errors."""
        if not isinstance(node, MappingNode):
            raise self.fail(node, f"{what} must be a mapping")
        items: dict[str, Node] = {}
        for key_node, value_node in node.value:
            key = self.scalar(key_node)
            key = "null" if key is None else str(key).lower() if isinstance(key, bool) else str(key)
            if key in items:
                raise self.fail(key_node, f"{what}: duplicate key {key!r}")
            if allowed is not None and key not in allowed:
                raise self.fail(key_node, f"{what}: unknown key {key!r} (allowed: {', '.join(allowed)})")
            items[key] = value_node
        for key in required:
            if key not in items:
                raise self.fail(node, f"{what}: missing {key!r}")
        return items

    def sequence(self, node: Node, what: str) -> list[Node]:
        if not isinstance(node, SequenceNode):
            raise self.fail(node, f"{what} must be a list")
        return list(node.value)

    def scalar(self, node: Node) -> Any:
        if not isinstance(node, ScalarNode):
            raise self.fail(node, "expected a single value, not a list or mapping")
        return self._constructor.construct_object(node, deep=True)

    def value(self, node: Node) -> Any:
        """Any node as plain Python (lists and mappings included)."""
        return self._constructor.construct_object(node, deep=True)

    def text(self, node: Node, what: str) -> str:
        """The scalar exactly as written: `yes`, `no` and `on` stay words, not booleans."""
        if not isinstance(node, ScalarNode) or not node.value.strip():
            raise self.fail(node, f"{what} must be non-empty text")
        return node.value

    def string_list(self, node: Node, what: str) -> tuple[str, ...]:
        if isinstance(node, ScalarNode):
            return (self.text(node, what),)
        return tuple(self.text(item, what) for item in self.sequence(node, what))

    def boolean(self, node: Node, what: str) -> bool:
        value = self.scalar(node)
        if not isinstance(value, bool):
            raise self.fail(node, f"{what} must be true or false")
        return value
