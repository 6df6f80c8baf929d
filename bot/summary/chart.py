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

from domain.summary import DaySummary

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
DAYS_KEY = "Fawn-Days"      # a PNG text chunk naming the days plotted, for tests and debugging
_CJK_FONTS = ("Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "WenQuanYi Zen Hei",
              "WenQuanYi Micro Hei", "SimHei", "Microsoft YaHei", "PingFang SC", "Heiti SC")
_LABELS = {
    "en": {"milk": "Milk (ml)", "sleep": "Sleep (h)", "diapers": "Diapers",
           "weight_kg": "Weight (kg)", "height_cm": "Length (cm)", "head_cm": "Head (cm)",
           "age": "Age (weeks)", "baby": "Baby"},
    "zh": {"milk": "奶量 (ml)", "sleep": "睡眠 (小时)", "diapers": "尿布 (次)",
           "weight_kg": "体重 (kg)", "height_cm": "身长 (cm)", "head_cm": "头围 (cm)",
           "age": "周龄", "baby": "宝宝"},
}


@dataclass(frozen=True)
class WeekChartData:
    days: tuple[date, ...]
    milk_ml: tuple[float, ...]
    sleep_h: tuple[float, ...]
    diapers: tuple[int, ...]


@dataclass(frozen=True)
class GrowthChartData:
    measure: str                                          # weight_kg | height_cm | head_cm
    points: tuple[tuple[int, float], ...]                 # (age in days, value)
    lines: dict[int, list[tuple[int, float]]]             # percentile → curve


def week_chart_data(days: Sequence[DaySummary]) -> WeekChartData:
    ordered = sorted(days, key=lambda d: d.local_date)
    return WeekChartData(
        days=tuple(d.local_date for d in ordered),
        milk_ml=tuple(round(d.feeding.milk_ml, 1) for d in ordered),
        sleep_h=tuple(round(d.sleep.total_min / 60, 1) for d in ordered),
        diapers=tuple(d.diapers.count for d in ordered))


@lru_cache(maxsize=1)
def _cjk_font() -> str | None:
    from matplotlib import font_manager

    names = {f.name for f in font_manager.fontManager.ttflist}
    return next((name for name in _CJK_FONTS if name in names), None)


def _labels(language: str) -> dict[str, str]:
    if language.lower().startswith("zh") and _cjk_font():
        return _LABELS["zh"]
    return _LABELS["en"]


def _figure(rows: int):  # noqa: ANN202
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7, 2.2 * rows), dpi=100, layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def _fonts(language: str):  # noqa: ANN202
    """A context using a CJK font for Chinese labels when the system has one."""
    import matplotlib

    font = _cjk_font() if language.lower().startswith("zh") else None
    return matplotlib.rc_context({"font.sans-serif": [font, "DejaVu Sans"]} if font else {})


def render_week_chart(data: WeekChartData, path: Path, language: str = "zh") -> Path:
    """Three bar panels, one bar per day; writes a PNG to `path` and returns it."""
    labels = _labels(language)
    with _fonts(language):
        figure = _figure(3)
        _draw_week(figure, data, labels)
        path.parent.mkdir(parents=True, exist_ok=True)
        figure.savefig(path, format="png", metadata={DAYS_KEY: ",".join(map(str, data.days))})
    return path


def _draw_week(figure, data: WeekChartData, labels: dict[str, str]) -> None:  # noqa: ANN001
    axes = figure.subplots(3, 1, sharex=True)
    ticks = [f"{d.month}/{d.day}" for d in data.days]
    positions = list(range(len(data.days)))
    panels = ((axes[0], data.milk_ml, labels["milk"], "#4c9be8"),
              (axes[1], data.sleep_h, labels["sleep"], "#8e6bd8"),
              (axes[2], data.diapers, labels["diapers"], "#e8a04c"))
    for ax, values, label, colour in panels:
        bars = ax.bar(positions, values, color=colour, width=0.6)
        ax.bar_label(bars, fmt="%g", fontsize=8)
        ax.set_ylabel(label)
        ax.margins(y=0.2)
        ax.spines[["top", "right"]].set_visible(False)
    axes[2].set_xticks(positions, ticks)


def render_growth_chart(data: GrowthChartData, path: Path, language: str = "zh") -> Path:
    """The baby's measurements over WHO percentile lines (P3, P15, P50, P85, P97)."""
    labels = _labels(language)
    with _fonts(language):
        figure = _figure(2)
        _draw_growth(figure.subplots(), data, labels)
        path.parent.mkdir(parents=True, exist_ok=True)
        figure.savefig(path, format="png")
    return path


def _draw_growth(ax, data: GrowthChartData, labels: dict[str, str]) -> None:  # noqa: ANN001
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
