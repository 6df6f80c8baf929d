"""Rows a test needs in the database when it runs without the real service."""
from __future__ import annotations

from datetime import datetime

from sqlmodel import select

from storage.tables import Baby, Family, FamilyChat, Member


async def seed_family(sessions, chat_id: str, members: dict[str, str], at: datetime) -> int:
    """A Telegram family for `chat_id` with members {platform user id: role}."""
    async with sessions() as session:
        family = Family(created_at=at)
        session.add(family)
        await session.flush()
        session.add(FamilyChat(family_id=family.id, platform="telegram", chat_id=chat_id, kind="group", linked_at=at))
        session.add(Baby(family_id=family.id, name="宝宝"))
        for user_id, role in members.items():
            session.add(Member(family_id=family.id, platform_user_id=user_id, display_name=user_id,
                               role=role, created_at=at))
        await session.commit()
        return family.id


async def family_chat_ids(sessions) -> list[str]:
    async with sessions() as session:
        return list((await session.exec(select(FamilyChat.chat_id).order_by(FamilyChat.family_id))).all())
