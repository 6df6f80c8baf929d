"""An import does not stop the family: it writes in batches, each its own short transaction, and holds no
lock between them; the records it brings are history to the next chat turn, however many."""
from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

from sqlalchemy import text

from bot.family.importing import Importer
from bot.family.operations import FamilyOperations
from bot.family.sources import Source, SourceRow
from bot.protocol import FamilySetup, MemberSetup
from bot.turn.loading import RECENT_RECORDS
from domain.vocabulary import RecordType
from storage.engine import Database, make_engine

NOW = datetime(2026, 5, 4, 12, 0, tzinfo=UTC)


def clock() -> datetime:
    return NOW


def feeds(count: int, first: datetime, every: timedelta, probe=None) -> Iterator[SourceRow]:
    """`count` formula feeds from `first`; `probe(n)` runs as row n is read (the importer reads lazily)."""
    for n in range(count):
        if probe is not None:
            probe(n)
        yield SourceRow("feeds.csv", n + 2, None, None, RecordType.FEEDING,
                        {"start": first + every * n, "kind": "formula", "method": "bottle", "amount_ml": 90 + n % 7})


async def _family(database: Database) -> int:
    mom = MemberSetup("mom", "Lin", "妈妈", "parent")
    return await FamilyOperations(database, clock).setup_family(
        FamilySetup("telegram", "c1", babies=({"name": "小满"},), members=(mom,)))


def _count(url: str, family_id: int) -> int:
    """The family's records as another process sees them (committed ones only)."""
    other = sqlite3.connect(url.split("///", 1)[1], timeout=0)
    try:
        return other.execute("SELECT count(*) FROM records WHERE family_id = ?", (family_id,)).fetchone()[0]
    finally:
        other.close()


def _write_at_once(url: str) -> None:
    """Take SQLite's write lock from another connection without waiting: fails while a writer holds it."""
    other = sqlite3.connect(url.split("///", 1)[1], timeout=0, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        other.execute("ROLLBACK")
    finally:
        other.close()


async def test_an_import_commits_batch_by_batch_and_holds_no_write_lock_between_them(database):
    fawn_db = Database(database.engine)
    family_id = await _family(fawn_db)
    seen: dict[int, int] = {}

    def probe(n: int) -> None:
        if n in (250, 750) and database.kind == "sqlite":
            seen[n] = _count(database.url, family_id)
            _write_at_once(database.url)            # raises "database is locked" inside one long transaction

    rows = feeds(1000, NOW - timedelta(days=30), timedelta(minutes=30), probe)
    report = await Importer(fawn_db, clock, batch_rows=200, pause_s=0).run(family_id, Source(rows=rows), "test")
    assert (report.written, report.batches, report.rejected) == (1000, 5, [])
    if database.kind == "sqlite":
        assert seen == {250: 200, 750: 600}         # earlier batches committed, visible to everyone
    async with database.engine.connect() as conn:
        assert await conn.scalar(text(f"SELECT count(*) FROM records WHERE family_id = {family_id}")) == 1000


async def test_imported_records_are_history_not_written_in_the_last_day(database):
    """Imported records keep their own time as `created_at`: the turn's window (written or happening in
    the last 24 hours) holds the last day of them, not all of them."""
    fawn_db = Database(database.engine)
    family_id = await _family(fawn_db)
    rows = feeds(300, NOW - timedelta(days=9, hours=12), timedelta(minutes=45))    # ends ~4 hours ago
    report = await Importer(fawn_db, clock, batch_rows=100, pause_s=0).run(family_id, Source(rows=rows), "test")
    assert report.written == 300
    async with fawn_db.unit_of_work() as uow:
        recent, _ = await uow.records.since_and_open_sleeps(family_id, NOW - RECENT_RECORDS, UTC)
        everything = await uow.records.live(family_id, UTC)
    last_day = [r for r in everything if r.fields["start"] >= NOW - RECENT_RECORDS]
    assert len(recent) == len(last_day) == 28
    assert all(r.created_at == r.fields["start"] for r in everything)


async def test_an_import_stopped_half_way_is_finished_by_running_it_again(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'fawn.db'}"
    database = Database(make_engine(url))
    await database.upgrade()
    family_id = await _family(database)

    def stop(n: int) -> None:
        if n == 450:
            raise KeyboardInterrupt            # the operator's ^C, in the middle of a batch

    try:
        await Importer(database, clock, batch_rows=200, pause_s=0).run(
            family_id, Source(rows=feeds(1000, NOW - timedelta(days=30), timedelta(minutes=30), stop)), "test")
    except KeyboardInterrupt:
        pass
    assert _count(url, family_id) == 400       # two whole batches, nothing of the third
    again = await Importer(database, clock, batch_rows=200, pause_s=0).run(
        family_id, Source(rows=feeds(1000, NOW - timedelta(days=30), timedelta(minutes=30))), "test")
    assert (again.written, again.skipped) == (600, 400)
    assert _count(url, family_id) == 1000
    await database.dispose()
