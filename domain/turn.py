"""The inputs and outputs of one chat turn's decision, as plain frozen values."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from domain.extraction import Extraction
from domain.reminders import ReminderView
from domain.tasks import PendingTask
from domain.units import METRIC, UNIT_CHOICES, DisplayUnits
from domain.vocabulary import ChatKind, Language, RecordType, ReplyKind, Role


@dataclass(frozen=True)
class MemberView:
    id: int
    role: Role
    name: str
    title: str | None = None


@dataclass(frozen=True)
class BabyView:
    id: int
    name: str
    nicknames: tuple[str, ...] = ()
    birth_date: date | None = None
    sex: str | None = None
    birth_weight_kg: float | None = None
    birth_height_cm: float | None = None


@dataclass(frozen=True)
class RecordView:
    """A stored record; datetimes in `fields` are aware, in the family's zone."""

    id: int
    type: RecordType
    baby_id: int
    fields: dict[str, Any]
    created_at: datetime
    created_by: int | None = None
    deleted: bool = False
    source_message: int | None = None    # messages.id of the chat message that wrote it
    task: int | None = None              # the task that wrote it, if any


@dataclass(frozen=True)
class Press:
    """A button press, decoded. `task_id`/`revision` for task buttons, `record_id` for undo."""

    action: str                  # confirm | cancel | undo | choose
    task_id: int | None = None
    revision: int | None = None
    record_id: int | None = None
    value: str | None = None     # for choose; the role for role and admission buttons (or "no")
    member_id: int | None = None  # for role buttons
    join_id: int | None = None    # for admission buttons: the join request


@dataclass(frozen=True)
class UndoTarget:
    record: RecordView
    before: dict[str, Any] | None    # fields before the last update; None: undo deletes it
    written_at: datetime
    was_delete: bool = False         # the last write deleted it: undo restores it
    together: tuple[UndoTarget, ...] = ()   # the other records the same message wrote (several facts)


@dataclass(frozen=True)
class JoinRequestView:
    """A chat that sent a right family code and waits for a parent's answer (admission.py)."""

    id: int
    name: str                    # who asked, as their platform names them
    role: Role | None = None     # their role, when the family knows their id already (a chat of theirs)


@dataclass(frozen=True)
class Turn:
    member: MemberView
    extraction: Extraction
    now: datetime                            # aware, family zone
    babies: tuple[BabyView, ...]
    language: Language = Language.ZH
    chat_kind: ChatKind = ChatKind.GROUP
    addressed: bool = False
    active_task: PendingTask | None = None
    last_task: PendingTask | None = None     # most recent task of any state (for 'expired')
    expired_now: PendingTask | None = None   # the active task whose hour ran out as this message came in
    recent_records: tuple[RecordView, ...] = ()   # newest first, bounded in time
    open_sleep: RecordView | None = None
    open_sleeps: tuple[RecordView, ...] = ()      # every baby's open sleep (twins); else `open_sleep` alone
    undo_target: UndoTarget | None = None
    press: Press | None = None
    query_records: tuple[RecordView, ...] = ()
    query_facts: dict[str, Any] = field(default_factory=dict)   # e.g. growth percentiles the shell computed
    edit_target: RecordView | None = None    # the record an edited message's original produced
    photo_file: str | None = None            # a stored photo that came with the message
    caption_text: str = ""                   # the text sent with the photo
    members: tuple[MemberView, ...] = ()     # everyone in the family (for role changes)
    newcomer: bool = False                   # the sender spoke for the first time in this turn
    fresh_code: str | None = None            # an unused family code the shell drew, should one be handed out
    set_aside_task: PendingTask | None = None  # the task a "bring it back" button names (set_aside.py)
    reminders: tuple[ReminderView, ...] = ()   # the family's one-off reminders still to go, soonest first
    first_words: bool = False                # this message is the family's first (its /start set the family up)
    units_unchosen: frozenset[str] = frozenset(UNIT_CHOICES)  # quantities whose display unit is not set yet
    units: DisplayUnits = METRIC                 # the family's display units (a bare 4 is 4 oz in an oz family)
    asks: frozenset[str] = frozenset()       # what set-up asked and nobody answered yet: language, timezone, units
    babies_with_growth: frozenset[int] = frozenset()   # babies with a growth record (loaded for growth turns)
    weights_kg: dict[int, float] = field(default_factory=dict)   # each baby's latest weight (loaded for feeds)
    join_request: JoinRequestView | None = None  # the waiting request an admission button names, if any


