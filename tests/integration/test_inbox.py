"""The inbox (bot/delivery/inbox.py) on SQLite and PostgreSQL: an update kept once however often it comes,
finished once however many instances sweep, after the lease when its taker died, and retried — not lost —
while its finisher cannot finish it."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.clock import FrozenClock
from bot.delivery.inbox import Inbox
from storage.engine import Database

NOW = datetime(2026, 5, 4, 12, 0, tzinfo=UTC)
LEASE = timedelta(minutes=1)


class Finisher:
    """Counts the updates it is given; answers `results` in turn (True: finished), then True."""

    def __init__(self, *results: bool) -> None:
        self.seen: list[int] = []
        self.results = list(results)

    async def __call__(self, update) -> bool:
        self.seen.append(update.id)
        return self.results.pop(0) if self.results else True


async def test_an_update_is_kept_once_however_often_it_is_delivered(database) -> None:
    inbox = Inbox(Database(database.engine), FrozenClock(NOW), lease=LEASE)
    first = await inbox.keep("wecom", "msg-1", {"msgid": "msg-1", "text": {"content": "尿了"}})
    again = await inbox.keep("wecom", "msg-1", {"msgid": "msg-1"})
    other = await inbox.keep("wecom", "msg-2", {"msgid": "msg-2"})
    assert first.new and not again.new and other.new
    assert again.id == first.id and again.payload == first.payload and other.id != first.id


async def test_an_update_whose_taker_died_is_finished_once_by_one_of_two_instances_after_the_lease(database) -> None:
    clock = FrozenClock(NOW)
    died = Inbox(Database(database.engine), clock, lease=LEASE)
    await died.keep("wecom", "msg-1", {"msgid": "msg-1"})       # taken, then the process is gone
    a, b = Inbox(Database(database.engine), clock, lease=LEASE), Inbox(Database(database.engine), clock, lease=LEASE)
    finish_a, finish_b = Finisher(), Finisher()
    assert await a.finish_pending({"wecom": finish_a}) == 0      # still held by its taker
    clock.advance(LEASE + timedelta(seconds=1))
    assert await a.finish_pending({"wecom": finish_a}) + await b.finish_pending({"wecom": finish_b}) == 1
    clock.advance(timedelta(hours=1))
    assert await a.finish_pending({"wecom": finish_a}) + await b.finish_pending({"wecom": finish_b}) == 0
    assert len(finish_a.seen) + len(finish_b.seen) == 1


async def test_an_update_not_finished_is_tried_again_with_backoff_until_it_is(database) -> None:
    clock = FrozenClock(NOW)
    inbox = Inbox(Database(database.engine), clock, lease=LEASE)
    kept = await inbox.keep("wecom", "msg-1", {"msgid": "msg-1"})
    inbox.unfinished(kept)                                       # its turn met a locked database
    finisher = Finisher(False, False)
    assert await inbox.finish_pending({"wecom": finisher}) == 0  # the database is back, the answer is not yet
    assert await inbox.finish_pending({"wecom": finisher}) == 0  # put off: not due yet
    clock.advance(timedelta(seconds=3))
    assert await inbox.finish_pending({"wecom": finisher}) == 0
    clock.advance(timedelta(seconds=5))
    assert await inbox.finish_pending({"wecom": finisher}) == 1
    assert finisher.seen == [kept.id] * 3


async def test_finished_updates_are_forgotten_after_a_day_so_a_late_redelivery_in_between_is_still_known(
        database) -> None:
    clock = FrozenClock(NOW)
    inbox = Inbox(Database(database.engine), clock, lease=LEASE)
    kept = await inbox.keep("wecom", "msg-1", {"msgid": "msg-1"})
    await inbox.finished(kept)
    clock.advance(timedelta(hours=23))
    await inbox.finish_pending({"wecom": Finisher()})
    assert not (await inbox.keep("wecom", "msg-1", {"msgid": "msg-1"})).new
    clock.advance(timedelta(hours=2))
    await inbox.finish_pending({"wecom": Finisher()})
    assert (await inbox.keep("wecom", "msg-1", {"msgid": "msg-1"})).new
