"""Every value is checked at the domain's door: finite, within limits, required, aware, a real zone."""
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from domain.decide.decide_turn import decide_turn
from domain.extraction import (
    Extraction,
    Intent,
    ProfileChange,
    Query,
    QueryMetric,
    QueryPeriod,
    RecordReference,
    RoleChange,
    SettingsChange,
    Slots,
)
from domain.replies.render import render
from domain.turn import BabyView, MemberView, SaveTask, Turn, UpdateSettings, WriteRecord
from domain.units import METRIC, OZ_ML, DisplayUnits
from domain.vocabulary import Language, RecordType, ReplyKind, Role

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 14, 40, tzinfo=TZ)
MOM = MemberView(1, Role.PARENT, "妈妈", "妈妈")
BABY = (BabyView(7, "小满", birth_date=date(2026, 3, 1)),)


def turn(extraction: Extraction, **kw) -> Turn:
    return Turn(member=MOM, extraction=extraction, now=NOW, babies=BABY, **kw)


def record(record_type: RecordType, **slots) -> Extraction:
    return Extraction(intent=Intent.RECORD, record_type=record_type, slots=Slots(**slots))


def assert_error_and_nothing_changes(extraction: Extraction, code: str | None = None) -> None:
    d = decide_turn(turn(extraction))
    assert d.reply.kind is ReplyKind.ERROR, d.reply
    assert d.effects == ()
    if code:
        assert d.reply.values["problem"].code == code
    assert render(d.reply, Language.ZH, NOW) and render(d.reply, Language.EN, NOW)


def test_a_nan_amount_is_refused_not_stored_as_nanml():
    assert_error_and_nothing_changes(record(RecordType.FEEDING, start=NOW, kind="formula", amount_ml=float("nan")),
                                     "not_a_number")


def test_an_infinite_duration_is_refused():
    assert_error_and_nothing_changes(record(RecordType.SLEEP, duration_min=float("inf")), "not_a_number")


def test_a_400_digit_count_is_refused_without_overflowing():
    assert_error_and_nothing_changes(record(RecordType.SLEEP, night_wakings=10 ** 400), "not_a_number")


def test_a_negative_weight_is_refused_not_made_positive():
    assert_error_and_nothing_changes(record(RecordType.GROWTH, time=NOW, weight_kg=-2.5), "negative")


def test_a_negative_value_in_a_slot_the_record_does_not_use_is_refused_too():
    assert_error_and_nothing_changes(record(RecordType.FEEDING, kind="formula", amount_ml=90, head_cm=-3), "negative")


def test_a_formula_feed_without_an_amount_asks_for_it():
    d = decide_turn(turn(record(RecordType.FEEDING, start=NOW, kind="formula")))
    assert d.reply.kind is ReplyKind.ASK
    [save] = d.effects
    assert save.task.missing == ("amount_ml",)


def test_a_breastfeed_by_duration_needs_no_amount():
    start = NOW - timedelta(minutes=20)
    d = decide_turn(turn(record(RecordType.FEEDING, start=start, kind="breast_milk", method="left_breast",
                                duration_min=15)))
    assert d.reply.kind is ReplyKind.RECORDED


def test_a_timezone_zoneinfo_does_not_know_is_refused():
    d = decide_turn(turn(Extraction(intent=Intent.SETTINGS, settings=SettingsChange(timezone="Asia/Beijing"))))
    assert d.reply.kind is ReplyKind.ERROR and d.effects == ()


def test_the_machines_own_zone_and_tzdatas_placeholder_are_no_timezone_of_a_family():
    for name in ("localtime", "Factory"):
        d = decide_turn(turn(Extraction(intent=Intent.SETTINGS, settings=SettingsChange(timezone=name))))
        assert d.reply.kind is ReplyKind.ERROR and d.effects == (), name


def test_a_real_timezone_is_set():
    d = decide_turn(turn(Extraction(intent=Intent.SETTINGS, settings=SettingsChange(timezone="Europe/Berlin"))))
    assert d.effects == (UpdateSettings({"timezone": "Europe/Berlin"}),)


def test_a_time_without_a_utc_offset_is_read_in_the_family_zone():
    d = decide_turn(turn(record(RecordType.FEEDING, start=datetime(2026, 5, 4, 14, 0), kind="formula", amount_ml=90)))
    [write] = d.effects
    assert isinstance(write, WriteRecord) and write.fields["start"] == datetime(2026, 5, 4, 14, 0, tzinfo=TZ)


def test_the_years_1_and_9999_are_refused():
    for year in (1, 9999):
        for zone in (TZ, None, ZoneInfo("America/Los_Angeles")):
            at = datetime(year, 1 if year == 1 else 12, 1 if year == 1 else 31, tzinfo=zone)
            assert_error_and_nothing_changes(record(RecordType.DIAPER, time=at, wet=True), "out_of_window")


def test_a_time_before_the_babys_birth_is_refused():
    assert_error_and_nothing_changes(record(RecordType.DIAPER, time=datetime(2026, 2, 1, tzinfo=TZ), wet=True),
                                     "before_birth")


