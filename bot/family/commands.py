"""`fawn export`, `fawn import` and `fawn delete-family`: a family's data leaving, arriving, and going.

FAMILY is a family id (`12`, as `fawn export` and the audit log name it) or a chat as
`platform:chat_id` (`telegram:-1001234567890`). The database is `--url URL`, else the
configuration's (`--config config.toml`, FAWN_* environment), else the local file data/fawn.db.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.cli import local_database_url
from bot.config import load_config
from bot.family.babybuddy.files import read_babybuddy
from bot.family.babybuddy.rows import Reading
from bot.family.babybuddy.units import UnitsUnclear
from bot.family.fawn_json import NotAnExport, read_fawn_json
from bot.family.importing import ImportOptions, ImportReport
from bot.family.operations import FamilyOperations
from bot.family.sources import Rejected
from domain.units import INCH_CM, LB_KG, OZ_ML
from storage.engine import Database
from storage.errors import Unreachable

PER_COLUMN = 10      # rejected rows (and warnings) printed for each file and column; the rest are counted


def _parser(prog: str, about: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=about)
    parser.add_argument("family", metavar="FAMILY", help="family id, or platform:chat_id")
    parser.add_argument("--url", help="database URL (default: the config's, else data/fawn.db)")
    parser.add_argument("--config", help="config.toml to read the database URL from")
    return parser


def _database_url(args: argparse.Namespace) -> str:
    if args.url:
        return args.url
    if args.config:
        return load_config(args.config).database_url
    return local_database_url()


async def _with_family(args: argparse.Namespace, prog: str,
                       work: Callable[[FamilyOperations, int], Awaitable[int]]) -> int:
    database = Database.at(_database_url(args))
    try:
        await database.upgrade()
        families = FamilyOperations(database)
        family_id = await families.find(args.family)
        if family_id is None:
            print(f"{prog}: no family {args.family!r}", file=sys.stderr)
            return 2
        return await work(families, family_id)
    finally:
        await database.dispose()


def _run(prog: str, args: argparse.Namespace, work: Callable[[FamilyOperations, int], Awaitable[int]]) -> int:
    try:
        return asyncio.run(_with_family(args, prog, work))
    except (FileNotFoundError, ValueError) as problem:
        print(f"{prog}: {problem}", file=sys.stderr)
        return 2
    except Unreachable as problem:
        print(f"{prog}: {problem}", file=sys.stderr)
        return 1


def export_main(argv: list[str]) -> int:
    """`fawn export FAMILY --format json|csv [--out DIR]`."""
    parser = _parser("fawn export", "write a family's data: JSON (everything) or BabyBuddy's CSV files")
    parser.add_argument("--format", choices=["json", "csv"], default="json")
    parser.add_argument("--out", type=Path, help="folder to write into (default: fawn-export-FAMILY)")
    args = parser.parse_args(argv)

    async def work(families: FamilyOperations, family_id: int) -> int:
        out = args.out or Path(f"fawn-export-{family_id}")
        out.mkdir(parents=True, exist_ok=True)
        if args.format == "json":
            document = await families.export_document(family_id)
            path = out / f"fawn-family-{family_id}.json"
            path.write_text(json.dumps(document, ensure_ascii=False, indent=2, default=str), encoding="utf-8")
            print(f"{path}: {len(document['records'])} records, {len(document['babies'])} babies")
            return 0
        files = await families.export_babybuddy(family_id)
        for name, text in files.as_csv().items():
            (out / name).write_text(text, encoding="utf-8")
            print(f"{out / name}: {len(files.rows[name])} rows")
        for kind, count in sorted(files.left_out.items()):
            print(f"not in BabyBuddy's layout (see --format json): {kind} × {count}")
        return 0
    return _run("fawn export", args, work)


def import_main(argv: list[str]) -> int:
    """`fawn import FAMILY PATH --from babybuddy|json [--units oz,lb,in] [--with-settings]`. Exit 1 when rows
    were rejected (the others are imported); running it again writes nothing new."""
    parser = _parser("fawn import", "read records into a family from BabyBuddy CSV files or a Fawn JSON export")
    parser.add_argument("path", metavar="PATH", type=Path, help="a file, or a folder of BabyBuddy CSV files")
    parser.add_argument("--from", dest="source", choices=["babybuddy", "json"], required=True)
    parser.add_argument("--units", type=_units, default={}, metavar="UNITS",
                        help="what BabyBuddy's bare numbers were typed in: oz and/or lb and/or in, e.g. oz,lb,in "
                             "(default: ml, kg, cm)")
    parser.add_argument("--with-settings", action="store_true",
                        help="a Fawn export: also take its zone, language, units, summary time and reminders")
    parser.add_argument("--all", action="store_true", help=f"print every rejected row (default: {PER_COLUMN} "
                                                           "for each file and column, and a count)")
    args = parser.parse_args(argv)
    if not args.path.exists():
        print(f"fawn import: {args.path} does not exist", file=sys.stderr)
        return 2
    if args.with_settings and args.source != "json":
        print("fawn import: --with-settings reads a Fawn export (--from json)", file=sys.stderr)
        return 2

    async def work(families: FamilyOperations, family_id: int) -> int:
        zone = await families.timezone(family_id)
        try:
            source = read_fawn_json(args.path, zone) if args.source == "json" else \
                read_babybuddy(args.path, Reading(zone, **args.units))
        except (NotAnExport, UnitsUnclear) as problem:
            print(f"fawn import: {problem}", file=sys.stderr)
            return 2
        report = await families.import_records(family_id, source, f"{args.source}:{args.path.name}",
                                               ImportOptions(with_settings=args.with_settings))
        print_report(report, None if args.all else PER_COLUMN)
        return 1 if report.rejected else 0
    return _run("fawn import", args, work)


UNITS = {"oz": ("volume", "ml_per_unit", OZ_ML), "ml": ("volume", "ml_per_unit", 1.0),
         "lb": ("weight", "kg_per_unit", LB_KG), "kg": ("weight", "kg_per_unit", 1.0),
         "in": ("length", "cm_per_unit", INCH_CM), "cm": ("length", "cm_per_unit", 1.0)}


def _units(text: str) -> dict[str, Any]:
    """`oz,lb,in` → the `Reading` scales for BabyBuddy's amounts, weights and lengths, and which were given."""
    chosen: dict[str, Any] = {"units_given": frozenset()}
    for unit in filter(None, (part.strip().lower() for part in text.split(","))):
        if unit not in UNITS:
            raise argparse.ArgumentTypeError(f"{unit!r} is not one of {', '.join(UNITS)}")
        quantity, scale, factor = UNITS[unit]
        chosen[scale] = factor
        chosen["units_given"] |= {quantity}
    return chosen


