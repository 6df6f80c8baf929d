"""Display units: one rounding per unit, the family's choice applied to every text, storage untouched."""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from hypothesis import given
from hypothesis import strategies as st

from bot.understanding.readers.units import read_units_setting, units_said
from domain.decide.settings import SETTING_NAMES
from domain.extraction import SettingsChange
from domain.replies import amounts
from domain.replies.catalog import has_text
from domain.replies.describe import describe
from domain.units import (
    LB_KG,
    METRIC,
    OZ_KG,
    US_CUSTOMARY,
    DisplayUnits,
    display_units,
    shown_lb_oz,
    units_unchosen,
)
from domain.vocabulary import Language

NOW = datetime(2026, 5, 4, 20, 15, tzinfo=ZoneInfo("Asia/Shanghai"))


def test_a_family_without_a_choice_reads_metric_and_every_quantity_is_still_unchosen() -> None:
    assert display_units(None) == METRIC
    assert units_unchosen({}) == {"volume", "weight", "length", "temperature"}
    assert units_unchosen({"volume": "oz", "weight": "stone"}) == {"weight", "length", "temperature"}


def test_an_unknown_stored_unit_is_read_as_metric() -> None:
    assert display_units({"volume": "gallon", "weight": "jin"}) == DisplayUnits(weight="jin")


def test_ounces_of_milk_are_shown_to_one_decimal_without_trailing_zeros() -> None:
    with amounts.units_shown(US_CUSTOMARY):
        assert amounts.volume(118.29, Language.EN) == "4 oz"
        assert amounts.volume(100, Language.EN) == "3.4 oz"


def test_millilitres_are_whole_everywhere() -> None:
    assert amounts.volume(295.77, Language.EN) == "296ml"
    assert amounts.volume(118.3, Language.ZH) == "118ml"


def test_a_weight_reads_in_pounds_and_ounces_or_in_jin() -> None:
    with amounts.units_shown(US_CUSTOMARY):
        assert amounts.weight(14 * LB_KG + 5 * OZ_KG, Language.EN) == "14 lb 5 oz"
        assert amounts.weight(7 * LB_KG, Language.EN) == "7 lb"
    with amounts.units_shown(DisplayUnits(weight="jin")):
        assert amounts.weight(6.15, Language.ZH) == "12.3斤"
    assert amounts.weight(6.15, Language.ZH) == "6.15kg"


def test_a_temperature_reads_in_fahrenheit_for_a_family_that_chose_it() -> None:
    with amounts.units_shown(US_CUSTOMARY):
        assert amounts.temperature(38.0, Language.EN) == "100.4°F"
    assert amounts.temperature(38.0, Language.ZH) == "38°C"


def test_the_units_apply_to_a_whole_record_line_and_end_with_the_block() -> None:
    feed = {"start": NOW, "kind": "formula", "amount_ml": 147.87}
    with amounts.units_shown(US_CUSTOMARY):
        assert describe("feeding", feed, NOW, Language.EN).startswith("formula 5 oz")
    assert describe("feeding", feed, NOW, Language.EN).startswith("formula 148ml")


@given(st.floats(min_value=0.3, max_value=40, allow_nan=False))
def test_pounds_and_ounces_never_show_sixteen_ounces_and_add_up_to_the_weight(kg: float) -> None:
    pounds, ounces = shown_lb_oz(kg)
    assert 0 <= ounces < 16
    assert abs((pounds * 16 + ounces) * OZ_KG - kg) <= 0.05 * OZ_KG + 1e-9


def test_the_units_a_message_used_are_read_by_quantity() -> None:
    assert units_said("just had 4oz formula") == {"volume": "oz"}
    assert units_said("weight 14 lb 5 oz") == {"weight": "lb"}
    assert units_said("体重12斤3两，喝了120ml") == {"weight": "jin", "volume": "ml"}
    assert units_said("temp 100.4F") == {"temperature": "f"}
    assert units_said("吃了30g米粉") == {}


def test_a_request_for_other_units_is_a_settings_change() -> None:
    assert read_units_setting("用斤显示") == SettingsChange(weight_unit="jin")
    assert read_units_setting("show ounces") == SettingsChange(volume_unit="oz")
    assert read_units_setting("use US units").temperature_unit == "f"
    assert read_units_setting("/settings units metric").volume_unit == "ml"
    assert read_units_setting("用了30ml") is None
    assert read_units_setting("show me the photos") is None


def test_every_setting_has_a_name_to_show_in_both_languages() -> None:
    for lang in Language:
        missing = [n for n in SETTING_NAMES if not has_text(lang, f"telegram.setting.{n}") or
                   not has_text(lang, f"setting.{n}")]
        assert missing == []
