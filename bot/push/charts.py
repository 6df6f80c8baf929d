"""PNG charts drawn with Pillow (bot/push/raster.py, a few ms a picture): the last days' milk, sleep and
diapers; the week's rhythm (作息图); the growth curve over WHO bands.

The data each chart plots is a plain value (`WeekChartData`, `Rhythm`, `GrowthChartData`), so tests
can check what was drawn without reading pixels: the PNG's text chunks name the days, the babies, the
label language and, per panel, the series drawn (PANELS_KEY, JSON).
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from functools import lru_cache
from pathlib import Path

from bot.push.chart_growth import draw_growth
from bot.push.chart_rhythm import draw_rhythm
from bot.push.chart_week import PANEL_KEYS, draw_week
from bot.push.raster import DPI, DRAWING, Canvas, Fonts, font_family, latin_font_path
from domain.replies.amounts import units_shown
from domain.replies.catalog import language_of, text
from domain.summary.days import DaySummary
from domain.summary.rhythm import Rhythm
from domain.units import METRIC, DisplayUnits, measure_scale, shown_oz
from domain.vocabulary import MILK_KINDS, Language

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
DAYS_KEY = "Fawn-Days"      # a PNG text chunk naming the days plotted, for tests and debugging
SERIES_KEY = "Fawn-Series"  # the series (babies) drawn, as named in the legend or panel titles
LABELS_KEY = "Fawn-Labels"  # the language the labels were drawn in: zh or en
PANELS_KEY = "Fawn-Panels"  # JSON: panel → the series drawn in it, e.g. {"milk": ["formula", "breast_milk"], ...}
VALUES_KEY = "Fawn-Values"  # JSON: panel → per series, its values a day as drawn (and the numbers written over them)
UNITS_KEY = "Fawn-Units"    # the unit the values were drawn in: the milk's (ml, oz), a growth chart's (kg, lb, in …)
WEEK_SIZE, RHYTHM_SIZE, GROWTH_PANEL = (7.0, 6.8), (7.0, 4.2), (7.0, 3.4)   # inches at DPI
PANEL_HEIGHT = 2.2          # inches per panel when a week chart shows fewer than three
_CJK_FONTS = ("Noto Sans SC", "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Zen Hei",
              "WenQuanYi Micro Hei", "SimHei", "Microsoft YaHei", "PingFang SC", "Heiti SC")
_LABEL_NAMES = ("milk", "sleep", "diapers", "weight_kg", "height_cm", "head_cm", "age", "baby")
_COLOURS = ("#4c9be8", "#e8a04c", "#8e6bd8", "#d8436b")


@dataclass(frozen=True)
class WeekSeries:
    name: str
    milk_ml: tuple[float, ...]
    sleep_h: tuple[float, ...]
    diapers: tuple[int, ...]
    milk_by_kind: tuple[tuple[str, tuple[float, ...]], ...] = ()   # (formula, ml per day), (breast_milk, …)
    night_h: tuple[float, ...] = ()
    nap_h: tuple[float, ...] = ()
    wet: tuple[int, ...] = ()            # wet diapers (dirty too or not): the summary's count
    solid: tuple[int, ...] = ()          # dirty diapers (wet too or not)

    def stacks(self, panel: str) -> dict[str, tuple[float, ...]]:
        """The panel's series: stacked bottom first (milk, sleep), or side by side (diapers: a wet and a
        dirty bar, a mixed diaper in both, as every text counts them)."""
        if panel == "milk":
            return dict(self.milk_by_kind) or {"formula": self.milk_ml}
        if panel == "sleep":
            return {"night": self.night_h, "nap": self.nap_h} if self.night_h else {"night": self.sleep_h}
        return {"wet": self.wet, "solid": self.solid} if self.wet or self.solid else {"diaper": self.diapers}

    def totals(self, panel: str) -> tuple[float, ...]:
        """What each day's bar (stack) adds up to, as the texts say it."""
        return {"milk": self.milk_ml, "sleep": self.sleep_h}.get(panel, self.diapers)


@dataclass(frozen=True)
class WeekChartData:
    """The days plotted and one series per baby (twins: two series side by side)."""

    days: tuple[date, ...]
    series: tuple[WeekSeries, ...]
    so_far: bool = False          # the last day is not over: its bars are lighter, labelled "so far"
    title: str = ""               # the baby's name for the title (twins: their names from the series)

    @property
    def milk_ml(self) -> tuple[float, ...]:
        return self.series[0].milk_ml

    @property
    def sleep_h(self) -> tuple[float, ...]:
        return self.series[0].sleep_h

    @property
    def diapers(self) -> tuple[int, ...]:
        return self.series[0].diapers


@dataclass(frozen=True)
class GrowthChartData:
    measure: str                                          # weight_kg | height_cm | head_cm
    points: tuple[tuple[int, float], ...]                 # (age in days, value)
    lines: dict[int, list[tuple[int, float]]]             # percentile → curve
    name: str = ""                                        # the baby's name, a panel's title


