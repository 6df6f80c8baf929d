"""The page's rhythm picture (作息图) as inline SVG (no requests, crisp on a phone): a row per day, 0–24 h
across on the family's clock, sleep bars, feed triangles and a mark per diaper kind, each named in the legend.
Plain data in, a string of SVG out; every text is escaped. The day labels get the room their words need (the
browser test checks that no text leaves the picture at 360 px)."""
from __future__ import annotations

from datetime import time
from html import escape

from bot.web.texts import page_text, weekday
from domain.replies.catalog import hm, hour_mark, language_of
from domain.summary.rhythm import Rhythm

NIGHT, NAP, FEED, WET, SOLID, NOW = "#34518f", "#8db2e6", "#e8872f", "#e3c13b", "#8a5a2c", "#d8436b"
TOP, WIDTH, RIGHT = 24, 420, 10
ROW_WEEK, ROW_MONTH = 30, 18          # a row's height: 7 days, or 30
LABEL_PX = 12                          # the day labels' font size (svg .label)
LEGEND_PX = 11


def rhythm_svg(rhythm: Rhythm, lang: str) -> str:
    """One row per day (oldest on top), 0–24 h across: sleep bars, feed triangles, diaper dots."""
    row = ROW_WEEK if len(rhythm.days) <= 7 else ROW_MONTH
    labels = {day: _day_label(rhythm, day, lang) for day in rhythm.days}
    left = 10 + max(text_width(label, LABEL_PX) for label in labels.values())
    plot = WIDTH - left - RIGHT

    def x(hour: float) -> float:
        return left + plot * hour / 24

    legend, legend_height = _legend(rhythm, lang, TOP + row * len(rhythm.days) + 22, left)
    height = TOP + row * len(rhythm.days) + legend_height + 14
    parts = [f'<svg class="chart rhythm" viewBox="0 0 {WIDTH} {height}" role="img" '
             f'aria-label="{escape(page_text(lang, "rhythm", n=len(rhythm.days)))}" xmlns="http://www.w3.org/2000/svg">']
    for hour in range(0, 25, 3):
        parts.append(f'<line x1="{x(hour):.1f}" y1="{TOP - 4}" x2="{x(hour):.1f}" y2="{TOP + row * len(rhythm.days)}"'
                     ' class="grid"/>')
        anchor = "start" if hour == 0 else "end" if hour == 24 else "middle"
        parts.append(f'<text x="{x(hour):.1f}" y="{TOP - 9}" class="tick" text-anchor="{anchor}">'
                     f'{escape(hour_mark(hour, language_of(lang)))}</text>')
    for index, day in enumerate(rhythm.days):
        parts.extend(_row(rhythm, TOP + index * row, row, day, labels[day], left, x, lang))
    parts.append(legend)
    parts.append("</svg>")
    return "".join(parts)


def _day_label(rhythm: Rhythm, day, lang: str) -> str:
    if day == rhythm.days[-1] and rhythm.now_h is not None:
        return page_text(lang, "rhythm.today")
    key = "rhythm.day_weekday" if len(rhythm.days) <= 7 else "rhythm.day"
    return page_text(lang, key, day=day, weekday=weekday(lang, day.weekday()))


