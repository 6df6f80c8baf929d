"""Reading BabyBuddy CSV files (one file, or a folder of them) into source rows for the importer."""
from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path

from bot.family.babybuddy.columns import model_of
from bot.family.babybuddy.rows import Reading, RowProblem, read_row
from bot.family.sources import BabyRef, Rejected, Source, SourceRow


def read_babybuddy(path: Path, reading: Reading) -> Source:
    files = sorted(path.glob("*.csv")) if path.is_dir() else [path]
    known = [(f, model_of(f.name)) for f in files]
    children = next((_children(f) for f, model in known if model == "child"), {})
    source = Source(babies=list(children.values()))
    source.ignored = [f.name for f, model in known if model is None]
    source.rows = _rows([(f, m) for f, m in known if m not in (None, "child")], children, reading)
    return source


def _children(path: Path) -> dict[str, BabyRef]:
    found: dict[str, BabyRef] = {}
    for index, (_, row) in enumerate(_csv_rows(path), start=1):
        name = " ".join(p for p in ((row.get("first_name") or "").strip(), (row.get("last_name") or "").strip()) if p)
        if name:
            found[(row.get("id") or str(index)).strip()] = BabyRef(name, (row.get("birth_date") or "")[:10] or None)
    return found


def _rows(files: list[tuple[Path, str | None]], children: dict[str, BabyRef],
          reading: Reading) -> Iterator[SourceRow | Rejected]:
    for path, model in files:
        for line, row in _csv_rows(path):
            child = (row.get("child_id") or "").strip()
            baby = children.get(child) or _named_in_row(row)
            try:
                record_type, slots = read_row(model or "", row, reading)
            except RowProblem as problem:
                yield Rejected(path.name, line, str(problem))
                continue
            yield SourceRow(path.name, line, baby, child or None, record_type, slots)


def _named_in_row(row: dict[str, str]) -> BabyRef | None:
    """BabyBuddy's own exports carry the child's name in every row."""
    name = " ".join(p for p in ((row.get("child_first_name") or "").strip(),
                                (row.get("child_last_name") or "").strip()) if p)
    return BabyRef(name) if name else None


def _csv_rows(path: Path) -> Iterator[tuple[int, dict[str, str]]]:
    """(line number, row) for every row with a value; the header is line 1."""
    with path.open(newline="", encoding="utf-8-sig") as handle:
        reader = csv.DictReader(handle)
        reader.fieldnames = [(name or "").strip().lower() for name in reader.fieldnames or []]
        for row in reader:
            if any((value or "").strip() for value in row.values() if isinstance(value, str)):
                yield reader.line_num, {k: v if isinstance(v, str) else "" for k, v in row.items() if k}
