"""Several facts in one message through the real service and database (SQLite and PostgreSQL): one
record per fact, one undo takes back all of them, a confirmation covers the whole message, and a
redelivered message writes nothing twice."""
from __future__ import annotations

from domain.vocabulary import ReplyKind, TaskState
from storage.tables import AgentTask, AuditEntry, Record
from tests.integration import test_chat_service as chat_service

Family = chat_service.Family
family = chat_service.family          # the same fixture: a parent, a caregiver and a friend


async def test_a_two_fact_message_writes_two_records_and_one_undo_removes_both(family: Family) -> None:
    said = await family.say("mom", "喝了90ml配方奶，尿了")
    assert said.kind is ReplyKind.RECORDED and len(said.written) == 2
    rows = await family.rows(Record, Record.deleted_at.is_(None))
    assert sorted(r.type for r in rows) == ["diaper", "feeding"]
    assert {r.source_message_id for r in rows} == {said.incoming_id}

    undone = await family.press("mom", family.buttons["undo"])

    assert undone.kind is ReplyKind.UNDONE and sorted(undone.deleted) == sorted(said.written)
    assert await family.count(Record, Record.deleted_at.is_(None)) == 0
    assert await family.count(AuditEntry, AuditEntry.action == "record_undo") == 2


async def test_undo_said_in_words_also_takes_back_the_whole_message(family: Family) -> None:
    said = await family.say("nanny", "右边亲喂15分钟，左边吸了50ml")
    undone = await family.say("nanny", "撤销")
    assert undone.kind is ReplyKind.UNDONE and sorted(undone.deleted) == sorted(said.written)
    again = await family.say("nanny", "撤销")
    assert again.kind is ReplyKind.ANSWER and again.deleted == ()


async def test_a_message_with_an_implausible_fact_is_confirmed_as_a_whole_in_one_task(family: Family) -> None:
    asked = await family.say("mom", "喝了400ml配方奶，拉了")
    assert asked.kind is ReplyKind.CONFIRM and asked.written == ()
    (task,) = await family.rows(AgentTask)
    assert task.state == TaskState.AWAITING_CONFIRMATION.value and len(task.slots["_items"]) == 1

    confirm = family.buttons["confirm"]
    done = await family.press("nanny", confirm)
    again = await family.press("mom", confirm)

    assert done.kind is ReplyKind.RECORDED and len(done.written) == 2
    assert again.press_rejected and again.written == ()
    rows = await family.rows(Record)
    assert sorted(r.type for r in rows) == ["diaper", "feeding"] and {r.task_id for r in rows} == {task.id}


async def test_a_cancelled_several_fact_message_writes_nothing(family: Family) -> None:
    await family.say("mom", "喝了400ml配方奶，拉了")
    cancelled = await family.press("mom", family.buttons["cancel"])
    assert cancelled.kind is ReplyKind.CANCELLED
    assert await family.count(Record) == 0


async def test_a_redelivered_several_fact_message_writes_once(family: Family) -> None:
    msg = family.message("mom", "喝了90ml配方奶，尿了")
    first = await family.send(msg)
    again = await family.send(msg)
    assert len(first.written) == 2 and again.duplicate and again.written == ()
    assert await family.count(Record) == 2


async def test_a_friend_saying_several_facts_writes_nothing(family: Family) -> None:
    said = await family.say("guest", "喝了90ml配方奶，尿了")
    assert said.kind is ReplyKind.REFUSED and said.written == ()
    assert await family.count(Record) == 0 and await family.count(AgentTask) == 0
