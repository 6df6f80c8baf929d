"""The family port: operations on a family that are not chat turns — set-up, settings, export,
a chat that moved — for the channels and the commands. Each runs in its own unit of work."""
from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from bot.clock import Clock, utc_now
from bot.family import admin, export, setup
from bot.family.babybuddy.export import BabyBuddyFiles
from bot.family.importing import Importer, ImportOptions, ImportReport
from bot.family.sources import Source
from bot.protocol import ExportFile, FamilySetup, FamilySnapshot, MemberSetup
from domain.vocabulary import ChatKind
from storage.engine import Database

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


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

    async def start_family(self, platform: str, chat_id: str, chat_kind: ChatKind, founder: MemberSetup,
                           language_said: str | None) -> int:
        """/start: the family as the language said makes it (setup.new_family: an English one is asked its
        zone and units, one whose language nobody said is asked that too)."""
        return await self.setup_family(setup.new_family(platform, chat_id, chat_kind, founder, language_said))

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

    async def make_group(self, platform: str, chat_id: str) -> bool:
        """The chat is the family's group from now on (the terminal chat was a one-to-one chat before)."""
        async with self.database.unit_of_work() as uow:
            changed = await uow.families.make_group(platform, chat_id)
            await uow.commit()
        return changed

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

    async def find(self, family: str) -> int | None:
        """A family by its id (`12`) or by its chat (`telegram:-1001234`)."""
        platform, _, chat_id = family.partition(":")
        if chat_id:
            return await self.family_id(platform, chat_id)
        if not family.strip().isdigit():
            return None
        async with self.database.unit_of_work() as uow:
            found = await uow.families.get(int(family))
        return found.id if found else None

    async def timezone(self, family_id: int) -> ZoneInfo:
        async with self.database.unit_of_work() as uow:
            family = await uow.families.get(family_id)
        return family.tz

    async def export_document(self, family_id: int) -> dict[str, Any]:
        """The full JSON document (`fawn export --format json`), audited."""
        async with self.database.unit_of_work() as uow:
            document = await export.family_document(uow, family_id)
            uow.audit.add(family_id, None, "family_export", self.clock(),
                          after={"format": "json", "records": len(document["records"]), "by": "command"})
            await uow.commit()
        return document

    async def export_babybuddy(self, family_id: int) -> BabyBuddyFiles:
        """BabyBuddy's CSV files (`fawn export --format csv`), audited."""
        async with self.database.unit_of_work() as uow:
            files = await export.babybuddy_files(uow, family_id)
            written = sum(len(rows) for name, rows in files.rows.items() if name != "child.csv")
            uow.audit.add(family_id, None, "family_export", self.clock(),
                          after={"format": "babybuddy", "rows": written, "by": "command"})
            await uow.commit()
        return files

    async def import_records(self, family_id: int, source: Source, origin: str,
                             options: ImportOptions | None = None) -> ImportReport:
        """Validate and write what a source holds, once (`fawn import`): in batches, each its own short
        transaction; audited."""
        return await Importer(self.database, self.clock).run(family_id, source, origin, options or ImportOptions())

    async def removal_counts(self, family_id: int) -> dict[str, int]:
        async with self.database.unit_of_work() as uow:
            return await uow.erasure.counts(family_id)

    async def photo_files(self, family_id: int) -> list[Path]:
        """The stored photo files the family's records point at."""
        async with self.database.unit_of_work() as uow:
            family = await uow.families.get(family_id)
            records = await uow.records.since(family_id, EPOCH, family.tz) if family else []   # deleted too
        return [Path(r.fields["file"]) for r in records if r.type.value == "photo" and r.fields.get("file")]

    async def remove_family(self, family_id: int) -> dict[str, int]:
        """Delete every row of the family (`fawn delete-family`); returns the count per table."""
        async with self.database.unit_of_work() as uow:
            gone = await uow.erasure.erase(family_id)
            await uow.commit()
        return gone
