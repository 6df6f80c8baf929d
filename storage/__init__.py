"""Persistence: SQLModel tables, the async engine, repositories and migrations."""