def week_chart_data(days: Sequence[DaySummary], name: str = "", so_far: bool = False,
                    title: str = "") -> WeekChartData:
    ordered = sorted(days, key=lambda d: d.local_date)
    by_kind = tuple((kind, tuple(round(d.feeding.ml_by_kind.get(kind, 0.0), 1) for d in ordered))
                    for kind in MILK_KINDS)
    return WeekChartData(
        days=tuple(d.local_date for d in ordered),
        series=(WeekSeries(name,
                           milk_ml=tuple(round(d.feeding.milk_ml, 1) for d in ordered),
                           sleep_h=tuple(round(d.sleep.total_min / 60, 1) for d in ordered),
                           diapers=tuple(d.diapers.count for d in ordered), milk_by_kind=by_kind,
                           night_h=tuple(round(d.sleep.night_min / 60, 1) for d in ordered),
                           nap_h=tuple(round(d.sleep.nap_min / 60, 1) for d in ordered),
                           wet=tuple(d.diapers.wet for d in ordered),
                           solid=tuple(d.diapers.solid for d in ordered)),),
        so_far=so_far, title=title or name)


def merged_week_chart_data(charts: Sequence[WeekChartData]) -> WeekChartData:
    """One chart with every baby's series (the charts cover the same days)."""
    return WeekChartData(charts[0].days, tuple(s for chart in charts for s in chart.series),
                         so_far=any(c.so_far for c in charts), title=charts[0].title if len(charts) == 1 else "")


def bundled_cjk_font() -> Path | None:
    """The Simplified Chinese font installed with the project (Noto Sans SC, from the
    `pylopdf-fonts-zh-cn` package), when it is installed."""
    try:
        from pylopdf_fonts_zh_cn import sans_path
    except ImportError:
        return None
    path = Path(sans_path())
    return path if path.is_file() else None


@lru_cache(maxsize=1)
def _cjk_font_path() -> Path | None:
    """A font file with Chinese glyphs: the bundled one, else a system one matplotlib's font list knows."""
    bundled = bundled_cjk_font()
    if bundled is not None:
        return bundled
    from matplotlib import font_manager

    files = {f.name: f.fname for f in font_manager.fontManager.ttflist}
    return next((Path(files[name]) for name in _CJK_FONTS if name in files), None)


@lru_cache(maxsize=1)
def _cjk_font() -> str | None:
    """The family name of that font; None when no Chinese glyphs can be drawn (then labels are English)."""
    path = _cjk_font_path()
    return font_family(path) if path is not None else None


def _text_fonts() -> Fonts:
    """The Pillow charts' fonts: the Chinese one only when `_cjk_font` says there is one."""
    return Fonts(cjk=_cjk_font_path() if _cjk_font() else None, latin=latin_font_path())


def label_language(language: str) -> str:
    """The family's language, when its labels need no Chinese font or one is there; else en
    (English labels rather than boxes where the glyphs are missing)."""
    lang = language_of(language)
    return lang.value if text(lang, "chart.script") != "cjk" or _cjk_font() else Language.EN.value


def _labels(lang: str) -> dict[str, str]:
    """The chart's labels in `lang`, a language `label_language` chose."""
    return {name: text(Language(lang), f"chart.{name}") for name in _LABEL_NAMES}


def _shown_names(names: Sequence[str], lang: str) -> list[str]:
    """Baby names as drawn: a Chinese name needs the Chinese font, else `Baby 1`."""
    drawable = text(Language(lang), "chart.script") == "cjk" or _cjk_font() is not None
    return [name if name and (drawable or name.isascii()) else
            f"{_labels(lang)['baby']} {i}" for i, name in enumerate(names, start=1)]


def render_week_chart(data: WeekChartData, path: Path, language: str = "zh",
                      panels: Sequence[str] = PANEL_KEYS, milk_unit: str = "ml") -> Path:
    """Panels of stacked bars (milk by kind, sleep as night + naps, diapers as wet + dirty — all three, or
    those in `panels`), a bar group per baby; writes a PNG to `path` and returns it. `milk_unit` oz draws
    the milk in ounces (a family that reads oz)."""
    lang = label_language(language)
    labels = _labels(lang)
    if milk_unit == "oz":
        data = replace(data, series=tuple(_in_ounces(s) for s in data.series))
        labels["milk"] = text(Language(lang), "chart.milk_oz")
    names = _shown_names([s.name for s in data.series], lang)
    title = _shown_names([data.title], lang)[0] if data.title else ""
    shown = tuple(p for p in PANEL_KEYS if p in panels) or PANEL_KEYS
    size = WEEK_SIZE if len(shown) == len(PANEL_KEYS) else (WEEK_SIZE[0], PANEL_HEIGHT * len(shown) + 1.3)
    canvas = Canvas(round(size[0] * DPI), round(size[1] * DPI), _text_fonts())
    titled = WeekChartData(data.days, data.series, data.so_far, title)
    with DRAWING:
        drawn = draw_week(canvas, titled, labels, names, lang, shown, milk_decimals=1 if milk_unit == "oz" else 0)
    values = {panel: [{**series.stacks(panel), "total": series.totals(panel)} for series in data.series]
              for panel in shown}
    return canvas.save(path, {**_chunks(data.days, names, lang, drawn), UNITS_KEY: milk_unit,
                              VALUES_KEY: json.dumps(values)})


