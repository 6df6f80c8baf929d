"""Records and times in words, in the family's language (the words come from the catalogue)."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from domain.replies import amounts
from domain.replies.catalog import has_label, label, text
from domain.vocabulary import Language, RecordType


def clock(t: datetime | None, now: datetime, lang: Language) -> str:
    if t is None:
        return text(lang, "value.unknown")
    t = t.astimezone(now.tzinfo)
    days = (now.date() - t.date()).days
    key = {0: "clock.today", 1: "clock.yesterday"}.get(days, "clock.date")
    return text(lang, key, time=t)


def minutes(total: float, lang: Language) -> str:
    h, m = divmod(int(round(total)), 60)
    parts = [text(lang, "duration.hours", hours=h)] if h else []
    if m or not h:
        parts.append(text(lang, "duration.minutes", minutes=m))
    return text(lang, "duration.joiner").join(parts)


def number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def decimal(x: float, places: int) -> str:
    return f"{float(x):.{places}f}".rstrip("0").rstrip(".")


def describe(record_type: RecordType | str | None, fields: dict[str, Any], now: datetime,
             lang: Language) -> str:
    rtype = RecordType(record_type) if record_type else None
    if rtype is RecordType.FEEDING:
        return _feeding(fields, now, lang)
    if rtype is RecordType.SLEEP:
        return _sleep(fields, now, lang)
    if rtype in _OTHER:
        return _OTHER[rtype](fields, now, lang)
    name = label(lang, "type", rtype, text(lang, "record.any")) if rtype else ""
    when = fields.get("start") or fields.get("time")
    return f"{name} {clock(when, now, lang)}".strip()


def at(f: dict[str, Any], now: datetime, lang: Language) -> str:
    return text(lang, "at", time=clock(f.get("start") or f.get("time"), now, lang))


def _feeding(f: dict[str, Any], now: datetime, lang: Language) -> str:
    parts = [label(lang, "kind", f.get("kind"), text(lang, "type.feeding"))]
    if has_label(lang, "side", f.get("method")):
        parts.append(text(lang, "feeding.nursing", side=label(lang, "side", f["method"])))
    if f.get("food"):
        parts.append(str(f["food"]))
    if f.get("amount_ml") is not None:
        parts.append(amounts.volume(f["amount_ml"], lang))
    if f.get("amount_g") is not None:
        parts.append(text(lang, "unit.g", value=number(f["amount_g"])))
    if f.get("duration_min"):
        parts.append(minutes(f["duration_min"], lang))
    return " ".join(parts) + text(lang, "at", time=clock(f.get("start"), now, lang))


def _sleep(f: dict[str, Any], now: datetime, lang: Language) -> str:
    start, end = f.get("start"), f.get("end")
    if end is None:
        return text(lang, "sleep.open", start=clock(start, now, lang))
    if start is None:
        return text(lang, "sleep.woke", end=clock(end, now, lang))
    wakings = f.get("night_wakings")
    return text(lang, "sleep.span", label=text(lang, "sleep.nap" if f.get("nap") else "sleep.night"),
                start=clock(start, now, lang), end=clock(end, now, lang),
                span=minutes((end - start).total_seconds() / 60, lang),
                wakings="" if wakings is None else text(lang, "sleep.wakings", count=wakings))


def _diaper(f: dict[str, Any], now: datetime, lang: Language) -> str:
    parts = [text(lang, "diaper.wet")] if f.get("wet") else []
    if f.get("solid"):
        parts.append(text(lang, "diaper.solid"))
    what = text(lang, "diaper.joiner").join(parts) or text(lang, "diaper.changed")
    said = [label(lang, name, f[name]) for name in ("color", "consistency") if has_label(lang, name, f.get(name))]
    color = text(lang, "aside", text=text(lang, "sep.enum").join(said)) if said else ""
    return text(lang, "diaper.line", what=what, color=color, at=at(f, now, lang))


def _growth(f: dict[str, Any], now: datetime, lang: Language) -> str:
    parts = [text(lang, f"growth.{key}", value=amounts.measure(key, f[key], lang))
             for key in ("weight_kg", "height_cm", "head_cm") if f.get(key) is not None]
    return text(lang, "sep.list").join(parts) + at(f, now, lang)


def _health(f: dict[str, Any], now: datetime, lang: Language) -> str:
    kind = f.get("kind")
    parts = [label(lang, "health", kind, text(lang, "type.health"))]
    if kind == "medication" or f.get("medication"):
        parts.append(_medicine(f, lang))
    if f.get("symptom"):
        parts.append(str(f["symptom"]))
    if f.get("vaccine"):
        parts.append(str(f["vaccine"]))
    if f.get("temperature_c") is not None:
        parts.append(amounts.temperature(f["temperature_c"], lang))
    return " ".join(p for p in parts if p) + at(f, now, lang)


def _medicine(f: dict[str, Any], lang: Language) -> str:
    medicine = str(f.get("medication") or "")
    if f.get("dose") is not None:
        medicine += f" {amounts.dose(f, lang)}"
    if f.get("next_dose_after_h") is not None:
        hours, said = amounts.dose_interval(f, lang)
        medicine += text(lang, "medicine.next_dose", hours=hours, said=said)
    return medicine.strip()


def _pumping(f: dict[str, Any], now: datetime, lang: Language) -> str:
    parts = [text(lang, "type.pumping")]
    if has_label(lang, "pump_side", f.get("side")):
        parts.append(label(lang, "pump_side", f["side"]))
    if f.get("amount_ml") is not None:
        parts.append(amounts.volume(f["amount_ml"], lang))
    return " ".join(parts) + at(f, now, lang)


def _tummy(f: dict[str, Any], now: datetime, lang: Language) -> str:
    parts = [text(lang, "type.tummy_time")]
    duration = f.get("duration_min")
    if duration is None and f.get("start") and f.get("end"):
        duration = (f["end"] - f["start"]).total_seconds() / 60
    if duration:
        parts.append(minutes(duration, lang))
    line = " ".join(parts) + at(f, now, lang)
    if f.get("milestone"):
        line += text(lang, "aside", text=f["milestone"])
    return line


def _note(f: dict[str, Any], now: datetime, lang: Language) -> str:
    return text(lang, "note.line", text=f.get("text", ""))


_OTHER = {RecordType.DIAPER: _diaper, RecordType.GROWTH: _growth, RecordType.HEALTH: _health,
          RecordType.PUMPING: _pumping, RecordType.TUMMY_TIME: _tummy, RecordType.NOTE: _note}
