"""Setting up a family, seeding records, and reading a family's state back (tests, scenarios, chat)."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.clock import Clock, utc_now
from bot.protocol import FamilySetup
from domain.records import fields_for
from domain.vocabulary import RecordType
from storage.convert import record_columns, record_fields, task_from_row
from storage.repositories import turns as repo
from storage.tables import Baby, Family, Member, Record


@dataclass
class FamilySnapshot:
    records: list[dict[str, Any]] = field(default_factory=list)
    task: dict[str, Any] | None = None
    profiles: list[dict[str, Any]] = field(default_factory=list)


class FamilyStore:
    def __init__(self, sessions: async_sessionmaker[AsyncSession], clock: Clock = utc_now) -> None:
        self.sessions = sessions
        self.clock = clock

    async def setup_family(self, setup: FamilySetup) -> int:
        """Create the family for a chat, its babies and members. Returns the family id."""
        async with self.sessions() as s:
            now = self.clock()
            family = Family(platform=setup.platform, chat_id=setup.chat_id, chat_kind=setup.chat_kind.value,
                            timezone=setup.timezone, language=setup.language, created_at=now)
            s.add(family)
            await s.flush()
            for baby in setup.babies:
                s.add(_baby(family.id, baby))
            for m in setup.members:
                s.add(Member(family_id=family.id, platform_user_id=m.sender_id, display_name=m.name,
                             title=m.title, role=m.role, created_at=now))
            await s.commit()
            return family.id

    async def add_records(self, family_id: int, records: list[dict[str, Any]]) -> None:
        async with self.sessions() as s:
            babies = await repo.babies(s, family_id)
            for spec in records:
                spec = dict(spec)
                rtype = RecordType(spec.pop("type"))
                baby_name = spec.pop("baby", None)
                baby = next((b for b in babies if b.name == baby_name), babies[0])
                fields = fields_for(rtype, spec)
                s.add(Record(family_id=family_id, baby_id=baby.id, type=rtype.value,
                             created_at=self.clock(), **record_columns(rtype, fields)))
            await s.commit()

    async def snapshot(self, family_id: int) -> FamilySnapshot:
        async with self.sessions() as s:
            family = await s.get(Family, family_id)
            zone = ZoneInfo(family.timezone)
            babies = {b.id: b for b in await repo.babies(s, family_id)}
            people = {m.id: m.platform_user_id for m in await repo.members(s, family_id)}
            q = select(Record).where(Record.family_id == family_id, Record.deleted_at.is_(None)).order_by(Record.id)
            rows = (await s.exec(q)).all()
            records = [{"id": r.id, "type": r.type, "baby": babies[r.baby_id].name, **record_fields(r, zone)}
                       for r in rows]
            active = await repo.active_task(s, family_id)
            return FamilySnapshot(records=records, task=_task_dict(active, zone, people),
                                  profiles=[_profile(b) for b in babies.values()])


def _baby(family_id: int, spec: dict[str, Any]) -> Baby:
    birth = spec.get("birth_date")
    if isinstance(birth, str):
        birth = date.fromisoformat(birth)
    return Baby(family_id=family_id, name=spec["name"], nicknames=list(spec.get("nicknames") or []),
                birth_date=birth, sex=spec.get("sex"), birth_weight_kg=spec.get("birth_weight_kg"),
                birth_height_cm=spec.get("birth_height_cm"))


def _profile(b: Baby) -> dict[str, Any]:
    return {"name": b.name, "nicknames": list(b.nicknames), "birth_date": b.birth_date, "sex": b.sex,
            "birth_weight_kg": b.birth_weight_kg, "birth_height_cm": b.birth_height_cm}


def _task_dict(row, zone: ZoneInfo, people: dict[int, str]) -> dict[str, Any] | None:
    if row is None:
        return None
    task = task_from_row(row, zone)
    return {"id": task.id, "state": task.state.value, "action": task.action.value,
            "record_type": task.record_type.value if task.record_type else None,
            "slots": dict(task.slots), "missing": list(task.missing),
            "requires_confirmation_reason": task.requires_confirmation_reason.value
            if task.requires_confirmation_reason else None,
            "started_by": people.get(task.started_by), "confirmed_by": people.get(task.confirmed_by),
            "revision": task.revision}


__all__ = ["FamilyStore", "FamilySnapshot", "datetime"]
