"""Our records in BabyBuddy's layout: one file per model, `child_id` = our baby's id (child.csv lists
the babies under those ids), local times. What BabyBuddy has no model for (water, photos, symptoms,
vaccines, doctor visits, a sleep still going on) is counted, not written; `--format json` keeps it."""
from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, tzinfo
from typing import Any

from bot.family.babybuddy.columns import COLUMNS, FEEDING_METHOD, FEEDING_TYPE, GROWTH_FILES, TIME_FORMAT
from domain.turn import BabyView, RecordView

Row = dict[str, Any]


@dataclass
class BabyBuddyFiles:
    rows: dict[str, list[Row]] = field(default_factory=lambda: {name: [] for name in COLUMNS})
    left_out: Counter[str] = field(default_factory=Counter)   # what has no BabyBuddy model, by kind

    def as_csv(self) -> dict[str, str]:
        """File name → CSV text, for every file that has rows."""
        return {name: _csv(COLUMNS[name], rows) for name, rows in self.rows.items() if rows}


def to_babybuddy(records: Sequence[RecordView], babies: Sequence[BabyView], zone: tzinfo) -> BabyBuddyFiles:
    files = BabyBuddyFiles()
    files.rows["child.csv"] = [_child(b) for b in babies]
    for record in records:
        written = _rows(record, zone)
        if not written:
            files.left_out[_kind(record)] += 1
        for name, row in written:
            files.rows[name].append({"child_id": record.baby_id, **row})
    return files


def _rows(record: RecordView, zone: tzinfo) -> list[tuple[str, Row]]:
    f, kind = record.fields, record.type.value
    if kind == "health":
        return _health(f, zone)
    if kind == "growth":
        return [(name, {column: f[measure], "date": _local(f["time"], zone).date().isoformat(), "notes": ""})
                for name, (column, measure) in GROWTH_FILES.items() if f.get(measure) is not None]
    one = _ONE_ROW.get(kind)
    row = one(f, zone) if one else None
    return [(f"{_FILE[kind]}.csv", row)] if row is not None else []


def _feeding(f: Row, zone: tzinfo) -> Row | None:
    kind = f.get("kind")
    if kind not in FEEDING_TYPE:
        return None
    start = f["start"]
    end = f.get("end") or (start + timedelta(minutes=f["duration_min"]) if f.get("duration_min") else start)
    method = FEEDING_METHOD.get(f.get("method") or ("parent_fed" if kind == "solid_food" else "bottle"))
    amount = f.get("amount_g") if kind == "solid_food" else f.get("amount_ml")
    notes = "; ".join(str(part) for part in (f.get("food"), f.get("notes")) if part)
    return {"start": _time(start, zone), "end": _time(end, zone), "type": FEEDING_TYPE[kind], "method": method,
            "amount": _number(amount), "notes": notes}


def _sleep(f: Row, zone: tzinfo) -> Row | None:
    if f.get("end") is None:
        return None
    return {"start": _time(f["start"], zone), "nap": int(bool(f.get("nap"))), "end": _time(f["end"], zone),
            "notes": f.get("notes") or ""}


def _diaper(f: Row, zone: tzinfo) -> Row:
    return {"time": _time(f["time"], zone), "wet": int(bool(f.get("wet"))), "solid": int(bool(f.get("solid"))),
            "color": f.get("color") or "", "amount": ""}


def _pumping(f: Row, zone: tzinfo) -> Row:
    return {"start": _time(f["start"], zone), "end": _time(f.get("end") or f["start"], zone),
            "amount": _number(f.get("amount_ml")), "notes": ""}


def _tummy(f: Row, zone: tzinfo) -> Row:
    start = f["start"]
    end = f.get("end") or start + timedelta(minutes=f.get("duration_min") or 0)
    return {"start": _time(start, zone), "end": _time(end, zone), "milestone": f.get("milestone") or ""}


def _note(f: Row, zone: tzinfo) -> Row:
    return {"note": f.get("text") or "", "time": _time(f["time"], zone)}


def _health(f: Row, zone: tzinfo) -> list[tuple[str, Row]]:
    when, notes = _time(f["time"], zone), f.get("notes") or ""
    if f.get("kind") == "temperature" and f.get("temperature_c") is not None:
        return [("temperature.csv", {"temperature": f["temperature_c"], "time": when, "notes": notes})]
    if f.get("kind") == "medication" and f.get("medication"):
        hours = f.get("next_dose_after_h")
        return [("medication.csv", {"name": f["medication"], "dosage": _number(f.get("dose")),
                                    "dosage_unit": f.get("dose_unit") or "", "time": when,
                                    "next_dose_interval": str(timedelta(hours=hours)) if hours else "",
                                    "notes": notes})]
    return []


def _child(baby: BabyView) -> Row:
    return {"id": baby.id, "first_name": baby.name, "last_name": "",
            "birth_date": baby.birth_date.isoformat() if baby.birth_date else "", "birth_time": ""}


def _kind(record: RecordView) -> str:
    f = record.fields
    if record.type.value == "feeding":
        return f"feeding:{f.get('kind')}"
    if record.type.value == "health":
        return f"health:{f.get('kind')}"
    if record.type.value == "sleep" and f.get("end") is None:
        return "sleep:ongoing"
    return record.type.value


def _local(t: datetime, zone: tzinfo) -> datetime:
    return t.astimezone(zone)


def _time(t: datetime, zone: tzinfo) -> str:
    return _local(t, zone).strftime(TIME_FORMAT)


def _number(value: Any) -> Any:
    return "" if value is None else value


def _csv(columns: tuple[str, ...], rows: list[Row]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(columns), extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


_ONE_ROW = {"feeding": _feeding, "sleep": _sleep, "diaper": _diaper, "pumping": _pumping,
            "tummy_time": _tummy, "note": _note}
_FILE = {"feeding": "feeding", "sleep": "sleep", "diaper": "diaperchange", "pumping": "pumping",
         "tummy_time": "tummytime", "note": "note"}
