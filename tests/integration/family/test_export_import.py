"""Data that leaves and arrives: `fawn export` / `fawn import` / `fawn delete-family`, run as the
commands (argv in, exit code and printed lines out) on a real SQLite file."""
from __future__ import annotations

import asyncio
import csv
import json
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.cli import main as fawn
from bot.clock import utc_now
from bot.family.operations import FamilyOperations
from bot.protocol import FamilySetup, MemberSetup
from storage.engine import Database, sqlite_url

TZ = ZoneInfo("Asia/Shanghai")
YESTERDAY = (utc_now().astimezone(TZ) - timedelta(days=1)).replace(hour=0, minute=0, second=0, microsecond=0)
MOM = MemberSetup("mom", "Lin", "妈妈", "parent")


def at(hour: int, minute: int = 0, days_back: int = 0) -> datetime:
    return YESTERDAY - timedelta(days=days_back) + timedelta(hours=hour, minutes=minute)


RECORDS = [
    {"type": "feeding", "start": at(7), "kind": "formula", "method": "bottle", "amount_ml": 120},
    {"type": "feeding", "start": at(10), "end": at(10, 20), "kind": "breast_milk", "method": "left_breast"},
    {"type": "feeding", "start": at(12), "kind": "solid_food", "method": "parent_fed", "food": "米粉", "amount_g": 30},
    {"type": "sleep", "start": at(13), "end": at(14, 30), "nap": True},
    {"type": "sleep", "start": at(20, days_back=1), "end": at(5), "night_wakings": 2},
    {"type": "diaper", "time": at(8), "wet": True, "solid": True, "color": "yellow"},
    {"type": "growth", "time": at(9), "weight_kg": 6.2, "height_cm": 63.5, "head_cm": 40.1},
    {"type": "health", "time": at(11), "kind": "temperature", "temperature_c": 37.6},
    {"type": "health", "time": at(11, 5), "kind": "medication", "medication": "布洛芬", "dose": 2.5,
     "dose_unit": "ml", "next_dose_after_h": 6},
    {"type": "pumping", "start": at(15), "amount_ml": 150, "side": "both"},
    {"type": "tummy_time", "start": at(16), "duration_min": 10, "milestone": "抬头"},
    {"type": "note", "time": at(17), "text": "今天很乖"},
]


async def _family(path: Path, chat: str = "c1", babies=({"name": "小满", "birth_date": date(2026, 1, 1),
                                                         "sex": "female"},)) -> int:
    database = Database.at(sqlite_url(path))
    await database.upgrade()
    families = FamilyOperations(database)
    family_id = await families.setup_family(FamilySetup("telegram", chat, babies=babies, members=(MOM,)))
    await database.dispose()
    return family_id


async def _seeded(path: Path) -> int:
    family_id = await _family(path)
    database = Database.at(sqlite_url(path))
    await FamilyOperations(database).add_records(family_id, RECORDS)
    await database.dispose()
    return family_id


async def _records(path: Path, family_id: int) -> list[dict]:
    database = Database.at(sqlite_url(path))
    snapshot = await FamilyOperations(database).snapshot(family_id)
    await database.dispose()
    return sorted(({k: v for k, v in r.items() if k != "id"} for r in snapshot.records),
                  key=lambda r: json.dumps(r, default=str, sort_keys=True))


async def cli(argv: list[str]) -> int:
    """The console script, in a thread: it runs its own event loop, as it does from a shell."""
    return await asyncio.to_thread(fawn, argv)


def _url(path: Path) -> str:
    return sqlite_url(path)


async def test_a_json_export_imported_into_a_new_family_gives_the_same_records(tmp_path, capsys):
    source = await _seeded(tmp_path / "a.db")
    assert await cli(["export", str(source), "--format", "json", "--out", str(tmp_path / "out"),
                 "--url", _url(tmp_path / "a.db")]) == 0
    document = json.loads((tmp_path / "out" / f"fawn-family-{source}.json").read_text())
    assert document["babies"][0]["name"] == "小满" and document["members"][0]["title"] == "妈妈"
    assert len(document["records"]) == len(RECORDS)

    target = await _family(tmp_path / "b.db", babies=({"name": "小满"},))
    exported = tmp_path / "out" / f"fawn-family-{source}.json"
    assert await cli(["import", str(target), str(exported), "--from", "json", "--url", _url(tmp_path / "b.db")]) == 0
    assert f"imported {len(RECORDS)}, already there 0, rejected 0" in capsys.readouterr().out
    assert await _records(tmp_path / "b.db", target) == await _records(tmp_path / "a.db", source)

    # the same file again: nothing new
    assert await cli(["import", str(target), str(exported), "--from", "json", "--url", _url(tmp_path / "b.db")]) == 0
    assert f"imported 0, already there {len(RECORDS)}" in capsys.readouterr().out


