"""The night's end said with its wakings (醒了 五点四十醒的 中间就醒了一次) closes the open sleep and keeps the
wakings — it is no new sleep whose start is asked."""
from datetime import datetime
from zoneinfo import ZoneInfo

from domain.decide.decide_turn import decide_turn
from domain.extraction import Extraction, Intent, SleepEvent, Slots
from domain.turn import BabyView, MemberView, RecordView, Turn
from domain.vocabulary import RecordType, ReplyKind, Role

TZ = ZoneInfo("Asia/Shanghai")
EVENING = datetime(2026, 5, 15, 22, 30, tzinfo=TZ)
MORNING = datetime(2026, 5, 16, 5, 50, tzinfo=TZ)
MOM = MemberView(1, Role.PARENT, "妈妈", "妈妈")
BABY = (BabyView(7, "小宝"),)
OPEN = RecordView(11, RecordType.SLEEP, 7, {"start": EVENING, "end": None, "nap": False}, EVENING, 1)


def woke(**slots) -> Turn:
    e = Extraction(intent=Intent.RECORD, record_type=RecordType.SLEEP, sleep_event=SleepEvent.WOKE_UP,
                   slots=Slots(**slots))
    return Turn(member=MOM, extraction=e, now=MORNING, babies=BABY, recent_records=(OPEN,), open_sleep=OPEN)


def test_woken_with_the_nights_wakings_closes_the_open_sleep_and_keeps_the_wakings() -> None:
    decision = decide_turn(woke(end=MORNING.replace(minute=40), night_wakings=1))
    assert decision.reply.kind is ReplyKind.CONFIRM              # across midnight: confirmed
    fields = decision.reply.values["fields"]
    assert (fields["start"], fields["end"], fields["night_wakings"]) == (EVENING, MORNING.replace(minute=40), 1)


def test_woken_without_wakings_leaves_the_open_sleeps_wakings_as_they_were() -> None:
    fields = decide_turn(woke(end=MORNING.replace(minute=40))).reply.values["fields"]
    assert fields.get("night_wakings") is None
