"""The one protocol every messenger adapter speaks with the application.

An adapter turns a platform update into an `IncomingMessage` (a button press is an
`IncomingMessage` with `press` set), calls `ChatPort.handle`, and renders the `OutgoingReply`
of the `TurnResult`, sending it through the `DeliveryPort`. What is not a chat turn (set-up,
settings, export, a chat that moved) goes through the `FamilyPort`. Adapters hold no business
logic and import nothing but this module (and their platform's library).
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from domain.replies.catalog import text
from domain.vocabulary import ChatKind, Language, ReplyKind

DEFAULT_BABY_NAME = text(Language.ZH, "baby.default_name")   # a family set up with no baby named, in zh


@dataclass(frozen=True)
class Attachment:
    kind: str                    # "photo"
    file_id: str                 # the platform's file id
    local_path: Path | None = None


@dataclass(frozen=True)
class ButtonPress:
    """A press of a button the bot sent. `token` is the button's callback data, verbatim."""

    token: str
    bot_message_id: str | None = None   # the platform id of the message carrying the button


@dataclass(frozen=True)
class IncomingMessage:
    platform: str                 # telegram | wecom | console | scenario
    chat_id: str
    sender_id: str
    sender_name: str
    message_id: str               # unique per chat on the platform (callback query id for presses)
    sent_at: datetime             # aware
    text: str = ""
    chat_kind: ChatKind = ChatKind.GROUP
    press: ButtonPress | None = None
    attachments: tuple[Attachment, ...] = ()
    addressed_to_bot: bool = False   # a mention, a reply to the bot, a command
    edited: bool = False
    sender_language: str | None = None   # the language the platform says the sender uses (Telegram: en, zh-hans)


@dataclass(frozen=True)
class OutgoingButton:
    action: str                   # confirm | cancel | undo | choose:<value> | ...
    label: str
    token: str                    # callback data, at most 64 bytes; names the task/record, not content


@dataclass(frozen=True)
class OutgoingReply:
    kind: ReplyKind
    text: str
    buttons: tuple[OutgoingButton, ...] = ()
    image: Path | None = None
    language: str = "zh"          # the family's language: channels word their own additions in it
    document: Path | None = None  # a file to send with the text (导出数据), on a channel that carries files


@dataclass(frozen=True)
class TurnResult:
    """What one turn produced. `reply` is None when the bot stays silent or on a redelivery."""

    reply: OutgoingReply | None
    trace_id: str
    duplicate: bool = False
    incoming_id: int | None = None       # messages.id of the stored incoming message
    reply_id: int | None = None          # messages.id of the stored outgoing reply
    written: tuple[int, ...] = ()
    updated: tuple[int, ...] = ()
    deleted: tuple[int, ...] = ()
    press_rejected: bool = False          # a press that changed nothing (stale, foreign, no right)
    family_id: int | None = None
    settings_changed: bool = False       # the family's settings (e.g. summary time) changed this turn
    joins_answered: tuple[tuple[str, str, str | None], ...] = ()   # (platform, chat, role or None): chats a
                                         # parent let in or declined this turn, told once it is committed
    failed: bool = False                 # the turn failed and wrote nothing; the reply apologises
    retry_later: bool = False            # the database was unavailable: nothing kept, no reply; the channel
                                         # leaves the message unacknowledged so the platform delivers it again

    @property
    def kind(self) -> ReplyKind:
        return self.reply.kind if self.reply else ReplyKind.NONE


@dataclass(frozen=True)
class MemberSetup:
    sender_id: str
    name: str
    title: str | None
    role: str


@dataclass(frozen=True)
class FamilySetup:
    platform: str
    chat_id: str
    chat_kind: ChatKind = ChatKind.GROUP
    timezone: str = "Asia/Shanghai"
    language: str = "zh"
    babies: tuple[dict, ...] = ({"name": DEFAULT_BABY_NAME},)
    members: tuple[MemberSetup, ...] = field(default_factory=tuple)
    units: dict[str, str] = field(default_factory=dict)   # display units chosen at set-up: {"volume": "oz"}
    asks: tuple[str, ...] = ()          # what the welcome asks, as the platform did not say: language, timezone, units


