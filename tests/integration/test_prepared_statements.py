"""The turn's hot statements on the driver's connection (storage/prepared.py) read and write exactly what
SQLAlchemy's own execution does, in the same transaction, seen by the statement log; and the last day's
record views kept between turns (storage/kept_views.py) never outlive a change to their record."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy.dialects import sqlite

from domain.vocabulary import RecordType
from storage.engine import Database as AppDatabase
from storage.errors import Conflict
from storage.metrics import count_statements
from storage.prepared import _utc_text
from storage.repositories.base import connection
from storage.repositories.records import _SINCE_AND_OPEN
from storage.types import UTCDateTime

NOW = datetime(2026, 5, 4, 12, 0, tzinfo=UTC)
SHANGHAI = ZoneInfo("Asia/Shanghai")


@pytest.fixture
async def app_db(database):
    yield AppDatabase(database.engine)


async def _family(db: AppDatabase) -> tuple[int, int]:
    async with db.unit_of_work() as uow:
        family_id = await uow.families.create(platform="test", chat_id="g", chat_kind="group",
                                              timezone="Asia/Shanghai", language="zh", now=NOW)
        await uow.families.add_member(family_id, "mom", "妈妈", "parent", NOW)
        baby_id = await uow.families.add_baby(family_id, {"name": "小满"})
        await uow.commit()
    return family_id, baby_id


async def _feed(db: AppDatabase, family_id: int, baby_id: int, ml: int, at: datetime) -> int:
    async with db.unit_of_work() as uow:
        record_id = await uow.records.add(family_id=family_id, baby_id=baby_id, record_type=RecordType.FEEDING,
                                          fields={"start": at, "amount_ml": ml, "kind": "formula"}, now=at)
        await uow.commit()
    return record_id


def test_a_time_is_bound_as_sqlalchemy_binds_it() -> None:
    sqlalchemy_binds = UTCDateTime()._cached_bind_processor(sqlite.dialect())
    for at in (NOW, datetime(2026, 5, 4, 20, 0, 1, 5, tzinfo=SHANGHAI), datetime(999, 1, 2, tzinfo=UTC)):
        assert _utc_text(at) == sqlalchemy_binds(at)
    with pytest.raises(ValueError):
        _utc_text(datetime(2026, 5, 4))


async def test_the_window_read_gives_what_sqlalchemy_gives(app_db) -> None:
    family_id, baby_id = await _family(app_db)
    for n in range(3):
        await _feed(app_db, family_id, baby_id, 90 + n, NOW - timedelta(hours=n))
    async with app_db.unit_of_work() as uow:
        conn = await connection(uow.records.session)
        through_sqlalchemy = (await conn.execute(_SINCE_AND_OPEN.statement,
                                                 {"family": family_id, "since": NOW - timedelta(days=1)})).all()
        views = await uow.records.since(family_id, NOW - timedelta(days=1), SHANGHAI)
    assert [r.id for r in views] == [r.id for r in through_sqlalchemy]
    assert [v.fields["amount_ml"] for v in views] == [90, 91, 92]
    assert views[-1].fields["start"] == NOW - timedelta(hours=2)
    assert views[-1].fields["start"].tzinfo == SHANGHAI and views[-1].created_at.tzinfo == SHANGHAI


async def test_prepared_writes_are_in_the_unit_of_work_and_in_the_statement_log(app_db) -> None:
    family_id, baby_id = await _family(app_db)
    with count_statements(app_db.engine, keep=True) as log:
        async with app_db.unit_of_work() as uow:
            record_id = await uow.records.add(family_id=family_id, baby_id=baby_id, record_type=RecordType.FEEDING,
                                              fields={"start": NOW, "amount_ml": 90}, now=NOW)
            assert [r.id for r in await uow.records.since(family_id, NOW - timedelta(hours=1), UTC)] == [record_id]
            # no commit: rolled back
    assert any(s.sql.startswith("INSERT INTO records") for turn in log.turns for s in turn)
    async with app_db.unit_of_work() as uow:
        assert await uow.records.since(family_id, NOW - timedelta(hours=1), UTC) == []


async def test_a_unique_key_lost_on_a_prepared_insert_is_a_conflict(app_db) -> None:
    family_id, _ = await _family(app_db)
    message = dict(family_id=family_id, platform="test", chat_id="g", delivery_id="m1", direction="in",
                   member_id=None, sender_name="妈妈", text="hi", kind="text", payload={}, sent_at=NOW)
    async with app_db.unit_of_work() as uow:
        await uow.messages.add(**message)
        await uow.commit()
    async with app_db.unit_of_work() as uow:
        with pytest.raises(Conflict):
            await uow.messages.add(**message)


async def test_a_record_view_and_a_message_are_built_once_and_found_again_on_every_database(app_db) -> None:
    """PostgreSQL's rows come through SQLAlchemy, the JSON as its text: as plain values as SQLite's, so the next
    turn finds the view built before instead of converting the window again."""
    family_id, baby_id = await _family(app_db)
    await _feed(app_db, family_id, baby_id, 90, NOW)
    async with app_db.unit_of_work() as uow:
        await uow.messages.add(family_id=family_id, platform="test", chat_id="g", direction="out", text="已记录",
                               kind="recorded", sent_at=NOW, payload={"buttons": [{"action": "undo"}]})
        now_id = await uow.messages.add(family_id=family_id, platform="test", chat_id="g", direction="in",
                                        text="好", kind="text", sent_at=NOW)
        await uow.commit()
    read = []
    for _ in range(2):
        async with app_db.unit_of_work() as uow:
            read.append(((await uow.records.since(family_id, NOW - timedelta(days=1), SHANGHAI))[0],
                         (await uow.messages.recent(family_id, now_id))[0]))
    (view, reply), (view_again, reply_again) = read
    assert view_again is view and reply_again is reply
    assert view.fields["amount_ml"] == 90 and view.fields["kind"] == "formula"
    assert view.fields["start"] == NOW and view.fields["start"].tzinfo == SHANGHAI
    assert reply.payload == {"buttons": [{"action": "undo"}]} and reply.sent_at == NOW and reply.sent_at.tzinfo == UTC


async def test_a_kept_record_view_is_not_given_after_its_record_changes(app_db) -> None:
    family_id, baby_id = await _family(app_db)
    record_id = await _feed(app_db, family_id, baby_id, 90, NOW)
    since = NOW - timedelta(days=1)
    for _ in range(2):                   # the second read finds the kept view
        async with app_db.unit_of_work() as uow:
            (view,) = await uow.records.since(family_id, since, SHANGHAI)
            assert view.fields["amount_ml"] == 90 and not view.deleted
    async with app_db.unit_of_work() as uow:
        await uow.records.update(family_id, record_id, {**view.fields, "amount_ml": 120}, NOW)
        await uow.commit()
    async with app_db.unit_of_work() as uow:
        (view,) = await uow.records.since(family_id, since, SHANGHAI)
        assert view.fields["amount_ml"] == 120
        await uow.records.set_deleted(family_id, record_id, NOW)
        await uow.commit()
    async with app_db.unit_of_work() as uow:
        (view,) = await uow.records.since(family_id, since, SHANGHAI)
        assert view.deleted


async def test_a_kept_message_is_not_given_after_its_reply_is_marked_delivered(app_db) -> None:
    family_id, _ = await _family(app_db)
    async with app_db.unit_of_work() as uow:
        reply_id = await uow.messages.add(family_id=family_id, platform="test", chat_id="g", direction="out",
                                          text="已记录", kind="recorded", sent_at=NOW, payload={"buttons": []})
        now_id = await uow.messages.add(family_id=family_id, platform="test", chat_id="g", direction="in",
                                        text="好", kind="text", sent_at=NOW)
        await uow.commit()
    for _ in range(2):
        async with app_db.unit_of_work() as uow:
            (reply,) = await uow.messages.recent(family_id, now_id)
            assert not reply.delivered and reply.payload == {"buttons": []} and reply.sent_at == NOW
    async with app_db.unit_of_work() as uow:
        await uow.messages.mark_delivered(reply_id, "p1")
        await uow.commit()
    async with app_db.unit_of_work() as uow:
        (reply,) = await uow.messages.recent(family_id, now_id)
        assert reply.delivered


async def test_a_delivered_mark_without_a_session_is_kept_once_committed(app_db) -> None:
    """On SQLite only once committed; on PostgreSQL it stands alone, outside any transaction, as
    `one_statement()`'s did (no BEGIN and COMMIT round trips)."""
    family_id, _ = await _family(app_db)
    async with app_db.unit_of_work() as uow:
        first, second = [await uow.messages.add(family_id=family_id, platform="test", chat_id="g", direction="out",
                                                text="已记录", kind="recorded", sent_at=NOW) for _ in range(2)]
        await uow.commit()
    async with app_db.bare_statement() as bare:
        await bare.messages.mark_delivered(first, "p-first")
        await bare.commit()
    async with app_db.bare_statement() as bare:
        await bare.messages.mark_delivered(second, "p-second")          # not committed: rolled back
    with count_statements(app_db.engine) as log:
        async with app_db.bare_statement() as bare:
            await bare.messages.mark_delivered(first, "p-again")        # the first mark wins
            await bare.commit()
    assert log.count == 1                                               # seen by the statement log
    async with app_db.unit_of_work() as uow:
        assert await uow.messages.delivered("test", "g", "p-first") == first
        assert await uow.messages.delivered("test", "g", "p-again") is None
        assert await uow.messages.undelivered_reply(0) is None
        alone = app_db.dialect == "postgresql"
        assert [m.delivered for m in await uow.messages.recent(family_id, second + 1)] == [True, alone]
