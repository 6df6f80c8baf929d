"""A turn reads a window, not the history (migration 0005): in a family with years of records and
messages, the reads of a turn — records since a time, the open sleep, a question's window, the recent
context — are range scans on SQLite's query plan, and they return what they returned before the
indexes: an open sleep of any age, a sleep reaching into the window, nothing of another family."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text

from domain.vocabulary import RecordType
from storage.bulk import add_history
from storage.engine import Database as AppDatabase
from storage.metrics import COMMIT, ROLLBACK, count_statements

NOW = datetime(2026, 5, 4, 12, 0, tzinfo=UTC)
HISTORY = 3_000


async def _family(db: AppDatabase, chat: str) -> tuple[int, int, int]:
    async with db.unit_of_work() as uow:
        family_id = await uow.families.create(platform="test", chat_id=chat, chat_kind="group",
                                              timezone="UTC", language="zh", now=NOW)
        member = await uow.families.add_member(family_id, "mom", "妈妈", "parent", NOW)
        baby_id = await uow.families.add_baby(family_id, {"name": "小满"})
        await uow.commit()
    return family_id, baby_id, member.id


async def _record(db: AppDatabase, family_id: int, baby_id: int, record_type: RecordType, fields: dict,
                  now: datetime) -> int:
    async with db.unit_of_work() as uow:
        record_id = await uow.records.add(family_id=family_id, baby_id=baby_id, record_type=record_type,
                                          fields=fields, now=now)
        await uow.commit()
    return record_id


@pytest.fixture
async def app_db(database):
    db = AppDatabase(database.engine)
    yield db


async def _reads(db: AppDatabase, family_id: int, baby_id: int) -> dict:
    async with db.unit_of_work() as uow:
        return {
            "since": [r.id for r in await uow.records.since(family_id, NOW - timedelta(hours=24), UTC)],
            "open_sleep": getattr(await uow.records.open_sleep(family_id, UTC), "id", None),
            "in_window": [r.id for r in await uow.records.in_window(family_id, NOW - timedelta(hours=12), NOW, UTC)],
            "latest": [r.id for r in await uow.records.latest(family_id, baby_id, RecordType.FEEDING,
                                                              NOW - timedelta(days=7), NOW, 5, UTC)],
            "recent": [m.id for m in await uow.messages.recent(family_id, 10**9, 20)],
        }


async def test_a_turns_reads_return_the_window_and_an_open_sleep_of_any_age(app_db) -> None:
    family_id, baby_id, member_id = await _family(app_db, "g1")
    other_id, other_baby, _ = await _family(app_db, "g2")
    await add_history(app_db, family_id=family_id, baby_id=baby_id, member_id=member_id, platform="test",
                      chat_id="g1", count=HISTORY, before=NOW)
    old_open = await _record(app_db, family_id, baby_id, RecordType.SLEEP,
                             {"start": NOW - timedelta(days=30), "end": None}, NOW - timedelta(days=30))
    reaching = await _record(app_db, family_id, baby_id, RecordType.SLEEP,
                             {"start": NOW - timedelta(hours=14), "end": NOW - timedelta(hours=10)}, NOW)
    feed = await _record(app_db, family_id, baby_id, RecordType.FEEDING,
                         {"start": NOW - timedelta(hours=1), "amount_ml": 90, "kind": "formula", "method": "bottle"},
                         NOW - timedelta(hours=1))
    await _record(app_db, other_id, other_baby, RecordType.FEEDING,
                  {"start": NOW - timedelta(hours=2), "amount_ml": 60, "kind": "formula", "method": "bottle"}, NOW)

    reads = await _reads(app_db, family_id, baby_id)

    assert set(reads["since"]) == {reaching, feed}          # created or happening in the last day
    assert reads["open_sleep"] == old_open
    assert reads["in_window"] == [old_open, reaching, feed]     # by start: the open sleep of a month ago first
    assert reads["latest"][0] == feed and len(reads["latest"]) == 5      # the history has feeds this week
    assert len(reads["recent"]) == 20


async def test_a_turns_reads_are_range_scans_not_the_history(app_db, database) -> None:
    if database.kind != "sqlite":
        pytest.skip("the query plan is read on SQLite (PostgreSQL plans by table statistics)")
    family_id, baby_id, member_id = await _family(app_db, "g1")
    await add_history(app_db, family_id=family_id, baby_id=baby_id, member_id=member_id, platform="test",
                      chat_id="g1", count=HISTORY, before=NOW)

    with count_statements(app_db.engine, keep=True) as log:
        await _reads(app_db, family_id, baby_id)
    selects = [s for turn in log.turns for s in turn if s.sql not in (COMMIT, ROLLBACK)]
    plans = {}
    async with app_db.engine.connect() as conn:
        for statement in selects:
            rows = (await conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement.sql}", statement.parameters)).all()
            plans[statement.sql] = [row[-1] for row in rows]

    assert len(plans) >= 5
    history_reads = {sql: steps for sql, steps in plans.items() if any(_reads_history(step) for step in steps)}
    assert history_reads == {}


def _reads_history(step: str) -> bool:
    """A plan step that reads every row of the family: a SCAN, or a SEARCH bounded by the family alone
    (the open sleeps' partial index holds only open sleeps, so the family alone bounds it enough)."""
    if not any(f" {table} " in f" {step} " for table in ("records", "messages")):
        return False
    if step.startswith("SCAN"):
        return True
    bounded = "<" in step or ">" in step or "rowid=?" in step or "id=?" in step.replace("family_id=?", "")
    return not bounded and "ix_records_open_sleep" not in step


async def test_the_open_sleep_index_is_partial_on_open_live_sleeps(database) -> None:
    """compare_metadata does not compare an index's WHERE clause, so read it back directly."""
    async with database.engine.connect() as conn:
        if database.kind == "sqlite":
            sql = (await conn.execute(text(
                "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'ix_records_open_sleep'"))).scalar_one()
        else:
            sql = (await conn.execute(text(
                "SELECT indexdef FROM pg_indexes WHERE indexname = 'ix_records_open_sleep' "
                "AND schemaname = current_schema()"))).scalar_one()
    assert "WHERE" in sql.upper()
    assert "sleep" in sql and "end" in sql and "deleted_at" in sql
