"""Reply texts in the family's language. Every reply keeps its machine-readable kind.

A reply key K is rendered by the function `_RENDERERS[K]` when its values need composing, else it is the
catalogue's template `reply.K` filled with the reply's values.
"""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from domain.replies import amounts
from domain.replies.answers import QUERY_RENDERERS
from domain.replies.asks import ask_text
from domain.replies.catalog import PARAGRAPHS, has_label, has_text, label, text
from domain.replies.describe import clock, describe, number
from domain.replies.guarded import GUARD_RENDERERS, doubt_note, expired_note, reason_text, set_aside_note
from domain.replies.one_off import ONE_OFF_RENDERERS, reminder_note
from domain.replies.several import confirm_several, fact_lines, recorded_several, trailing_notes, waiting_note
from domain.turn import Reply
from domain.vocabulary import Language

Renderer = Callable[[dict, Language, datetime], str]


def render(reply: Reply, lang: Language, now: datetime) -> str:
    renderer = _RENDERERS.get(reply.key)
    line = renderer(reply.values, lang, now) if renderer else text(lang, f"reply.{reply.key}", **reply.values)
    if reply.key != "confirm" and reply.values.get("doubt"):
        line += doubt_note(reply.values["doubt"], lang)
    if reply.key not in _SEVERAL_KEYS and ("several" in reply.values or "several_notes" in reply.values):
        if reply.key != "confirm":
            line += waiting_note(reply.values, lang, now)
        line += trailing_notes(reply.values, lang, now, _render_values)
    if "reminder" in reply.values:
        line += "\n" + reminder_note(reply.values["reminder"], lang, now)
    if "set_aside" in reply.values:
        line += "\n" + set_aside_note(reply.values["set_aside"], lang, now)
    if "expired_task" in reply.values:
        line += "\n" + expired_note(reply.values["expired_task"], lang, now)
    if "profile_missing" in reply.values:
        missing = reply.values["profile_missing"]
        line += "\n" + text(lang, "reply.profile_missing", baby=missing["baby"],
                             fields=text(lang, "sep.and").join(label(lang, "profile", f) for f in missing["fields"]))
    if "newcomer" in reply.values:
        line += "\n" + text(lang, "reply.newcomer", name=reply.values["newcomer"])
    return sentences(line, lang)


def sentences(reply_text: str, lang: Language) -> str:
    """Each line starts as a sentence does in languages that capitalise (a reply may open with a record:
    "formula 120ml @ 06:00. Is it the same one?")."""
    if not text(lang, "grammar.capitalise_lines"):
        return reply_text
    return "\n".join(line[:1].upper() + line[1:] for line in reply_text.split("\n"))


def _welcome(v, lang, now):
    return welcome_text(bool(v.get("new")), v.get("ask") or [], lang, bool(v.get("private")))


def welcome_text(new: bool, asks: list[str], lang: Language, private: bool = False) -> str:
    """/start: in the family's language, worded for a group or a one-to-one chat, with set-up's questions still
    open (time zone, units); in both languages, Chinese first, when the platform did not say which the family
    speaks."""
    if new:
        key = "start.welcome_private" if private else "telegram.welcome_new"
    else:
        key = "start.welcome_back_private" if private else "telegram.welcome_back"
    if "language" in asks:
        return PARAGRAPHS.format(zh=text(Language.ZH, key) + asks_text(asks, Language.ZH),
                                 en=text(Language.EN, key) + asks_text(asks, Language.EN))
    return text(lang, key) + asks_text(asks, lang)


def asks_text(asks: list[str], lang: Language) -> str:
    """Set-up's open questions, a line each: which language, which time zone, which units."""
    lines = [text(lang, "list.bullet", item=text(lang, f"welcome.ask_{ask}")) for ask in asks]
    return "\n\n" + text(lang, "welcome.asks") + "\n" + "\n".join(lines) if lines else ""


def _render_values(reply: Reply, lang: Language, now: datetime) -> str:
    return render(reply, lang, now)


def button_label(action: str, lang: Language) -> str:
    if action.startswith(("role:", "admit:")):
        answer = action.rsplit(":", 1)[1]
        action = "admit:no" if answer == "no" else "role:" + answer
    if action.startswith("choose:restore_"):
        action = "choose:restore"
    return label(lang, "button", action.replace(":", "."), action)


