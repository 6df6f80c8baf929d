"""`fawn import`: records from BabyBuddy or a Fawn export, checked by the domain, written in batches, once."""
from bot.family.importing.report import ImportReport
from bot.family.importing.run import IMPORTED_AUTHOR, Importer, ImportOptions, record_key

__all__ = ["IMPORTED_AUTHOR", "ImportOptions", "ImportReport", "Importer", "record_key"]
