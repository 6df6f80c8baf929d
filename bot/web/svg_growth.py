"""The page's growth pictures as inline SVG: weight, length or head circumference over the WHO P3–P97 and
P15–P85 bands and the P50 line, in the family's units (lb, in, 斤 …: the axis says which), age in months."""
from __future__ import annotations

from html import escape

from bot.push.chart_ticks import tick_texts, ticks
from bot.push.charts import GrowthChartData, growth_in_units
from bot.web.texts import page_text
from domain.replies import amounts
from domain.replies.catalog import language_of
from domain.units import measure_scale

POINTS, MEDIAN, OUTER, INNER = "#d8436b", "#6f8fc4", "#e4ecf8", "#c9d9f1"
WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 420, 260, 40, 12, 22, 34
DAYS_PER_MONTH = 30.4375


def growth_svg(data: GrowthChartData, lang: str) -> str:
    """The baby's measures over the WHO bands, drawn in the units of `units_shown` (render_page opens it)."""
    units = amounts.current_units()
    unit, _ = measure_scale(data.measure, units)
    shown = growth_in_units(data, units)
    lines = shown.lines
    last_day = max(day for day, _ in lines[97]) if lines.get(97) else max(d for d, _ in shown.points)
    values = [v for curve in lines.values() for _, v in curve] + [v for _, v in shown.points]
    y_ticks = ticks(min(values), max(values), 5, integer=True)
    low, high = min([*y_ticks, min(values)]), max([*y_ticks, max(values)])

    def x(day: float) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * day / max(1, last_day)

    def y(value: float) -> float:
        return HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * (value - low) / max(1e-9, high - low)

    title = escape(page_text(lang, "growth." + data.measure))
    parts = [f'<svg class="chart growth" data-measure="{data.measure}" data-unit="{unit}" '
             f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{title}" xmlns="http://www.w3.org/2000/svg">',
             *_axes(lang, unit, last_day, y_ticks, x, y), *_bands(lines, x, y)]
    points = " ".join(f"{x(d):.1f},{y(v):.1f}" for d, v in shown.points)
    parts.append(f'<polyline fill="none" stroke="{POINTS}" stroke-width="2" points="{points}"/>')
    said = language_of(lang)
    parts += [f'<circle data-series="baby" data-value="{v:.4f}" cx="{x(d):.1f}" cy="{y(sv):.1f}" r="4" '
              f'fill="{POINTS}"><title>{escape(amounts.measure(data.measure, v, said))}</title></circle>'
              for (d, v), (_, sv) in zip(data.points, shown.points, strict=True)]
    parts.append("</svg>")
    return "".join(parts)


def _bands(lines: dict[int, list[tuple[int, float]]], x, y) -> list[str]:
    """The WHO P3–P97 and P15–P85 bands and the P50 line, when the tables have them."""
    if not all(lines.get(p) for p in (3, 15, 50, 85, 97)):
        return []

    def band(lo: int, hi: int) -> str:
        upper = " ".join(f"{x(d):.1f},{y(v):.1f}" for d, v in lines[hi])
        lower = " ".join(f"{x(d):.1f},{y(v):.1f}" for d, v in reversed(lines[lo]))
        return f"{upper} {lower}"

    parts = [f'<polygon data-series="who-p3-p97" points="{band(3, 97)}" fill="{OUTER}"/>',
             f'<polygon data-series="who-p15-p85" points="{band(15, 85)}" fill="{INNER}"/>',
             f'<polyline data-series="who-p50" fill="none" stroke="{MEDIAN}" stroke-width="1.5" points="'
             + " ".join(f"{x(d):.1f},{y(v):.1f}" for d, v in lines[50]) + '"/>']
    for percentile in (3, 50, 97):
        day, value = lines[percentile][-1]
        parts.append(f'<text x="{x(day) - 2:.1f}" y="{y(value) - 3:.1f}" class="tick" text-anchor="end">'
                     f'P{percentile}</text>')
    return parts


def _axes(lang: str, unit: str, last_day: int, y_ticks: list[float], x, y) -> list[str]:
    """Months across, the measure up with its unit named above the values."""
    base = HEIGHT - BOTTOM
    months = int(last_day / DAYS_PER_MONTH)
    step = 1 if months <= 8 else 2 if months <= 16 else 6
    parts = [f'<line x1="{LEFT}" y1="{base}" x2="{x(last_day):.1f}" y2="{base}" class="axis"/>']
    for month in range(0, months + 1, step):
        parts.append(f'<text x="{x(month * DAYS_PER_MONTH):.1f}" y="{base + 14}" class="tick" '
                     f'text-anchor="middle">{month}</text>')
    parts.append(f'<text x="{x(last_day):.1f}" y="{base + 28}" class="tick" text-anchor="end">'
                 f'{escape(page_text(lang, "growth.age"))}</text>')
    for value, words in zip(y_ticks, tick_texts(y_ticks), strict=True):
        parts.append(f'<text x="{LEFT - 6}" y="{y(value) + 4:.1f}" class="tick" text-anchor="end">{words}</text>')
        parts.append(f'<line x1="{LEFT}" y1="{y(value):.1f}" x2="{x(last_day):.1f}" y2="{y(value):.1f}" class="grid"/>')
    parts.append(f'<text x="{LEFT - 6}" y="{TOP - 8}" class="tick unit" text-anchor="end">'
                 f'{escape(page_text(lang, "unit." + unit))}</text>')
    return parts