@dataclass
class FamilySnapshot:
    """A family's state read back: live records (fields by vocabulary name), the active task, profiles."""

    records: list[dict[str, Any]] = field(default_factory=list)
    task: dict[str, Any] | None = None
    profiles: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class ExportFile:
    """The export a member asked for, or a refusal (allowed=False, nothing else set)."""

    allowed: bool
    body: bytes = b""
    filename: str = ""
    count: int = 0


@dataclass(frozen=True)
class KeptUpdate:
    """An incoming update stored before it was acknowledged (bot/delivery/inbox.py: the rule, once)."""

    id: int
    platform: str
    payload: dict[str, Any]
    received_at: datetime
    new: bool = True               # False: this update was kept before (a redelivery)


class SendMustWait(Exception):
    """A send the platform would refuse now and take later: the outbox keeps it, without counting an attempt,
    until what it waits for comes — `member`: the member's next message (personal WeChat's reply budget and
    window); `login`: the channel's next login."""

    def __init__(self, until: str, why: str) -> None:
        super().__init__(why)
        self.until = until


Clock = Callable[[], datetime]
"""The time now, aware. Tests pass a frozen one."""

SendFn = Callable[[str, OutgoingReply], Awaitable[str]]
"""`await send(chat_id, reply)` → the platform's id of the sent message. Raises when it failed."""


class ChatPort(Protocol):
    async def handle(self, msg: IncomingMessage) -> TurnResult: ...


class FamilyPort(Protocol):
    async def family_id(self, platform: str, chat_id: str) -> int | None: ...

    async def setup_family(self, setup: FamilySetup) -> int: ...

    async def start_family(self, platform: str, chat_id: str, chat_kind: ChatKind, founder: MemberSetup,
                           language_said: str | None) -> int:
        """A family for a chat's /start, its founder a parent, set up for the language the platform said."""

    async def settings(self, family_id: int) -> dict[str, str]: ...

    async def language(self, family_id: int) -> str | None: ...

    async def export(self, family_id: int, platform_user_id: str, fmt: str) -> ExportFile: ...

    async def move_chat(self, platform: str, old_chat_id: str, new_chat_id: str) -> bool: ...

    async def link_chat(self, family_id: int, platform: str, chat_id: str, kind: str,
                        member_sender_id: str | None = None) -> None: ...

    async def make_group(self, platform: str, chat_id: str) -> bool: ...

    async def members(self, family_id: int) -> list[MemberSetup]: ...

    async def snapshot(self, family_id: int) -> FamilySnapshot: ...


class InboxPort(Protocol):
    async def keep(self, platform: str, key: str, payload: dict[str, Any]) -> KeptUpdate | None:
        """The update committed before the platform hears anything (None: it could not be, answer 5xx)."""

    async def finished(self, update: KeptUpdate) -> None:
        """Its answer went out, or nothing was left to do."""

    def unfinished(self, update: KeptUpdate) -> None:
        """Its turn could not run here: finished later (when the database is back)."""


class DeliveryPort(Protocol):
    async def send_reply(self, send: SendFn, platform: str, chat_id: str, result: TurnResult, *,
                         mark: bool = True) -> str | None:
        """Send a turn's reply (kept in the outbox if it fails); returns the platform's message id.
        With `mark`, the stored reply is marked delivered under that id (not when the send only
        edits a message that already belongs to an earlier reply)."""

    async def mark_delivered(self, reply_id: int | None, platform_message_id: str) -> None:
        """A reply the channel sent itself (e.g. in an HTTP response) was delivered under this id."""

    async def resume(self, platform: str, until: str, chat_id: str | None = None) -> int:
        """What waited for `until` (SendMustWait) on this platform (and chat) is due again; how many."""
