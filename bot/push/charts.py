"""PNG charts (matplotlib, Agg): the last days' milk, sleep and diapers; the growth curve.

The data each chart plots is a plain value (`WeekChartData`, `GrowthChartData`), so tests
can check what was drawn without reading pixels.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from pathlib import Path

from domain.replies.catalog import language_of, text
from domain.summary.days import DaySummary
from domain.vocabulary import Language

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
DAYS_KEY = "Fawn-Days"      # a PNG text chunk naming the days plotted, for tests and debugging
SERIES_KEY = "Fawn-Series"  # the series (babies) drawn, as named in the legend or panel titles
LABELS_KEY = "Fawn-Labels"  # the language the labels were drawn in: zh or en
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


@dataclass(frozen=True)
class WeekChartData:
    """The days plotted and one series per baby (twins: two series side by side)."""

    days: tuple[date, ...]
    series: tuple[WeekSeries, ...]

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


def week_chart_data(days: Sequence[DaySummary], name: str = "") -> WeekChartData:
    ordered = sorted(days, key=lambda d: d.local_date)
    return WeekChartData(
        days=tuple(d.local_date for d in ordered),
        series=(WeekSeries(name,
                           milk_ml=tuple(round(d.feeding.milk_ml, 1) for d in ordered),
                           sleep_h=tuple(round(d.sleep.total_min / 60, 1) for d in ordered),
                           diapers=tuple(d.diapers.count for d in ordered)),))


def merged_week_chart_data(charts: Sequence[WeekChartData]) -> WeekChartData:
    """One chart with every baby's series (the charts cover the same days)."""
    return WeekChartData(charts[0].days, tuple(s for chart in charts for s in chart.series))


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
def _cjk_font() -> str | None:
    """The name of a font that has Chinese glyphs: the bundled one, else a system one."""
    from matplotlib import font_manager

    bundled = bundled_cjk_font()
    if bundled is not None:
        font_manager.fontManager.addfont(str(bundled))
        return font_manager.FontProperties(fname=str(bundled)).get_name()
    names = {f.name for f in font_manager.fontManager.ttflist}
    return next((name for name in _CJK_FONTS if name in names), None)


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


def _figure(rows: int):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7, 2.2 * rows), dpi=100, layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def _fonts(lang: str):
    """A context using the Chinese font (for Chinese labels or names) when there is one."""
    import matplotlib

    font = _cjk_font()
    return matplotlib.rc_context({"font.family": ["DejaVu Sans", font]} if font else {})


def render_week_chart(data: WeekChartData, path: Path, language: str = "zh") -> Path:
    """Three bar panels, one bar per day and baby; writes a PNG to `path` and returns it."""
    lang = label_language(language)
    names = _shown_names([s.name for s in data.series], lang)
    with _fonts(lang):
        figure = _figure(3)
        _draw_week(figure, data, _labels(lang), names)
        path.parent.mkdir(parents=True, exist_ok=True)
        figure.savefig(path, format="png", metadata={
            DAYS_KEY: ",".join(map(str, data.days)), SERIES_KEY: ",".join(names),
            LABELS_KEY: lang})
    return path


def _draw_week(figure, data: WeekChartData, labels: dict[str, str],
               names: Sequence[str]) -> None:
    axes = figure.subplots(3, 1, sharex=True)
    ticks = [f"{d.month}/{d.day}" for d in data.days]
    count = len(data.series)
    width = 0.7 / count
    for index, series in enumerate(data.series):
        positions = [i + (index - (count - 1) / 2) * width for i in range(len(data.days))]
        colour = _COLOURS[index % len(_COLOURS)]
        for ax, values in ((axes[0], series.milk_ml), (axes[1], series.sleep_h),
                           (axes[2], series.diapers)):
            bars = ax.bar(positions, values, color=colour, width=width * 0.9,
                          label=names[index] if count > 1 else None)
            ax.bar_label(bars, fmt="%g", fontsize=7 if count > 1 else 8)
    for ax, label in zip(axes, (labels["milk"], labels["sleep"], labels["diapers"]), strict=True):
        ax.set_ylabel(label)
        ax.margins(y=0.2)
        ax.spines[["top", "right"]].set_visible(False)
    if count > 1:
        axes[0].legend(fontsize=8, loc="upper left", ncols=count, frameon=False)
    axes[2].set_xticks(list(range(len(data.days))), ticks)


def render_growth_chart(data: GrowthChartData | Sequence[GrowthChartData], path: Path,
                        language: str = "zh") -> Path:
    """Each baby's measurements over its own WHO percentile lines (P3, P15, P50, P85, P97),
    one panel per baby (twins may differ in sex, and so in lines)."""
    panels = [data] if isinstance(data, GrowthChartData) else list(data)
    lang = label_language(language)
    names = _shown_names([p.name for p in panels], lang)
    with _fonts(lang):
        figure = _figure(2 * len(panels))
        axes = figure.subplots(len(panels), 1, squeeze=False)[:, 0]
        for ax, panel, name in zip(axes, panels, names, strict=True):
            _draw_growth(ax, panel, _labels(lang))
            if len(panels) > 1:
                ax.set_title(name, fontsize=10, loc="left")
        path.parent.mkdir(parents=True, exist_ok=True)
        figure.savefig(path, format="png", metadata={SERIES_KEY: ",".join(names),
                                                     LABELS_KEY: lang})
    return path


def _draw_growth(ax, data: GrowthChartData, labels: dict[str, str]) -> None:
    for percentile, curve in sorted(data.lines.items()):
        weeks = [day / 7 for day, _ in curve]
        style = "-" if percentile == 50 else "--"
        ax.plot(weeks, [v for _, v in curve], style, color="#999999", linewidth=1)
        if curve:
            ax.annotate(f"P{percentile}", (weeks[-1], curve[-1][1]), fontsize=7, color="#666666")
    if data.points:
        ax.plot([d / 7 for d, _ in data.points], [v for _, v in data.points], "o-",
                color="#d8436b", label=labels["baby"])
    ax.set_xlabel(labels["age"])
    ax.set_ylabel(labels[data.measure])
    ax.spines[["top", "right"]].set_visible(False)
