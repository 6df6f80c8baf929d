"""A Fawn JSON export is a restore: a family with twins, its settings and two authors, exported and imported
with --with-settings into a fresh database, comes back the same — records, profiles, settings, authors."""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from bot.family import admin
from bot.family.operations import FamilyOperations
from bot.protocol import FamilySetup, MemberSetup
from storage.engine import Database, sqlite_url
from tests.integration.family.test_export_import import at, cli

MOM, DAD = MemberSetup("mom", "Lin", "妈妈", "parent"), MemberSetup("dad", "Wei", "爸爸", "parent")
TWINS = ({"name": "米粒", "nicknames": ["大宝"], "birth_date": date(2026, 1, 10), "sex": "female",
          "birth_weight_kg": 2.9, "birth_height_cm": 48.0},
         {"name": "米饭", "nicknames": ["二宝"], "birth_date": date(2026, 1, 10), "sex": "male",
          "birth_weight_kg": 3.1})
SETTINGS = {"timezone": "America/Los_Angeles", "language": "en", "summary_time": "20:30", "volume_unit": "oz",
            "weight_unit": "lb", "length_unit": "in", "temperature_unit": "f", "medication_reminder": True,
            "no_feeding_hours": 4, "push_to": "private"}
RECORDS = [
    {"type": "feeding", "baby": "米粒", "start": at(7), "kind": "formula", "method": "bottle", "amount_ml": 120,
     "created_by": "mom"},
    {"type": "feeding", "baby": "米饭", "start": at(7, 10), "kind": "formula", "method": "bottle", "amount_ml": 90,
     "created_by": "dad"},
    {"type": "sleep", "baby": "米粒", "start": at(20, days_back=1), "end": at(5), "night_wakings": 2,
     "created_by": "dad"},
    {"type": "diaper", "baby": "米饭", "time": at(8), "wet": True, "solid": True, "color": "yellow",
     "created_by": "mom"},
    {"type": "growth", "baby": "米粒", "time": at(9), "weight_kg": 5.1, "height_cm": 58.5, "created_by": "mom"},
    {"type": "health", "baby": "米饭", "time": at(11), "kind": "medication", "medication": "布洛芬", "dose": 2.5,
     "dose_unit": "ml", "next_dose_after_h": 6, "created_by": "dad"},
    {"type": "note", "baby": "米粒", "time": at(17), "text": "今天很乖"},
]


async def _source(path: Path) -> int:
    database = Database.at(sqlite_url(path))
    await database.upgrade()
    families = FamilyOperations(database)
    family = await families.setup_family(FamilySetup("telegram", "old", babies=TWINS, members=(MOM, DAD)))
    async with database.unit_of_work() as uow:
        await uow.families.update_settings(family, SETTINGS)
        await uow.commit()
    await families.add_records(family, RECORDS)
    await database.dispose()
    return family


async def _fresh(path: Path, members: tuple[MemberSetup, ...]) -> int:
    """A new deployment: the family set up again from a chat, with the default zone, language and baby."""
    database = Database.at(sqlite_url(path))
    await database.upgrade()
    family = await FamilyOperations(database).setup_family(FamilySetup("wecom", "new", members=members))
    await database.dispose()
    return family


async def _state(path: Path, family: int) -> dict:
    """Records (as the export writes them, without ids), profiles, settings."""
    database = Database.at(sqlite_url(path))
    families = FamilyOperations(database)
    document = await families.export_document(family)
    async with database.unit_of_work() as uow:
        settings = await admin.family_settings(uow, family)
    await database.dispose()
    drop = ("id", "source_message", "task")
    records = sorted(({k: v for k, v in r.items() if k not in drop} for r in document["records"]),
                     key=lambda r: json.dumps(r, sort_keys=True, ensure_ascii=False))
    profiles = [{k: v for k, v in b.items() if k != "id"} for b in document["babies"]]
    return {"records": records, "profiles": profiles, "settings": settings}


async def _export(tmp_path: Path, family: int) -> Path:
    assert await cli(["export", str(family), "--format", "json", "--out", str(tmp_path / "out"),
                      "--url", sqlite_url(tmp_path / "old.db")]) == 0
    return tmp_path / "out" / f"fawn-family-{family}.json"


async def test_a_json_export_of_twins_settings_and_two_authors_restores_the_same(tmp_path, capsys):
    exported = await _export(tmp_path, await _source(tmp_path / "old.db"))
    target = await _fresh(tmp_path / "new.db", (MemberSetup("wx-mom", "林", "妈妈", "parent"),
                                                MemberSetup("wx-dad", "伟", "爸爸", "parent")))
    assert await cli(["import", str(target), str(exported), "--from", "json", "--with-settings",
                      "--url", sqlite_url(tmp_path / "new.db")]) == 0
    out = capsys.readouterr().out
    assert f"imported {len(RECORDS)}, already there 0, rejected 0" in out
    assert "author 妈妈: a member of this family" in out and "author 爸爸: a member of this family" in out
    assert "settings restored: timezone America/Los_Angeles, language en, summary_time 20:30" in out
    old = await _state(tmp_path / "old.db", 1)
    new = await _state(tmp_path / "new.db", target)
    assert new["profiles"] == old["profiles"]
    assert new["settings"] == old["settings"]
    assert new["records"] == old["records"]
    assert {r["created_by"] for r in new["records"]} == {"妈妈", "爸爸", None}


async def test_an_author_who_is_not_a_member_here_is_kept_as_imported(tmp_path, capsys):
    exported = await _export(tmp_path, await _source(tmp_path / "old.db"))
    target = await _fresh(tmp_path / "new.db", (MemberSetup("wx-mom", "林", "妈妈", "parent"),))
    assert await cli(["import", str(target), str(exported), "--from", "json",
                      "--url", sqlite_url(tmp_path / "new.db")]) == 0
    assert "author 爸爸: kept as imported from the source" in capsys.readouterr().out
    new = await _state(tmp_path / "new.db", target)
    assert {r["created_by"] for r in new["records"]} == {"妈妈", "爸爸", None}      # 爸爸 kept by name
    assert new["settings"]["timezone"] == "Asia/Shanghai"                          # no --with-settings


async def test_a_one_baby_export_names_the_one_baby_of_the_family(tmp_path, capsys):
    source = tmp_path / "old.db"
    database = Database.at(sqlite_url(source))
    await database.upgrade()
    families = FamilyOperations(database)
    family = await families.setup_family(FamilySetup("telegram", "old", babies=TWINS[:1], members=(MOM,)))
    await families.add_records(family, RECORDS[:1])
    await database.dispose()
    exported = await _export(tmp_path, family)
    target = await _fresh(tmp_path / "new.db", (MOM,))
    assert await cli(["import", str(target), str(exported), "--from", "json",
                      "--url", sqlite_url(tmp_path / "new.db")]) == 0
    assert "baby: 宝宝 → 米粒" in capsys.readouterr().out
    assert (await _state(tmp_path / "new.db", target))["profiles"] == (await _state(source, family))["profiles"]
