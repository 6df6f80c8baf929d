"""Running Fawn for families: backups and restores, the version."""
