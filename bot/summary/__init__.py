"""Daily and weekly summaries, charts and reminders: the scheduled side of Fawn."""
