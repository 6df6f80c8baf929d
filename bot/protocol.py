"""The one protocol every messenger adapter speaks with the application service.

An adapter turns a platform update into an `IncomingMessage` (a button press is an
`IncomingMessage` with `press` set), calls `ChatService.handle`, and renders the
`OutgoingReply` of the `TurnResult`. Adapters hold no business logic.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

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
