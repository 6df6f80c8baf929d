"""Drawing one growth panel with Pillow (bot/push/raster.py): the WHO P3–P97 and P15–P85 bands and the P50
line, the baby's measurements over them, the age in weeks across — matplotlib's former proportions."""
from __future__ import annotations

from dataclasses import dataclass

from bot.push.chart_labels import chart_words, name_prefix
from bot.push.chart_ticks import AUTO_STEPS, tick_texts, ticks
from bot.push.raster import Canvas, Handle, marker, px

POINTS, MEDIAN, OUTER, INNER = "#d8436b", "#6f8fc4", "#e4ecf8", "#c9d9f1"
GRID, NOTE = "#eceef2", "#6b7280"
TICK = px(3.5)


@dataclass(frozen=True)
class Plot:
    """A panel in pixels and the data ranges it shows (weeks across, the measure up)."""

    left: float
    top: float
    right: float
    bottom: float
    weeks: tuple[float, float]
    values: tuple[float, float]

    def x(self, week: float) -> float:
        low, high = self.weeks
        return self.left + (week - low) / (high - low) * (self.right - self.left)

    def y(self, value: float) -> float:
        low, high = self.values
        return self.bottom - (value - low) / (high - low) * (self.bottom - self.top)


def draw_growth(canvas: Canvas, box: tuple[float, float, float, float], data, labels: dict[str, str], name: str,
                lang: str) -> list[str]:
    words = chart_words(lang)
    lines = data.lines
    banded = all(p in lines and lines[p] for p in (3, 15, 50, 85, 97))
    plot = _plot(box, data, banded)
    x_ticks = ticks(*plot.weeks, 10, integer=True)
    y_ticks = ticks(*plot.values, max(1, min(9, int((plot.bottom - plot.top) * 0.72 // 20))), steps=AUTO_STEPS)
    _grid(canvas, plot, x_ticks, y_ticks)
    drawn, legend = [], []
    if banded:
        for low, high, colour, label in ((3, 97, OUTER, "band_outer"), (15, 85, INNER, "band_inner")):
            canvas.smooth_polygon(_band(plot, lines[low], lines[high]), colour)
            legend.append((words[label], _patch(colour)))
        canvas.smooth_line([(plot.x(d / 7), plot.y(v)) for d, v in lines[50]], MEDIAN, px(1.2))
        legend.append(("P50", _line(MEDIAN, px(1.2))))
        for percentile in (3, 50, 97):
            day, value = lines[percentile][-1]
            canvas.text((plot.x(day / 7) + px(2), plot.y(value)), f"P{percentile}", 7, NOTE, anchor="lm")
        drawn += ["who_p3_p97", "who_p15_p85", "who_p50"]
    if data.points:
        spots = [(plot.x(d / 7), plot.y(v)) for d, v in data.points]
        canvas.smooth_line(spots, POINTS, px(1.6))
        for spot in spots:
            canvas.stamp(spot, marker("o", px(4)), POINTS)
        legend.append((name or labels["baby"], _line(POINTS, px(1.6), dot=True)))
        drawn.append("baby")
    _axes(canvas, plot, x_ticks, y_ticks, labels[data.measure], labels["age"])
    _legend(canvas, plot, legend)
    title = words["growth_title"].format(name=name_prefix([name], lang), measure=labels[data.measure])
    canvas.text((plot.left, plot.top - px(6)), title, 10, anchor="ls")
    return drawn


def _plot(box: tuple[float, float, float, float], data, banded: bool) -> Plot:
    """The ranges: every week and value drawn, weeks 2% wider each side, values 5% (matplotlib's margins)."""
    curves = [data.lines[p] for p in (3, 97)] + [data.lines[50]] if banded else []
    weeks = [d / 7 for curve in curves for d, _ in curve] + [d / 7 for d, _ in data.points]
    values = [v for curve in curves for _, v in curve] + [v for _, v in data.points]
    return Plot(*box, _widened(min(weeks), max(weeks), 0.02), _widened(min(values), max(values), 0.05))


def _widened(low: float, high: float, margin: float) -> tuple[float, float]:
    """A range `margin` wider each side; a single value first widened by 5% of itself (matplotlib's rule)."""
    if high - low < 1e-9:
        low, high = low - (abs(low) * 0.05 or 0.05), high + (abs(high) * 0.05 or 0.05)
    pad = (high - low) * margin
    return low - pad, high + pad


def _band(plot: Plot, lower: list[tuple[int, float]], upper: list[tuple[int, float]]) -> list[tuple[float, float]]:
    return ([(plot.x(d / 7), plot.y(v)) for d, v in lower] +
            [(plot.x(d / 7), plot.y(v)) for d, v in reversed(upper)])


def _grid(canvas: Canvas, plot: Plot, x_ticks: list[float], y_ticks: list[float]) -> None:
    for week in x_ticks:
        x = round(plot.x(week))
        canvas.line([(x, round(plot.top)), (x, round(plot.bottom))], GRID)
    for value in y_ticks:
        y = round(plot.y(value))
        canvas.line([(round(plot.left), y), (round(plot.right), y)], GRID)


def _axes(canvas: Canvas, plot: Plot, x_ticks: list[float], y_ticks: list[float], y_label: str,
          x_label: str) -> None:
    """The left and bottom spines, their ticks and values, the axis labels."""
    left, bottom = round(plot.left), round(plot.bottom)
    canvas.line([(left, round(plot.top)), (left, bottom)])
    canvas.line([(left, bottom), (round(plot.right), bottom)])
    for week, words in zip(x_ticks, tick_texts(x_ticks), strict=True):
        x = round(plot.x(week))
        canvas.line([(x, bottom), (x, bottom + round(TICK))])
        canvas.text((x, bottom + TICK * 2), words, 10, anchor="mt")
    widest = 0.0
    for value, words in zip(y_ticks, tick_texts(y_ticks), strict=True):
        y = round(plot.y(value))
        canvas.line([(left - round(TICK), y), (left, y)])
        canvas.text((left - TICK * 2, y), words, 10, anchor="rm")
        widest = max(widest, canvas.width_of(words, 10))
    canvas.vertical_text((left - TICK * 2 - widest - px(4), (plot.top + plot.bottom) / 2), y_label, 10)
    canvas.text(((plot.left + plot.right) / 2, bottom + TICK * 2 + px(10) + px(4)), x_label, 8, anchor="mt")


def _legend(canvas: Canvas, plot: Plot, entries: list[tuple[str, Handle]]) -> None:
    """A column of entries in the panel's top left corner, as matplotlib's loc="upper left"."""
    size = px(7)
    for row, (label, draw) in enumerate(entries):
        centre_y = plot.top + 1.25 * size + row * 1.65 * size
        left = plot.left + 0.9 * size
        draw(canvas, (left, centre_y - 0.35 * size, left + 2 * size, centre_y + 0.35 * size))
        canvas.text((left + 2.8 * size, centre_y), label, 7, anchor="lm")


def _patch(colour: str) -> Handle:
    return lambda canvas, box: canvas.rect(box, colour)


def _line(colour: str, width: float, dot: bool = False) -> Handle:
    def draw(canvas: Canvas, box: tuple[float, float, float, float]) -> None:
        middle = (box[1] + box[3]) / 2
        canvas.smooth_line([(box[0], middle), (box[2], middle)], colour, width)
        if dot:
            canvas.stamp(((box[0] + box[2]) / 2, middle), marker("o", px(4)), colour)
    return draw
