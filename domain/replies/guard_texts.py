"""Texts of the harness's guards (door, uncertain readings, duplicates, doses, replaced tasks): (zh, en).

render.py looks these up next to its own tables; every key here is new with the guards.
"""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from domain.replies.describe import TYPE, describe, number, pick
from domain.vocabulary import Language

STATIC: dict[str, tuple[str, str]] = {
    "delete_unclear": ("要删除哪一条呢？比如“删掉刚才那条”或“删掉6点那次喂奶”。",
                       "Which record should go? e.g. “delete the last one” or “delete the 6am feed”."),
    "role_unclear": ("要给谁设什么角色呢？比如“把奶奶设为照护者”。",
                     "Whose role, and which? e.g. “make Grandma a caregiver”."),
    "message_too_long": ("这条消息太长了（最多2000字），我没有处理。请分几条短一点的消息发。",
                         "That message is too long (2,000 characters at most); nothing was done. "
                         "Please send it in shorter messages."),
}

REASON: dict[str, tuple[str, str]] = {
    "uncertain_reading": ("我不太确定理解得对", "I'm not sure I read that right"),
    "possible_duplicate": ("可能已经记过了", "this may be recorded already"),
    "dose_too_soon": ("离上次用药还不到间隔时间", "the last dose was less than its interval ago"),
}

PROBLEM: dict[str, tuple[str, str]] = {
    "not_a_number": ("这个数值读不出来", "I couldn't read that number"),
    "out_of_window": ("这个时间不太可能", "that time can't be right"),
    "too_far_ahead": ("这个时间在一天以后", "that time is more than a day ahead"),
    "before_birth": ("这个时间在宝宝出生之前", "that time is before the baby was born"),
    "too_long_text": ("这段文字太长了", "that text is too long"),
    "unknown_zone": ("没有这个时区", "there is no such timezone"),
}

BUTTON_LABELS: dict[str, tuple[str, str]] = {
    "choose:same": ("是同一次", "Same one"),
    "choose:another": ("是另一次", "Another one"),
    "choose:restore": ("↩ 找回刚才的", "↩ Bring it back"),
}


def _zh(lang: Language) -> bool:
    return lang is Language.ZH


def reason_text(v: dict[str, Any], lang: Language, now: datetime) -> str | None:
    """The reason of an uncertain read-back, with what was not understood or the date it assumed."""
    doubt = v.get("doubt") or {}
    if not doubt:
        return None
    parts = []
    if doubt.get("unaccounted"):
        said = "、".join(f"“{u}”" for u in doubt["unaccounted"]) if _zh(lang) else \
            ", ".join(f"“{u}”" for u in doubt["unaccounted"])
        parts.append(f"{said} 我没用上" if _zh(lang) else f"I didn't use {said}")
    if doubt.get("clock_yesterday") is not None:
        hm = f"{doubt['clock_yesterday']:%H:%M}"
        parts.append(f"今天的{hm}还没到，按昨天记，对吗" if _zh(lang)
                     else f"{hm} today is still ahead, so I took yesterday")
    if not parts:
        parts.append(pick(REASON["uncertain_reading"], lang))
    return "；".join(parts) if _zh(lang) else "; ".join(parts)


def doubt_note(doubt: dict[str, Any], lang: Language) -> str:
    """After a question: the part of the message the reading did not use."""
    said = doubt.get("unaccounted") or []
    if not said:
        return ""
    if _zh(lang):
        return "（" + "、".join(f"“{u}”" for u in said) + " 我没看懂，如果有关也请告诉我）"
    return " (I didn't understand " + ", ".join(f"“{u}”" for u in said) + ".)"


def _existing(v: dict[str, Any], lang: Language, now: datetime) -> str:
    who = ("你" if _zh(lang) else "you") if v.get("by_you") else (v.get("by") or ("有人" if _zh(lang) else "someone"))
    record = describe(v.get("type"), v["existing"], now, lang)
    return f"{who} 已记录：{record}" if _zh(lang) else f"{who} already recorded {record}"


def _confirm_duplicate(v, lang, now):
    this = describe(v.get("type"), v["fields"], now, lang)
    return (f"{_existing(v, lang, now)}。是同一次吗？（这次：{this}）" if _zh(lang)
            else f"{_existing(v, lang, now)}. Is it the same one? (this one: {this})")


def _confirm_dose_too_soon(v, lang, now):
    hours = number(v.get("interval_h") or 4)
    this = describe(v.get("type"), v["fields"], now, lang)
    return (f"{_existing(v, lang, now)}，离这次还不到{hours}小时。确定要再记一次吗？{this}" if _zh(lang)
            else f"{_existing(v, lang, now)} — less than {hours} h before this one. Record it anyway? {this}")


def _duplicate_same(v, lang, now):
    return "好的，是同一次，不重复记录。" if _zh(lang) else "OK — the same one, not recorded twice."


_ACTION = {"create": ("", ""), "update": ("修改：", "the change "), "delete": ("删除", "deleting "),
           "profile_update": ("修改档案", "the profile change")}


def set_aside_note(v: dict[str, Any], lang: Language, now: datetime) -> str:
    """What a new request set aside: named, nothing of it written, and how to bring it back."""
    action = str(getattr(v["action"], "value", v["action"]))
    waiting = str(getattr(v["state"], "value", v["state"])) == "awaiting_confirmation"
    kind = pick(TYPE.get(str(getattr(v.get("type"), "value", v.get("type"))), ("记录", "record")), lang)
    if action == "create" and v.get("type"):
        what = describe(v["type"], v["slots"], now, lang) if waiting else kind     # half-known: its type
    elif action == "delete":
        what = pick(_ACTION["delete"], lang) + kind
    elif action == "update" and waiting:
        what = pick(_ACTION["update"], lang) + describe(v.get("type"), v["slots"], now, lang)
    elif action == "update":
        what = pick(_ACTION["update"], lang) + kind
    else:
        what = pick(_ACTION["profile_update"], lang)
    if _zh(lang):
        state = "等确认的" if waiting else "还没记完的"
        return f"（刚才{state}「{what}」先放下了，没有记录；要回到它，请点“找回刚才的”。）"
    state = "waiting for a confirmation" if waiting else "still open"
    return f"(The earlier request {state} — {what} — is set aside and nothing of it was saved; " \
           f"press “Bring it back” to return to it.)"


RENDERERS: dict[str, Callable[[dict, Language, datetime], str]] = {
    "confirm_duplicate": _confirm_duplicate, "confirm_dose_too_soon": _confirm_dose_too_soon,
    "duplicate_same": _duplicate_same,
}
