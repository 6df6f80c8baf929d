"""SQLModel tables. Records are one typed table: common columns plus a JSON `data`
column for the type's own fields (see README, "One records table")."""
from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, Column, Index, UniqueConstraint, text
from sqlmodel import Field, SQLModel

from storage.types import UTCDateTime

OPEN_SLEEP = "type = 'sleep' AND \"end\" IS NULL AND deleted_at IS NULL"
"""The partial index's condition; a query on open sleeps says it word for word (SQLite uses a partial
index only for a query whose WHERE contains the index's terms as written, not as bound parameters)."""


def _utc_col(nullable: bool = True, index: bool = False) -> Any:
    return Field(default=None, sa_column=Column(UTCDateTime(), nullable=nullable, index=index))


class Family(SQLModel, table=True):
    """A family: its babies, members, records and one active task. It is reached from its chats."""

    __tablename__ = "families"

    id: int | None = Field(default=None, primary_key=True)
    timezone: str = Field(default="Asia/Shanghai", max_length=64)
    language: str = Field(default="zh", max_length=8)
    summary_time: str = Field(default="21:00", max_length=5)
    settings: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created_at: datetime = _utc_col(nullable=False)


class FamilyChat(SQLModel, table=True):
    """A chat the family is reached from: its group(s), and members' one-to-one chats on any platform.
    A chat belongs to at most one family."""

    __tablename__ = "family_chats"
    __table_args__ = (UniqueConstraint("platform", "chat_id", name="uq_chat_of_one_family"),)

    id: int | None = Field(default=None, primary_key=True)
    family_id: int = Field(foreign_key="families.id", index=True)
    platform: str = Field(max_length=32)
    chat_id: str = Field(max_length=128)
    kind: str = Field(default="group", max_length=16)          # group | private
    member_id: int | None = Field(default=None, foreign_key="members.id")   # whose one-to-one chat
    linked_at: datetime = _utc_col(nullable=False)


class FamilyInvite(SQLModel, table=True):
    """A family code a parent hands out (/invite); a new person sends it in a private chat (/join CODE)."""

    __tablename__ = "family_invites"

    id: int | None = Field(default=None, primary_key=True)
    family_id: int = Field(foreign_key="families.id", index=True)
    code: str = Field(max_length=16, unique=True)
    created_by: int | None = Field(default=None, foreign_key="members.id")
    created_at: datetime = _utc_col(nullable=False)
    expires_at: datetime = _utc_col(nullable=False)
    revoked_at: datetime | None = _utc_col()


class JoinRequest(SQLModel, table=True):
    """A chat that sent a right family code and waits for a parent: until a parent gives the person a role,
    the chat belongs to no family and reaches nothing of it (no records, page, pushes or context)."""

    __tablename__ = "join_requests"
    __table_args__ = (Index("ix_join_requests_chat", "platform", "chat_id"),)

    id: int | None = Field(default=None, primary_key=True)
    family_id: int = Field(foreign_key="families.id", index=True)
    platform: str = Field(max_length=32)
    chat_id: str = Field(max_length=128)
    chat_kind: str = Field(default="private", max_length=16)
    platform_user_id: str = Field(max_length=128)                  # who asked
    display_name: str = Field(max_length=128)
    created_at: datetime = _utc_col(nullable=False)
    decided_at: datetime | None = _utc_col()
    decided_by: int | None = Field(default=None, foreign_key="members.id")
    admitted_as: str | None = Field(default=None, max_length=16)  # the role given; NULL when declined


class JoinAttempt(SQLModel, table=True):
    """Wrong family codes in one window (an hour), counted per sender and per chat: a few, then every
    code is refused unchecked until the window ends. `limited_at`: when the first refusal was logged."""

    __tablename__ = "join_attempts"
    __table_args__ = (UniqueConstraint("platform", "scope", "key", "window_start", name="uq_join_attempt_window"),)

    id: int | None = Field(default=None, primary_key=True)
    platform: str = Field(max_length=32)
    scope: str = Field(max_length=8)                 # sender | chat
    key: str = Field(max_length=128)
    window_start: datetime = _utc_col(nullable=False, index=True)
    failures: int = 0
    limited_at: datetime | None = _utc_col()


class Member(SQLModel, table=True):
    __tablename__ = "members"
    __table_args__ = (UniqueConstraint("family_id", "platform_user_id", name="uq_member_identity"),)

    id: int | None = Field(default=None, primary_key=True)
    family_id: int = Field(foreign_key="families.id", index=True)
    platform_user_id: str = Field(max_length=128)
    display_name: str = Field(max_length=128)
    title: str | None = Field(default=None, max_length=64)
    role: str = Field(default="friend", max_length=16)
    created_at: datetime = _utc_col(nullable=False)


