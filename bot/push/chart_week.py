"""Drawing the week chart: milk split by kind, sleep as night + naps, diapers as wet + dirty — stacked
bars, a bar group per baby, today's bars lighter and labelled "so far" while the day is not over.
Pillow (bot/push/raster.py) with matplotlib's proportions; the words come in as arguments."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.push.chart_labels import chart_words, name_prefix
from bot.push.chart_ticks import nice_ticks, tick_texts
from bot.push.raster import Canvas, Handle, legend_row, px

MILK_COLOURS = {"formula": "#4c9be8", "breast_milk": "#e8a04c", "fortified_breast_milk": "#8e6bd8"}
SLEEP_COLOURS = {"night": "#34518f", "nap": "#8db2e6"}
DIAPER_COLOURS = {"wet": "#e3c13b", "solid": "#8a5a2c", "diaper": "#9ca3af"}
TWIN_HATCHES = ("", "///", "...", "xx")
TODAY_ALPHA = 0.45
TODAY_COLOUR, TOTAL_COLOUR = "#b45309", "#374151"
TWIN_PATCH, TWIN_EDGE = "#d1d5db", "#6b7280"


@dataclass(frozen=True)
class Panel:
    key: str                                        # milk | sleep | diapers
    label: str                                      # the y axis label
    colours: dict[str, str]
    integer: bool = False                           # whole numbers on the axis
    decimals: int = 1                               # the numbers written over the bars (as the texts round)
    paired: bool = False                            # its series side by side (diapers: wet, dirty), not stacked


@dataclass(frozen=True)
class Axes:
    """A panel's box in pixels and its data ranges: bars at x = 0, 1, … (days), values from 0 up."""

    left: float
    top: float
    right: float
    bottom: float
    x_range: tuple[float, float]
    y_top: float

    def x(self, value: float) -> float:
        low, high = self.x_range
        return self.left + (value - low) / (high - low) * (self.right - self.left)

    def y(self, value: float) -> float:
        return self.bottom - value / self.y_top * (self.bottom - self.top)


PANEL_KEYS = ("milk", "sleep", "diapers")
TITLE_IN, AXIS_IN = 0.68, 0.61          # inches kept above the panels (title, legends) and below (dates)
LEFT, RIGHT, HSPACE, Y_MARGIN = 0.1, 0.985, 0.32, 0.18
TICK, PAD, LABEL_PAD = px(3.5), px(3.5), px(4)      # tick length, tick label pad, y label pad (pixels)


def draw_week(canvas: Canvas, data, labels: dict[str, str], names: Sequence[str], lang: str,
              only: Sequence[str] = PANEL_KEYS, milk_decimals: int = 0) -> dict[str, list[str]]:
    """Panels of bars (all three, or those in `only`: 这周睡眠图 is the sleep panel alone); returns the series
    drawn in each panel (for the PNG's text chunk). `milk_decimals`: as the texts round the milk (oz: 1)."""
    words = chart_words(lang)
    panels = tuple(p for p in (Panel("milk", labels["milk"], MILK_COLOURS, True, milk_decimals),
                               Panel("sleep", labels["sleep"], SLEEP_COLOURS),
                               Panel("diapers", labels["diapers"], DIAPER_COLOURS, True, 0, paired=True))
                   if p.key in only)
    drawn: dict[str, list[str]] = {}
    axes = None
    for box, panel in zip(_panel_boxes(canvas.size, len(panels)), panels, strict=True):
        axes = Axes(*box, _x_range(len(data.days), len(data.series)), _top(data, panel))
        drawn[panel.key] = _draw_panel(canvas, axes, panel, data, words)
        _y_axis(canvas, axes, panel, nice_ticks(axes.y_top, 4, panel.integer))
        _x_ticks(canvas, axes, len(data.days))
    _x_labels(canvas, axes, data, words)
    if len(data.series) > 1:
        _twin_legend(canvas, names)
    first, last = data.days[0], data.days[-1]
    title = words["week_title"].format(name=name_prefix(list(_title_names(data, names)), lang),
                                       first=_date(first, words), last=_date(last, words))
    canvas.text((0.015 * canvas.size[0], 0.015 * canvas.size[1]), title, 11, anchor="lt")
    return drawn


