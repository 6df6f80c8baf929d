"""A `DaySummary` as a few readable lines, in the family's language (Chinese by default)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, tzinfo

from domain.replies import amounts
from domain.replies.catalog import hm, label, language_of, text
from domain.summary.days import (
    Comparisons,
    DaySummary,
    FeedingTotals,
    GrowthMeasure,
    HealthEvent,
    SleepTotals,
    average_metrics,
    key_metrics,
)
from domain.vocabulary import Language


def duration_text(minutes: float, language: str | Language = "zh") -> str:
    lang = language_of(language)
    hours, mins = divmod(int(round(minutes)), 60)
    if hours and mins:
        return text(lang, "summary.duration.hours_minutes", hours=hours, minutes=mins)
    return text(lang, "summary.duration.hours", hours=hours) if hours else \
        text(lang, "summary.duration.minutes", minutes=mins)


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".") if value % 1 else str(int(value))


def render_summary(summary: DaySummary, comparisons: Comparisons | None = None,
                   language: str = "zh", baby_name: str | None = None,
                   tz: tzinfo | None = None) -> str:
    """The evening summary: a title, then one line per kind of record that has something."""
    lang = language_of(language)
    if summary.is_empty:
        return _title(summary.local_date, lang, baby_name) + "\n" + text(lang, "summary.empty")
    cmp = comparisons or Comparisons()
    lines = [_title(summary.local_date, lang, baby_name)]
    lines += [line for line in (
        _feeding_line(summary.feeding, cmp, lang),
        _sleep_line(summary.sleep, cmp, lang),
        _diaper_line(summary, cmp, lang),
        _pumping_line(summary, lang),
        _growth_line(summary.growth, lang),
        _health_line(summary.health, lang, tz),
        _notes_line(summary, lang),
    ) if line]
    return "\n".join(lines)


def _title(local_date: date, lang: Language, baby_name: str | None) -> str:
    who = text(lang, "summary.who", baby=baby_name) if baby_name else text(lang, "summary.who_unnamed")
    return text(lang, "summary.title", who=who, date=local_date,
                weekday=label(lang, "weekday", local_date.weekday()))


def _comparison(today: float, cmp: Comparisons, metric: str, show: Callable[[float], str],
                lang: Language) -> list[str]:
    """`比昨天 +30ml`, `7天平均 580ml`: today's change from yesterday and the 7-day average.

    When the earlier days were counted only up to the same time of day (`cmp.until`, a day
    not over yet), the text says so: `比昨天同时段`, `7天同时段平均`.
    """
    parts = []
    same_time = "_same_time" if cmp.until is not None else ""
    before = getattr(cmp.yesterday, metric) if cmp.yesterday is not None else None
    if before is not None:          # a day without records of this kind is compared with nothing
        parts.append(text(lang, f"summary.vs_yesterday{same_time}", delta=_signed(today - before, show)))
    average = getattr(cmp.week_average, metric) if cmp.week_average is not None else None
    if average is not None:
        parts.append(text(lang, f"summary.week_average{same_time}", value=show(average)))
    return parts


def _signed(delta: float, show: Callable[[float], str]) -> str:
    if abs(delta) < 0.5:
        return "±0"
    return ("+" if delta > 0 else "-") + show(abs(delta))


def _aside(details: list[str], compared: list[str], lang: Language) -> str:
    """One parenthesis: details, then the comparisons after a semicolon."""
    sep, group = text(lang, "sep.list"), text(lang, "sep.clause")
    inner = group.join(p for p in (sep.join(details), sep.join(compared)) if p)
    return text(lang, "aside", text=inner) if inner else ""


def _feeding_line(f: FeedingTotals, cmp: Comparisons, lang: Language) -> str:
    if not (f.count or f.solid_count or f.ml_by_kind):
        return ""
    def ml(v: float) -> str:
        return amounts.volume(v, lang)

    by_kind = [f"{label(lang, 'kind', k)} {ml(v)}" for k, v in f.ml_by_kind.items() if v]
    nursed = text(lang, "summary.feeding.nursed", count=f.breast_sessions,
                  duration=duration_text(f.breast_minutes, lang)) if f.breast_sessions else ""
    solids = text(lang, "summary.feeding.solids", count=f.solid_count,
                  foods=_aside(f.solid_foods, [], lang)) if f.solid_count else ""
    return text(lang, "summary.feeding", count=f.count,
                milk=text(lang, "summary.feeding.milk", ml=ml(f.milk_ml)) if f.milk_ml else "",
                aside=_aside(by_kind, _comparison(f.milk_ml, cmp, "milk_ml", ml, lang), lang),
                nursed=nursed, solids=solids)


def _sleep_line(s: SleepTotals, cmp: Comparisons, lang: Language) -> str:
    if s.total_min <= 0:
        return ""
    def d(m: float) -> str:
        return duration_text(m, lang)

    detail = [text(lang, "summary.sleep.night", duration=d(s.night_min))]
    if s.nap_min:
        detail.append(text(lang, "summary.sleep.naps", count=s.nap_count, duration=d(s.nap_min)))
    return text(lang, "summary.sleep", total=d(s.total_min),
                aside=_aside(detail, _comparison(s.total_min, cmp, "sleep_min", d, lang), lang),
                longest=text(lang, "summary.sleep.longest", duration=d(s.longest_min)) if s.longest_min else "",
                wakings=text(lang, "summary.sleep.wakings", count=s.night_wakings) if s.night_wakings else "",
                asleep=text(lang, "summary.sleep.asleep") if s.asleep_since else "")


def _diaper_line(summary: DaySummary, cmp: Comparisons, lang: Language) -> str:
    d = summary.diapers
    if not d.count:
        return ""
    compared = _comparison(d.count, cmp, "diaper_count", lambda v: _num(round(v, 1)), lang)
    detail = [text(lang, "summary.diapers.wet", count=d.wet), text(lang, "summary.diapers.solid", count=d.solid)]
    return text(lang, "summary.diapers", count=d.count, aside=_aside(detail, compared, lang))


def _pumping_line(summary: DaySummary, lang: Language) -> str:
    if not summary.pumping_count:
        return ""
    return text(lang, "summary.pumping", count=summary.pumping_count, ml=amounts.volume(summary.pumping_ml, lang))


def _growth_line(g: GrowthMeasure | None, lang: Language) -> str:
    if g is None:
        return ""
    parts = []
    for measure, value, pct in (("weight_kg", g.weight_kg, g.weight_percentile),
                                ("height_cm", g.height_cm, g.height_percentile),
                                ("head_cm", g.head_cm, g.head_percentile)):
        if value is not None:
            part = text(lang, f"summary.growth.{measure}", value=amounts.measure(measure, float(value), lang))
            if pct is not None:
                part += text(lang, "aside", text=text(lang, "summary.percentile", rank=round(pct)))
            parts.append(part)
    return text(lang, "summary.growth", measures=text(lang, "sep.enum").join(parts))


def health_event_text(event: HealthEvent, lang: str | Language = "zh") -> str:
    f, lang = event.fields, language_of(lang)
    name = label(lang, "summary_health", event.kind)
    if event.kind == "temperature" and f.get("temperature_c") is not None:
        return text(lang, "summary.temperature", label=name, value=amounts.temperature(float(f["temperature_c"]), lang))
    if event.kind == "medication":
        return " ".join(p for p in (name, str(f.get("medication") or ""), amounts.dose(f, lang)) if p)
    detail = f.get(event.kind) or f.get("notes") or ""
    return f"{name} {detail}".strip()


def _health_line(events: Sequence[HealthEvent], lang: Language, tz: tzinfo | None) -> str:
    if not events:
        return ""
    items = [f"{hm(e.time.astimezone(tz), lang)} {health_event_text(e, lang)}" if tz else
             health_event_text(e, lang) for e in events]
    return text(lang, "summary.health", items=text(lang, "sep.clause").join(items))


def _notes_line(summary: DaySummary, lang: Language) -> str:
    if not summary.notes:
        return ""
    return text(lang, "summary.notes", items=text(lang, "sep.clause").join(n.text for n in summary.notes))


def render_week(days: Sequence[DaySummary], language: str = "zh",
                baby_name: str | None = None) -> str:
    """The Sunday report: the week's daily averages over days that have records."""
    lang = language_of(language)
    recorded = [key_metrics(d) for d in days if not d.is_empty]
    first, last = days[0].local_date, days[-1].local_date
    head = text(lang, "summary.week_title", baby=baby_name, first=first, last=last) if baby_name else \
        text(lang, "summary.week_title_unnamed", first=first, last=last)
    average = average_metrics(recorded)
    if average is None:
        return head + "\n" + text(lang, "summary.week_empty")
    parts = [text(lang, f"summary.week_{name}", value=show(value)) for name, value, show in (
        ("milk", average.milk_ml, lambda v: amounts.volume(v, lang)),
        ("sleep", average.sleep_min, lambda v: duration_text(v, lang)),
        ("diapers", average.diaper_count, lambda v: _num(round(v, 1)))) if value is not None]
    return head + "\n" + text(lang, "summary.week_body", days=len(recorded),
                              averages=text(lang, "sep.list").join(parts))
