"""BabyBuddy's files, columns and value spellings, and how our vocabulary's words map onto its choices.

From BabyBuddy's `core/admin.py` (its django-import-export resources: every model's fields but `duration`,
with `id, child_id, child_first_name, child_last_name` first and `tags` as tag ids "3,5,8"),
`core/models.py` (the fields and choices) and `core/tests/import/*.csv` (its own import files); from
django-import-export's `widgets.py` (a DateTimeWidget renders local "YYYY-MM-DD HH:MM:SS", a
BooleanWidget 1/0, a DurationWidget `str(timedelta)`) and `mixins.py` (a download is named
`<Model>-<YYYY-MM-DD>.csv`, e.g. `DiaperChange-2026-05-01.csv`)."""
from __future__ import annotations

# file name → the columns we write (BabyBuddy's import reads a file with these headers; its own
# exports add id, child_first_name, child_last_name and tags, which we read and ignore)
COLUMNS: dict[str, tuple[str, ...]] = {
    "child.csv": ("id", "first_name", "last_name", "birth_date", "birth_time"),
    "feeding.csv": ("child_id", "start", "end", "type", "method", "amount", "notes"),
    "sleep.csv": ("child_id", "start", "nap", "end", "notes"),
    "diaperchange.csv": ("child_id", "time", "wet", "solid", "color", "amount"),
    "pumping.csv": ("child_id", "start", "end", "amount", "notes"),
    "tummytime.csv": ("child_id", "start", "end", "milestone"),
    "temperature.csv": ("child_id", "temperature", "time", "notes"),
    "medication.csv": ("child_id", "name", "dosage", "dosage_unit", "time", "next_dose_interval", "notes"),
    "weight.csv": ("child_id", "weight", "date", "notes"),
    "height.csv": ("child_id", "height", "date", "notes"),
    "headcircumference.csv": ("child_id", "head_circumference", "date", "notes"),
    "note.csv": ("child_id", "note", "time"),
}
# BabyBuddy models Fawn keeps nothing of: their files are named in the report, not read
NOT_IMPORTED = {"bmi": "Fawn keeps no BMI (it follows from weight and height)", "tag": "Fawn keeps no tags",
                "timer": "Fawn keeps no timers"}
MODELS = (*(name.removesuffix(".csv") for name in COLUMNS), *NOT_IMPORTED)
# columns of a model that Fawn's record has no place for: counted and named in the report
NOT_KEPT = {"diaperchange": {"amount": "Fawn's diapers have no amount"},
            "pumping": {"notes": "Fawn's pumping records have no notes"},
            "tummytime": {"notes": "Fawn's tummy time has no notes"},
            **{name.removesuffix(".csv"): {"notes": "Fawn's growth records have no notes"} for name in
               ("weight.csv", "height.csv", "headcircumference.csv")}}
ANY_MODEL_NOT_KEPT = {"tags": "Fawn keeps no tags"}

# our feeding kind → BabyBuddy's Feeding.type (water has no BabyBuddy type)
FEEDING_TYPE = {"breast_milk": "breast milk", "formula": "formula",
                "fortified_breast_milk": "fortified breast milk", "solid_food": "solid food"}
# our feeding method → BabyBuddy's Feeding.method (the same six, spelt with spaces)
FEEDING_METHOD = {"bottle": "bottle", "left_breast": "left breast", "right_breast": "right breast",
                  "both_breasts": "both breasts", "parent_fed": "parent fed", "self_fed": "self fed"}
DIAPER_COLORS = ("black", "brown", "green", "yellow")
DOSE_UNITS = ("mg", "ml", "tablets", "drops")
GROWTH_FILES = {"weight.csv": ("weight", "weight_kg"), "height.csv": ("height", "height_cm"),
                "headcircumference.csv": ("head_circumference", "head_cm")}

TIME_FORMAT = "%Y-%m-%d %H:%M:%S"
TRUE_WORDS = frozenset({"1", "true", "yes", "y", "t"})
FALSE_WORDS = frozenset({"0", "false", "no", "n", "f"})


def model_of(file_name: str) -> str | None:
    """The BabyBuddy model a file holds, by its name: `feeding.csv`, or an admin download such as
    `Feeding-2024-05-01.csv` / `diaper change.csv`."""
    stem = file_name.lower().rsplit(".", 1)[0]
    letters = "".join(ch for ch in stem.split("-")[0] if ch.isalpha())
    return letters if letters in MODELS else None
