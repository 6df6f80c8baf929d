"""The family page's numbers: today's totals (cards) and their comparisons, and a row a day for the last 7 or
30 days — the same `DaySummary`s the evening summary and the week chart are drawn from, in the family's units.
Each number carries its raw value in a data attribute, so tests can compare them with the summary's."""
from __future__ import annotations

from html import escape

from bot.family.page import BabyPage, FamilyPage
from bot.web.texts import page_text, weekday
from domain.replies import amounts
from domain.replies.catalog import language_of, text
from domain.summary.model import DaySummary, KeyMetrics


def totals(baby: BabyPage, page: FamilyPage, lang: str, named: bool) -> str:
    day, feeding, sleep, diapers = baby.today, baby.today.feeding, baby.today.sleep, baby.today.diapers
    cards = [
        _card("milk_ml", lang, "milk", amounts.volume(feeding.milk_ml, language_of(lang)),
              escape(page_text(lang, "times", n=feeding.count)), feeding.milk_ml),
        _card("sleep_min", lang, "sleep", duration(sleep.total_min, lang),
              _night_and_naps(day, lang), round(sleep.total_min)),
        _card("diapers", lang, "diapers", page_text(lang, "times", n=diapers.count),
              _wet_and_dirty(day, lang), diapers.count),
    ]
    heading = page_text(lang, "totals", time=text(language_of(lang), "clock.hm", time=page.now))
    title = f"<h3>{escape(baby.baby.name)}</h3>" if named else ""
    rows = [_compare_row(lang, "vs_yesterday", baby.comparisons.yesterday),
            _compare_row(lang, "week_average", baby.comparisons.week_average)]
    return (f'<section class="today" data-baby="{escape(baby.baby.name)}" data-date="{day.local_date.isoformat()}">'
            f'<h2>{escape(heading)}</h2>{title}<div class="totals">{"".join(cards)}</div>'
            f'<table class="compare">{"".join(rows)}</table></section>')


def _card(key: str, lang: str, label: str, value: str, detail: str, raw: float) -> str:
    """A total: its name, its value, a detail line (`detail` is HTML: escaped by its maker)."""
    return (f'<div class="total" data-total="{key}" data-value="{number(raw)}"><div class="k">'
            f'{escape(page_text(lang, label))}</div><div class="n">{escape(value)}</div>'
            f'<div class="d">{detail}</div></div>')


def _wet_and_dirty(day: DaySummary, lang: str) -> str:
    """The wet diapers (a mixed one too) and the dirty ones, a line each (HTML), as every text counts them."""
    d = day.diapers
    return (f'<small>{escape(page_text(lang, "wet", n=d.wet))}</small>'
            f'<small>{escape(page_text(lang, "dirty", n=d.solid))}</small>')


def _night_and_naps(day: DaySummary, lang: str) -> str:
    """The night that ended that morning and the naps, a line each (HTML)."""
    s = day.sleep
    return (f'<small>{escape(page_text(lang, "night", duration=duration(s.night_min, lang)))}</small>'
            f'<small>{escape(page_text(lang, "naps", duration=duration(s.nap_min, lang)))}</small>')


def _compare_row(lang: str, key: str, metrics: KeyMetrics | None) -> str:
    """Yesterday by now, the 7-day average by now: each number only where those days had records of it."""
    if metrics is None:
        return ""
    none = page_text(lang, "no_comparison")
    milk = amounts.volume(metrics.milk_ml, language_of(lang)) if metrics.milk_ml is not None else none
    sleep = duration(metrics.sleep_min, lang) if metrics.sleep_min is not None else none
    diapers = number(metrics.diaper_count) if metrics.diaper_count is not None else none
    value = f"{milk} · {sleep} · {page_text(lang, 'diapers')} {diapers}"
    return f'<tr><td>{escape(page_text(lang, key))}</td><td class="v">{escape(value)}</td></tr>'


def days_table(baby: BabyPage, lang: str, named: bool, days: int) -> str:
    """A row a day, newest first: milk, sleep (the night that ended that morning and the naps), diapers."""
    title = f"<h3>{escape(baby.baby.name)}</h3>" if named else ""
    head = "".join(f"<th>{escape(page_text(lang, key))}</th>" for key in ("day", "milk", "sleep", "diapers"))
    first = next((i for i, d in enumerate(baby.days) if not d.is_empty), len(baby.days) - 1)
    shown = baby.days[first:]                # not the days before the family's first record
    rows = "".join(_day_row(d, lang, d is baby.days[-1]) for d in reversed(shown))
    widths = "".join(f'<col style="width:{w}%">' for w in (22, 20, 33, 25))
    return (f'<section class="days" data-baby="{escape(baby.baby.name)}"><h2>'
            f'{escape(page_text(lang, "days", n=days))}</h2>{title}'
            f'<table class="days"><colgroup>{widths}</colgroup><thead><tr>{head}</tr></thead><tbody>{rows}</tbody>'
            '</table></section>')


def _day_row(day: DaySummary, lang: str, today: bool) -> str:
    f, s, d, none = day.feeding, day.sleep, day.diapers, page_text(lang, "day.none")
    label = page_text(lang, "day.today") if today else \
        page_text(lang, "day.label", day=day.local_date, weekday=weekday(lang, day.local_date.weekday()))
    milk = amounts.volume(f.milk_ml, language_of(lang)) if f.count else none
    sleep = f'{escape(duration(s.total_min, lang))}{_night_and_naps(day, lang)}' if s.total_min else escape(none)
    diapers = f'{escape(page_text(lang, "times", n=d.count))}{_wet_and_dirty(day, lang)}' if d.count else escape(none)
    data = (f'data-date="{day.local_date.isoformat()}" data-milk-ml="{number(f.milk_ml)}" '
            f'data-sleep-min="{round(s.total_min)}" data-night-min="{round(s.night_min)}" '
            f'data-nap-min="{round(s.nap_min)}" data-diapers="{d.count}" data-wet="{d.wet}" data-solid="{d.solid}"')
    return (f'<tr {data}><td>{escape(label)}</td><td class="milk">{escape(milk)}</td><td class="sleep">{sleep}</td>'
            f'<td class="diapers">{diapers}</td></tr>')


def duration(minutes: float, lang: str) -> str:
    h, m = divmod(int(round(minutes)), 60)
    if not h:
        return page_text(lang, "minutes", m=m)
    return page_text(lang, "hours", h=h, m=m) if m else page_text(lang, "hours.short", h=h)


def number(value: float) -> str:
    return str(int(round(value))) if abs(value - round(value)) < 0.05 else f"{value:.1f}"