async def test_importing_an_export_back_into_its_own_family_writes_nothing(tmp_path, capsys):
    family = await _seeded(tmp_path / "a.db")
    await cli(["export", "telegram:c1", "--out", str(tmp_path / "out"), "--url", _url(tmp_path / "a.db")])
    assert await cli(["import", str(family), str(tmp_path / "out" / f"fawn-family-{family}.json"), "--from", "json",
                 "--url", _url(tmp_path / "a.db")]) == 0
    assert f"imported 0, already there {len(RECORDS)}" in capsys.readouterr().out


async def test_the_csv_export_uses_babybuddys_files_columns_and_spellings(tmp_path, capsys):
    family = await _seeded(tmp_path / "a.db")
    assert await cli(["export", str(family), "--format", "csv", "--out", str(tmp_path / "bb"),
                 "--url", _url(tmp_path / "a.db")]) == 0
    header = {p.name: p.read_text().splitlines()[0] for p in (tmp_path / "bb").glob("*.csv")}
    assert header["feeding.csv"] == "child_id,start,end,type,method,amount,notes"
    assert header["sleep.csv"] == "child_id,start,nap,end,notes"
    assert header["diaperchange.csv"] == "child_id,time,wet,solid,color,amount"
    assert {"pumping.csv", "tummytime.csv", "temperature.csv", "medication.csv", "weight.csv", "height.csv",
            "headcircumference.csv", "note.csv", "child.csv"} <= set(header)
    feeds = list(csv.DictReader((tmp_path / "bb" / "feeding.csv").open()))
    assert [(f["type"], f["method"]) for f in feeds] == [
        ("formula", "bottle"), ("breast milk", "left breast"), ("solid food", "parent fed")]
    assert feeds[0]["start"] == f"{at(7):%Y-%m-%d %H:%M:%S}" and feeds[0]["amount"] == "120"
    naps = [row["nap"] for row in csv.DictReader((tmp_path / "bb" / "sleep.csv").open())]
    assert sorted(naps) == ["0", "1"]


async def test_a_babybuddy_folder_imported_twice_writes_once(tmp_path, capsys):
    family = await _seeded(tmp_path / "a.db")
    await cli(["export", str(family), "--format", "csv", "--out", str(tmp_path / "bb"),
               "--url", _url(tmp_path / "a.db")])
    capsys.readouterr()
    target = await _family(tmp_path / "b.db", babies=({"name": "宝宝"},))
    args = ["import", str(target), str(tmp_path / "bb"), "--from", "babybuddy", "--url", _url(tmp_path / "b.db")]
    assert await cli(args) == 0
    first = capsys.readouterr().out
    # weight, height and head are three BabyBuddy rows: three growth records here
    assert "imported 14, already there 0, rejected 0" in first
    assert await cli(args) == 0
    assert "imported 0, already there 14, rejected 0" in capsys.readouterr().out
    kinds = sorted(r["type"] for r in await _records(tmp_path / "b.db", target))
    assert kinds.count("growth") == 3 and kinds.count("feeding") == 3 and kinds.count("health") == 2


def _write(folder: Path, name: str, text: str) -> None:
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")


async def test_a_malformed_row_is_reported_with_its_file_and_line_and_the_rest_is_imported(tmp_path, capsys):
    family = await _family(tmp_path / "a.db")
    when = f"{at(9):%Y-%m-%d %H:%M:%S}"
    _write(tmp_path / "bb", "feeding.csv", "child_id,start,end,type,method,amount,notes\n"
           f"1,{when},{when},formula,bottle,90,\n"
           f"1,{when},{when},juice,bottle,90,\n"
           f"1,{when},{when},formula,bottle,-5,\n"
           f"1,yesterday,{when},formula,bottle,90,\n")
    _write(tmp_path / "bb", "sleep.csv", "child_id,start,nap,end,notes\n"
           f"1,{at(14):%Y-%m-%d %H:%M:%S},1,{at(13):%Y-%m-%d %H:%M:%S},\n")
    code = await cli(["import", str(family), str(tmp_path / "bb"), "--from", "babybuddy",
                      "--url", _url(tmp_path / "a.db")])
    out = capsys.readouterr().out
    assert code == 1 and "imported 1, already there 0, rejected 4" in out
    # each reason names the file's own column and the text in it, never Fawn's field (amount_ml)
    assert "rejected feeding.csv:3: type 'juice': not one of breast milk, formula" in out
    assert "rejected feeding.csv:4: amount '-5': a negative amount" in out
    assert "rejected feeding.csv:5: start 'yesterday': not a time like 2024-05-01 14:30:00" in out
    assert f"rejected sleep.csv:2: end '{at(13):%Y-%m-%d %H:%M:%S}': does not end after it starts" in out


