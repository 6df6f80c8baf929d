"""The fuzzing findings, end to end: the real ChatService on SQLite and PostgreSQL, with the rule
extractor or a scripted model (a pydantic-ai FunctionModel, every message through the agent).
Nothing wrong is written and nothing crashes, whatever the extractor says."""
from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import func
from sqlmodel import select

from bot.clock import FrozenClock
from bot.composition import Fawn, assemble
from bot.protocol import ButtonPress, FamilySetup, IncomingMessage, MemberSetup, TurnResult
from bot.understanding.extractor import build_extractor
from domain.vocabulary import ReplyKind
from storage.engine import Database
from storage.tables import AgentTask, Baby, Family, Message, Record
from tests.fakes.scripted_model import ScriptedModel

SHANGHAI = ZoneInfo("Asia/Shanghai")
AFTERNOON = datetime(2026, 5, 4, 14, 33, tzinfo=SHANGHAI)
PLATFORM = "scenario"


class Chat:
    """One family chat: 妈妈 (parent), 奶奶 (caregiver), 小王 (friend); rules, or the scripted model."""

    def __init__(self, service: Fawn, clock: FrozenClock, model: ScriptedModel, chat_id: str) -> None:
        self.service, self.clock, self.model, self.chat_id = service, clock, model, chat_id
        self.rules, self.scripted = service.chat.extractor, model.extractor()
        self.sent, self.buttons = 0, {}

    async def say(self, who: str, text: str, model: dict | None = None, **extra) -> TurnResult:
        self.service.chat.extractor = self.rules if model is None else self.scripted
        if model is not None:
            self.model.answer_with(model)
        return await self.send(self.message(who, text, **extra))

    async def press(self, who: str, token: str) -> TurnResult:
        return await self.send(self.message(who, press=ButtonPress(token)))

    def message(self, who: str, text: str = "", **extra) -> IncomingMessage:
        self.sent += 1
        self.clock.advance(timedelta(minutes=1))
        return IncomingMessage(PLATFORM, self.chat_id, who, extra.pop("name", who), f"m{self.sent}", self.clock(),
                               text, **extra)

    async def send(self, msg: IncomingMessage) -> TurnResult:
        result = await self.service.chat.handle(msg)
        if result.reply and result.reply.buttons:
            self.buttons = {b.action: b.token for b in result.reply.buttons}
        return result

    async def rows(self, table) -> list:
        async with self.service.database.sessions() as s:
            return list((await s.exec(select(table).order_by(table.id))).all())

    async def count(self, table) -> int:
        async with self.service.database.sessions() as s:
            return (await s.exec(select(func.count()).select_from(table))).one()


async def _chat(database, babies: tuple[dict, ...] = ({"name": "小满", "birth_date": "2026-03-01"},)) -> Chat:
    clock = FrozenClock(AFTERNOON)
    service = assemble(Database(database.engine), build_extractor(), clock=clock)
    await service.families.setup_family(FamilySetup(PLATFORM, "family-1", babies=babies, members=(
        MemberSetup("mom", "妈妈", "妈妈", "parent"), MemberSetup("nanny", "奶奶", "奶奶", "caregiver"),
        MemberSetup("guest", "小王", None, "friend"))))
    return Chat(service, clock, ScriptedModel(), "family-1")


@pytest.fixture
async def chat(database) -> Chat:
    return await _chat(database)


@pytest.fixture
async def twins(database) -> Chat:
    return await _chat(database, ({"name": "小米"}, {"name": "小麦"}))


async def test_a_friends_question_the_model_labels_chat_but_fills_with_a_diaper_writes_nothing(chat: Chat) -> None:
    result = await chat.say("guest", "宝宝尿了吗？", {"intent": "chat", "record_type": "diaper",
                                                 "slots": {"wet": True}})
    assert result.kind is ReplyKind.REFUSED
    assert await chat.count(Record) == 0 and await chat.count(AgentTask) == 0


async def test_a_friend_naming_a_twin_does_not_complete_the_parents_pending_feed(twins: Chat) -> None:
    asked = await twins.say("mom", "刚刚喝了90ml配方奶")
    assert asked.kind is ReplyKind.ASK
    refused = await twins.say("guest", "小米")
    assert refused.kind is ReplyKind.REFUSED and await twins.count(Record) == 0
    (task,) = await twins.rows(AgentTask)
    assert task.state == "pending" and task.baby_id is None


async def test_a_nan_amount_from_the_model_is_refused_and_nothing_is_stored(chat: Chat) -> None:
    result = await chat.say("mom", "喝了", {"intent": "record", "record_type": "feeding",
                                          "slots": {"kind": "formula", "amount_ml": "NaN"}})
    assert result.kind is ReplyKind.ERROR and "nan" not in result.reply.text.lower()
    assert await chat.count(Record) == 0 and await chat.count(AgentTask) == 0


async def test_a_negative_weight_is_refused_with_an_error(chat: Chat) -> None:
    result = await chat.say("mom", "体重-2.5kg")
    assert result.kind is ReplyKind.ERROR and await chat.count(Record) == 0


async def test_a_formula_feed_without_an_amount_asks_for_it(chat: Chat) -> None:
    result = await chat.say("mom", "喝了配方奶")
    assert result.kind is ReplyKind.ASK and await chat.count(Record) == 0


async def test_an_unknown_timezone_is_not_saved_and_the_family_keeps_talking(chat: Chat) -> None:
    result = await chat.say("mom", "改时区", {"intent": "settings", "settings": {"timezone": "Asia/Beijing"}})
    assert result.kind is ReplyKind.ERROR
    (family,) = await chat.rows(Family)
    assert family.timezone == "Asia/Shanghai"
    assert (await chat.say("mom", "刚刚喝了90ml配方奶")).kind is ReplyKind.RECORDED