def test_a_time_more_than_a_day_ahead_is_refused_and_a_few_hours_ahead_is_confirmed():
    assert_error_and_nothing_changes(record(RecordType.DIAPER, time=NOW + timedelta(days=2), wet=True),
                                     "too_far_ahead")
    d = decide_turn(turn(record(RecordType.DIAPER, time=NOW + timedelta(hours=3), wet=True)))
    assert d.reply.kind is ReplyKind.CONFIRM


def test_a_reference_or_a_query_day_out_of_any_window_is_refused():
    ref = RecordReference(which="at_time", at=datetime(1, 1, 1))
    assert_error_and_nothing_changes(Extraction(intent=Intent.DELETE, reference=ref))
    query = Query(metric=QueryMetric.FEEDING_TOTAL, period=QueryPeriod.DATE, day=date(9999, 12, 31))
    assert_error_and_nothing_changes(Extraction(intent=Intent.QUERY, query=query))


def test_a_delete_that_names_no_record_asks_politely_and_changes_nothing():
    d = decide_turn(turn(Extraction(intent=Intent.DELETE)))
    assert d.reply.kind is ReplyKind.ASK and d.effects == ()
    assert "删" in render(d.reply, Language.ZH, NOW)


def test_a_role_change_for_a_blank_name_asks_whom_and_changes_nothing():
    e = Extraction(intent=Intent.ROLE, role_change=RoleChange(member=" \x00", role="parent"))
    d = decide_turn(turn(e))
    assert d.reply.kind is ReplyKind.ASK and d.effects == ()


def test_lone_surrogates_and_control_characters_are_removed_from_texts():
    d = decide_turn(turn(record(RecordType.NOTE, text="好\ud800的\x00")))
    [write] = d.effects
    assert write.fields["text"] == "好的"


def test_a_blank_text_is_no_value():
    d = decide_turn(turn(record(RecordType.NOTE, text=" \ud83d ")))
    assert d.reply.kind is ReplyKind.ASK


def test_an_over_long_text_is_refused():
    assert_error_and_nothing_changes(record(RecordType.FEEDING, kind="solid_food", food="粥" * 500), "too_long_text")
    assert_error_and_nothing_changes(Extraction(intent=Intent.PROFILE, profile=ProfileChange(name="小" * 40)))


def test_a_birth_weight_for_a_baby_without_one_is_confirmed_and_the_reply_renders():
    d = decide_turn(turn(Extraction(intent=Intent.PROFILE, profile=ProfileChange(birth_weight_kg=3.2))))
    assert d.reply.kind is ReplyKind.CONFIRM and isinstance(d.effects[0], SaveTask)
    assert "3.2kg" in render(d.reply, Language.ZH, NOW)
    assert "?" in render(d.reply, Language.EN, NOW)


def test_an_impossible_birth_weight_is_refused():
    assert_error_and_nothing_changes(Extraction(intent=Intent.PROFILE, profile=ProfileChange(birth_weight_kg=32)))


def test_values_said_while_a_profile_change_or_a_delete_waits_are_a_new_topic_not_a_supply():
    from domain.tasks import PendingTask
    from domain.vocabulary import TaskAction, TaskState

    waiting = [PendingTask(action=TaskAction.PROFILE_UPDATE, record_type=None, state=TaskState.AWAITING_CONFIRMATION,
                           started_by=1, expires_at=NOW + timedelta(minutes=50), id=5, revision=1, baby_id=7,
                           slots={"birth_weight_kg": 3.2}),
               PendingTask(action=TaskAction.DELETE, record_type=RecordType.FEEDING,
                           state=TaskState.AWAITING_CONFIRMATION, started_by=1,
                           expires_at=NOW + timedelta(minutes=50), id=5, revision=1, baby_id=7, target_record_id=3)]
    for task in waiting:
        d = decide_turn(turn(Extraction(intent=Intent.SUPPLY, slots=Slots(kind="formula")), active_task=task))
        assert not any(isinstance(e, WriteRecord) for e in d.effects)
        assert all(e.task.action is not task.action or e.task.state is TaskState.CANCELLED
                   for e in d.effects if isinstance(e, SaveTask))


def _written_ml(extraction: Extraction, units: DisplayUnits) -> float:
    d = decide_turn(turn(extraction, units=units))
    writes = [e for e in d.effects if isinstance(e, WriteRecord)]
    assert len(writes) == 1, d
    return writes[0].fields["amount_ml"]


def test_a_bare_number_is_read_in_the_family_s_own_volume_unit():
    said = record(RecordType.FEEDING, kind="formula", method="bottle", amount_ml=4, start=NOW)
    bare = said.model_copy(update={"amount_unit_assumed": True})
    assert _written_ml(bare, DisplayUnits(volume="oz")) == round(4 * OZ_ML, 1)
    assert _written_ml(bare.model_copy(update={"slots": bare.slots.model_copy(update={"amount_ml": 90})}),
                       METRIC) == 90


def test_an_amount_said_with_its_unit_is_never_converted_again():
    said = record(RecordType.FEEDING, kind="formula", method="bottle", amount_ml=118.3, start=NOW)
    assert _written_ml(said, DisplayUnits(volume="oz")) == 118.3
