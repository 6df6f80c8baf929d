"""One family, several chats: which chats the family is reached from, and where what the bot sends by
itself (the daily summary, reminders) goes.

Records, recent context and the one active task belong to the family; a reply goes to the chat the
message came from. Pushes go to the family's group(s) — or, when it has none, or when the family chose
`push_to = private`, to each parent's and caregiver's one-to-one chat.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.vocabulary import ChatKind, Role

PUSH_TO_GROUP, PUSH_TO_PRIVATE = "group", "private"
PUSHED_TO_ROLES = frozenset({Role.PARENT, Role.CAREGIVER})


@dataclass(frozen=True)
class ChatView:
    """A chat of the family: a group, or a member's one-to-one chat (on any platform)."""

    family_id: int
    platform: str
    chat_id: str
    kind: str                      # group | private
    member_id: int | None = None   # whose one-to-one chat


def push_preference(settings: Mapping[str, Any]) -> str:
    return PUSH_TO_PRIVATE if settings.get("push_to") == PUSH_TO_PRIVATE else PUSH_TO_GROUP


def push_targets(chats: Sequence[ChatView], roles: Mapping[int, Role], prefer: str = PUSH_TO_GROUP) -> list[ChatView]:
    """The chats a push goes to: the groups (unless the family prefers private chats), else the one-to-one
    chats of parents and caregivers. Friends' private chats never get pushes."""
    groups = [c for c in chats if c.kind == ChatKind.GROUP.value]
    if groups and prefer != PUSH_TO_PRIVATE:
        return groups
    private = [c for c in chats if c.kind == ChatKind.PRIVATE.value and c.member_id is not None
               and roles.get(c.member_id) in PUSHED_TO_ROLES]
    return private or groups


def parents_elsewhere(chats: Sequence[ChatView], roles: Mapping[int, Role], platform: str) -> list[ChatView]:
    """Where the family's parents can be told that `platform` stopped working: its groups and its parents'
    one-to-one chats on every other platform (none when the family lives on that platform alone)."""
    return [c for c in chats if c.platform != platform and (
        c.kind == ChatKind.GROUP.value or (c.member_id is not None and roles.get(c.member_id) is Role.PARENT))]
