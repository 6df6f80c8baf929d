"""Setting up a family for a chat, seeding records, and reading a family's state back
(scenarios, tests, the terminal chat's /records)."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.protocol import FamilySetup, FamilySnapshot, MemberSetup
from domain.decide.settings import SETTING_OF
from domain.records import fields_for
from domain.tasks import PendingTask
from domain.vocabulary import ChatKind, RecordType
from storage.unit_of_work import UnitOfWork

UNKNOWN_ZONE = "UTC"        # an English family's zone until it says (the welcome asks)


async def set_up(uow: UnitOfWork, setup: FamilySetup, now: datetime) -> int:
    """Create the family for a chat, its babies and members. Returns the family id."""
    family_id = await uow.families.create(platform=setup.platform, chat_id=setup.chat_id,
                                          chat_kind=setup.chat_kind.value, timezone=setup.timezone,
                                          language=setup.language, now=now)
    if setup.units:
        await uow.families.update_settings(family_id, {SETTING_OF[q]: u for q, u in setup.units.items()
                                                       if q in SETTING_OF})
    if setup.asks:
        await uow.families.set_asks(family_id, setup.asks)
    for baby in setup.babies:
        await uow.families.add_baby(family_id, baby)
    members = [await uow.families.add_member(family_id, m.sender_id, m.name, m.role, now, title=m.title)
               for m in setup.members]
    if setup.chat_kind is ChatKind.PRIVATE and members:     # the first member's own chat: pushes reach it
        await uow.families.own_chat(setup.platform, setup.chat_id, members[0].id)
    uow.audit.add(family_id, None, "family_setup", now,
                  after={"platform": setup.platform, "members": len(setup.members), "babies": len(setup.babies)})
    return family_id


def new_family(platform: str, chat_id: str, chat_kind: ChatKind, founder: MemberSetup,
               language_said: str | None) -> FamilySetup:
    """A family for a chat's /start, from the language its platform or its words said (Telegram's
    `language_code`, or “start” rather than “开始”): Chinese → Chinese in Shanghai; English → English, its time
    zone and units asked (not guessed: 8 pm in Shanghai is not 8 pm in Chicago); nothing said → Chinese first,
    and the welcome asks the language, the zone and the units in both languages."""
    if language_said is None:
        return FamilySetup(platform, chat_id, chat_kind, members=(founder,), asks=("language", "timezone", "units"))
    if language_said.lower().startswith("zh"):
        return FamilySetup(platform, chat_id, chat_kind, members=(founder,))
    return FamilySetup(platform, chat_id, chat_kind, timezone=UNKNOWN_ZONE, language="en", members=(founder,),
                       asks=("timezone", "units"))


async def link_chat(uow: UnitOfWork, family_id: int, platform: str, chat_id: str, kind: str,
                    member_sender_id: str | None, now: datetime) -> None:
    member = await uow.families.member(family_id, member_sender_id) if member_sender_id else None
    await uow.families.link_chat(family_id, platform, chat_id, kind, now, member.id if member else None)
    uow.audit.add(family_id, None, "chat_linked", now, after={"platform": platform, "kind": kind})


async def add_records(uow: UnitOfWork, family_id: int, records: list[dict[str, Any]], now: datetime) -> None:
    """Records that exist before a conversation starts (a scenario's `records:`); `created_by` names the
    member who wrote one by their platform user id."""
    babies = await uow.families.babies(family_id)
    members = {m.platform_user_id: m.id for m in await uow.families.members(family_id)}
    for spec in records:
        spec = dict(spec)
        record_type = RecordType(spec.pop("type"))
        baby_name = spec.pop("baby", None)
        baby = next((b for b in babies if b.name == baby_name), babies[0])
        await uow.records.add(family_id=family_id, baby_id=baby.id, record_type=record_type,
                              fields=fields_for(record_type, spec), now=now,
                              created_by=members.get(str(spec.get("created_by"))))


async def snapshot(uow: UnitOfWork, family_id: int) -> FamilySnapshot:
    family = await uow.families.get(family_id)
    zone = family.tz
    babies = {b.id: b for b in await uow.families.babies(family_id)}
    people = {m.id: m.platform_user_id for m in await uow.families.members(family_id)}
    records = [{"id": r.id, "type": r.type.value, "baby": babies[r.baby_id].name, **r.fields}
               for r in await uow.records.live(family_id, zone)]
    active = await uow.tasks.active(family_id, zone)
    return FamilySnapshot(records=records, task=_task_dict(active, people),
                          profiles=[_profile(b) for b in babies.values()])


def _profile(b: Any) -> dict[str, Any]:
    return {"name": b.name, "nicknames": list(b.nicknames), "birth_date": b.birth_date, "sex": b.sex,
            "birth_weight_kg": b.birth_weight_kg, "birth_height_cm": b.birth_height_cm}


def _task_dict(task: PendingTask | None, people: dict[int, str]) -> dict[str, Any] | None:
    if task is None:
        return None
    return {"id": task.id, "state": task.state.value, "action": task.action.value,
            "record_type": task.record_type.value if task.record_type else None,
            "slots": dict(task.slots), "missing": list(task.missing),
            "requires_confirmation_reason": task.requires_confirmation_reason.value
            if task.requires_confirmation_reason else None,
            "started_by": people.get(task.started_by), "confirmed_by": people.get(task.confirmed_by),
            "revision": task.revision}
