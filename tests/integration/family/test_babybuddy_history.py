"""A whole BabyBuddy history moves in (tests/integration/family/babybuddy_history.py says what it was written
from): at least 95% of its rows are kept, and every row that is not is named by file, line, column, the
text in it and why."""
from __future__ import annotations

import csv
import re
from datetime import date
from pathlib import Path

from bot.family.operations import FamilyOperations
from bot.protocol import FamilySetup, MemberSetup
from storage.engine import Database, sqlite_url
from tests.integration.family.babybuddy_history import REFUSED, write_history
from tests.integration.family.test_export_import import cli

REJECTED = re.compile(r"^rejected (?P<file>\S+\.csv):(?P<line>\d+): (?P<column>\w+) '(?P<text>[^']*)': (?P<why>.+)$")
NOT_RECORDS = ("Child-", "BMI-", "Tag-")


async def _us_family(path: Path) -> int:
    database = Database.at(sqlite_url(path))
    await database.upgrade()
    family_id = await FamilyOperations(database).setup_family(FamilySetup(
        "telegram", "us", timezone="America/New_York", language="en", babies=({"name": "Baby"},),
        members=(MemberSetup("mum", "Mum", None, "parent"),)))
    await database.dispose()
    return family_id


async def _snapshot(path: Path, family_id: int):
    database = Database.at(sqlite_url(path))
    snapshot = await FamilyOperations(database).snapshot(family_id)
    await database.dispose()
    return snapshot


def _cell(folder: Path, file: str, line: int, column: str) -> str:
    with (folder / file).open(newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        return next(row[column] for row in reader if reader.line_num == line)


async def test_a_babybuddy_history_keeps_at_least_95_percent_and_names_every_row_it_refuses(tmp_path, capsys):
    counts = write_history(tmp_path / "bb")
    rows = sum(n for name, n in counts.items() if not name.startswith(NOT_RECORDS))
    family = await _us_family(tmp_path / "fawn.db")
    code = await cli(["import", str(family), str(tmp_path / "bb"), "--from", "babybuddy", "--units", "oz,lb,in",
                      "--url", sqlite_url(tmp_path / "fawn.db")])
    out = capsys.readouterr().out
    head = re.search(r"imported (\d+), already there (\d+), rejected (\d+) of (\d+) rows", out)
    written, skipped, rejected, read = map(int, head.groups())
    assert code == 1 and read == rows and written + skipped + rejected == rows
    assert (written + skipped) / rows >= 0.95 and rejected == 3

    refused = [REJECTED.match(line) for line in out.splitlines() if line.startswith("rejected ")]
    assert len(refused) == 3 and all(refused)
    for found in refused:        # the line, column and text are the file's own
        assert _cell(tmp_path / "bb", found["file"], int(found["line"]), found["column"]) == found["text"]
    said = {(m["file"].split("-")[0], m["column"], m["text"]) for m in refused}
    assert {(model, column, text) for model, column, text in REFUSED} <= said
    assert any(m["file"].startswith("TummyTime") and m["why"] == "does not end after it starts" for m in refused)
    assert "0 ml is not a possible amount" in out and "530 °C is not a possible temperature" in out

    assert "warning Weight-2026-07-01.csv:" in out and "weight '1.42': 0.644 kg is an unusual weight" in out
    assert re.search(r"bottle feeds without an amount: \d+ \(imported; the amount is unknown\)", out)
    assert "not imported: BMI-2026-07-01.csv: 9 rows not imported: Fawn keeps no BMI" in out
    assert "not imported: Tag-2026-07-01.csv: 2 rows not imported: Fawn keeps no tags" in out
    assert re.search(r"Feeding-2026-07-01.csv: tags in \d+ rows not imported: Fawn keeps no tags", out)
    assert "baby: Baby → Ada Reyes (birth_date 2026-03-02)" in out

    snapshot = await _snapshot(tmp_path / "fawn.db", family)
    assert [(p["name"], p["birth_date"]) for p in snapshot.profiles] == [("Ada Reyes", date(2026, 3, 2))]
    heights = sorted(r["height_cm"] for r in snapshot.records if r.get("height_cm"))
    assert len(heights) == counts["Height-2026-07-01.csv"] and heights[0] == 49.5       # 19.5 in
    unknown = [r for r in snapshot.records if r["type"] == "feeding" and r.get("method") == "bottle"
               and r.get("amount_ml") is None]
    assert unknown and all(r["duration_min"] > 0 for r in unknown)


async def test_a_history_typed_in_us_units_is_not_imported_until_units_says_so(tmp_path, capsys):
    """Imported as ml / kg / cm, then again with --units, every feed would be there twice, once wrong."""
    write_history(tmp_path / "bb")
    family = await _us_family(tmp_path / "fawn.db")
    code = await cli(["import", str(family), str(tmp_path / "bb"), "--from", "babybuddy",
                      "--url", sqlite_url(tmp_path / "fawn.db")])
    err = capsys.readouterr().err
    assert code == 2 and "read right only as oz" in err and "read right only as in" in err
    assert "run again with --units oz,lb,in" in err and "nothing was imported" in err
    assert (await _snapshot(tmp_path / "fawn.db", family)).records == []


async def test_one_odd_value_among_metric_ones_is_refused_naming_the_flag(tmp_path, capsys):
    family = await _us_family(tmp_path / "fawn.db")
    (tmp_path / "bb").mkdir()
    (tmp_path / "bb" / "height.csv").write_text(
        "child_id,height,date,notes\n1,52.0,2026-03-09,\n1,55.5,2026-03-30,\n1,22.5,2026-04-20,\n1,61.0,2026-05-11,\n")
    code = await cli(["import", str(family), str(tmp_path / "bb"), "--from", "babybuddy",
                      "--url", sqlite_url(tmp_path / "fawn.db")])
    out = capsys.readouterr().out
    assert code == 1 and "imported 3, already there 0, rejected 1 of 4 rows" in out
    assert "rejected height.csv:4: height '22.5': 22.5 cm is an unusual height (inches? import with --units in)" in out
