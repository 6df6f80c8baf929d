"""Reading BabyBuddy CSV files (one file, or a folder of them) into a source for the importer: the
children of `child.csv` (name, birth date), every row of every model Fawn keeps, and what is not kept —
whole files (BMI, tags) and columns (a diaper's amount, tags) — counted and named. The units of its bare
numbers are checked first (babybuddy/units.py)."""
from __future__ import annotations

import csv
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from bot.family.babybuddy.columns import ANY_MODEL_NOT_KEPT, NOT_IMPORTED, NOT_KEPT, model_of
from bot.family.babybuddy.rows import Reading, RowProblem, read_row
from bot.family.babybuddy.units import check_units, unit_hint
from bot.family.sources import BabyRef, Rejected, Source, SourceRow


def read_babybuddy(path: Path, reading: Reading) -> Source:
    files = sorted(path.glob("*.csv")) if path.is_dir() else [path]
    known = [(f, model_of(f.name)) for f in files]
    children = next((_children(f) for f, model in known if model == "child"), {})
    source = Source(babies=list(children.values()), hint=unit_hint(reading))
    source.ignored = [f.name for f, model in known if model is None]
    source.not_kept = [f"{f.name}: {_count(f)} rows not imported: {NOT_IMPORTED[m]}" for f, m in known
                       if m in NOT_IMPORTED]
    records = [(f, m) for f, m in known if m is not None and m != "child" and m not in NOT_IMPORTED]
    check_units(records, reading)
    source.rows = _rows(records, children, reading, source.not_kept)
    return source


def _children(path: Path) -> dict[str, BabyRef]:
    found: dict[str, BabyRef] = {}
    for index, (_, row) in enumerate(_csv_rows(path), start=1):
        name = " ".join(p for p in ((row.get("first_name") or "").strip(), (row.get("last_name") or "").strip()) if p)
        if name:
            found[(row.get("id") or str(index)).strip()] = BabyRef(name, (row.get("birth_date") or "")[:10] or None)
    return found


def _rows(files: list[tuple[Path, str]], children: dict[str, BabyRef], reading: Reading,
          not_kept: list[str]) -> Iterator[SourceRow | Rejected]:
    for path, model in files:
        dropped: Counter[str] = Counter()
        for line, row in _csv_rows(path):
            dropped.update(c for c in (*NOT_KEPT.get(model, {}), *ANY_MODEL_NOT_KEPT) if (row.get(c) or "").strip())
            child = (row.get("child_id") or "").strip()
            baby = children.get(child) or _named_in_row(row)
            try:
                read = read_row(model, row, reading)
            except RowProblem as problem:
                yield Rejected(path.name, line, problem.reason, problem.column, problem.text)
                continue
            yield SourceRow(path.name, line, baby, child or None, read.record_type, read.slots, cells=read.cells)
        not_kept += [f"{path.name}: {column} in {count} row{'' if count == 1 else 's'} not imported: "
                     f"{NOT_KEPT.get(model, {}).get(column) or ANY_MODEL_NOT_KEPT[column]}"
                     for column, count in dropped.items()]


def _named_in_row(row: dict[str, str]) -> BabyRef | None:
    """BabyBuddy's own exports carry the child's name in every row."""
    name = " ".join(p for p in ((row.get("child_first_name") or "").strip(),
                                (row.get("child_last_name") or "").strip()) if p)
    return BabyRef(name) if name else None


def _count(path: Path) -> int:
    return sum(1 for _ in _csv_rows(path))


def _csv_rows(path: Path) -> Iterator[tuple[int, dict[str, str]]]:
    """(line number, row) for every row with a value; the header is line 1."""
    with path.open(newline="", encoding="utf-8-sig") as handle:
        reader = csv.DictReader(handle)
        reader.fieldnames = [(name or "").strip().lower() for name in reader.fieldnames or []]
        for row in reader:
            if any((value or "").strip() for value in row.values() if isinstance(value, str)):
                yield reader.line_num, {k: v if isinstance(v, str) else "" for k, v in row.items() if k}