def _in_ounces(series: WeekSeries) -> WeekSeries:
    def oz(values: tuple[float, ...]) -> tuple[float, ...]:
        return tuple(shown_oz(v) for v in values)

    return replace(series, milk_ml=oz(series.milk_ml),  # each day's total as the text rounds it, not a sum
                   milk_by_kind=tuple((kind, oz(values)) for kind, values in series.milk_by_kind))


def render_rhythm_chart(rhythm: Rhythm, path: Path, language: str = "zh", name: str = "",
                        units: DisplayUnits = METRIC) -> Path:
    """The week's rhythm (作息图): a row per day, 0–24 h across (on the family's clock), sleep bars (night /
    nap), feed and diaper marks, "now" on today's row."""
    return render_rhythm_charts([(name, rhythm)], path, language, units)


def render_rhythm_charts(rhythms: Sequence[tuple[str, Rhythm]], path: Path, language: str = "zh",
                         units: DisplayUnits = METRIC) -> Path:
    """Each baby's rhythm (twins: one under the other, each with its name), in one picture."""
    lang = label_language(language)
    names = _shown_names([name for name, _ in rhythms], lang) if any(name for name, _ in rhythms) else \
        [""] * len(rhythms)
    width, height = round(RHYTHM_SIZE[0] * DPI), round(RHYTHM_SIZE[1] * DPI)
    whole = Canvas(width, height * len(rhythms), _text_fonts())
    drawn: dict[str, list[str]] = {}
    with DRAWING, units_shown(units):
        for i, ((_, rhythm), name) in enumerate(zip(rhythms, names, strict=True)):
            canvas = Canvas(width, height, whole.fonts)
            series = draw_rhythm(canvas, rhythm, name, lang)["rhythm"]
            drawn[name if len(rhythms) > 1 else "rhythm"] = series
            whole.image.paste(canvas.image, (0, i * height))
    return whole.save(path, _chunks(rhythms[0][1].days, [n for n in names if n], lang, drawn))


def render_growth_chart(data: GrowthChartData | Sequence[GrowthChartData], path: Path,
                        language: str = "zh", units: DisplayUnits = METRIC) -> Path:
    """Each baby's measurements over its own WHO bands (P3–P97, P15–P85) and P50 line, one panel per
    baby (twins may differ in sex, and so in lines), in the family's units (lb, in, 斤: axis and labels)."""
    panels = [growth_in_units(p, units) for p in ([data] if isinstance(data, GrowthChartData) else data)]
    lang = label_language(language)
    names = _shown_names([p.name for p in panels], lang)
    labels = _labels(lang)
    shown_units = []
    for panel in panels:
        unit, _ = measure_scale(panel.measure, units)
        labels[panel.measure] = text(Language(lang), f"chart.{panel.measure.rsplit('_', 1)[0]}_{unit}")
        shown_units.append(unit)
    canvas = Canvas(round(GROWTH_PANEL[0] * DPI), round(GROWTH_PANEL[1] * len(panels) * DPI), _text_fonts())
    with DRAWING:
        drawn = {name or panel.measure: draw_growth(canvas, box, panel, labels, name, lang)
                 for box, panel, name in zip(_growth_boxes(canvas.size, len(panels)), panels, names, strict=True)}
    return canvas.save(path, {**_chunks((), names, lang, drawn), UNITS_KEY: ",".join(dict.fromkeys(shown_units))})


def growth_in_units(data: GrowthChartData, units: DisplayUnits) -> GrowthChartData:
    """The measurements and the WHO lines in the family's unit (stored: kg and cm)."""
    _, scale = measure_scale(data.measure, units)
    if scale == 1.0:
        return data
    return replace(data, points=tuple((day, value * scale) for day, value in data.points),
                   lines={p: [(day, value * scale) for day, value in curve] for p, curve in data.lines.items()})


def _growth_boxes(size: tuple[int, int], count: int) -> list[tuple[float, float, float, float]]:
    """Each growth panel's (left, top, right, bottom) in pixels: 0.35 in kept above, 0.5 in below."""
    width, height = size
    top, bottom = 0.35 * DPI, height - 0.5 * DPI
    panel = (bottom - top) / (count + 0.45 * (count - 1))
    return [(0.1 * width, top + i * panel * 1.45, 0.93 * width, top + i * panel * 1.45 + panel) for i in range(count)]


def _chunks(days: Sequence[date], names: Sequence[str], lang: str, drawn: dict[str, list[str]]) -> dict[str, str]:
    chunks = {SERIES_KEY: ",".join(names), LABELS_KEY: lang, PANELS_KEY: json.dumps(drawn, ensure_ascii=False)}
    if days:
        chunks[DAYS_KEY] = ",".join(map(str, days))
    return chunks
