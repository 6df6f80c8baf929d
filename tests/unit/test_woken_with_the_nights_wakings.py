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


NAP_SINCE_ONE_AM = RecordView(12, RecordType.SLEEP, 7, {"start": MORNING.replace(hour=1, minute=0), "end": None,
                                                      "nap": True}, MORNING, 1)


def woke_from(open_sleep: RecordView, now: datetime, **slots) -> Turn:
    e = Extraction(intent=Intent.RECORD, record_type=RecordType.SLEEP, sleep_event=SleepEvent.WOKE_UP,
                   slots=Slots(**slots))
    return Turn(member=MOM, extraction=e, now=now, babies=BABY, recent_records=(open_sleep,), open_sleep=open_sleep)


def test_woken_with_a_length_said_far_from_the_open_sleeps_is_confirmed_never_written() -> None:
    now = MORNING.replace(hour=13, minute=45)
    decision = decide_turn(woke_from(NAP_SINCE_ONE_AM, now, end=now, duration_min=45.0))
    assert decision.reply.kind is ReplyKind.CONFIRM           # she's awake, 45 min — of a sleep open since 1 AM
    assert decision.reply.values["doubt"]["length_said"] == (45.0, 12 * 60 + 45)


def test_woken_with_the_length_the_open_sleep_has_closes_it_at_once() -> None:
    nap = RecordView(13, RecordType.SLEEP, 7, {"start": MORNING.replace(hour=13, minute=0), "end": None, "nap": True},
                     MORNING, 1)
    now = MORNING.replace(hour=13, minute=45)
    assert decide_turn(woke_from(nap, now, end=now, duration_min=40.0)).reply.kind is ReplyKind.UPDATED


def test_a_nap_said_on_a_clock_that_falls_in_the_night_is_read_back_never_opened_at_once() -> None:
    noon = MORNING.replace(hour=12, minute=40)
    e = Extraction(intent=Intent.RECORD, record_type=RecordType.SLEEP, sleep_event=SleepEvent.FELL_ASLEEP,
                   slots=Slots(start=noon.replace(hour=1, minute=0), nap=True), clock_without_day="01:00")
    decision = decide_turn(Turn(member=MOM, extraction=e, now=noon, babies=BABY))
    assert decision.reply.kind is ReplyKind.CONFIRM and decision.reply.values["doubt"]["nap_at_night"].hour == 1
