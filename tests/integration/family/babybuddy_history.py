"""Four months of one baby, as BabyBuddy's own admin export writes them: one CSV a model, named
`<Model>-<date>.csv`, `id, child_id, child_first_name, child_last_name` first, then the model's fields
in order (but `duration`), `tags` last as tag ids; local times "YYYY-MM-DD HH:MM:SS", booleans 1/0,
bare numbers in whatever units the family typed (here a US family: oz, lb, in, °F).

What it was written from (the babybuddy/babybuddy and django-import-export repositories, as fetched on
2026-12-04):
- babybuddy `core/admin.py` (commit fa8bf4cd): `ImportExportResourceBase` (the four first columns, `duration`
  excluded), `ChildImportExportResource` (picture and slug excluded), `TagImportExportResource` (slug and
  last_used excluded);
- babybuddy `core/models.py`: each model's fields and choices (feeding type / method, diaper colours, dosage
  units), `validate_duration` (an end may equal the start; at most 24 hours), `validate_time` (never in the
  future); Pumping has start / end / amount (amount required), a tummy time no notes;
- babybuddy `core/tests/import/*.csv`: its own import files (formula bottles with no amount, heights of 9 and
  head circumferences of 11 — inches —, tags as "3,5,8", the older pumping layout);
- django-import-export `import_export/widgets.py` (commit 29f5c5d9): DateTimeWidget renders
  `timezone.localtime(value)` as "%Y-%m-%d %H:%M:%S", BooleanWidget 1 / 0 / "", DurationWidget `str(value)`,
  ManyToManyWidget the ids joined by ","; `import_export/mixins.py`: `get_export_filename` is
  "{Model}-{YYYY-MM-DD}.{ext}".

The few rows Fawn must refuse are the ones a real history holds: a formula bottle logged as 0 (refused),
a temperature typed 986 for 98.6, a tummy time saved without changing its end (start = end).
"""
from __future__ import annotations

import csv
import random
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

ZONE = ZoneInfo("America/New_York")
BORN = date(2026, 3, 2)
DAYS = 120
EXPORTED = "2026-07-01"
CHILD = {"id": "1", "first_name": "Ada", "last_name": "Reyes", "birth_date": BORN.isoformat(), "birth_time": "06:41:00"}
FIRST = ("id", "child_id", "child_first_name", "child_last_name")
FIELDS = {
    "Feeding": ("start", "end", "type", "method", "amount", "notes", "tags"),
    "Sleep": ("start", "end", "nap", "notes", "tags"),
    "DiaperChange": ("time", "wet", "solid", "color", "amount", "notes", "tags"),
    "TummyTime": ("start", "end", "milestone", "tags"),
    "Weight": ("weight", "date", "notes", "tags"),
    "Height": ("height", "date", "notes", "tags"),
    "HeadCircumference": ("head_circumference", "date", "notes", "tags"),
    "Temperature": ("temperature", "time", "notes", "tags"),
    "Pumping": ("start", "end", "amount", "notes", "tags"),
    "Note": ("note", "time", "tags"),
    "Medication": ("name", "dosage", "dosage_unit", "time", "next_dose_interval", "notes", "tags"),
    "BMI": ("bmi", "date", "notes", "tags"),
}
REFUSED = {("Feeding", "amount", "0"), ("Temperature", "temperature", "986")}   # + one tummy time start = end


class History:
    """Rows per model, newest first as BabyBuddy orders them; times kept in UTC, written local."""

    def __init__(self, seed: int = 26) -> None:
        self.random = random.Random(seed)
        self.rows: dict[str, list[dict[str, str]]] = {model: [] for model in FIELDS}
        self.start = datetime.combine(BORN, datetime.min.time(), ZONE).astimezone(UTC) + timedelta(hours=9)

    def add(self, model: str, **values: str) -> None:
        tags = self.random.choice(["", "", "", "", "", "1", "1,3"])
        self.rows[model].append({"child_id": "1", "child_first_name": "Ada", "child_last_name": "Reyes",
                                 "tags": tags, **values})

    def day(self, n: int) -> datetime:
        return self.start + timedelta(days=n)

    def jitter(self, minutes: int) -> timedelta:
        return timedelta(minutes=self.random.randint(-minutes, minutes), seconds=self.random.randint(0, 59))


def local(t: datetime) -> str:
    return t.astimezone(ZONE).strftime("%Y-%m-%d %H:%M:%S")


def _feedings(h: History) -> None:
    for n in range(DAYS):
        for k in range(8):
            start = h.day(n) + timedelta(hours=3 * k) + h.jitter(25)
            minutes = h.random.randint(8, 25)
            kind = h.random.random()
            if n >= 100 and k == 4:
                h.add("Feeding", start=local(start), end=local(start + timedelta(minutes=15)), type="solid food",
                      method="parent fed", amount="", notes=h.random.choice(["rice cereal", "pear", ""]))
            elif kind < 0.45:
                side = h.random.choice(["left breast", "right breast", "both breasts"])
                h.add("Feeding", start=local(start), end=local(start + timedelta(minutes=minutes)),
                      type="breast milk", method=side, amount="", notes="")
            else:
                unknown = h.random.random() < 0.06            # logged from a timer, no amount typed
                ounces = "" if unknown else f"{min(2 + n / 30 + h.random.choice([0, 0.5, 1]), 7):.1f}"
                h.add("Feeding", start=local(start), end=local(start + timedelta(minutes=minutes)),
                      type=h.random.choice(["formula", "formula", "fortified breast milk"]), method="bottle",
                      amount=ounces, notes=h.random.choice(["", "", "", "spit up a little"]))
    bottle = next(row for row in h.rows["Feeding"][300:] if row["amount"])
    bottle["amount"] = "0"                                        # refused the bottle: logged as 0


