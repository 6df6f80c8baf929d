"""Which reminders are due: pure decisions, off by default."""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from bot.push.reminders import ReminderSettings, due_reminders
from domain.summary.days import RecordView

SHANGHAI = ZoneInfo("Asia/Shanghai")
ALL_ON = ReminderSettings(medication=True, no_feeding_hours=4, open_sleep_hours=6)


def at(hour: int, minute: int = 0) -> datetime:
    return datetime(2025, 6, 3, hour, minute, tzinfo=SHANGHAI)


def dose(record_id: int, when: datetime, every_h: float | None = 6) -> RecordView:
    return RecordView("health", when, None, {"kind": "medication", "medication": "布洛芬",
                                             "next_dose_after_h": every_h}, record_id)


def feed(record_id: int, when: datetime) -> RecordView:
    return RecordView("feeding", when, None, {"kind": "formula", "amount_ml": 90}, record_id)


def test_every_reminder_is_off_by_default() -> None:
    settings = ReminderSettings.from_settings({})
    assert not settings.any_on
    records = [dose(1, at(8)), feed(2, at(6)), RecordView("sleep", at(1), None, {}, 3)]
    assert due_reminders(records, settings, at(14, 30), SHANGHAI, "宝宝") == []


def test_settings_are_read_from_the_family_settings_json() -> None:
    settings = ReminderSettings.from_settings(
        {"reminders": {"medication": True, "no_feeding_hours": "4", "open_sleep_hours": 0}})
    assert settings == ReminderSettings(medication=True, no_feeding_hours=4.0, open_sleep_hours=None)


def test_the_next_medication_dose_is_due_after_its_interval() -> None:
    reminders = due_reminders([dose(7, at(8))], ALL_ON, at(14, 5), SHANGHAI, "小鹿")
    assert [r.key for r in reminders] == ["med:7"]
    assert reminders[0].text == "⏰ 小鹿该吃下一次布洛芬了（上次 08:00，间隔 6 小时）。"


def test_no_medication_reminder_before_the_interval_or_once_the_next_dose_is_given() -> None:
    assert due_reminders([dose(7, at(8))], ALL_ON, at(13, 55), SHANGHAI, "宝宝") == []
    given = [dose(7, at(8)), dose(8, at(14, 2), every_h=None)]
    assert due_reminders(given, ALL_ON, at(14, 5), SHANGHAI, "宝宝") == []


def test_a_missed_dose_long_past_is_not_reminded() -> None:
    assert due_reminders([dose(7, at(2))], ALL_ON, at(11), SHANGHAI, "宝宝") == []


def test_no_feeding_for_n_hours_names_the_last_feed() -> None:
    reminders = due_reminders([feed(1, at(6)), feed(2, at(9))], ALL_ON, at(13, 30), SHANGHAI, "宝宝")
    assert [r.key for r in reminders] == ["feed:2"]
    assert "已经 4小时30分 没有喂奶记录了（上次 09:00）" in reminders[0].text
    assert due_reminders([feed(2, at(9))], ALL_ON, at(12, 59), SHANGHAI, "宝宝") == []


def test_a_sleep_left_open_too_long_asks_whether_the_wake_up_was_forgotten() -> None:
    records = [RecordView("sleep", at(1), None, {}, 5)]
    reminders = due_reminders(records, ALL_ON, at(7, 30), SHANGHAI, "宝宝")
    assert [r.key for r in reminders] == ["sleep:5"]
    assert reminders[0].text.endswith("忘记记醒了？")
    english = due_reminders(records, ALL_ON, at(7, 30), SHANGHAI, "Fawn", "en")
    assert "Forgot to log the wake-up?" in english[0].text


def test_reminder_keys_fit_the_claim_kind_column() -> None:
    records = [RecordView("sleep", at(1), None, {}, 9_999_999_999), dose(9_999_999_999, at(1, 30))]
    settings = ReminderSettings(medication=True, open_sleep_hours=6)
    reminders = due_reminders(records, settings, at(7, 31), SHANGHAI, "宝宝")
    assert len(reminders) == 2 and all(len(r.key) <= 16 for r in reminders)