def _row(rhythm: Rhythm, top: float, row: int, day, label: str, left: float, x, lang: str) -> list[str]:
    parts = [f'<g class="day" data-day="{day.isoformat()}">',
             f'<rect x="{left}" y="{top + 3}" width="{WIDTH - left - RIGHT}" height="{row - 6}" class="band"/>',
             f'<text x="{left - 6}" y="{top + row / 2 + 4}" class="label" text-anchor="end">{escape(label)}</text>']
    sleeps, feeds, diapers = rhythm.on(day)
    bar = max(6, row - 16)
    for s in sleeps:
        series = "sleep-nap" if s.nap else "sleep-night"
        faded = ' opacity="0.6"' if s.ongoing else ""
        parts.append(f'<rect data-series="{series}" x="{x(s.start_h):.1f}" y="{top + (row - bar) / 2:.1f}" '
                     f'width="{max(1.5, x(s.end_h) - x(s.start_h)):.1f}" height="{bar}" rx="3" '
                     f'fill="{NAP if s.nap else NIGHT}"{faded}><title>{_clock(s.start_h, lang)}–{_clock(s.end_h, lang)}'
                     '</title></rect>')
    for f in feeds:
        cx = x(f.hour)
        parts.append(f'<path data-series="feed" d="M{cx - 4:.1f},{top + 1} L{cx + 4:.1f},{top + 1} '
                     f'L{cx:.1f},{top + 7} Z" fill="{FEED}"><title>{_clock(f.hour, lang)}</title></path>')
    for d in diapers:
        parts.append(_diaper(x(d.hour), top + row - 4, d.kind, f"<title>{_clock(d.hour, lang)}</title>"))
    if day == rhythm.days[-1] and rhythm.now_h is not None:
        parts.append(f'<line x1="{x(rhythm.now_h):.1f}" y1="{top + 1}" x2="{x(rhythm.now_h):.1f}" y2="{top + row - 1}"'
                     f' stroke="{NOW}" stroke-width="2" stroke-dasharray="3 2"/>')
    parts.append("</g>")
    return parts


def _diaper(cx: float, cy: float, kind: str, title: str = "", r: float = 3) -> str:
    """A wet diaper a yellow dot, a dirty one brown, a mixed one brown ringed with yellow (as the chat's)."""
    fill = WET if kind == "wet" else SOLID
    ring = f' stroke="{WET}" stroke-width="1.5"' if kind == "mixed" else ""
    return (f'<circle data-series="diaper-{kind}" cx="{cx:.1f}" cy="{cy:.1f}" r="{r}" fill="{fill}"{ring}>'
            f'{title}</circle>')


def _legend(rhythm: Rhythm, lang: str, y: float, left: float) -> tuple[str, int]:
    """An entry for each kind of mark drawn, in rows that fit the picture; returns the SVG and its height."""
    kinds = {d.kind for d in rhythm.diapers}
    entries = [key for key, shown in (("sleep_night", any(not s.nap for s in rhythm.sleeps)),
                                      ("sleep_nap", any(s.nap for s in rhythm.sleeps)), ("feed", bool(rhythm.feeds)),
                                      *((f"diaper_{k}", k in kinds) for k in ("wet", "solid", "mixed"))) if shown]
    out, cursor, line = [], float(left), 0
    for key in entries:
        label = page_text(lang, f"rhythm.{key}")
        width = 22 + text_width(label, LEGEND_PX) + 12
        if cursor + width > WIDTH - RIGHT and cursor > left:
            cursor, line = float(left), line + 1
        top = y + line * 18
        out.append(f'<g class="legend-entry" data-legend="{key}">{_glyph(key, cursor, top)}'
                   f'<text x="{cursor + 21}" y="{top}" class="legend">{escape(label)}</text></g>')
        cursor += width
    return "".join(out), (line + 1) * 18 if entries else 0


def _glyph(key: str, x: float, y: float) -> str:
    if key.startswith("sleep"):
        colour = NIGHT if key == "sleep_night" else NAP
        return f'<rect x="{x}" y="{y - 9}" width="16" height="10" rx="2" fill="{colour}"/>'
    if key == "feed":
        return f'<path d="M{x + 3},{y - 9} L{x + 13},{y - 9} L{x + 8},{y} Z" fill="{FEED}"/>'
    return _diaper(x + 8, y - 4, key.removeprefix("diaper_"), r=4)


def text_width(words: str, px: float) -> float:
    """About how wide `words` is drawn at `px` (a CJK character a full em, Latin about 0.6 em)."""
    return sum(px if ord(ch) >= 0x2E80 else px * 0.6 for ch in words)


def _clock(hour: float, lang: str) -> str:
    """An hour of the day (0–24, a float) on the family's clock, for a tooltip."""
    total = min(int(round(hour * 60)), 24 * 60 - 1)
    return escape(hm(time(total // 60, total % 60), language_of(lang)))
