"""Drawing the week's rhythm (作息图) with Pillow (bot/push/raster.py): a row per day, 0–24 h across; sleeps
as bars (night dark, naps light; a sleep still going on is paler), feeds as triangles above, diapers as dots
below, a dashed line at now on today's row. The proportions are those of the former matplotlib picture."""
from __future__ import annotations

from dataclasses import dataclass

from bot.push.chart_labels import chart_words, name_prefix
from bot.push.raster import Canvas, Handle, legend_row, marker, px
from domain.replies.catalog import hour_mark, language_of
from domain.replies.shown import current_units
from domain.summary.rhythm import Rhythm

NIGHT, NAP, FEED, WET, SOLID, NOW = "#34518f", "#8db2e6", "#e8872f", "#e3c13b", "#8a5a2c", "#d8436b"
GRID = "#eceef2"
LEFT, RIGHT, TOP, BOTTOM = 0.09, 0.985, 0.9, 0.17          # the axes in fractions of the picture
FEED_SIZE, DIAPER_SIZE, EDGE = px(22 ** 0.5), px(4), px(1)  # matplotlib's s=22 and s=16 (points²)
DIAPER_KINDS = ("wet", "solid", "mixed")                   # each mark drawn has its own legend entry


@dataclass(frozen=True)
class Grid:
    """The axes in pixels: hours 0–24 across, a row per day (row 0 at the bottom)."""

    left: float
    top: float
    right: float
    bottom: float
    rows: int

    def x(self, hour: float) -> float:
        return self.left + hour / 24 * (self.right - self.left)

    def y(self, row: float) -> float:
        return self.bottom - (row + 0.6) / (self.rows + 0.2) * (self.bottom - self.top)    # rows -0.6 … n-0.4


def draw_rhythm(canvas: Canvas, rhythm: Rhythm, name: str, lang: str) -> dict[str, list[str]]:
    words = chart_words(lang)
    width, height = canvas.size
    grid = Grid(LEFT * width, (1 - TOP) * height, RIGHT * width, (1 - BOTTOM) * height, len(rhythm.days))
    rows = {day: len(rhythm.days) - 1 - i for i, day in enumerate(rhythm.days)}     # oldest on top
    _hours(canvas, grid, words, lang)
    drawn = _sleeps(canvas, grid, rhythm, rows) + _marks(canvas, grid, rhythm, rows)
    if rhythm.now_h is not None:
        row, x = rows[rhythm.days[-1]], round(grid.x(rhythm.now_h))
        canvas.dashed_line((x, grid.y(row + 0.45)), (x, grid.y(row - 0.45)), NOW, 2, px(1.2 * 3.7), px(1.2 * 1.6))
    for day in rhythm.days:
        canvas.text((grid.left - px(3.5), grid.y(rows[day])), _day_label(day, rhythm, words), 8, anchor="rm")
    _legend(canvas, grid, words, drawn)
    first, last = rhythm.days[0], rhythm.days[-1]
    title = words["rhythm_title"].format(name=name_prefix([name], lang), first=f"{first.month}/{first.day}",
                                         last=f"{last.month}/{last.day}")
    canvas.text((0.015 * width, 0.015 * height), title, 11, anchor="lt")
    return {"rhythm": drawn}


def _hours(canvas: Canvas, grid: Grid, words: dict[str, str], lang: str) -> None:
    """The grid lines every 3 hours, the bottom spine, its ticks and hours on the family's clock (18, or 6p),
    and the unit at the right (24-hour clock only)."""
    bottom = round(grid.bottom)
    for hour in range(0, 25, 3):
        x = round(grid.x(hour))
        canvas.line([(x, round(grid.top)), (x, bottom)], GRID)
        canvas.line([(x, bottom), (x, bottom + round(px(3.5)))])
        canvas.text((x, bottom + px(7)), hour_mark(hour, language_of(lang)), 8, anchor="mt")
    canvas.line([(round(grid.left), bottom), (round(grid.right), bottom)])
    if not current_units().twelve_hour:
        canvas.text((grid.right, bottom + px(7) + px(8) * 1.3), words["hour"], 8, anchor="ra")


def _sleeps(canvas: Canvas, grid: Grid, rhythm: Rhythm, rows: dict) -> list[str]:
    drawn = []
    for nap, colour, series in ((False, NIGHT, "sleep_night"), (True, NAP, "sleep_nap")):
        spans = [s for s in rhythm.sleeps if s.nap is nap]
        for span in spans:
            row = rows[span.day]
            canvas.rect((grid.x(span.start_h), grid.y(row + 0.22), grid.x(span.end_h), grid.y(row - 0.22)),
                        colour, 0.55 if span.ongoing else 1.0)
        if spans:
            drawn.append(series)
    return drawn


def _marks(canvas: Canvas, grid: Grid, rhythm: Rhythm, rows: dict) -> list[str]:
    drawn = []
    for mark in rhythm.feeds:
        canvas.stamp((grid.x(mark.hour), grid.y(rows[mark.day] + 0.36)), marker("v", FEED_SIZE), FEED)
    if rhythm.feeds:
        drawn.append("feed")
    for mark in rhythm.diapers:
        _diaper(canvas, (grid.x(mark.hour), grid.y(rows[mark.day] - 0.36)), mark.kind, DIAPER_SIZE)
    kinds = {mark.kind for mark in rhythm.diapers}
    return drawn + [f"diaper_{kind}" for kind in DIAPER_KINDS if kind in kinds]


def _diaper(canvas: Canvas, centre: tuple[float, float], kind: str, size: float) -> None:
    """A wet diaper a yellow dot, a dirty one brown, a mixed one brown ringed with yellow."""
    canvas.stamp(centre, marker("o", size), WET if kind == "wet" else SOLID)
    if kind == "mixed":
        canvas.stamp(centre, marker("o", size + EDGE, ring=EDGE), WET)


def _legend(canvas: Canvas, grid: Grid, words: dict[str, str], drawn: list[str]) -> None:
    def patch(colour: str) -> Handle:
        return lambda c, box: c.rect(box, colour)

    def feed(c: Canvas, box: tuple[float, float, float, float]) -> None:
        c.stamp(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), marker("v", px(6)), FEED)

    def diaper(kind: str) -> Handle:
        return lambda c, box: _diaper(c, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), kind, px(6))

    handles = {"sleep_night": patch(NIGHT), "sleep_nap": patch(NAP), "feed": feed,
               **{f"diaper_{kind}": diaper(kind) for kind in DIAPER_KINDS}}
    names = {"diaper_wet": "wet", "diaper_solid": "solid", "diaper_mixed": "mixed"}
    top = grid.bottom + 0.13 * (grid.bottom - grid.top)
    legend_row(canvas, [(words[names.get(k, k)], handles[k]) for k in drawn], (grid.left + grid.right) / 2,
               top + 0.4 * px(8) + px(8) / 2 + 5, 8, align="centre")


def _day_label(day, rhythm: Rhythm, words: dict[str, str]) -> str:
    if day == rhythm.days[-1] and rhythm.now_h is not None:
        return words["today"]
    return f"{day.month}/{day.day}"
