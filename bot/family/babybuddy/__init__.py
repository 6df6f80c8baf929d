"""BabyBuddy's CSV layout (its django-import-export resources, one file per model) ⇄ our vocabulary."""
