"""Messages: every incoming and outgoing message. Recent context is read from here."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Integer, Row, Text, bindparam, cast, func, update
from sqlalchemy import select as core_select
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import select

from storage.kept_views import kept_conversions, utc
from storage.prepared import Prepared
from storage.repositories.base import Repository
from storage.tables import Message, OutboxItem


@dataclass(frozen=True)
class MessageInfo:
    id: int
    direction: str                  # in | out
    member_id: int | None
    sender_name: str | None
    text: str
    kind: str                       # text | button | reply kind (out)
    sent_at: datetime
    payload: dict[str, Any] = field(default_factory=dict)
    platform: str = ""
    chat_id: str = ""
    delivered: bool = False         # a reply the platform accepted (it has the platform's message id)


_MESSAGES = Message.__table__
_DELIVERED = Prepared(core_select(_MESSAGES.c.id).where(_MESSAGES.c.platform == bindparam("platform"),
                                               _MESSAGES.c.chat_id == bindparam("chat"),
                                               _MESSAGES.c.platform_message_id == bindparam("delivery")))
# the payload as its JSON text, on every database: a row of plain values, kept between turns (storage/kept_views.py)
_RECENT_COLUMNS = [cast(c, Text).label(c.name) if c.name == "payload" else c for c in _MESSAGES.c]
_RECENT = Prepared(core_select(*_RECENT_COLUMNS).where(_MESSAGES.c.family_id == bindparam("family"),
                                                       _MESSAGES.c.id < bindparam("before"))
                   .order_by(_MESSAGES.c.id.desc()).limit(bindparam("limit", type_=Integer, literal_execute=True)),
                   raw=True)
_INSERT = Prepared(_MESSAGES.insert().returning(_MESSAGES.c.id))
_DELIVERY_KEY = ["platform", "chat_id", "platform_message_id"]
_INSERT_NEW = {dialect.__name__.rsplit(".", 1)[-1]: Prepared(dialect.insert(_MESSAGES).on_conflict_do_nothing(
    index_elements=_DELIVERY_KEY).returning(_MESSAGES.c.id)) for dialect in (sqlite, postgresql)}
_MARK_DELIVERED = Prepared(update(_MESSAGES).where(_MESSAGES.c.id == bindparam("message"),
                                           _MESSAGES.c.platform_message_id.is_(None))
                   .values(platform_message_id=bindparam("delivered")))


def message_info(row: Message | Row) -> MessageInfo:
    return MessageInfo(row.id, row.direction, row.member_id, row.sender_name, row.text, row.kind, row.sent_at,
                       dict(row.payload or {}), row.platform, row.chat_id, row.direction == "out" and
                       row.platform_message_id is not None)


_COLUMNS = tuple(_MESSAGES.c.keys())


def _from_raw(raw: tuple) -> MessageInfo:
    """A message of `_RECENT` as plain values (the payload as JSON text; the time as SQLite's UTC text or an aware
    time)."""
    row = dict(zip(_COLUMNS, raw, strict=True))
    return MessageInfo(row["id"], row["direction"], row["member_id"], row["sender_name"], row["text"], row["kind"],
                       utc(row["sent_at"]), json.loads(row["payload"]) if row["payload"] else {}, row["platform"],
                       row["chat_id"], row["direction"] == "out" and row["platform_message_id"] is not None)


class MessageRepository(Repository):
    async def count(self, family_id: int) -> int:
        """How many messages the family has (in and out)."""
        return int(await self.session.scalar(select(func.count()).select_from(Message).where(
            Message.family_id == family_id)) or 0)

    async def delivered(self, platform: str, chat_id: str, delivery_id: str) -> int | None:
        """The stored message with this platform delivery id (a redelivery), or None."""
        row = await self.row(_DELIVERED, {"platform": platform, "chat": chat_id, "delivery": delivery_id})
        return row[0] if row else None

    async def add(self, *, family_id: int | None, platform: str, chat_id: str, direction: str, text: str, kind: str,
                  sent_at: datetime, delivery_id: str | None = None, member_id: int | None = None,
                  sender_name: str | None = None, payload: dict[str, Any] | None = None,
                  reply_to_id: int | None = None, trace_id: str | None = None) -> int:
        return await self.insert_row(_INSERT, dict(
            family_id=family_id, platform=platform, chat_id=chat_id, platform_message_id=delivery_id,
            direction=direction, member_id=member_id, sender_name=sender_name, text=text, kind=kind,
            payload=payload or {}, reply_to_id=reply_to_id, trace_id=trace_id, sent_at=sent_at))

    async def add_incoming(self, *, family_id: int, platform: str, chat_id: str, text: str, kind: str,
                           sent_at: datetime, delivery_id: str, member_id: int | None, sender_name: str | None,
                           payload: dict[str, Any], trace_id: str) -> int | None:
        """A message from the family, stored unless this delivery is stored already (the platform delivers
        it again): then None, and `delivered(…)` finds the first one. One statement either way."""
        statement = _INSERT_NEW[self.session.bind.dialect.name]
        row = await self.row(statement, dict(
            family_id=family_id, platform=platform, chat_id=chat_id, platform_message_id=delivery_id,
            direction="in", member_id=member_id, sender_name=sender_name, text=text, kind=kind, payload=payload,
            reply_to_id=None, trace_id=trace_id, sent_at=sent_at))
        return row[0] if row else None

    async def recent(self, family_id: int, before_id: int, limit: int = 20) -> list[MessageInfo]:
        """The last `limit` messages before the current one, oldest first."""
        rows = await self.rows(_RECENT, {"family": family_id, "before": before_id, "limit": limit})
        return kept_conversions(rows[::-1], _from_raw, "messages")

    async def undelivered_reply(self, incoming_id: int) -> MessageInfo | None:
        """The stored reply to a message when it never reached the platform and no outbox item holds it
        (the process stopped between the commit and the send)."""
        q = (select(Message).where(Message.reply_to_id == incoming_id, Message.direction == "out",
                                   Message.platform_message_id.is_(None),
                                   ~select(OutboxItem.id).where(OutboxItem.reply_id == Message.id).exists())
             .order_by(Message.id).limit(1))
        row = (await self.session.exec(q)).first()
        return message_info(row) if row else None

    async def latest_reply(self, platform: str, chat_id: str) -> MessageInfo | None:
        """The newest reply the bot stored for this chat."""
        q = (select(Message).where(Message.platform == platform, Message.chat_id == chat_id,
                                   Message.direction == "out").order_by(Message.id.desc()).limit(1))
        row = (await self.session.exec(q)).first()
        return message_info(row) if row else None

    async def mark_delivered(self, message_id: int, platform_message_id: str) -> None:
        """The platform's id for a reply we sent (the first one wins)."""
        await self._execute(_MARK_DELIVERED, {"message": message_id, "delivered": platform_message_id})