async def test_units_oz_converts_babybuddy_amounts_to_ml(tmp_path, capsys):
    family = await _family(tmp_path / "a.db")
    when = f"{at(9):%Y-%m-%d %H:%M:%S}"
    _write(tmp_path / "bb", "feeding.csv", "child_id,start,end,type,method,amount,notes\n"
           f"1,{when},{when},formula,bottle,4,\n")
    _write(tmp_path / "bb", "pumping.csv", f"child_id,amount,time\n1,5,{when}\n")   # BabyBuddy's older layout
    assert await cli(["import", str(family), str(tmp_path / "bb"), "--from", "babybuddy", "--units", "oz",
                 "--url", _url(tmp_path / "a.db")]) == 0
    amounts = sorted((r["type"], r["amount_ml"]) for r in await _records(tmp_path / "a.db", family))
    assert amounts == [("feeding", 118.3), ("pumping", 147.9)]


async def test_babybuddys_own_export_with_names_and_fahrenheit_is_read(tmp_path, capsys):
    family = await _family(tmp_path / "a.db", babies=({"name": "Ada"}, {"name": "Leo"}))
    when = f"{at(9):%Y-%m-%d %H:%M:%S}"
    _write(tmp_path / "bb", "Temperature-2026-01-01.csv",
           "id,child_id,child_first_name,child_last_name,temperature,time,notes,tags\n"
           f"83,1,Ada,,99.5,{when},,\n84,2,Leo,,37.2,{when},,\n85,3,Max,,36.9,{when},,\n")
    assert await cli(["import", str(family), str(tmp_path / "bb"), "--from", "babybuddy",
                 "--url", _url(tmp_path / "a.db")]) == 0
    out = capsys.readouterr().out
    assert "added baby: Max" in out
    temps = sorted((r["baby"], r["temperature_c"]) for r in await _records(tmp_path / "a.db", family))
    assert temps == [("Ada", 37.5), ("Leo", 37.2), ("Max", 36.9)]


async def test_delete_family_counts_per_table_and_asks_first(tmp_path, capsys, monkeypatch):
    family = await _seeded(tmp_path / "a.db")
    other = await _family(tmp_path / "a.db", chat="c2")
    monkeypatch.setattr("builtins.input", lambda prompt: "no")
    assert await cli(["delete-family", str(family), "--url", _url(tmp_path / "a.db")]) == 1
    out = capsys.readouterr().out
    assert "records         12" in out and "members         1" in out and "nothing removed" in out
    assert len(await _records(tmp_path / "a.db", family)) == 12

    exports = tmp_path / "exports"
    exports.mkdir()
    sent, kept = exports / f"fawn-family-{family}-20260504-120000.json", exports / f"fawn-family-{other}-x.json"
    sent.write_text("[]")
    kept.write_text("[]")
    monkeypatch.setattr("builtins.input", lambda prompt: str(family))
    assert await cli(["delete-family", str(family), "--url", _url(tmp_path / "a.db"),
                      "--exports-dir", str(exports)]) == 0
    out = capsys.readouterr().out
    assert "export files    1" in out and "removed" in out and not sent.exists() and kept.exists()
    database = Database.at(sqlite_url(tmp_path / "a.db"))
    families = FamilyOperations(database)
    assert await families.find(str(family)) is None and await families.find(str(other)) == other
    await database.dispose()
    assert await cli(["delete-family", str(family), "--yes", "--url", _url(tmp_path / "a.db")]) == 2


@pytest.mark.parametrize("family", ["999", "telegram:nope", "x"])
async def test_an_unknown_family_is_a_clear_error(tmp_path, family, capsys):
    await _family(tmp_path / "a.db")
    assert await cli(["export", family, "--url", _url(tmp_path / "a.db")]) == 2
    assert "no family" in capsys.readouterr().err