class Baby(SQLModel, table=True):
    __tablename__ = "babies"

    id: int | None = Field(default=None, primary_key=True)
    family_id: int = Field(foreign_key="families.id", index=True)
    name: str = Field(max_length=64)
    nicknames: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    birth_date: date | None = None
    sex: str | None = Field(default=None, max_length=8)
    birth_weight_kg: float | None = None
    birth_height_cm: float | None = None


class Record(SQLModel, table=True):
    __tablename__ = "records"
    __table_args__ = (Index("ix_records_baby_type_start", "baby_id", "type", "start"),
                      Index("uq_records_import_key", "family_id", "import_key", unique=True),
                      # a turn reads a window, never the history (migration 0005)
                      Index("ix_records_family_start", "family_id", "start"),
                      Index("ix_records_family_created", "family_id", "created_at"),
                      Index("ix_records_open_sleep", "family_id", "start",
                            sqlite_where=text(OPEN_SLEEP), postgresql_where=text(OPEN_SLEEP)))

    id: int | None = Field(default=None, primary_key=True)
    family_id: int = Field(foreign_key="families.id", index=True)
    baby_id: int = Field(foreign_key="babies.id")
    type: str = Field(max_length=16)
    start: datetime = _utc_col(nullable=False)
    end: datetime | None = _utc_col()
    data: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created_by: int | None = Field(default=None, foreign_key="members.id")
    created_at: datetime = _utc_col(nullable=False)
    updated_at: datetime | None = _utc_col()
    deleted_at: datetime | None = _utc_col()
    source_message_id: int | None = Field(default=None, foreign_key="messages.id")
    task_id: int | None = Field(default=None, foreign_key="agent_tasks.id")
    import_key: str | None = Field(default=None, max_length=64)   # `fawn import`: the row it came from


class Message(SQLModel, table=True):
    """Every incoming and outgoing message; recent context is read from here."""

    __tablename__ = "messages"
    __table_args__ = (
        UniqueConstraint("platform", "chat_id", "platform_message_id", name="uq_message_delivery"),
        Index("ix_messages_family_sent", "family_id", "sent_at"),
        Index("ix_messages_family_id", "family_id", "id"),      # the recent context: the last rows before one
    )

    id: int | None = Field(default=None, primary_key=True)
    family_id: int | None = Field(default=None, foreign_key="families.id")
    platform: str = Field(max_length=32)
    chat_id: str = Field(max_length=128)
    platform_message_id: str | None = Field(default=None, max_length=128)
    direction: str = Field(max_length=3)            # in | out
    member_id: int | None = Field(default=None, foreign_key="members.id")
    sender_name: str | None = Field(default=None, max_length=128)
    text: str = ""
    kind: str = Field(default="text", max_length=16)  # text | button | photo | reply kind (out)
    payload: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    reply_to_id: int | None = Field(default=None, foreign_key="messages.id")
    trace_id: str | None = Field(default=None, max_length=32, index=True)
    sent_at: datetime = _utc_col(nullable=False)


class AgentTask(SQLModel, table=True):
    """The family's working memory: at most one active task per family."""

    __tablename__ = "agent_tasks"
    __table_args__ = (
        Index("uq_one_active_task", "family_id", unique=True,
              sqlite_where=text("state IN ('pending', 'awaiting_confirmation')"),
              postgresql_where=text("state IN ('pending', 'awaiting_confirmation')")),
    )

    id: int | None = Field(default=None, primary_key=True)
    family_id: int = Field(foreign_key="families.id", index=True)
    baby_id: int | None = Field(default=None, foreign_key="babies.id")
    action: str = Field(max_length=16)
    record_type: str | None = Field(default=None, max_length=16)
    slots: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    missing: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    state: str = Field(max_length=24)
    requires_confirmation_reason: str | None = Field(default=None, max_length=32)
    target_record_id: int | None = None   # records.id; no FK (records.task_id points back)
    started_by: int | None = Field(default=None, foreign_key="members.id")
    last_supplied_by: int | None = Field(default=None, foreign_key="members.id")
    confirmed_by: int | None = Field(default=None, foreign_key="members.id")
    source_message_id: int | None = Field(default=None, foreign_key="messages.id")
    created_at: datetime = _utc_col(nullable=False)
    updated_at: datetime = _utc_col(nullable=False)
    expires_at: datetime = _utc_col(nullable=False)
    revision: int = Field(default=1)