def _panel_boxes(size: tuple[int, int], count: int) -> list[tuple[float, float, float, float]]:
    """Each panel's (left, top, right, bottom) in pixels, as matplotlib's subplots_adjust placed them."""
    width, height = size
    top, bottom = TITLE_IN * 100, height - AXIS_IN * 100
    panel = (bottom - top) / (count + HSPACE * (count - 1))
    return [(LEFT * width, top + i * panel * (1 + HSPACE), RIGHT * width, top + i * panel * (1 + HSPACE) + panel)
            for i in range(count)]


def _x_range(days: int, count: int) -> tuple[float, float]:
    """From the first bar's left edge to the last one's right edge, 5% more each side."""
    width = 0.72 / count
    low = -(count - 1) / 2 * width - width * 0.45
    high = days - 1 + (count - 1) / 2 * width + width * 0.45
    return low - 0.05 * (high - low), high + 0.05 * (high - low)


def _top(data, panel: Panel) -> float:
    """The panel's y range: the tallest stack (or bar, side by side) and 18% more (room for its number)."""
    if panel.paired:
        tallest = max((max(values, default=0) for series in data.series
                       for values in series.stacks(panel.key).values()), default=0)
    else:
        tallest = max((sum(values) for series in data.series
                       for values in zip(*series.stacks(panel.key).values(), strict=True)), default=0)
    return tallest * (1 + Y_MARGIN) if tallest > 0 else 1.0


def _draw_panel(canvas: Canvas, axes: Axes, panel: Panel, data, words: dict[str, str]) -> list[str]:
    count, drawn = len(data.series), []
    width = 0.72 / count
    days = len(data.days)
    for index, series in enumerate(data.series):
        positions = [i + (index - (count - 1) / 2) * width for i in range(days)]
        hatch = TWIN_HATCHES[index % len(TWIN_HATCHES)]
        if panel.paired:
            drawn += [n for n in _side_by_side(canvas, axes, panel, series, positions, width, hatch, data.so_far)
                      if n not in drawn]
            continue
        bottom = [0.0] * days
        for name, values in series.stacks(panel.key).items():
            if not any(values):
                continue
            for day, (x, low, value) in enumerate(zip(positions, bottom, values, strict=True)):
                _bar(canvas, axes, (x, low, value, width * 0.9), panel.colours[name], _alpha(data.so_far, day, days),
                     hatch)
            bottom = [b + v for b, v in zip(bottom, values, strict=True)]
            if name not in drawn:
                drawn.append(name)
        _totals(canvas, axes, positions, series.totals(panel.key), count, panel.decimals)
    if drawn:      # above the panel, right: never over a bar
        _panel_legend(canvas, axes, [(words[name], panel.colours[name]) for name in drawn])
    return drawn


def _side_by_side(canvas: Canvas, axes: Axes, panel: Panel, series, positions: list[float], width: float,
                  hatch: str, so_far: bool) -> list[str]:
    """A bar per series of the panel within the day's slot (wet, dirty), each with its number over it."""
    stacks = {name: values for name, values in series.stacks(panel.key).items() if any(values)}
    part = width / max(1, len(stacks))
    for i, (name, values) in enumerate(stacks.items()):
        shifted = [x + (i - (len(stacks) - 1) / 2) * part for x in positions]
        for day, (x, value) in enumerate(zip(shifted, values, strict=True)):
            _bar(canvas, axes, (x, 0.0, value, part * 0.9), panel.colours[name], _alpha(so_far, day, len(values)),
                 hatch)
        _totals(canvas, axes, shifted, values, len(stacks) * 2, panel.decimals)
    return list(stacks)


def _alpha(so_far: bool, day: int, days: int) -> float:
    return TODAY_ALPHA if so_far and day == days - 1 else 1.0


