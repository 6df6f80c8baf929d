"""Charts: the label language, a series per baby (twins), Chinese glyphs. PNGs are checked
through the text chunks the renderer writes, not pixels."""
from __future__ import annotations

import warnings
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from PIL import Image

from bot.push import charts as chart
from bot.push.charts import (
    DAYS_KEY,
    LABELS_KEY,
    PNG_SIGNATURE,
    SERIES_KEY,
    GrowthChartData,
    label_language,
    merged_week_chart_data,
    render_growth_chart,
    render_week_chart,
    week_chart_data,
)
from bot.push.growth import percentile_lines
from domain.summary.days import RecordView, summarise_days

SHANGHAI = ZoneInfo("Asia/Shanghai")
DATES = [date(2025, 6, 3) - timedelta(days=i) for i in range(6, -1, -1)]


def week(ml: float, name: str):
    feeds = [RecordView("feeding", datetime.combine(d, datetime.min.time(), SHANGHAI).replace(hour=9),
                        None, {"kind": "formula", "method": "bottle", "amount_ml": ml}) for d in DATES]
    return week_chart_data(list(summarise_days(feeds, SHANGHAI, DATES).values()), name)


def png_text(path: Path) -> dict[str, str]:
    assert path.read_bytes()[:8] == PNG_SIGNATURE
    return dict(Image.open(path).text)


@pytest.fixture
def no_cjk_font(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chart, "_cjk_font", lambda: None)


@pytest.fixture
def a_cjk_font(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chart, "_cjk_font", lambda: "Noto Sans SC")


def test_chinese_families_get_chinese_labels_when_a_chinese_font_is_there(a_cjk_font) -> None:
    assert label_language("zh") == "zh" and label_language("zh-CN") == "zh"
    assert label_language("en") == "en"
    assert chart._labels("zh")["milk"] == "奶量 (ml)"


def test_without_a_chinese_font_the_labels_fall_back_to_english(no_cjk_font, tmp_path) -> None:
    assert label_language("zh") == "en"
    drawn = png_text(render_week_chart(merged_week_chart_data([week(90, "小鹿"), week(120, "Leo")]),
                                       tmp_path / "w.png", "zh"))
    # A Chinese name cannot be drawn either: the legend says Baby 1 instead of boxes.
    assert drawn[LABELS_KEY] == "en" and drawn[SERIES_KEY] == "Baby 1,Leo"


def test_the_bundled_font_draws_chinese_labels_and_names_without_missing_glyphs(tmp_path) -> None:
    pytest.importorskip("pylopdf_fonts_zh_cn", reason="the project's Chinese font is not installed")
    chart._cjk_font.cache_clear()
    assert chart._cjk_font() == "Noto Sans SC" and label_language("zh") == "zh"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        drawn = png_text(render_week_chart(merged_week_chart_data([week(90, "小鹿"), week(120, "小熊")]),
                                           tmp_path / "w.png", "zh"))
    assert drawn[LABELS_KEY] == "zh" and drawn[SERIES_KEY] == "小鹿,小熊"
    assert not [w for w in caught if "missing from font" in str(w.message)]


def test_twins_are_two_series_over_the_same_days(tmp_path) -> None:
    data = merged_week_chart_data([week(90, "Ada"), week(120, "Leo")])
    assert [s.name for s in data.series] == ["Ada", "Leo"]
    assert data.series[0].milk_ml == (90,) * 7 and data.series[1].milk_ml == (120,) * 7
    drawn = png_text(render_week_chart(data, tmp_path / "twins.png", "en"))
    assert drawn[DAYS_KEY].split(",") == [str(d) for d in DATES]
    assert drawn[SERIES_KEY] == "Ada,Leo" and drawn[LABELS_KEY] == "en"


def test_twins_growth_curves_are_a_panel_each_with_their_own_who_lines(tmp_path) -> None:
    girl = GrowthChartData("weight_kg", ((30, 4.2), (60, 5.1)),
                           percentile_lines("weight_kg", "female", 90), "Ada")
    boy = GrowthChartData("weight_kg", ((30, 4.6),), percentile_lines("weight_kg", "male", 90), "Leo")
    assert girl.lines[50] != boy.lines[50]
    drawn = png_text(render_growth_chart([girl, boy], tmp_path / "growth.png", "en"))
    assert drawn[SERIES_KEY] == "Ada,Leo"
    assert Image.open(tmp_path / "growth.png").size[1] > \
        Image.open(render_growth_chart(girl, tmp_path / "one.png", "en")).size[1]