def _sleeps(h: History) -> None:
    for n in range(DAYS):
        night = h.day(n) + timedelta(hours=11) + h.jitter(40)         # ~20:00 local
        h.add("Sleep", start=local(night), end=local(night + timedelta(hours=h.random.uniform(4, 9))), nap="0",
              notes="")
        for k in range(3):
            nap = h.day(n) + timedelta(hours=1 + 3 * k) + h.jitter(30)
            h.add("Sleep", start=local(nap), end=local(nap + timedelta(minutes=h.random.randint(25, 110))),
                  nap="1", notes=h.random.choice(["", "", "in the car"]))


def _diapers(h: History) -> None:
    for n in range(DAYS):
        for k in range(7):
            when = h.day(n) + timedelta(hours=3.3 * k) + h.jitter(30)
            solid = h.random.random() < 0.35
            h.add("DiaperChange", time=local(when), wet="1" if not solid or h.random.random() < 0.5 else "0",
                  solid="1" if solid else "0", color=h.random.choice(["yellow", "brown", "green"]) if solid else "",
                  amount=h.random.choice(["", "", "", "1.5"]), notes="")


def _tummy_time(h: History) -> None:
    for n in range(14, DAYS):
        for k in range(2):
            start = h.day(n) + timedelta(hours=2 + 5 * k) + h.jitter(20)
            h.add("TummyTime", start=local(start), end=local(start + timedelta(minutes=h.random.randint(3, 15))),
                  milestone=h.random.choice(["", "", "", "held head up", "rolled over"]))
    last = h.rows["TummyTime"][50]
    last["end"] = last["start"]                                   # saved without changing its end


def _growth(h: History) -> None:
    for week in range(0, DAYS // 7 + 1):
        on = (BORN + timedelta(days=7 * week)).isoformat()
        pounds = 7.4 + 0.42 * week
        h.add("Weight", weight=f"{pounds:.2f}" if week != 9 else "1.42", date=on, notes="")   # 14.2, typed 1.42
        if week % 2 == 0:
            h.add("Height", height=f"{19.5 + 0.55 * week:.1f}", date=on, notes="at the clinic" if week else "")
            h.add("HeadCircumference", head_circumference=f"{13.6 + 0.25 * week:.2f}", date=on, notes="")
            bmi = pounds * 0.4536 / ((19.5 + 0.55 * week) * 0.0254) ** 2
            h.add("BMI", bmi=f"{bmi:.2f}", date=on, notes="")


def _health(h: History) -> None:
    for n in range(40, 52):
        when = h.day(n) + timedelta(hours=h.random.randint(0, 14))
        h.add("Temperature", temperature=f"{h.random.uniform(98.0, 101.4):.1f}", time=local(when),
              notes="teething" if n == 45 else "")
    h.rows["Temperature"][4]["temperature"] = "986"               # 98.6, the point missed
    for n in (61, 61, 62, 88, 89):
        when = h.day(n) + timedelta(hours=h.random.randint(0, 12))
        h.add("Medication", name="Tylenol", dosage="2.5", dosage_unit="ml", time=local(when),
              next_dose_interval="4:00:00", notes="")


def _pumping_and_notes(h: History) -> None:
    for n in range(30, 70):
        for k in range(2):
            start = h.day(n) + timedelta(hours=4 + 7 * k) + h.jitter(20)
            h.add("Pumping", start=local(start), end=local(start + timedelta(minutes=18)),
                  amount=f"{h.random.uniform(2.5, 5.5):.1f}", notes=h.random.choice(["", "", "left only"]))
    for n in range(0, DAYS, 12):
        h.add("Note", note=h.random.choice(["first smile!", "grandma visited", "fussy evening", "slept well"]),
              time=local(h.day(n) + timedelta(hours=5)))


WRITERS: list[Callable[[History], None]] = [_feedings, _sleeps, _diapers, _tummy_time, _growth, _health,
                                            _pumping_and_notes]


def write_history(folder: Path) -> dict[str, int]:
    """Writes the export into `folder`; returns the data rows of each file."""
    history = History()
    for write in WRITERS:
        write(history)
    folder.mkdir(parents=True, exist_ok=True)
    counts = {}
    for model, rows in history.rows.items():
        rows.sort(key=lambda r: r.get("start") or r.get("time") or r.get("date"), reverse=True)
        for number, row in enumerate(reversed(rows), start=1):
            row["id"] = str(number)
        counts[_write(folder, model, [*FIRST, *FIELDS[model]], rows)] = len(rows)
    counts[_write(folder, "Child", list(CHILD), [CHILD])] = 1
    tags = [{"id": "1", "name": "growth spurt", "color": "#ff7f7f"}, {"id": "3", "name": "daycare", "color": "#7fffff"}]
    counts[_write(folder, "Tag", ["id", "name", "color"], tags)] = len(tags)
    return counts


def _write(folder: Path, model: str, columns: list[str], rows: list[dict[str, str]]) -> str:
    name = f"{model}-{EXPORTED}.csv"
    with (folder / name).open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    return name
