"""Family operations a messenger needs that are not chat turns: a chat id that moved, the
family's settings and language, who someone is."""
from __future__ import annotations

from datetime import datetime

from domain.decide.settings import UNIT_SETTINGS
from domain.vocabulary import Role
from storage.unit_of_work import UnitOfWork


async def move_chat(uow: UnitOfWork, platform: str, old_chat_id: str, new_chat_id: str, now: datetime) -> bool:
    """Move a family (and its unsent outbox items) to the chat's new id (a Telegram group that
    became a supergroup). Idempotent."""
    family = await uow.families.by_chat(platform, old_chat_id)
    moved = await uow.families.move_chat(platform, old_chat_id, new_chat_id)
    if moved and family is not None:
        uow.audit.add(family.id, None, "family_chat_moved", now, before={"chat_id": old_chat_id},
                      after={"chat_id": new_chat_id})
    return moved


async def member_role(uow: UnitOfWork, family_id: int, platform_user_id: str) -> Role:
    """The member's role; a person the family has not been told about is a friend."""
    member = await uow.families.member(family_id, platform_user_id)
    return Role(member.role) if member else Role.FRIEND


async def family_settings(uow: UnitOfWork, family_id: int) -> dict[str, str]:
    family = await uow.families.get(family_id)
    if family is None:
        return {}
    reminders = family.settings.get("reminders") or {}
    return {"timezone": family.timezone, "language": family.language, "summary_time": family.summary_time,
            "medication_reminder": "on" if reminders.get("medication") else "off",
            "no_feeding_hours": str(reminders.get("no_feeding_hours") or "off"),
            "open_sleep_hours": str(reminders.get("open_sleep_hours") or "off"),
            "push_to": family.settings.get("push_to") or "group",
            **{name: getattr(family.units, field) for name, field in UNIT_SETTINGS.items()}}
