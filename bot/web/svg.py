"""The page's pictures as inline SVG (no requests, crisp on a phone): the week's rhythm (作息图) and the
growth curve over WHO percentile bands. Plain data in, a string of SVG out; every text is escaped."""
from __future__ import annotations

from html import escape

from bot.push.charts import GrowthChartData
from bot.web.texts import page_text, weekday
from domain.replies.catalog import language_of, text
from domain.summary.rhythm import Rhythm

NIGHT, NAP, FEED, WET, SOLID, NOW = "#34518f", "#8db2e6", "#e8872f", "#e3c13b", "#8a5a2c", "#d8436b"
LEFT, TOP, ROW, WIDTH = 68, 24, 30, 420
DAYS_PER_MONTH = 30.4375


def rhythm_svg(rhythm: Rhythm, lang: str) -> str:
    """One row per day (oldest on top), 0–24 h across: sleep bars, feed triangles, diaper dots."""
    plot = WIDTH - LEFT - 10
    height = TOP + ROW * len(rhythm.days) + 34

    def x(hour: float) -> float:
        return LEFT + plot * hour / 24

    parts = [f'<svg class="chart rhythm" viewBox="0 0 {WIDTH} {height}" role="img" '
             f'aria-label="{escape(page_text(lang, "rhythm"))}" xmlns="http://www.w3.org/2000/svg">']
    for hour in range(0, 25, 3):
        parts.append(f'<line x1="{x(hour):.1f}" y1="{TOP - 4}" x2="{x(hour):.1f}" y2="{TOP + ROW * len(rhythm.days)}"'
                     ' class="grid"/>')
        parts.append(f'<text x="{x(hour):.1f}" y="{TOP - 9}" class="tick" text-anchor="middle">{hour}</text>')
    for row, day in enumerate(rhythm.days):
        parts.extend(_rhythm_row(rhythm, row, day, lang, x))
    parts.append(_rhythm_legend(lang, TOP + ROW * len(rhythm.days) + 20))
    parts.append("</svg>")
    return "".join(parts)


def _rhythm_row(rhythm: Rhythm, row: int, day, lang: str, x) -> list[str]:
    top = TOP + row * ROW
    is_today = day == rhythm.days[-1] and rhythm.now_h is not None
    label = page_text(lang, "rhythm.today") if is_today else f"{weekday(lang, day.weekday())} {day.month}/{day.day}"
    parts = [f'<g class="day" data-day="{day.isoformat()}">',
             f'<rect x="{LEFT}" y="{top + 3}" width="{WIDTH - LEFT - 10}" height="{ROW - 6}" class="band"/>',
             f'<text x="{LEFT - 8}" y="{top + ROW / 2 + 4}" class="label" text-anchor="end">{escape(label)}</text>']
    sleeps, feeds, diapers = rhythm.on(day)
    for s in sleeps:
        colour = NAP if s.nap else NIGHT
        series = "sleep-nap" if s.nap else "sleep-night"
        faded = ' opacity="0.6"' if s.ongoing else ""
        parts.append(f'<rect data-series="{series}" x="{x(s.start_h):.1f}" y="{top + 8}" '
                     f'width="{max(1.5, x(s.end_h) - x(s.start_h)):.1f}" height="{ROW - 16}" rx="3" fill="{colour}"'
                     f'{faded}><title>{_span(s.start_h, s.end_h)}</title></rect>')
    for f in feeds:
        cx = x(f.hour)
        parts.append(f'<path data-series="feed" d="M{cx - 4:.1f},{top + 2} L{cx + 4:.1f},{top + 2} '
                     f'L{cx:.1f},{top + 9} Z" fill="{FEED}"><title>{_clock(f.hour)}</title></path>')
    for d in diapers:
        fill = WET if d.kind == "wet" else SOLID
        ring = f' stroke="{WET}" stroke-width="1.5"' if d.kind == "mixed" else ""
        parts.append(f'<circle data-series="diaper" cx="{x(d.hour):.1f}" cy="{top + ROW - 4}" r="3" fill="{fill}"'
                     f'{ring}><title>{_clock(d.hour)}</title></circle>')
    if is_today:
        parts.append(f'<line x1="{x(rhythm.now_h):.1f}" y1="{top + 1}" x2="{x(rhythm.now_h):.1f}" y2="{top + ROW - 1}"'
                     f' stroke="{NOW}" stroke-width="2" stroke-dasharray="3 2"/>')
    parts.append("</g>")
    return parts