def _bar(canvas: Canvas, axes: Axes, bar: tuple[float, float, float, float], colour: str, alpha: float,
         hatch: str) -> None:
    x, low, value, width = bar
    if value <= 0:
        return
    box = (axes.x(x - width / 2), axes.y(low + value), axes.x(x + width / 2), axes.y(low))
    canvas.rect(box, colour, alpha, hatch=hatch)
    canvas.line([(round(box[0]), round(box[1])), (round(box[2]) - 1, round(box[1]))], "#ffffff")  # the edge


def _totals(canvas: Canvas, axes: Axes, positions: Sequence[float], totals: Sequence[float], count: int,
            decimals: int) -> None:
    """Each bar's number over it, rounded as the texts round it (22.5 oz stays 22.5; 840 ml is 840)."""
    for x, total in zip(positions, totals, strict=True):
        if total:
            words = f"{total:.{decimals}f}".rstrip("0").rstrip(".") if decimals else f"{round(total)}"
            canvas.text((axes.x(x), axes.y(total) - px(2)), words, 6.5 if count > 1 else 7.5, TOTAL_COLOUR,
                        anchor="md")


def _y_axis(canvas: Canvas, axes: Axes, panel: Panel, ticks: list[float]) -> None:
    """The left and bottom spines, the y ticks and their values, the y label left of the widest value."""
    left, bottom = round(axes.left), round(axes.bottom)
    canvas.line([(left, round(axes.top)), (left, bottom)])
    canvas.line([(left, bottom), (round(axes.right), bottom)])
    widest = 0.0
    for tick, words in zip(ticks, tick_texts(ticks), strict=True):
        y = round(axes.y(tick))
        canvas.line([(left - round(TICK), y), (left, y)])
        canvas.text((left - TICK - PAD, y), words, 10, anchor="rm")
        widest = max(widest, canvas.width_of(words, 10))
    canvas.vertical_text((left - TICK - PAD - widest - LABEL_PAD, (axes.top + axes.bottom) / 2), panel.label, 10)


def _x_ticks(canvas: Canvas, axes: Axes, days: int) -> None:
    bottom = round(axes.bottom)
    for day in range(days):
        x = round(axes.x(day))
        canvas.line([(x, bottom), (x, bottom + round(TICK))])


def _x_labels(canvas: Canvas, axes: Axes, data, words: dict[str, str]) -> None:
    y = axes.bottom + TICK + PAD
    for day, when in enumerate(data.days):
        today = data.so_far and day == len(data.days) - 1
        label = f"{words['today']}\n{words['so_far']}" if today else _date(when, words)
        canvas.text((axes.x(day), y), label, 8, TODAY_COLOUR if today else "#000000", anchor="mt")


def _panel_legend(canvas: Canvas, axes: Axes, entries: list[tuple[str, str]]) -> None:
    """Coloured boxes and names in a row whose bottom right is at the panel's top right corner."""
    size = px(7.5)
    centre_y = axes.top + 0.02 * (axes.bottom - axes.top) - 0.4 * size - size / 2 - 2.5
    legend_row(canvas, [(label, _patch(colour)) for label, colour in entries], axes.right - 0.4 * size, centre_y,
               7.5, handle=1.2, spacing=1.0)


def _twin_legend(canvas: Canvas, names: Sequence[str]) -> None:
    size = px(8)
    width, height = canvas.size
    entries = [(n, _patch(TWIN_PATCH, TWIN_HATCHES[i % len(TWIN_HATCHES)], TWIN_EDGE)) for i, n in enumerate(names)]
    legend_row(canvas, entries, RIGHT * width - 0.9 * size, 0.005 * height + 0.8 * size + size / 2 + 1, 8)


def _patch(face: str, hatch: str = "", edge: str | None = None) -> Handle:
    def draw(canvas: Canvas, box: tuple[float, float, float, float]) -> None:
        canvas.rect(box, face, hatch=hatch, hatch_colour=edge or face, outline=edge)
    return draw


def _title_names(data, names: Sequence[str]) -> list[str]:
    return [data.title] if data.title else [n for n in names if n]


def _date(day, words: dict[str, str]) -> str:
    return words["date"].format(month=day.month, day=day.day)