def print_report(report: ImportReport, per_column: int | None = PER_COLUMN) -> None:
    share = f" ({report.kept / report.read:.1%} kept)" if report.read else ""
    print(f"imported {report.written}, already there {report.skipped}, rejected {len(report.rejected)} "
          f"of {report.read} rows{share}")
    if report.amount_unknown:
        print(f"bottle feeds without an amount: {report.amount_unknown} (imported; the amount is unknown)")
    lines = [*(f"added baby: {name}" for name in report.babies_added),
             *(f"baby: {change}" for change in report.babies_changed),
             *([f"settings restored: {_settings(report.settings)}"] if report.settings is not None else []),
             *(f"author {name}: {who}" for name, who in sorted(report.authors.items())),
             *(f"not imported: {what}" for what in report.not_kept),
             *(f"ignored (not a BabyBuddy file name): {name}" for name in report.ignored_files)]
    print("\n".join(lines)) if lines else None
    _listed("rejected", report.rejected, per_column)
    _listed("warning", report.warnings, per_column)


def _listed(word: str, rows: list[Rejected], per_column: int | None) -> None:
    """Each row as `file:line: column 'text': reason`; past `per_column` of one file and column, a count."""
    by_place: dict[tuple[str, str | None], list[Rejected]] = {}
    for row in rows:
        by_place.setdefault((row.file, row.column), []).append(row)
    for (file, column), found in by_place.items():
        for row in found[:per_column]:
            print(f"{word} {row}")
        if per_column is not None and len(found) > per_column:
            print(f"… {word} {len(found) - per_column} more in {file}, column {column} (--all lists them)")


def _settings(restored: dict) -> str:
    return ", ".join(f"{key} {value}" for key, value in restored.items()) or "none in the source"


def delete_family_main(argv: list[str]) -> int:
    """`fawn delete-family FAMILY [--yes]`: every row of the family, after a count and a confirmation."""
    parser = _parser("fawn delete-family", "remove a family's data for good")
    parser.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    parser.add_argument("--photos-dir", type=Path, default=Path("data/photos"),
                        help="stored photos under this folder that the family's records name are removed too")
    parser.add_argument("--exports-dir", type=Path, default=Path("data/exports"),
                        help="the export files sent from chat (fawn-family-ID-*.json) are removed too")
    args = parser.parse_args(argv)

    async def work(families: FamilyOperations, family_id: int) -> int:
        counts = await families.removal_counts(family_id)
        photos = [p for p in await families.photo_files(family_id) if _inside(p, args.photos_dir) and p.is_file()]
        exports = sorted(args.exports_dir.glob(f"fawn-family-{family_id}-*.json")) if args.exports_dir.is_dir() else []
        print(f"family {family_id}: this removes")
        for table, count in counts.items():
            print(f"  {table:<15} {count}")
        print(f"  {'photo files':<15} {len(photos)}")
        print(f"  {'export files':<15} {len(exports)}")
        if not args.yes and not _confirmed(family_id):
            print("nothing removed")
            return 1
        gone = await families.remove_family(family_id)
        for file in (*photos, *exports):
            file.unlink(missing_ok=True)
        print(f"removed {sum(gone.values())} rows, {len(photos)} photo files and {len(exports)} export files "
              f"of family {family_id}")
        return 0
    return _run("fawn delete-family", args, work)


def _confirmed(family_id: int) -> bool:
    try:
        answer = input(f"Type the family id ({family_id}) to remove all of this for good: ")
    except EOFError:
        return False
    return answer.strip() == str(family_id)


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except OSError:
        return False
