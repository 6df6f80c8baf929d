"""A `DaySummary` as a few readable lines, in Chinese (default) or English."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, tzinfo

from domain.summary.days import (
    Comparisons,
    DaySummary,
    FeedingTotals,
    GrowthMeasure,
    HealthEvent,
    SleepTotals,
    key_metrics,
)

_ZH_WEEKDAYS = "一二三四五六日"
_KIND_LABELS = {
    "zh": {"formula": "配方奶", "breast_milk": "母乳", "fortified_breast_milk": "强化母乳",
           "water": "水"},
    "en": {"formula": "formula", "breast_milk": "breast milk",
           "fortified_breast_milk": "fortified breast milk", "water": "water"},
}
_HEALTH_LABELS = {
    "zh": {"temperature": "体温", "medication": "用药", "symptom": "症状", "vaccine": "疫苗",
           "doctor_visit": "就医"},
    "en": {"temperature": "temperature", "medication": "medication", "symptom": "symptom",
           "vaccine": "vaccine", "doctor_visit": "doctor visit"},
}


def _lang(language: str) -> str:
    return "en" if language.lower().startswith("en") else "zh"


def duration_text(minutes: float, language: str = "zh") -> str:
    total = int(round(minutes))
    hours, mins = divmod(total, 60)
    if _lang(language) == "en":
        return f"{hours}h {mins:02d}m" if hours else f"{mins}m"
    if hours and mins:
        return f"{hours}小时{mins}分"
    return f"{hours}小时" if hours else f"{mins}分钟"


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".") if value % 1 else str(int(value))


def render_summary(summary: DaySummary, comparisons: Comparisons | None = None,
                   language: str = "zh", baby_name: str | None = None,
                   tz: tzinfo | None = None) -> str:
    """The evening summary: a title, then one line per kind of record that has something."""
    lang = _lang(language)
    if summary.is_empty:
        return _title(summary.local_date, lang, baby_name) + "\n" + \
            ("今天还没有记录。" if lang == "zh" else "Nothing recorded today.")
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


def _title(local_date: date, lang: str, baby_name: str | None) -> str:
    if lang == "en":
        who = f"{baby_name}'s day" if baby_name else "Today"
        return f"{who}, {local_date.strftime('%a %d %b')}"
    who = f"{baby_name}的一天" if baby_name else "今日总结"
    return f"{who}（{local_date.month}月{local_date.day}日 周{_ZH_WEEKDAYS[local_date.weekday()]}）"


def _comparison(today: float, cmp: Comparisons, metric: str, show: Callable[[float], str],
                lang: str) -> list[str]:
    """`比昨天 +30ml`, `7天平均 580ml`: today's change from yesterday and the 7-day average.

    When the earlier days were counted only up to the same time of day (`cmp.until`, a day
    not over yet), the text says so: `比昨天同时段`, `7天同时段平均`.
    """
    parts = []
    same_time = cmp.until is not None
    if cmp.yesterday is not None:
        delta = today - getattr(cmp.yesterday, metric)
        label = ("比昨天同时段 " if same_time else "比昨天 ") if lang == "zh" else \
            ("vs this time yesterday " if same_time else "vs yesterday ")
        parts.append(label + _signed(delta, show))
    if cmp.week_average is not None:
        average = getattr(cmp.week_average, metric)
        label = ("7天同时段平均 " if same_time else "7天平均 ") if lang == "zh" else \
            ("7-day avg to this time " if same_time else "7-day avg ")
        parts.append(label + show(average))
    return parts


def _signed(delta: float, show: Callable[[float], str]) -> str:
    if abs(delta) < 0.5:
        return "±0"
    return ("+" if delta > 0 else "-") + show(abs(delta))


def _aside(details: list[str], compared: list[str], lang: str) -> str:
    """One parenthesis: details, then the comparisons after a semicolon."""
    sep, group = ("，", "；") if lang == "zh" else (", ", "; ")
    inner = group.join(p for p in (sep.join(details), sep.join(compared)) if p)
    if not inner:
        return ""
    return f"（{inner}）" if lang == "zh" else f" ({inner})"


def _feeding_line(f: FeedingTotals, cmp: Comparisons, lang: str) -> str:
    if not (f.count or f.solid_count or f.ml_by_kind):
        return ""
    labels, ml = _KIND_LABELS[lang], (lambda v: f"{_num(round(v))}ml")
    by_kind = [f"{labels.get(k, k)} {ml(v)}" for k, v in f.ml_by_kind.items() if v]
    milk = _aside(by_kind, _comparison(f.milk_ml, cmp, "milk_ml", ml, lang), lang)
    foods = _aside(f.solid_foods, [], lang)
    if lang == "zh":
        text = f"喂养：{f.count}次" + (f"，奶量 {ml(f.milk_ml)}" if f.milk_ml else "") + milk
        if f.breast_sessions:
            text += f"；亲喂 {f.breast_sessions}次 {duration_text(f.breast_minutes)}"
        return text + (f"；辅食 {f.solid_count}次{foods}" if f.solid_count else "")
    text = f"Feeding: {f.count} feed{'s' if f.count != 1 else ''}"
    text += (f", {ml(f.milk_ml)} milk" if f.milk_ml else "") + milk
    if f.breast_sessions:
        text += f"; breastfed {f.breast_sessions}x, {duration_text(f.breast_minutes, 'en')}"
    return text + (f"; solids {f.solid_count}x{foods}" if f.solid_count else "")


def _sleep_line(s: SleepTotals, cmp: Comparisons, lang: str) -> str:
    if s.total_min <= 0:
        return ""
    def d(m: float) -> str:
        return duration_text(m, lang)

    compared = _comparison(s.total_min, cmp, "sleep_min", d, lang)
    if lang == "zh":
        detail = [f"夜间 {d(s.night_min)}"] + ([f"小睡 {s.nap_count}次 {d(s.nap_min)}"] if s.nap_min else [])
        text = f"睡眠：共 {d(s.total_min)}{_aside(detail, compared, lang)}"
        text += f"，最长一觉 {d(s.longest_min)}" if s.longest_min else ""
        text += f"，夜醒 {s.night_wakings}次" if s.night_wakings else ""
        return text + ("，现在还在睡" if s.asleep_since else "")
    detail = [f"night {d(s.night_min)}"] + \
        ([f"{s.nap_count} nap{'s' if s.nap_count != 1 else ''} {d(s.nap_min)}"] if s.nap_min else [])
    text = f"Sleep: {d(s.total_min)}{_aside(detail, compared, lang)}"
    text += f", longest stretch {d(s.longest_min)}" if s.longest_min else ""
    text += f", woke {s.night_wakings}x at night" if s.night_wakings else ""
    return text + (", asleep now" if s.asleep_since else "")


def _diaper_line(summary: DaySummary, cmp: Comparisons, lang: str) -> str:
    d = summary.diapers
    if not d.count:
        return ""
    compared = _comparison(d.count, cmp, "diaper_count", lambda v: _num(round(v, 1)), lang)
    if lang == "zh":
        return f"尿布：{d.count}次{_aside([f'湿 {d.wet}', f'便 {d.solid}'], compared, lang)}"
    return f"Diapers: {d.count}{_aside([f'wet {d.wet}', f'dirty {d.solid}'], compared, lang)}"


def _pumping_line(summary: DaySummary, lang: str) -> str:
    if not summary.pumping_count:
        return ""
    if lang == "zh":
        return f"吸奶：{summary.pumping_count}次，共 {_num(round(summary.pumping_ml))}ml"
    return f"Pumping: {summary.pumping_count}x, {_num(round(summary.pumping_ml))} ml"


def _growth_line(g: GrowthMeasure | None, lang: str) -> str:
    if g is None:
        return ""
    names = {"zh": ("体重", "身长", "头围"), "en": ("weight", "length", "head")}[lang]
    parts = []
    for name, value, unit, pct in ((names[0], g.weight_kg, "kg", g.weight_percentile),
                                   (names[1], g.height_cm, "cm", g.height_percentile),
                                   (names[2], g.head_cm, "cm", g.head_percentile)):
        if value is not None:
            parts.append(f"{name} {_num(round(float(value), 2))}{unit}" +
                         (f"（P{round(pct)}）" if pct is not None and lang == "zh" else
                          f" (P{round(pct)})" if pct is not None else ""))
    return ("生长：" if lang == "zh" else "Growth: ") + ("、" if lang == "zh" else ", ").join(parts)


def health_event_text(event: HealthEvent, lang: str = "zh") -> str:
    f, lang = event.fields, _lang(lang)
    label = _HEALTH_LABELS[lang].get(event.kind, event.kind)
    if event.kind == "temperature" and f.get("temperature_c") is not None:
        return f"{label} {_num(float(f['temperature_c']))}°C"
    if event.kind == "medication":
        dose = f"{_num(float(f['dose']))}{f.get('dose_unit') or ''}" if f.get("dose") is not None else ""
        return " ".join(p for p in (label, str(f.get("medication") or ""), dose) if p)
    detail = f.get(event.kind) or f.get("notes") or ""
    return f"{label} {detail}".strip()


def _health_line(events: Sequence[HealthEvent], lang: str, tz: tzinfo | None) -> str:
    if not events:
        return ""
    items = [f"{e.time.astimezone(tz):%H:%M} {health_event_text(e, lang)}" if tz else
             health_event_text(e, lang) for e in events]
    return ("健康：" if lang == "zh" else "Health: ") + ("；" if lang == "zh" else "; ").join(items)


def _notes_line(summary: DaySummary, lang: str) -> str:
    if not summary.notes:
        return ""
    texts = [n.text for n in summary.notes]
    return ("记事：" if lang == "zh" else "Notes: ") + ("；" if lang == "zh" else "; ").join(texts)


def render_week(days: Sequence[DaySummary], language: str = "zh",
                baby_name: str | None = None) -> str:
    """The Sunday report: the week's daily averages over days that have records."""
    lang = _lang(language)
    recorded = [key_metrics(d) for d in days if not d.is_empty]
    first, last = days[0].local_date, days[-1].local_date
    if lang == "zh":
        head = f"{baby_name + '的' if baby_name else ''}本周小结（{first.month}/{first.day}–{last.month}/{last.day}）"
    else:
        head = f"{baby_name + chr(39) + 's' if baby_name else 'The'} week ({first:%d %b}–{last:%d %b})"
    if not recorded:
        return head + "\n" + ("本周没有记录。" if lang == "zh" else "Nothing recorded this week.")
    n = len(recorded)
    milk = sum(m.milk_ml for m in recorded) / n
    sleep = sum(m.sleep_min for m in recorded) / n
    diapers = sum(m.diaper_count for m in recorded) / n
    if lang == "zh":
        body = f"记录了 {n} 天：日均奶量 {_num(round(milk))}ml，日均睡眠 {duration_text(sleep)}，" \
               f"日均尿布 {_num(round(diapers, 1))}次"
    else:
        body = f"{n} days recorded: {_num(round(milk))} ml milk, {duration_text(sleep, 'en')} sleep, " \
               f"{_num(round(diapers, 1))} diapers a day"
    return head + "\n" + body