def _desc(v: dict[str, Any], lang: Language, now: datetime, key: str = "fields") -> str:
    return describe(v.get("type"), v[key], now, lang)


def _about_record(template: str) -> Renderer:
    """A reply that says one thing about the record it carries: `reply.<...>` with {record}."""
    return lambda v, lang, now: text(lang, template, record=_desc(v, lang, now))


def _in_units(field: str) -> str:
    """The name a missing field is asked by: an amount in the family's own unit (amount (oz))."""
    return "amount_oz" if field == "amount_ml" and amounts.current_units().volume == "oz" else field


def _ask(v, lang, now):
    missing, slots = v["missing"], v.get("slots", {})
    if v["type"] not in ("feeding", "sleep"):
        return ask_text(v["type"], missing, slots, lang)
    if v["type"] == "sleep":
        if "start" in missing and "end" in missing:
            plain = slots.get("night_wakings") is not None or slots.get("nap")
            return text(lang, "ask.sleep_when" if plain else "ask.sleep_when_wakings")
        return text(lang, "ask.sleep_start" if "start" in missing else "ask.sleep_end")
    if missing[0] == "kind":
        said = slots.get("amount_ml")
        amount = text(lang, "ask.amount_prefix", amount=amounts.volume(said, lang)) if said else ""
        return text(lang, "ask.feeding_kind", amount=amount)
    names = text(lang, "ask.field_separator").join(label(lang, "field", _in_units(m)) for m in missing)
    return text(lang, "ask.still_need", names=names)


def _confirm(v, lang, now):
    if v.get("several"):
        return confirm_several(v, lang, now, reason_text(v, lang) or label(lang, "reason", v.get("reason"), ""))
    if v.get("before") is not None:
        why = reason_text(v, lang) if v.get("doubt") else None     # she's awake, 45 min: why it is asked
        return text(lang, "reply.confirm_change_why" if why else "reply.confirm_change",
                    before=describe(v["type"], v["before"], now, lang), record=_desc(v, lang, now), reason=why)
    reason = reason_text(v, lang) or label(lang, "reason", v.get("reason"), "")
    return text(lang, "reply.confirm", record=_desc(v, lang, now), reason=reason)


def _since(template: str) -> Renderer:
    return lambda v, lang, now: text(lang, template, since=clock(v["fields"]["start"], now, lang))


def _with_role(template: str) -> Renderer:
    """A reply about someone and the role they now have: {name} and {role}."""
    return lambda v, lang, now: text(lang, template, name=v["name"], role=label(lang, "role", v["role"]))


def _setting_value(value: Any, lang: Language) -> str:
    if isinstance(value, str) and has_label(lang, "unit_choice", value):
        return label(lang, "unit_choice", value)
    if value in ("group", "private"):
        return text(lang, f"push_to.{value}")
    if isinstance(value, bool) or value == 0:
        return text(lang, "switch.on" if value else "switch.off")
    return number(value) if isinstance(value, float) else str(value)


def _settings_set(v, lang, now):
    parts = [text(lang, "setting.change", name=label(lang, "setting", k), value=_setting_value(val, lang))
             for k, val in v["change"].items()]
    still = [ask for ask in v.get("ask") or [] if ask != "language"]
    return text(lang, "reply.settings_set", changes=text(lang, "sep.list").join(parts)) + asks_text(still, lang)


def _which_baby(v, lang, now):
    return text(lang, "reply.which_baby", names=text(lang, "sep.enum").join(v["babies"]))


def _profile_value(key: str, value: Any, lang: Language) -> str:
    if value is None:                  # e.g. the birth weight of a baby who had none yet
        return text(lang, "value.unknown")
    if key == "sex" and value in ("female", "male"):
        return label(lang, "sex", value)
    if key == "birth_weight_kg":
        return amounts.weight(value, lang)
    if key == "birth_height_cm":
        return amounts.length(value, lang)
    return str(value)


