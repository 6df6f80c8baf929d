"""Charts: the label language, a series per baby (twins), Chinese glyphs. PNGs are checked
through the text chunks the renderer writes, and a few through their pixels (glyphs drawn, bar heights)."""
from __future__ import annotations

from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from PIL import Image, ImageDraw

from bot.push import chart_ticks, raster
from bot.push import charts as chart
from bot.push.chart_labels import chart_words
from bot.push.chart_week import MILK_COLOURS
from bot.push.charts import (
    DAYS_KEY,
    LABELS_KEY,
    PNG_SIGNATURE,
    SERIES_KEY,
    GrowthChartData,
    WeekChartData,
    WeekSeries,
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
    drawn = png_text(render_week_chart(merged_week_chart_data([week(90, "小鹿"), week(120, "小熊")]),
                                       tmp_path / "w.png", "zh"))
    assert drawn[LABELS_KEY] == "zh" and drawn[SERIES_KEY] == "小鹿,小熊"
    fonts = chart._text_fonts()
    words = "".join(chart_words("zh").values()) + "".join(chart._labels("zh").values()) + "小鹿小熊"
    missing = {c for c in words if not c.isspace() and _is_missing(fonts.for_text(c, 10), c)}
    assert not missing


def _is_missing(face, char: str) -> bool:
    """A glyph the font lacks is drawn as its .notdef box, the same as a private-use character's."""
    return _ink(face, char) == _ink(face, "\ue000")


def _ink(face, char: str) -> bytes:
    image = Image.new("L", (48, 48))
    ImageDraw.Draw(image).text((8, 8), char, fill=255, font=face)
    return image.tobytes()


def test_a_font_without_chinese_glyphs_is_seen_to_lack_them() -> None:
    latin = raster.font(raster.latin_font_path(), 14)
    assert _is_missing(latin, "奶") and not _is_missing(latin, "A")


def test_the_chinese_title_is_really_drawn_in_ink(tmp_path) -> None:
    pytest.importorskip("pylopdf_fonts_zh_cn", reason="the project's Chinese font is not installed")
    image = Image.open(render_week_chart(week(90, "小鹿"), tmp_path / "w.png", "zh")).convert("L")
    title = image.crop((0, 0, 300, 40))
    assert sum(1 for p in title.tobytes() if p < 128) > 100       # the title's strokes, not a blank strip


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


def panels(path: Path) -> dict[str, list[str]]:
    import json

    return json.loads(png_text(path)[chart.PANELS_KEY])


def mixed_week():
    rows = []
    for d in DATES:
        noon = datetime.combine(d, datetime.min.time(), SHANGHAI).replace(hour=12)
        rows += [RecordView("feeding", noon, None, {"kind": "formula", "method": "bottle", "amount_ml": 120}),
                 RecordView("feeding", noon.replace(hour=15), None, {"kind": "breast_milk", "amount_ml": 60}),
                 RecordView("sleep", noon.replace(hour=13), noon.replace(hour=14), {"nap": True}),
                 RecordView("sleep", noon.replace(hour=0), noon.replace(hour=6), {"nap": False}),
                 RecordView("diaper", noon, None, {"wet": True, "solid": True}),
                 RecordView("diaper", noon.replace(hour=16), None, {"wet": True})]
    return list(summarise_days(rows, SHANGHAI, DATES).values())


def test_the_week_chart_splits_milk_by_kind_sleep_into_night_and_naps_and_marks_today_so_far(tmp_path) -> None:
    data = week_chart_data(mixed_week(), "Ada", so_far=True)
    assert data.series[0].stacks("sleep") == {"night": (6.0,) * 7, "nap": (1.0,) * 7}
    assert data.series[0].stacks("diapers") == {"wet": (2,) * 7, "solid": (1,) * 7}   # the mixed one in both
    drawn = render_week_chart(data, tmp_path / "w.png", "en")
    assert panels(drawn) == {"milk": ["formula", "breast_milk"], "sleep": ["night", "nap"],
                             "diapers": ["wet", "solid"]}
    assert png_text(drawn)[DAYS_KEY].split(",") == [str(d) for d in DATES]


def test_the_rhythm_chart_is_a_png_naming_its_days_and_what_it_drew(tmp_path) -> None:
    from domain.summary.rhythm import day_rhythm

    records = [RecordView("sleep", datetime(2025, 6, 2, 20, tzinfo=SHANGHAI), datetime(2025, 6, 3, 6, tzinfo=SHANGHAI),
                          {"nap": False}),
               RecordView("feeding", datetime(2025, 6, 3, 7, tzinfo=SHANGHAI), None, {"kind": "formula"})]
    rhythm = day_rhythm(records, SHANGHAI, DATES, as_of=datetime(2025, 6, 3, 9, tzinfo=SHANGHAI))
    drawn = png_text(chart.render_rhythm_chart(rhythm, tmp_path / "r.png", "zh", "小满"))
    assert drawn[DAYS_KEY].split(",") == [str(d) for d in DATES] and drawn[SERIES_KEY] == "小满"
    assert panels(tmp_path / "r.png") == {"rhythm": ["sleep_night", "feed"]}


def test_the_rhythm_legend_shows_each_diaper_mark_it_draws(tmp_path) -> None:
    from domain.summary.rhythm import day_rhythm

    def diaper(hour: int, **kind: bool) -> RecordView:
        return RecordView("diaper", datetime(2025, 6, 3, hour, tzinfo=SHANGHAI), None, kind)

    wet_and_mixed = day_rhythm([diaper(7, wet=True), diaper(9, wet=True, solid=True)], SHANGHAI, DATES)
    assert panels(chart.render_rhythm_chart(wet_and_mixed, tmp_path / "a.png", "en")) == {
        "rhythm": ["diaper_wet", "diaper_mixed"]}
    every_kind = day_rhythm([diaper(7, wet=True), diaper(8, solid=True), diaper(9, wet=True, solid=True)],
                            SHANGHAI, DATES)
    assert panels(chart.render_rhythm_chart(every_kind, tmp_path / "b.png", "en")) == {
        "rhythm": ["diaper_wet", "diaper_solid", "diaper_mixed"]}


def test_the_growth_chart_draws_the_who_bands_and_the_baby(tmp_path) -> None:
    girl = GrowthChartData("weight_kg", ((30, 4.2), (60, 5.1)), percentile_lines("weight_kg", "female", 90), "Ada")
    assert panels(render_growth_chart(girl, tmp_path / "g.png", "en")) == {
        "Ada": ["who_p3_p97", "who_p15_p85", "who_p50", "baby"]}


def test_fonts_are_loaded_once_and_reused_by_the_next_charts(tmp_path) -> None:
    render_week_chart(week_chart_data(mixed_week(), "Ada", so_far=True), tmp_path / "a.png", "zh")
    loaded = raster.font.cache_info().misses
    render_week_chart(week_chart_data(mixed_week(), "Ada", so_far=True), tmp_path / "b.png", "zh")
    render_week_chart(week_chart_data(mixed_week(), "Ada", so_far=True), tmp_path / "c.png", "zh")
    assert raster.font.cache_info().misses == loaded and raster.font.cache_info().hits > 0


def test_a_bar_is_as_many_pixels_high_as_its_value_says(tmp_path) -> None:
    values = (100.0, 200.0, 300.0, 400.0, 500.0, 600.0, 700.0)
    data = WeekChartData(tuple(DATES), (WeekSeries("Ada", milk_ml=values, sleep_h=(0.0,) * 7, diapers=(0,) * 7),))
    image = Image.open(render_week_chart(data, tmp_path / "milk.png", "en", panels=("milk",))).convert("RGB")
    heights = _bar_heights(image, MILK_COLOURS["formula"])
    assert len(heights) == 7
    per_ml = heights[-1] / values[-1]
    assert all(abs(h - v * per_ml) <= 1.5 for h, v in zip(heights, values, strict=True)), (heights, per_ml)


def _bar_heights(image: Image.Image, colour: str) -> list[int]:
    """The height in pixels of each run of columns holding `colour` (a bar), from left to right: a column's
    longest unbroken stretch of the colour (not the legend's box above)."""
    rgb = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    pixels = image.load()
    columns = [_longest(pixels[x, y] == rgb for y in range(image.height)) for x in range(image.width)]
    bars, run = [], []
    for count in [*columns, 0]:
        if count:
            run.append(count)
        elif run:
            bars.append(max(run))
            run = []
    return bars


def _longest(flags) -> int:
    longest = current = 0
    for flag in flags:
        current = current + 1 if flag else 0
        longest = max(longest, current)
    return longest


def test_a_family_that_reads_ounces_gets_its_milk_drawn_in_ounces(tmp_path) -> None:
    data = week_chart_data(mixed_week(), "Ada")
    ounces = chart._in_ounces(data.series[0])
    assert ounces.milk_ml == tuple(round(ml / 29.5735, 1) for ml in data.series[0].milk_ml)
    drawn = render_week_chart(data, tmp_path / "oz.png", "en", milk_unit="oz")
    assert panels(drawn)["milk"] == ["formula", "breast_milk"]


def test_a_sleep_in_the_rhythm_chart_is_as_wide_as_its_hours(tmp_path) -> None:
    from bot.push.chart_rhythm import NIGHT
    from domain.summary.rhythm import Rhythm, SleepSpan

    day = DATES[-1]
    short, long = SleepSpan(day, 1.0, 4.0, nap=False), SleepSpan(DATES[0], 12.0, 21.0, nap=False)
    path = chart.render_rhythm_chart(Rhythm(tuple(DATES), sleeps=(short, long)), tmp_path / "r.png", "en")
    image = Image.open(path).convert("RGB")
    rows = image.crop((0, 0, image.width, round(image.height * 0.83)))      # above the legend's boxes
    widths = sorted(_bar_heights(rows.transpose(Image.Transpose.TRANSPOSE), NIGHT))
    assert len(widths) == 2 and abs(widths[1] / widths[0] - 3.0) < 0.05, widths


def test_a_mixed_label_is_written_in_two_fonts_as_matplotlibs_fallback_did() -> None:
    fonts = raster.Fonts(cjk=chart._cjk_font_path(), latin=raster.latin_font_path())
    if fonts.cjk is None:
        pytest.skip("no Chinese font here")
    runs = fonts.runs("奶量 (ml)", 10)
    assert [words for words, _ in runs] == ["奶量", " (ml)"]
    assert runs[0][1] is not runs[1][1]


def test_y_ticks_are_the_round_numbers_matplotlib_would_choose() -> None:
    assert chart_ticks.nice_ticks(991.2, 4, integer=True) == [0, 250, 500, 750]
    assert chart_ticks.nice_ticks(15.34, 4) == [0, 4, 8, 12]
    assert chart_ticks.nice_ticks(9.44, 4, integer=True) == [0, 3, 6, 9]
    assert chart_ticks.nice_ticks(2.36, 4, integer=True) == [0, 1, 2]
    assert chart_ticks.nice_ticks(0.0, 4, integer=True) == [0, 1]


def test_the_growth_chart_paints_the_bands_only_when_it_has_the_who_lines(tmp_path) -> None:
    from bot.push.chart_growth import INNER, OUTER, POINTS

    def colours(path: Path) -> set[tuple[int, int, int]]:
        return {rgb for _, rgb in Image.open(path).convert("RGB").getcolors(1 << 20)}

    def rgb(colour: str) -> tuple[int, int, int]:
        return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))

    points = ((30, 4.2), (60, 5.1))
    banded = colours(render_growth_chart(GrowthChartData("weight_kg", points, percentile_lines(
        "weight_kg", "female", 90), "Ada"), tmp_path / "banded.png", "en"))
    bare = colours(render_growth_chart(GrowthChartData("weight_kg", points, {}, "Ada"), tmp_path / "bare.png", "en"))
    assert {rgb(OUTER), rgb(INNER), rgb(POINTS)} <= banded
    assert rgb(POINTS) in bare and not {rgb(OUTER), rgb(INNER)} & bare


def test_twins_get_a_rhythm_each_in_one_picture_on_the_familys_clock(tmp_path) -> None:
    from domain.summary.rhythm import day_rhythm
    from domain.units import US_CUSTOMARY

    def nap(hour: int) -> RecordView:
        return RecordView("sleep", datetime(2025, 6, 3, hour, tzinfo=SHANGHAI),
                          datetime(2025, 6, 3, hour + 1, tzinfo=SHANGHAI), {"nap": True})

    ada, leo = day_rhythm([nap(9)], SHANGHAI, DATES), day_rhythm([nap(13)], SHANGHAI, DATES)
    path = chart.render_rhythm_charts([("Ada", ada), ("Leo", leo)], tmp_path / "twins.png", "en", US_CUSTOMARY)
    assert png_text(path)[SERIES_KEY] == "Ada,Leo"
    assert panels(path) == {"Ada": ["sleep_nap"], "Leo": ["sleep_nap"]}
    one = chart.render_rhythm_chart(ada, tmp_path / "one.png", "en", "Ada")
    assert Image.open(path).size[1] == 2 * Image.open(one).size[1]