def _rhythm_legend(lang: str, y: float) -> str:
    items = ((NIGHT, "rect", "rhythm.sleep_night"), (NAP, "rect", "rhythm.sleep_nap"), (FEED, "tri", "rhythm.feed"),
             (WET, "dot", "rhythm.diaper"))
    out, cursor = [], LEFT
    for colour, shape, key in items:
        if shape == "rect":
            out.append(f'<rect x="{cursor}" y="{y - 9}" width="16" height="10" rx="2" fill="{colour}"/>')
        elif shape == "tri":
            out.append(f'<path d="M{cursor + 3},{y - 9} L{cursor + 13},{y - 9} L{cursor + 8},{y} Z" fill="{colour}"/>')
        else:
            out.append(f'<circle cx="{cursor + 8}" cy="{y - 4}" r="4" fill="{colour}"/>')
        label = escape(page_text(lang, key))
        out.append(f'<text x="{cursor + 21}" y="{y}" class="legend">{label}</text>')
        cursor += 30 + (13 if _wide(lang) else 7) * len(label)
    return "".join(out)


def growth_svg(data: GrowthChartData, lang: str) -> str:
    """The baby's weights over the WHO P3–P97 and P15–P85 bands and the P50 line."""
    width, height, left, right, top, bottom = WIDTH, 260, 30, 12, 12, 34
    lines = data.lines
    last_day = max(day for day, _ in lines[97]) if lines.get(97) else max(d for d, _ in data.points)
    values = [v for curve in lines.values() for _, v in curve] + [v for _, v in data.points]
    low, high = int(min(values)), int(max(values)) + 1

    def x(day: float) -> float:
        return left + (width - left - right) * day / max(1, last_day)

    def y(value: float) -> float:
        return height - bottom - (height - top - bottom) * (value - low) / max(1, high - low)

    def band(lo: int, hi: int) -> str:
        upper = " ".join(f"{x(d):.1f},{y(v):.1f}" for d, v in lines[hi])
        lower = " ".join(f"{x(d):.1f},{y(v):.1f}" for d, v in reversed(lines[lo]))
        return f"{upper} {lower}"

    parts = [f'<svg class="chart growth" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{escape(page_text(lang, "growth"))}" xmlns="http://www.w3.org/2000/svg">',
             f'<polygon data-series="who-p3-p97" points="{band(3, 97)}" fill="#e4ecf8"/>',
             f'<polygon data-series="who-p15-p85" points="{band(15, 85)}" fill="#c9d9f1"/>',
             '<polyline data-series="who-p50" fill="none" stroke="#6f8fc4" stroke-width="1.5" points="'
             + " ".join(f"{x(d):.1f},{y(v):.1f}" for d, v in lines[50]) + '"/>']
    parts += _growth_axes(lang, last_day, low, high, x, y, height - bottom, left)
    points = " ".join(f"{x(d):.1f},{y(v):.1f}" for d, v in data.points)
    parts.append(f'<polyline fill="none" stroke="{NOW}" stroke-width="2" points="{points}"/>')
    parts += [f'<circle data-series="baby" cx="{x(d):.1f}" cy="{y(v):.1f}" r="4" fill="{NOW}">'
              f'<title>{v:g} kg</title></circle>' for d, v in data.points]
    for percentile in (3, 50, 97):
        day, value = lines[percentile][-1]
        parts.append(f'<text x="{x(day) - 2:.1f}" y="{y(value) - 3:.1f}" class="tick" text-anchor="end">'
                     f'P{percentile}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _growth_axes(lang: str, last_day: int, low: int, high: int, x, y, base: float, left: float) -> list[str]:
    months = int(last_day / DAYS_PER_MONTH)
    step = 1 if months <= 8 else 2 if months <= 16 else 6
    parts = [f'<line x1="{left}" y1="{base}" x2="{x(last_day):.1f}" y2="{base}" class="axis"/>']
    for month in range(0, months + 1, step):
        px = x(month * DAYS_PER_MONTH)
        parts.append(f'<text x="{px:.1f}" y="{base + 14}" class="tick" text-anchor="middle">{month}</text>')
    parts.append(f'<text x="{x(last_day):.1f}" y="{base + 28}" class="tick" text-anchor="end">'
                 f'{escape(page_text(lang, "growth.age"))}</text>')
    kg_step = 1 if high - low <= 8 else 2
    for kg in range(low, high + 1, kg_step):
        parts.append(f'<text x="{left - 6}" y="{y(kg) + 4:.1f}" class="tick" text-anchor="end">{kg}</text>')
        parts.append(f'<line x1="{left}" y1="{y(kg):.1f}" x2="{x(last_day):.1f}" y2="{y(kg):.1f}" class="grid"/>')
    return parts


def _clock(hour: float) -> str:
    total = int(round(hour * 60))
    return f"{min(23, total // 60):02d}:{total % 60 if total < 1440 else 59:02d}"


def _span(start_h: float, end_h: float) -> str:
    return f"{_clock(start_h)}–{'24:00' if end_h >= 24 else _clock(end_h)}"


def _wide(lang: str) -> bool:
    """Whether the language's letters are wide (CJK): a legend entry then takes more room."""
    return text(language_of(lang), "chart.script") == "cjk"