def _changes(v: dict, lang: Language, arrow: bool) -> str:
    parts, before = [], v.get("before", {})
    for key, value in v["change"].items():
        field, shown = label(lang, "profile", key), _profile_value(key, value, lang)
        if arrow and key in before:
            parts.append(text(lang, "profile.change_from", field=field, before=_profile_value(key, before[key], lang),
                              value=shown))
        else:
            parts.append(text(lang, "profile.change", field=field, value=shown))
    return text(lang, "sep.list").join(parts)


def _profile(template: str, arrow: bool) -> Renderer:
    return lambda v, lang, now: text(lang, template, baby=v["baby"], changes=_changes(v, lang, arrow))


def _profile_ask(v, lang, now):
    return text(lang, "reply.profile_ask", baby=v["baby"], field=label(lang, "profile", v["field"]))


def _invalid(v, lang, now):
    return text(lang, "reply.invalid_value", problem=label(lang, "problem", v["problem"].code,
                                                           text(lang, "problem.other")))


def examples(lang: Language) -> dict[str, str]:
    """The amounts an example says, in the family's units (the units of `units_shown`): 90 ml or 3oz."""
    units = amounts.current_units()
    return {"milk": label(lang, "example_milk", units.volume),
            "more_milk": label(lang, "example_more_milk", units.volume),
            "weight": label(lang, "example_weight", units.weight),
            "temperature": label(lang, "example_temperature", units.temperature)}


def help_text(lang: Language) -> str:
    """/help: what to say, its examples in the family's units."""
    return text(lang, "reply.help", **examples(lang))


def _example(v, lang) -> str:
    """One example near what was said, its amounts in the family's units (“just had 3oz formula”)."""
    key = f"example.{v.get('near')}"
    return text(lang, key if has_text(lang, key) else "example.any", **examples(lang))


def _not_understood(v, lang, now):
    return text(lang, "reply.not_understood", example=_example(v, lang))


def _ask_again(v, lang, now):
    return text(lang, "reply.ask_again", example=_example(v, lang))


def _no_recent(v, lang, now):
    if v.get("type") is None:       # no type known: "no recent record", not "no recent record record"
        return text(lang, "reply.no_recent_record_any")
    return text(lang, "reply.no_recent_record", type=label(lang, "type", v.get("type"), text(lang, "record.any")))


_RENDERERS: dict[str, Renderer] = {
    "recorded": _about_record("reply.recorded"), "updated": _about_record("reply.updated"),
    "woke_up": _about_record("reply.woke_up"), "confirm_delete": _about_record("reply.confirm_delete"),
    "deleted": _about_record("reply.deleted"), "undone_delete": _about_record("reply.undone_delete"),
    "undone_create": _about_record("reply.undone"), "undone_update": _about_record("reply.undone"),
    "already_so": _about_record("reply.already_so"),
    "ask": _ask, "confirm": _confirm, "fell_asleep": _since("reply.fell_asleep"),
    "help": lambda v, lang, now: help_text(lang),
    "already_asleep": _since("reply.already_asleep"), "role_set": _with_role("reply.role_set"),
    "join_admitted": _with_role("reply.join_admitted"), "settings_set": _settings_set,
    "which_baby": _which_baby, "profile_confirm": _profile("reply.profile_confirm", arrow=True),
    "profile_updated": _profile("reply.profile_updated", arrow=False), "invalid_value": _invalid,
    "profile_ask": _profile_ask,
    "no_recent_record": _no_recent, "welcome": _welcome, "not_understood": _not_understood,
    "ask_again": _ask_again,
}
_RENDERERS["recorded_several"] = lambda v, lang, now: recorded_several(v, lang, now, _render_values)
_RENDERERS["several_said"] = lambda v, lang, now: trailing_notes(v, lang, now, _render_values).lstrip("\n")
_RENDERERS["undone_several"] = lambda v, lang, now: text(lang, "reply.undone_several", count=len(v["several"]),
                                                          records=fact_lines(v["several"], lang, now))
_SEVERAL_KEYS = ("recorded_several", "several_said", "undone_several")
_RENDERERS.update(QUERY_RENDERERS)
_RENDERERS.update(GUARD_RENDERERS)
_RENDERERS.update(ONE_OFF_RENDERERS)
