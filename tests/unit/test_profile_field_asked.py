"""A profile field asked to be set without its value (帮我填一下生日 / can you set the baby's sex) is asked, and
the task waits for the answer: a bare 男孩 / boy / 三月十二 / 六斤八两 fills it — a high-risk field is then confirmed,
never written at once; anything else is a new topic, and a friend may not answer."""
from dataclasses import replace
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.numerals import normalise
from bot.understanding.readers.profile import profile_answer, profile_change
from domain.decide.decide_turn import decide_turn
from domain.extraction import Extraction, Intent, ProfileChange
from domain.tasks import PendingTask
from domain.turn import BabyView, MemberView, SaveTask, Turn, UpdateProfile
from domain.vocabulary import ConfirmReason, ReplyKind, Role, TaskAction, TaskState

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 20, 15, tzinfo=TZ)
MOM = MemberView(1, Role.PARENT, "妈妈", "妈妈")
GUEST = MemberView(3, Role.FRIEND, "小王")
BABY = (BabyView(7, "小满"),)


def turn(extraction: Extraction, member: MemberView = MOM, **kw) -> Turn:
    return Turn(member=member, extraction=extraction, now=NOW, babies=BABY, **kw)


def asking(field: str) -> PendingTask:
    return PendingTask(action=TaskAction.PROFILE_UPDATE, record_type=None, state=TaskState.PENDING, started_by=1,
                       expires_at=NOW + timedelta(minutes=50), id=21, revision=1, baby_id=7, missing=(field,))


@pytest.mark.parametrize("text, field", [("@Fawn can you set the baby's sex", "sex"),
                                         ("@Fawn 帮我填一下米粒的生日", "birth_date"),
                                         ("性别还没填 帮我设置一下", "sex"),
                                         ("帮我登记一下出生体重", "birth_weight_kg")])
def test_a_field_asked_without_its_value_names_the_field(text: str, field: str) -> None:
    change = profile_change(text, NOW.date())
    assert change is not None and change.given() == {} and change.asked == field


def test_the_field_asked_opens_a_pending_task_that_waits_for_it() -> None:
    d = decide_turn(turn(Extraction(intent=Intent.PROFILE, profile=ProfileChange(asked="sex"))))
    assert d.reply.kind is ReplyKind.ASK and d.reply.values["field"] == "sex"
    [save] = d.effects
    assert isinstance(save, SaveTask) and save.task.state is TaskState.PENDING
    assert save.task.action is TaskAction.PROFILE_UPDATE and save.task.missing == ("sex",)


def test_a_friend_asking_to_set_a_field_is_refused_and_opens_nothing() -> None:
    d = decide_turn(turn(Extraction(intent=Intent.PROFILE, profile=ProfileChange(asked="sex")), member=GUEST))
    assert d.reply.kind is ReplyKind.REFUSED and d.effects == ()


def test_the_answer_to_a_high_risk_field_is_confirmed_on_the_same_task() -> None:
    task = asking("sex")
    d = decide_turn(turn(Extraction(intent=Intent.PROFILE, profile=ProfileChange(sex="male")), active_task=task))
    assert d.reply.kind is ReplyKind.CONFIRM
    [save] = d.effects
    assert save.task.id == task.id and save.task.state is TaskState.AWAITING_CONFIRMATION
    assert save.task.slots == {"sex": "male"}
    assert save.task.requires_confirmation_reason is ConfirmReason.HIGH_RISK_PROFILE_FIELD


def test_the_answer_to_a_low_risk_field_is_written_and_the_task_completed() -> None:
    task = replace(asking("nickname"))
    d = decide_turn(turn(Extraction(intent=Intent.PROFILE, profile=ProfileChange(nickname="豆豆")), active_task=task))
    assert d.reply.kind is ReplyKind.UPDATED
    kinds = {type(e) for e in d.effects}
    assert kinds == {SaveTask, UpdateProfile}
    assert next(e for e in d.effects if isinstance(e, SaveTask)).task.state is TaskState.COMPLETED


def test_a_friend_cannot_answer_the_field() -> None:
    d = decide_turn(turn(Extraction(intent=Intent.PROFILE, profile=ProfileChange(sex="male")), member=GUEST,
                         active_task=asking("sex")))
    assert d.reply.kind is ReplyKind.REFUSED and d.effects == ()


@pytest.mark.parametrize("text, field, value", [
    ("男孩", "sex", "male"), ("boy", "sex", "male"), ("是个女孩", "sex", "female"), ("girl!", "sex", "female"),
    ("闺女", "sex", "female"), ("三月十二", "birth_date", date(2026, 3, 12)),
    ("march 12th", "birth_date", date(2026, 3, 12)), ("3月12号", "birth_date", date(2026, 3, 12)),
])
def test_a_bare_answer_fills_the_field_asked(text: str, field: str, value) -> None:
    change = profile_answer(normalise(text), field, NOW.date())
    assert change is not None and change.given() == {field: value}


@pytest.mark.parametrize("text, field", [("男孩女孩都好", "sex"), ("喝了90ml奶粉", "sex"), ("她刚睡着", "birth_date"),
                                         ("boy is she hungry tonight, 5oz", "sex")])
def test_what_answers_nothing_asked_fills_nothing(text: str, field: str) -> None:
    assert profile_answer(normalise(text), field, NOW.date()) is None


@pytest.mark.parametrize("text, name, nickname", [
    ("@Fawn 宝宝大名叫林知夏，小名叫夏夏，以后就这么叫她啦", "林知夏", "夏夏"),
    ("@Fawn her name's Harper, we mostly call her Bug 🐞", "Harper", "Bug")])
def test_a_name_and_a_nickname_said_together_are_both_read(text: str, name: str, nickname: str) -> None:
    change = profile_change(normalise(text), NOW.date())
    assert change is not None and change.name == name and change.nickname == nickname
