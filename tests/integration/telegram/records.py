"""Reading what a turn wrote, straight from the database."""
from __future__ import annotations

from sqlmodel import select

from storage.tables import Family, FamilyChat, Message, Record


async def live_records(sessions) -> list[Record]:
    async with sessions() as session:
        return list((await session.exec(select(Record).where(Record.deleted_at.is_(None)))).all())


async def stored_reply(sessions, reply_id: int) -> Message:
    async with sessions() as session:
        return await session.get(Message, reply_id)


async def family_of_chat(sessions, chat_id: str) -> Family | None:
    async with sessions() as session:
        chat = (await session.exec(select(FamilyChat).where(FamilyChat.chat_id == chat_id))).first()
        return await session.get(Family, chat.family_id) if chat else None
