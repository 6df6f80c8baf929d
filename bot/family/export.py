"""A family's records leaving Fawn: every live record with the vocabulary's field names, times
in the family's timezone — the chat's /export (JSON or CSV, parents only, audited), the full JSON
document of `fawn export` (family and its settings, babies, members, records) and BabyBuddy's CSV layout."""
from __future__ import annotations

import csv
import io
import json
from datetime import datetime, tzinfo
from typing import Any

from bot.family.admin import member_role
from bot.family.babybuddy.export import BabyBuddyFiles, to_babybuddy
from bot.family.importing import IMPORTED_AUTHOR
from bot.protocol import ExportFile
from domain.permissions import Permission, may
from domain.turn import RecordView
from storage.unit_of_work import UnitOfWork


async def export_for(uow: UnitOfWork, family_id: int, platform_user_id: str, fmt: str, now: datetime) -> ExportFile:
    """The domain's permission matrix decides; unknown people are friends."""
    role = await member_role(uow, family_id, platform_user_id)
    if not may(role, Permission.MANAGE):
        return ExportFile(allowed=False)
    rows = await export_rows(uow, family_id)
    as_csv = fmt.lower() == "csv"
    member = await uow.families.member(family_id, platform_user_id)
    uow.audit.add(family_id, member.id if member else None, "family_export", now,
                  after={"format": "csv" if as_csv else "json", "records": len(rows)})
    body = rows_as_csv(rows) if as_csv else rows_as_json(rows)
    return ExportFile(True, body.encode("utf-8"), "fawn-records.csv" if as_csv else "fawn-records.json", len(rows))


EXPORT_FORMAT, EXPORT_VERSION = "fawn-export", 1


async def family_document(uow: UnitOfWork, family_id: int) -> dict[str, Any]:
    """Everything of a family a person may take elsewhere, full fidelity (`fawn import --from json` reads it)."""
    family = await uow.families.get(family_id)
    babies = [{"id": b.id, "name": b.name, "nicknames": list(b.nicknames),
               "birth_date": b.birth_date.isoformat() if b.birth_date else None, "sex": b.sex,
               "birth_weight_kg": b.birth_weight_kg, "birth_height_cm": b.birth_height_cm}
              for b in await uow.families.babies(family_id)]
    members = [{"id": m.id, "platform_user_id": m.platform_user_id, "display_name": m.display_name,
                "title": m.title, "role": m.role} for m in await uow.families.members(family_id)]
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION,
            "family": {"id": family.id, "timezone": family.timezone, "language": family.language,
                       "summary_time": family.summary_time, "settings": family.settings,
                       "chats": [{"platform": c.platform, "chat_id": c.chat_id, "kind": c.kind}
                                 for c in await uow.families.chats(family_id)]},
            "babies": babies, "members": members, "records": await export_rows(uow, family_id)}


async def babybuddy_files(uow: UnitOfWork, family_id: int) -> BabyBuddyFiles:
    family = await uow.families.get(family_id)
    records = await uow.records.live(family_id, family.tz, True)
    return to_babybuddy(records, await uow.families.babies(family_id), family.tz)


async def export_rows(uow: UnitOfWork, family_id: int) -> list[dict[str, Any]]:
    family = await uow.families.get(family_id)
    zone = family.tz
    babies = {b.id: b.name for b in await uow.families.babies(family_id)}
    members = {m.id: m.title or m.display_name for m in await uow.families.members(family_id)}
    return [_record_row(r, babies, members, zone) for r in await uow.records.live(family_id, zone, True)]


def _record_row(record: RecordView, babies: dict[int, str], members: dict[int, str], zone: tzinfo) -> dict[str, Any]:
    row: dict[str, Any] = {"id": record.id, "baby": babies.get(record.baby_id), "type": record.type.value}
    row.update({name: value.isoformat() if isinstance(value, datetime) else value
                for name, value in record.fields.items() if name != IMPORTED_AUTHOR})
    row.update({"created_by": members.get(record.created_by) or record.fields.get(IMPORTED_AUTHOR),
                "created_at": record.created_at.astimezone(zone).isoformat() if record.created_at else None,
                "source_message": record.source_message, "task": record.task})
    return row


def rows_as_json(rows: list[dict[str, Any]]) -> str:
    return json.dumps(rows, ensure_ascii=False, indent=2, default=str)


def rows_as_csv(rows: list[dict[str, Any]]) -> str:
    columns: list[str] = []
    for row in rows:
        columns += [key for key in row if key not in columns]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns or ["id"])
    writer.writeheader()
    for row in rows:
        writer.writerow({k: json.dumps(v, ensure_ascii=False) if isinstance(v, (list, dict)) else v
                         for k, v in row.items()})
    return out.getvalue()
