"""One family reachable from several chats, against a real database: a parent hands out a family
code, a new person asks to join from a private chat on another platform, sees nothing until a parent
gives them a role (or declines), records there once in, and the family's group sees it; codes of another
family, expired or revoked codes, and chats that belong to a family already are refused."""
from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.clock import FrozenClock
from bot.composition import Fawn, assemble
from bot.delivery.push import FamilyPush
from bot.protocol import ButtonPress, FamilySetup, IncomingMessage, MemberSetup, OutgoingReply, TurnResult
from bot.understanding.extractor import Extractor
from domain.vocabulary import ChatKind, ReplyKind
from storage.engine import Database

SHANGHAI = ZoneInfo("Asia/Shanghai")
EVENING = datetime(2026, 5, 4, 20, 15, tzinfo=SHANGHAI)
GROUP = ("telegram", "-4001")
NANNY_WX = ("wechat", "wx-nanny")


class Messenger:
    """Every platform's `send`: what reached which chat."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, OutgoingReply]] = []

    def for_platform(self, platform: str):
        async def send(chat_id: str, reply: OutgoingReply) -> str:
            self.sent.append((f"{platform}:{chat_id}", reply))
            return f"sent-{len(self.sent)}"
        return send

    def to(self, platform: str, chat_id: str) -> list[OutgoingReply]:
        return [reply for where, reply in self.sent if where == f"{platform}:{chat_id}"]


class Family:
    def __init__(self, app: Fawn, clock: FrozenClock) -> None:
        self.app, self.clock, self.n = app, clock, 0

    async def say(self, where: tuple[str, str], who: str, text: str, *, private: bool = False,
                  press: str | None = None) -> TurnResult:
        self.n += 1
        self.clock.advance(timedelta(minutes=1))
        kind = ChatKind.PRIVATE if private else ChatKind.GROUP
        return await self.app.chat.handle(IncomingMessage(
            where[0], where[1], who, who, f"m{self.n}", self.clock(), text, chat_kind=kind,
            press=ButtonPress(press) if press else None, addressed_to_bot=True))


@pytest.fixture
async def family(database) -> tuple[Family, Messenger, int]:
    clock = FrozenClock(EVENING)
    app = assemble(Database(database.engine), Extractor(), clock=clock)
    messenger = Messenger()
    senders = {platform: messenger.for_platform(platform) for platform in ("telegram", "wechat")}
    app.chat.announce = FamilyPush(app.database, app.outbox, senders)
    family_id = await app.families.setup_family(FamilySetup(*GROUP, members=(
        MemberSetup("mom", "妈妈", "妈妈", "parent"), MemberSetup("guest", "小王", None, "friend"))))
    return Family(app, clock), messenger, family_id


def code_in(reply: OutgoingReply) -> str:
    return re.search(r"[A-Z2-9]{8}", reply.text).group(0)


async def test_a_new_person_who_sends_a_right_code_sees_nothing_until_a_parent_answers(family) -> None:
    chat, messenger, family_id = family
    await chat.say(GROUP, "mom", "刚刚喝了90ml配方奶")
    invited = await chat.say(GROUP, "mom", "邀请家人")
    asked = await chat.say(NANNY_WX, "nanny", f"加入 {code_in(invited.reply)}", private=True)
    peeking = await chat.say(NANNY_WX, "nanny", "今天喝了多少奶？", private=True)
    again = await chat.say(NANNY_WX, "nanny", f"加入 {code_in(invited.reply)}", private=True)

    assert invited.kind is ReplyKind.ANSWER and asked.kind is ReplyKind.ANSWER and asked.family_id is None
    assert "家长" in asked.reply.text and "90" not in peeking.reply.text and "家长" in again.reply.text
    assert "nanny" not in {m.sender_id for m in await chat.app.families.members(family_id)}
    assert await chat.app.families.family_id(*NANNY_WX) is None
    [announcement] = messenger.to(*GROUP)              # the parents hear who asks, with a button per role and no
    assert "nanny" in announcement.text and [b.action.split(":")[-1] for b in announcement.buttons] == [
        "parent", "caregiver", "friend", "no"]
    assert messenger.to(*NANNY_WX) == []


async def test_once_a_parent_gives_a_role_the_joiner_is_told_records_in_private_and_the_group_sees_it(family) -> None:
    chat, messenger, family_id = family
    invited = await chat.say(GROUP, "mom", "邀请家人")
    await chat.say(NANNY_WX, "nanny", f"join {code_in(invited.reply)}", private=True)
    [announcement] = messenger.to(*GROUP)
    caregiver = next(b for b in announcement.buttons if b.action.endswith(":caregiver"))

    friend_tries = await chat.say(GROUP, "guest", "", press=caregiver.token)
    role = await chat.say(GROUP, "mom", "", press=caregiver.token)
    twice = await chat.say(GROUP, "mom", "", press=caregiver.token)
    fed = await chat.say(NANNY_WX, "nanny", "刚刚喝了90ml配方奶", private=True)
    asked = await chat.say(GROUP, "mom", "今天喝了多少奶？")

    assert friend_tries.kind is ReplyKind.REFUSED and twice.kind is ReplyKind.REFUSED
    assert role.kind is ReplyKind.UPDATED and "nanny" in role.reply.text and "照护者" in role.reply.text
    [told] = messenger.to(*NANNY_WX)
    assert "照护者" in told.text
    assert {m.sender_id: m.role for m in await chat.app.families.members(family_id)}["nanny"] == "caregiver"
    assert fed.kind is ReplyKind.RECORDED
    assert asked.kind is ReplyKind.ANSWER and "90" in asked.reply.text


async def test_a_declined_request_links_nothing_and_the_asker_is_told(family) -> None:
    chat, messenger, family_id = family
    invited = await chat.say(GROUP, "mom", "邀请家人")
    await chat.say(NANNY_WX, "nanny", f"加入 {code_in(invited.reply)}", private=True)
    [announcement] = messenger.to(*GROUP)
    declined = await chat.say(GROUP, "mom", "", press=announcement.buttons[-1].token)
    afterwards = await chat.say(NANNY_WX, "nanny", "今天喝了多少奶？", private=True)

    assert declined.kind is ReplyKind.UPDATED and "nanny" in declined.reply.text
    [told] = messenger.to(*NANNY_WX)
    assert "没有同意" in told.text
    assert await chat.app.families.family_id(*NANNY_WX) is None
    assert "nanny" not in {m.sender_id for m in await chat.app.families.members(family_id)}
    assert afterwards.family_id is None and "/start" in afterwards.reply.text


async def test_a_chat_of_someone_the_family_knows_waits_too_and_they_keep_their_role(family) -> None:
    chat, messenger, family_id = family
    invited = await chat.say(GROUP, "mom", "邀请家人")
    asked = await chat.say(("wechat", "wx-mom"), "mom", f"加入 {code_in(invited.reply)}", private=True)
    [announcement] = messenger.to(*GROUP)
    let_in = await chat.say(GROUP, "mom", "", press=announcement.buttons[2].token)     # "friend": mom stays parent

    assert asked.family_id is None and let_in.kind is ReplyKind.UPDATED and "家长" in let_in.reply.text
    assert await chat.app.families.family_id("wechat", "wx-mom") == family_id
    assert {m.sender_id: m.role for m in await chat.app.families.members(family_id)}["mom"] == "parent"


async def test_the_family_task_follows_the_family_across_its_chats(family) -> None:
    chat, messenger, family_id = family
    invited = await chat.say(GROUP, "mom", "邀请家人")
    await chat.say(("wechat", "wx-mom"), "mom", f"加入 {code_in(invited.reply)}", private=True)
    [announcement] = messenger.to(*GROUP)
    await chat.say(GROUP, "mom", "", press=announcement.buttons[0].token)
    started = await chat.say(GROUP, "mom", "昨晚睡眠7个小时")
    carried_on = await chat.say(("wechat", "wx-mom"), "mom", "8点到3点", private=True)

    assert started.kind is ReplyKind.ASK
    assert carried_on.kind is ReplyKind.CONFIRM and "20:00" in carried_on.reply.text


async def test_a_friend_cannot_hand_out_codes(family) -> None:
    chat, _, _ = family
    refused = await chat.say(GROUP, "guest", "邀请家人")
    assert refused.kind is ReplyKind.REFUSED and not re.search(r"[A-Z2-9]{8}", refused.reply.text)


async def test_an_unknown_an_expired_and_a_revoked_code_link_nothing(family) -> None:
    chat, _, family_id = family
    unknown = await chat.say(NANNY_WX, "nanny", "加入 ZZZZZZ", private=True)
    first = code_in((await chat.say(GROUP, "mom", "邀请家人")).reply)
    chat.clock.advance(timedelta(hours=73))
    expired = await chat.say(NANNY_WX, "nanny", f"加入 {first}", private=True)
    second = code_in((await chat.say(GROUP, "mom", "邀请家人")).reply)
    revoked_answer = await chat.say(GROUP, "mom", "取消邀请")
    revoked = await chat.say(NANNY_WX, "nanny", f"加入 {second}", private=True)

    assert [r.kind for r in (unknown, expired, revoked)] == [ReplyKind.REFUSED] * 3
    assert revoked_answer.kind is ReplyKind.UPDATED
    assert "nanny" not in {m.sender_id for m in await chat.app.families.members(family_id)}
    assert await chat.app.families.family_id(*NANNY_WX) is None


async def test_a_code_never_moves_a_chat_that_belongs_to_another_family(family) -> None:
    chat, _, family_id = family
    other = await chat.app.families.setup_family(FamilySetup("wechat", "wx-other-mom", ChatKind.PRIVATE, members=(
        MemberSetup("other-mom", "李妈妈", "妈妈", "parent"),)))
    code = code_in((await chat.say(GROUP, "mom", "邀请家人")).reply)
    stayed = await chat.say(("wechat", "wx-other-mom"), "other-mom", f"加入 {code}", private=True)

    assert stayed.kind is ReplyKind.ANSWER and stayed.family_id == other
    assert await chat.app.families.family_id("wechat", "wx-other-mom") == other != family_id


async def test_on_any_platform_start_sets_up_a_family_with_the_sender_as_its_parent(family) -> None:
    chat, _, first = family
    started = await chat.say(("wecom", "wrk-group-2"), "dad", "/start")
    fed = await chat.say(("wecom", "wrk-group-2"), "dad", "刚刚喝了90ml配方奶")
    again = await chat.say(("wecom", "wrk-group-2"), "dad", "开始")

    family_id = await chat.app.families.family_id("wecom", "wrk-group-2")
    assert started.kind is ReplyKind.ANSWER and family_id not in (None, first)
    assert [(m.sender_id, m.role) for m in await chat.app.families.members(family_id)] == [("dad", "parent")]
    assert fed.kind is ReplyKind.RECORDED and again.written == ()          # a second start sets nothing up
    assert await chat.app.families.family_id("wecom", "wrk-group-2") == family_id


@pytest.mark.parametrize(("said", "language", "asked"), [
    ("开始", "zh", []),
    ("set up a family", "en", ["Which time zone are you in?", "Ounces or millilitres?"]),
    ("/start", "zh", ["用中文还是英文", "Chinese or English?", "你们在哪个时区", "Which time zone are you in?"]),
])
async def test_on_wechat_where_the_platform_says_no_language_the_start_word_says_it_or_the_welcome_asks(
        family, said, language, asked) -> None:
    chat, _, _ = family
    started = await chat.say(("wechat", "wx-new-mom"), "newmom", said, private=True)
    family_id = await chat.app.families.family_id("wechat", "wx-new-mom")
    settings = await chat.app.families.settings(family_id)
    assert settings["language"] == language
    assert all(question in started.reply.text for question in asked)
    assert ("Hi, I'm Fawn" in started.reply.text) == (said != "开始")
