"""Messages: every incoming and outgoing message. Recent context is read from here."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import update
from sqlmodel import select

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


def message_info(row: Message) -> MessageInfo:
    return MessageInfo(row.id, row.direction, row.member_id, row.sender_name, row.text, row.kind, row.sent_at,
                       dict(row.payload or {}), row.platform, row.chat_id, row.direction == "out" and
                       row.platform_message_id is not None)


class MessageRepository(Repository):
    async def delivered(self, platform: str, chat_id: str, delivery_id: str) -> int | None:
        """The stored message with this platform delivery id (a redelivery), or None."""
        q = select(Message.id).where(Message.platform == platform, Message.chat_id == chat_id,
                                     Message.platform_message_id == delivery_id)
        return (await self.session.exec(q)).first()

    async def add(self, *, family_id: int, platform: str, chat_id: str, direction: str, text: str, kind: str,
                  sent_at: datetime, delivery_id: str | None = None, member_id: int | None = None,
                  sender_name: str | None = None, payload: dict[str, Any] | None = None,
                  reply_to_id: int | None = None, trace_id: str | None = None) -> int:
        row = Message(family_id=family_id, platform=platform, chat_id=chat_id, platform_message_id=delivery_id,
                      direction=direction, member_id=member_id, sender_name=sender_name, text=text, kind=kind,
                      payload=payload or {}, reply_to_id=reply_to_id, trace_id=trace_id, sent_at=sent_at)
        self.session.add(row)
        await self.flush()
        return row.id

    async def recent(self, family_id: int, before_id: int, limit: int = 20) -> list[MessageInfo]:
        """The last `limit` messages before the current one, oldest first."""
        q = (select(Message).where(Message.family_id == family_id, Message.id < before_id)
             .order_by(Message.id.desc()).limit(limit))
        return [message_info(row) for row in reversed((await self.session.exec(q)).all())]

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
        await self.session.exec(update(Message).where(Message.id == message_id, Message.platform_message_id.is_(None))
                                .values(platform_message_id=platform_message_id)
                                .execution_options(synchronize_session=False))