class AuditEntry(SQLModel, table=True):
    """Who changed what: every write, update, delete, undo and task transition."""

    __tablename__ = "audit_log"

    id: int | None = Field(default=None, primary_key=True)
    family_id: int = Field(foreign_key="families.id", index=True)
    member_id: int | None = Field(default=None, foreign_key="members.id")
    action: str = Field(max_length=32)
    record_id: int | None = Field(default=None, foreign_key="records.id")
    task_id: int | None = Field(default=None, foreign_key="agent_tasks.id")
    message_id: int | None = Field(default=None, foreign_key="messages.id")
    before: dict | None = Field(default=None, sa_column=Column(JSON))
    after: dict | None = Field(default=None, sa_column=Column(JSON))
    at: datetime = _utc_col(nullable=False)


class TurnTrace(SQLModel, table=True):
    """One chat turn's trace: extraction, decision, effects, reply. No message text."""

    __tablename__ = "turn_traces"

    id: int | None = Field(default=None, primary_key=True)
    trace_id: str = Field(max_length=32, index=True)
    message_id: int | None = Field(default=None, foreign_key="messages.id", index=True)
    family_id: int | None = Field(default=None, foreign_key="families.id")
    steps: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    at: datetime = _utc_col(nullable=False)


class OutboxItem(SQLModel, table=True):
    """An outgoing send that failed; retried with backoff, never by re-running the turn."""

    __tablename__ = "outbox"

    id: int | None = Field(default=None, primary_key=True)
    family_id: int | None = Field(default=None, foreign_key="families.id", index=True)
    platform: str = Field(max_length=32)
    chat_id: str = Field(max_length=128)
    payload: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    reply_id: int | None = Field(default=None, foreign_key="messages.id")
    attempts: int = 0
    next_attempt_at: datetime = _utc_col(nullable=False, index=True)
    sent_at: datetime | None = _utc_col()
    last_error: str | None = Field(default=None, max_length=500)
    created_at: datetime = _utc_col(nullable=False)
    waiting_for: str | None = Field(default=None, max_length=16)   # member | login: sent when that comes back


class InboxItem(SQLModel, table=True):
    """An incoming update stored (its own short transaction) before the platform is told it arrived, and
    finished — its turn run, its answer sent — afterwards, after a restart too. Unique per delivery."""

    __tablename__ = "inbox"
    __table_args__ = (UniqueConstraint("platform", "delivery_key", name="uq_inbox_delivery"),
                      Index("ix_inbox_pending", "state", "next_attempt_at"))

    id: int | None = Field(default=None, primary_key=True)
    platform: str = Field(max_length=32)
    delivery_key: str = Field(max_length=255)                   # the platform's id of the update
    payload: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    state: str = Field(default="pending", max_length=16)        # pending | done
    attempts: int = 0
    received_at: datetime = _utc_col(nullable=False)
    next_attempt_at: datetime = _utc_col(nullable=False)        # a running finisher holds it until then
    finished_at: datetime | None = _utc_col()
    last_error: str | None = Field(default=None, max_length=200)


class SummaryClaim(SQLModel, table=True):
    """Which instance sends a family's summary for a local date: the first insert wins."""

    __tablename__ = "summary_claims"
    __table_args__ = (UniqueConstraint("family_id", "local_date", "kind", name="uq_summary_claim"),)

    id: int | None = Field(default=None, primary_key=True)
    family_id: int = Field(foreign_key="families.id")
    local_date: date
    kind: str = Field(default="daily", max_length=16)   # daily | weekly
    claimed_by: str = Field(max_length=64)
    claimed_at: datetime = _utc_col(nullable=False)
    attempted_at: datetime | None = _utc_col()     # the last send attempt began (set before the platform call)
    attempts: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    sent_at: datetime | None = _utc_col()


class OneOffReminder(SQLModel, table=True):
    """A reminder asked for once in chat (3小时后提醒我喂药): delivered once, at `due_at`, to the chat it was
    asked in. Its send is claimed like a summary's (`summary_claims`, kind `once:<id>`)."""

    __tablename__ = "one_off_reminders"
    __table_args__ = (Index("ix_one_off_reminders_pending_due", "state", "due_at"),)

    id: int | None = Field(default=None, primary_key=True)
    family_id: int = Field(foreign_key="families.id", index=True)
    member_id: int | None = Field(default=None, foreign_key="members.id")     # who asked
    platform: str = Field(max_length=32)                                      # the chat it was asked in
    chat_id: str = Field(max_length=128)
    due_at: datetime = _utc_col(nullable=False)
    about: str | None = Field(default=None, max_length=100)                   # 喂药 / pump, as said
    state: str = Field(default="pending", max_length=16)                      # pending | sent | cancelled | missed
    message_id: int | None = Field(default=None, foreign_key="messages.id")   # the message that asked
    record_id: int | None = Field(default=None, foreign_key="records.id")     # the record said with it, if any
    created_at: datetime = _utc_col(nullable=False)
    closed_at: datetime | None = _utc_col()                                   # sent, cancelled or missed
    closed_by: int | None = Field(default=None, foreign_key="members.id")     # who cancelled it
