"""A scenario file as frozen values: the family, the turns and what each turn expects."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from bot.protocol import DEFAULT_BABY_NAME

Fields = dict[str, Any]


@dataclass(frozen=True)
class MemberSpec:
    key: str                       # how turns refer to the member; also the sender id
    name: str
    title: str | None
    role: str | None               # None: not in the family yet (joins later)


@dataclass(frozen=True)
class ChatSpec:
    """One of the family's chats: a group, or a member's one-to-one chat on some platform."""

    key: str
    kind: str = "group"            # group | private
    member: str | None = None      # whose one-to-one chat (a member key)
    platform: str = "scenario"


@dataclass(frozen=True)
class FamilySpec:
    timezone: str = "Asia/Shanghai"
    chat: str = "group"
    language: str = "zh"
    babies: tuple[Fields, ...] = ({"name": DEFAULT_BABY_NAME},)
    members: tuple[MemberSpec, ...] = ()
    records: tuple[ExpectedRecord, ...] = ()
    chats: tuple[ChatSpec, ...] = ()   # empty: one chat of the kind `chat`; else the first is the default
    units: tuple[tuple[str, str], ...] = ()   # display units chosen at set-up: (("volume", "oz"), ...)

    def chat_of(self, key: str | None) -> ChatSpec:
        """The chat a turn happens in: the one named by `in:`, else the default chat."""
        if not self.chats:
            return ChatSpec("s1", self.chat)
        return next(c for c in self.chats if c.key == key) if key else self.chats[0]


@dataclass(frozen=True)
class ExpectedRecord:
    """A record as written in the file: its type and the fields listed (times naive local)."""

    type: str
    fields: Fields
    line: int = 0


@dataclass(frozen=True)
class TaskCheck:
    """`task: null` (expect_none) or the listed task fields and slots."""

    expect_none: bool
    fields: Fields = field(default_factory=dict)
    slots: Fields | None = None


@dataclass(frozen=True)
class ProfileCheck:
    baby: str | None               # which baby (by name); None: the only one
    fields: Fields


@dataclass(frozen=True)
class RecordsCheck:
    """`written` / `updated` / `deleted` / final `records`: exactly these, one-to-one."""

    records: tuple[ExpectedRecord, ...]


@dataclass(frozen=True)
class PushCheck:
    """One push the bot is expected to send by itself when the clock passes its time."""

    kind: str                                  # reminder | standing | summary | weekly | notice
    contains: tuple[str, ...] = ()
    not_contains: tuple[str, ...] = ()
    chat: str | None = None                    # `in:` — the family chat it must reach (a chat key)
    line: int = 0


@dataclass(frozen=True)
class Expectation:
    reply: tuple[str, ...] | None = None      # the kinds accepted (`reply: ask` or `reply: [ask, confirm]`)
    reply_contains: tuple[str, ...] = ()
    reply_not_contains: tuple[str, ...] = ()
    reply_matches: str | None = None
    buttons: tuple[str, ...] | None = None
    written: RecordsCheck | None = None
    updated: RecordsCheck | None = None
    deleted: RecordsCheck | None = None
    no_change: bool = False
    task: TaskCheck | None = None
    profile: ProfileCheck | None = None
    pushes: tuple[PushCheck, ...] | None = None   # exactly these pushes since the previous turn


@dataclass(frozen=True)
class ClockStep:
    """When a turn happens: an absolute local time, an offset, or (neither) one minute later."""

    absolute: datetime | None = None
    offset: timedelta | None = None


@dataclass(frozen=True)
class Turn:
    """One turn: `text` from `member`, a `press` of an action by `member`, a `join`, or a `wait` (the clock
    moves, nobody says anything: `at` holds where it moves to)."""

    kind: str                      # text | press | join | wait
    member: str
    line: int
    text: str = ""
    action: str = ""
    message: int | None = None     # press on the bot's n-th reply (1-based)
    repeat: bool = False
    chat: str | None = None        # `in:` — the family chat the turn happens in (None: the default chat)
    at: ClockStep = field(default_factory=ClockStep)
    expect: Expectation = field(default_factory=Expectation)


@dataclass(frozen=True)
class FinalCheck:
    records: RecordsCheck | None = None
    task: TaskCheck | None = None
    profile: ProfileCheck | None = None


@dataclass(frozen=True)
class Scenario:
    path: Path
    name: str
    tags: tuple[str, ...]
    family: FamilySpec
    clock: datetime
    turns: tuple[Turn, ...]
    final: FinalCheck = field(default_factory=FinalCheck)
    instances: int = 1             # bot instances sending pushes (each with its own scheduler)

    @property
    def watches_pushes(self) -> bool:
        """The scheduler runs on the scenario's clock (pushes are sent and seen) when a turn waits or
        expects pushes, or several instances are asked for."""
        return self.instances > 1 or any(t.kind == "wait" or t.expect.pushes is not None for t in self.turns)

    def member(self, key: str) -> MemberSpec:
        return next(m for m in self.family.members if m.key == key)
