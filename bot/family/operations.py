"""The family port: operations on a family that are not chat turns — set-up, settings, export,
a chat that moved — for the channels and the commands. Each runs in its own unit of work."""
from __future__ import annotations

from typing import Any

from bot.clock import Clock, utc_now
from bot.family import admin, export, setup
from bot.protocol import ExportFile, FamilySetup, FamilySnapshot, MemberSetup
from storage.engine import Database


class FamilyOperations:
    def __init__(self, database: Database, clock: Clock = utc_now) -> None:
        self.database = database
        self.clock = clock

    async def family_id(self, platform: str, chat_id: str) -> int | None:
        async with self.database.unit_of_work() as uow:
            family = await uow.families.by_chat(platform, chat_id)
        return family.id if family else None

    async def setup_family(self, family: FamilySetup) -> int:
        async with self.database.unit_of_work() as uow:
            family_id = await setup.set_up(uow, family, self.clock())
            await uow.commit()
        return family_id

    async def add_records(self, family_id: int, records: list[dict[str, Any]]) -> None:
        async with self.database.unit_of_work() as uow:
            await setup.add_records(uow, family_id, records, self.clock())
            await uow.commit()

    async def link_chat(self, family_id: int, platform: str, chat_id: str, kind: str,
                        member_sender_id: str | None = None) -> None:
        """Another chat for the family (set-up by an operator or a scenario; families use /invite)."""
        async with self.database.unit_of_work() as uow:
            await setup.link_chat(uow, family_id, platform, chat_id, kind, member_sender_id, self.clock())
            await uow.commit()

    async def snapshot(self, family_id: int) -> FamilySnapshot:
        async with self.database.unit_of_work() as uow:
            return await setup.snapshot(uow, family_id)

    async def members(self, family_id: int) -> list[MemberSetup]:
        async with self.database.unit_of_work() as uow:
            people = await uow.families.members(family_id)
        return [MemberSetup(m.platform_user_id, m.display_name, m.title, m.role) for m in people]

    async def settings(self, family_id: int) -> dict[str, str]:
        async with self.database.unit_of_work() as uow:
            return await admin.family_settings(uow, family_id)

    async def language(self, family_id: int) -> str | None:
        async with self.database.unit_of_work() as uow:
            family = await uow.families.get(family_id)
        return family.language if family else None

    async def export(self, family_id: int, platform_user_id: str, fmt: str = "json") -> ExportFile:
        async with self.database.unit_of_work() as uow:
            made = await export.export_for(uow, family_id, platform_user_id, fmt, self.clock())
            await uow.commit()
        return made

    async def move_chat(self, platform: str, old_chat_id: str, new_chat_id: str) -> bool:
        async with self.database.unit_of_work() as uow:
            moved = await admin.move_chat(uow, platform, old_chat_id, new_chat_id, self.clock())
            await uow.commit()
        return moved