async def test_a_birth_weight_for_a_baby_without_one_is_confirmed_and_set(chat: Chat) -> None:
    asked = await chat.say("mom", "出生体重3.2公斤")
    assert asked.kind is ReplyKind.CONFIRM and "3.2kg" in asked.reply.text
    done = await chat.say("mom", "确认")
    assert done.kind is ReplyKind.UPDATED
    (baby,) = await chat.rows(Baby)
    assert baby.birth_weight_kg == 3.2


@pytest.mark.parametrize("text", ["二" * 3000, "好" * 3000, "喝了" + "二" * 1999, "喝了" + "9" * 400 + "ml配方奶",
                                  "99999999999分钟前喝了90ml配方奶"])
async def test_a_long_or_huge_numbered_message_gets_a_polite_reply_and_changes_nothing(chat: Chat, text: str) -> None:
    result = await chat.say("mom", text, addressed_to_bot=True)
    assert result.reply is not None and len(result.reply.text) < 300
    assert await chat.count(Record) == 0
    assert await chat.count(Message) >= 1


async def test_lone_surrogates_in_text_names_and_button_data_do_not_break_the_turn(chat: Chat) -> None:
    written = await chat.say("mom", "刚刚喝了90ml配\ud800方奶\x00", name="妈\udfff妈")
    assert written.kind is ReplyKind.RECORDED
    assert (await chat.say("nanny", "\ud83d")).trace_id
    forged = await chat.press("mom", "t1.1.con\ud800firm")
    assert forged.press_rejected and await chat.count(Record) == 1


@pytest.mark.parametrize("output", [
    {"intent": "delete"},
    {"intent": "record", "record_type": "diaper", "slots": {"time": "0001-01-01T00:00:00", "wet": True}},
    {"intent": "record", "record_type": "diaper", "slots": {"time": "9999-12-31T23:59:00", "wet": True}},
    {"intent": "record", "record_type": "diaper", "slots": {"time": "9999-12-31T23:59:00-12:00", "wet": True}},
    {"intent": "correct", "reference": {"which": "at_time", "at": "0001-01-01T00:00:00+14:00"},
     "slots": {"amount_ml": 90}},
    {"intent": "query", "query": {"metric": "feeding_total", "period": "date", "day": "0001-01-01"}},
    {"intent": "profile", "profile": {"birth_date": "9999-12-31"}},
])
async def test_impossible_model_output_gets_a_polite_answer_and_changes_nothing(chat: Chat, output: dict) -> None:
    result = await chat.say("mom", "嗯", output)
    assert result.reply is not None and result.kind in (ReplyKind.ASK, ReplyKind.ERROR, ReplyKind.ANSWER)
    assert await chat.count(Record) == 0 and await chat.count(AgentTask) == 0


async def test_a_time_without_an_offset_from_the_model_is_the_familys_local_time(chat: Chat) -> None:
    await chat.say("mom", "14点喝了90ml配方奶", {"intent": "record", "record_type": "feeding",
                                            "slots": {"start": "2026-05-04T14:00:00", "kind": "formula",
                                                      "amount_ml": 90}})
    (record,) = await chat.rows(Record)
    assert record.start == datetime(2026, 5, 4, 14, 0, tzinfo=SHANGHAI)


async def test_afternoon_four_said_at_2_40_pm_asks_whether_yesterday_is_meant(chat: Chat) -> None:
    chat.clock.set(datetime(2026, 5, 4, 14, 39, tzinfo=SHANGHAI))
    result = await chat.say("mom", "下午四点喝了100ml配方奶")
    assert result.kind is ReplyKind.CONFIRM and "昨天 16:00" in result.reply.text
    assert await chat.count(Record) == 0


async def test_fed_at_3_records_no_3ml_feed(chat: Chat) -> None:
    result = await chat.say("mom", "fed at 3")       # at 14:34: the 3 is the clock, 03:00 (its last past)
    assert result.kind is ReplyKind.ASK and await chat.count(Record) == 0
    (task,) = await chat.rows(AgentTask)
    assert task.slots["start"].startswith("2026-05-03T19:00") and "amount_ml" not in task.slots   # 03:00 local


async def test_grandmas_half_past_two_feed_after_moms_100ml_asks_before_a_second_record(chat: Chat) -> None:
    await chat.say("mom", "刚刚喝了100ml配方奶")                       # 14:34
    asked = await chat.say("nanny", "两点半喝了100ml配方奶")
    assert asked.kind is ReplyKind.ASK and "妈妈" in asked.reply.text and "14:34" in asked.reply.text
    same = await chat.press("nanny", chat.buttons["choose:same"])
    assert same.written == () and await chat.count(Record) == 1
    assert (await chat.rows(AgentTask))[-1].state == "completed"


async def test_a_pending_feed_replaced_by_a_spit_up_is_announced_and_can_be_brought_back(chat: Chat) -> None:
    await chat.say("mom", "喝了4oz")
    replaced = await chat.say("mom", "吐奶了")
    assert replaced.kind is ReplyKind.CONFIRM and "先放下了" in replaced.reply.text
    back = await chat.press("mom", chat.buttons["choose:restore_1"])
    assert back.kind is ReplyKind.ASK and not back.press_rejected
    assert [t.state for t in await chat.rows(AgentTask)] == ["pending", "cancelled"]
    written = await chat.press("mom", chat.buttons["choose:formula"])
    assert written.kind is ReplyKind.RECORDED
    (record,) = await chat.rows(Record)
    assert record.data["amount_ml"] == pytest.approx(118.3)