@dataclass(frozen=True)
class Button:
    action: str                  # confirm | cancel | undo | choose:<value>
    record_id: int | None = None  # undo buttons name a record; others name the task
    label: str | None = None      # a label of its own (e.g. a baby's name), else the standard one


@dataclass(frozen=True)
class Reply:
    kind: ReplyKind
    key: str
    values: dict[str, Any] = field(default_factory=dict)
    buttons: tuple[Button, ...] = ()


@dataclass(frozen=True)
class WriteRecord:
    record_type: RecordType
    baby_id: int
    fields: dict[str, Any]
    from_task: bool = False       # link the record to the task saved in this decision


@dataclass(frozen=True)
class UpdateRecord:
    record_id: int
    fields: dict[str, Any]
    before: dict[str, Any]


@dataclass(frozen=True)
class DeleteRecord:
    record_id: int
    before: dict[str, Any]
    undo: bool = False


@dataclass(frozen=True)
class UpdateSettings:
    changes: dict[str, str]      # summary_time (HH:MM), language, timezone


@dataclass(frozen=True)
class GuessUnits:
    """The display units the family's first message with a unit used (quantity → unit: volume → oz);
    only for quantities the family has not chosen. Changes what is shown, never what is stored."""

    units: dict[str, str]


@dataclass(frozen=True)
class SetRole:
    member_id: int
    role: Role
    title: str | None = None


@dataclass(frozen=True)
class AdmitJoin:
    """A waiting chat joins the family; the person who asked gets `role`."""

    request_id: int
    role: Role


@dataclass(frozen=True)
class DeclineJoin:
    request_id: int


@dataclass(frozen=True)
class RestoreRecord:
    """Undo of a delete: the record comes back as it was (deletes are soft)."""

    record_id: int


@dataclass(frozen=True)
class SaveTask:
    """Insert (task.id is None) or compare-and-set update at `task.revision - 1`."""

    task: PendingTask


@dataclass(frozen=True)
class UpdateProfile:
    baby_id: int
    fields: dict[str, Any]       # name, nickname (added), birth_date, sex, birth_weight_kg, birth_height_cm
    before: dict[str, Any]


@dataclass(frozen=True)
class CreateInvite:
    """A family code a new person can send in a private chat to join (as a friend); it expires `lifetime`
    after the shell stores it (by the service's clock, never a message's claimed time)."""

    code: str
    lifetime: timedelta


@dataclass(frozen=True)
class RevokeInvites:
    """Every open code of the family stops working."""


@dataclass(frozen=True)
class SetReminder:
    """A one-off reminder, delivered once at `due_at` to the chat the message came from."""

    due_at: datetime
    about: str | None = None
    with_record: bool = False     # about the record this decision writes (it comes first in the effects)


@dataclass(frozen=True)
class CancelReminders:
    reminder_ids: tuple[int, ...]


Effect = (WriteRecord | UpdateRecord | DeleteRecord | RestoreRecord | SaveTask | UpdateProfile | SetRole
          | UpdateSettings | GuessUnits | CreateInvite | RevokeInvites | SetReminder | CancelReminders | AdmitJoin
          | DeclineJoin)


@dataclass(frozen=True)
class Decision:
    reply: Reply | None
    effects: tuple[Effect, ...] = ()
    press_rejected: bool = False
    note: str = ""                 # why, for the trace (no message text)
