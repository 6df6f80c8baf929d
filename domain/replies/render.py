"""Reply texts in the family's language. Every reply keeps its machine-readable kind."""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from domain.replies import guard_texts
from domain.replies.answers import QUERY_RENDERERS
from domain.replies.asks import ask_text
from domain.replies.describe import FIELD, TYPE, clock, describe, number, pick
from domain.turn import Reply
from domain.vocabulary import Language

L = Language

BUTTON_LABELS = {
    "role:parent": ("设为家长", "Parent"), "role:caregiver": ("设为照护者", "Caregiver"),
    "role:friend": ("只是朋友", "Friend"),
    "confirm": ("✅ 确认", "✅ Confirm"), "cancel": ("✖ 取消", "✖ Cancel"), "undo": ("↩ 撤销", "↩ Undo"),
    "choose:formula": ("配方奶", "Formula"), "choose:breast_milk": ("母乳", "Breast milk"),
    "choose:wet": ("尿了", "Wet"), "choose:solid": ("拉了", "Dirty"), "choose:both": ("都有", "Both"),
}

REASON = {
    "cross_day_sleep": ("这次睡眠跨了天", "this sleep crosses midnight"),
    "health_event": ("健康记录需要确认", "health events are confirmed"),
    "update": ("修改已有记录", "this changes an existing record"),
    "implausible_value": ("这个数值不太常见", "this value looks unusual"),
}

PROBLEM = {
    "negative": ("数值不能是负数", "a value can't be negative"),
    "absurd": ("这个数值超出了可能的范围", "that value is outside any possible range"),
    "end_before_start": ("结束时间早于开始时间", "the end is before the start"),
    "too_long": ("一次睡眠不会超过24小时", "a sleep can't be longer than 24 hours"),
    "unknown_value": ("这个选项我不认识", "I don't know that option"),
}

STATIC = {
    "friend_cannot_write": ("抱歉，只有家长和照护者可以记录或确认，你可以随时查询哦。",
                            "Sorry — only parents and caregivers can record or confirm. You can still ask anything."),
    "profile_parent_only": ("只有家长可以修改宝宝档案。", "Only parents can change the baby's profile."),
    "profile_unclear": ("要改档案里的什么呢？比如“把生日改成2026年3月2日”。",
                        "What should change? e.g. “birth date is 2026-03-02”."),
    "settings_invalid": ("这个设置值不对，比如“每天晚上9点发总结”或 /settings summary_time 21:00。",
                         "That setting value isn't valid — e.g. /settings summary_time 21:00."),
    "manage_parent_only": ("只有家长可以管理成员和设置。", "Only parents can manage members and settings."),
    "last_parent": ("家里至少要有一位家长。", "The family needs at least one parent."),
    "friend_cannot_press": ("只有家长和照护者可以操作", "Only parents and caregivers can do that"),
    "stale_button": ("这个按钮已经失效了", "That button is no longer active"),
    "task_changed": ("内容已经改过了，请按最新消息的按钮", "That was changed since — use the latest message"),
    "nothing_to_confirm": ("现在没有需要确认的事。", "There is nothing waiting for confirmation."),
    "nothing_to_undo": ("没有可以撤销的记录。", "There is nothing to undo."),
    "undo_too_late": ("只能撤销10分钟内的记录，更早的请说“删除…”。", "Undo only works for 10 minutes."),
    "correction_unclear": ("要改成什么呢？比如“不对，是90ml”。", "What should it be? e.g. “no, 90 ml”."),
    "target_gone": ("要修改的那条记录已经不在了，没有改动。", "That record is gone; nothing was changed."),
    "help": ("我是 Fawn，家里的育儿小助手。\n"
             "• 直接说：刚刚喝了90ml配方奶、换了尿布、睡着了 / 醒了、体温37.8、记一下：…\n"
             "• 问：今天喝了多少奶？上次喂奶是几点？今天总结一下\n"
             "• 改：不对，是90ml / 把6点那次改成120ml / 删掉刚才那条（都会先请你确认）\n"
             "• 家长：把奶奶设为照护者、每天晚上9点发总结、用英文回复\n"
             "/summary 今天的总结 · /undo 撤销 · /settings 设置 · /role 小王 caregiver 阿姨 · /export 导出（家长）",
             "I'm Fawn, the family's baby-care helper.\n"
             "• Tell me: just had 90 ml formula, changed a wet diaper, fell asleep / woke up, temp 37.8\n"
             "• Ask: how much milk today? when was the last feed? summary\n"
             "• Fix: no, 90 ml / change the 6am feed to 120 ml / delete the last feed (confirmed first)\n"
             "• Parents: make Grandma a caregiver, send the summary at 8pm, reply in Chinese\n"
             "/summary · /undo · /settings · /role Grandma caregiver · /export (parents)"),
}


STATIC.update(guard_texts.STATIC)
REASON.update(guard_texts.REASON)
PROBLEM.update(guard_texts.PROBLEM)
BUTTON_LABELS.update(guard_texts.BUTTON_LABELS)


def render(reply: Reply, lang: Language, now: datetime) -> str:
    text = pick(STATIC[reply.key], lang) if reply.key in STATIC else _RENDERERS[reply.key](reply.values, lang, now)
    if reply.key != "confirm" and reply.values.get("doubt"):
        text += guard_texts.doubt_note(reply.values["doubt"], lang)
    if "set_aside" in reply.values:
        text += "\n" + guard_texts.set_aside_note(reply.values["set_aside"], lang, now)
    if "newcomer" in reply.values:
        text += "\n" + _newcomer({"name": reply.values["newcomer"]}, lang, now)
    return text


def button_label(action: str, lang: Language) -> str:
    if action.startswith("role:"):
        action = "role:" + action.rsplit(":", 1)[1]
    if action.startswith("choose:restore_"):
        action = "choose:restore"
    return pick(BUTTON_LABELS.get(action, (action, action)), lang)


def _desc(v: dict[str, Any], lang: Language, now: datetime, key: str = "fields") -> str:
    return describe(v.get("type"), v[key], now, lang)


def _recorded(v, lang, now):
    return f"已记录：{_desc(v, lang, now)}" if lang is L.ZH else f"Recorded: {_desc(v, lang, now)}"


def _ask(v, lang, now):
    missing, slots = v["missing"], v.get("slots", {})
    if v["type"] not in ("feeding", "sleep"):
        return ask_text(v["type"], missing, slots, lang)
    if v["type"] == "sleep":
        if "start" in missing and "end" in missing:
            if slots.get("night_wakings") is not None or slots.get("nap"):
                return "大概几点到几点？" if lang is L.ZH else "Roughly from when to when?"
            return "大概几点到几点？夜醒几次？" if lang is L.ZH else "Roughly from when to when? Any night wakings?"
        if "start" in missing:
            return "几点睡着的？" if lang is L.ZH else "When did the sleep start?"
        return "几点醒的？" if lang is L.ZH else "When did the baby wake up?"
    if missing[0] == "kind":
        amount = f"{number(slots['amount_ml'])}ml " if slots.get("amount_ml") else ""
        return f"{amount}是配方奶还是母乳？" if lang is L.ZH else f"{amount}formula or breast milk?"
    names = "、".join(pick(FIELD.get(m, (m, m)), lang) for m in missing)
    return f"还需要：{names}" if lang is L.ZH else f"I still need: {names}"


def _confirm(v, lang, now):
    reasons = guard_texts.reason_text(v, lang, now) or pick(REASON.get(str(v.get("reason")), ("", "")), lang)
    if v.get("before") is not None:
        before = describe(v["type"], v["before"], now, lang)
        body = f"{before} → {_desc(v, lang, now)}"
        return f"要修改吗？{body}" if lang is L.ZH else f"Change it? {body}"
    return (f"请确认：{_desc(v, lang, now)}（{reasons}）" if lang is L.ZH
            else f"Please confirm: {_desc(v, lang, now)} ({reasons})")


def _updated(v, lang, now):
    return f"已修改：{_desc(v, lang, now)}" if lang is L.ZH else f"Updated: {_desc(v, lang, now)}"


def _woke(v, lang, now):
    return f"醒啦，已记录：{_desc(v, lang, now)}" if lang is L.ZH else f"Awake — recorded {_desc(v, lang, now)}"


def _asleep(v, lang, now):
    since = clock(v["fields"]["start"], now, lang)
    return f"{since} 开始睡，醒了告诉我一声“醒了”。" if lang is L.ZH else \
        f"Asleep since {since}. Tell me “woke up” when the baby wakes."


def _already_asleep(v, lang, now):
    since = clock(v["fields"]["start"], now, lang)
    return f"宝宝从 {since} 就在睡了。" if lang is L.ZH else f"The baby has been asleep since {since}."


def _expired(v, lang, now):
    return ("刚才那件事已经超过1小时没确认，已经过期、没有写入。请重新告诉我要记录什么。" if lang is L.ZH
            else "That request expired after an hour and was not saved. Please tell me again.")


ROLE_NAMES = {"parent": ("家长", "parent"), "caregiver": ("照护者", "caregiver"), "friend": ("朋友", "friend")}


def _role_set(v, lang, now):
    role = pick(ROLE_NAMES[str(v["role"].value if hasattr(v["role"], "value") else v["role"])], lang)
    return f"好的，{v['name']} 现在是{role}。" if lang is L.ZH else f"OK — {v['name']} is now a {role}."


def _newcomer(v, lang, now):
    return (f"欢迎 {v['name']}！请家长为 TA 选择角色（在此之前只能查看和聊天）。" if lang is L.ZH
            else f"Welcome, {v['name']}! A parent can choose a role (until then: read and chat only).")


def _member_unknown(v, lang, now):
    return f"家里没有叫“{v['name']}”的成员。" if lang is L.ZH else f"No family member called “{v['name']}”."


SETTING_NAMES = {"summary_time": ("每日总结时间", "daily summary time"), "language": ("语言", "language"),
                 "timezone": ("时区", "timezone"), "medication_reminder": ("吃药提醒", "medication reminder"),
                 "no_feeding_hours": ("没喂奶提醒（小时）", "no-feed reminder (hours)"),
                 "open_sleep_hours": ("睡眠未结束提醒（小时）", "open-sleep reminder (hours)")}


def _setting_value(value: Any, lang: Language) -> str:
    if isinstance(value, bool) or value == 0:
        return pick(("开", "on"), lang) if value else pick(("关", "off"), lang)
    return number(value) if isinstance(value, float) else str(value)


def _settings_set(v, lang, now):
    parts = [f"{pick(SETTING_NAMES[k], lang)} {_setting_value(val, lang)}" for k, val in v["change"].items()]
    return f"已更新：{'，'.join(parts)}" if lang is L.ZH else f"Updated: {', '.join(parts)}"


def _which_record(v, lang, now):
    return f"有{v['count']}条可能是，是哪一条？" if lang is L.ZH else f"{v['count']} records could fit — which one?"


def _confirm_delete(v, lang, now):
    return f"要删除这条记录吗？{_desc(v, lang, now)}" if lang is L.ZH else f"Delete this record? {_desc(v, lang, now)}"


def _deleted(v, lang, now):
    return f"已删除：{_desc(v, lang, now)}" if lang is L.ZH else f"Deleted: {_desc(v, lang, now)}"


def _undone_delete(v, lang, now):
    return f"已恢复：{_desc(v, lang, now)}" if lang is L.ZH else f"Restored: {_desc(v, lang, now)}"


def _which_baby(v, lang, now):
    names = "、".join(v["babies"])
    return f"是哪个宝宝？（{names}）" if lang is L.ZH else f"Which baby? ({', '.join(v['babies'])})"


PROFILE_FIELD = {"name": ("名字", "name"), "nickname": ("小名", "nickname"), "birth_date": ("生日", "birth date"),
                 "sex": ("性别", "sex"), "birth_weight_kg": ("出生体重", "birth weight"),
                 "birth_height_cm": ("出生身长", "birth length")}
SEX = {"female": ("女孩", "girl"), "male": ("男孩", "boy")}


def _profile_value(key: str, value: Any, lang: Language) -> str:
    if value is None:
        return "?"
    if key == "sex" and value in SEX:
        return pick(SEX[value], lang)
    if key == "birth_weight_kg":
        return f"{number(value)}kg"
    if key == "birth_height_cm":
        return f"{number(value)}cm"
    return str(value)


def _changes(v: dict, lang: Language, arrow: bool) -> str:
    parts = []
    for key, value in v["change"].items():
        label = pick(PROFILE_FIELD[key], lang)
        old = v.get("before", {}).get(key) if arrow else None
        text = f"{label} {_profile_value(key, old, lang)} → {_profile_value(key, value, lang)}" if arrow and \
            key in v.get("before", {}) else f"{label} {_profile_value(key, value, lang)}"
        parts.append(text)
    return "，".join(parts) if lang is L.ZH else ", ".join(parts)


def _profile_confirm(v, lang, now):
    return f"要修改{v['baby']}的档案吗？{_changes(v, lang, True)}" if lang is L.ZH else \
        f"Change {v['baby']}'s profile? {_changes(v, lang, True)}"


def _profile_updated(v, lang, now):
    return f"已更新{v['baby']}的档案：{_changes(v, lang, False)}" if lang is L.ZH else \
        f"Updated {v['baby']}'s profile: {_changes(v, lang, False)}"


def _profile_same(v, lang, now):
    return f"{v['baby']}的档案已经是这样了。" if lang is L.ZH else f"{v['baby']}'s profile already says so."


def _cancelled(v, lang, now):
    return "好的，已取消，没有记录。" if lang is L.ZH else "OK, cancelled — nothing was saved."


def _still_waiting(v, lang, now):
    return "还在等补充信息哦。" if lang is L.ZH else "I'm still waiting for the missing details."


def _undone(v, lang, now):
    return f"已撤销：{_desc(v, lang, now)}" if lang is L.ZH else f"Undone: {_desc(v, lang, now)}"


def _invalid(v, lang, now):
    problem = v["problem"]
    text = pick(PROBLEM.get(problem.code, ("这个数值不对", "that value isn't right")), lang)
    return f"{text}，没有记录。请再说一次？" if lang is L.ZH else f"{text}; nothing was saved. Could you say it again?"


def _no_recent(v, lang, now):
    label = pick(TYPE.get(str(v.get("type")), ("记录", "record")), lang)
    return f"最近12小时没有找到可以修改的{label}记录，没有改动。" if lang is L.ZH else \
        f"I found no recent {label} record to change; nothing was changed."


def _already_so(v, lang, now):
    return f"记录已经是：{_desc(v, lang, now)}" if lang is L.ZH else f"It already says: {_desc(v, lang, now)}"


_RENDERERS: dict[str, Callable[[dict, Language, datetime], str]] = {
    "recorded": _recorded, "ask": _ask, "confirm": _confirm, "updated": _updated, "woke_up": _woke,
    "fell_asleep": _asleep, "already_asleep": _already_asleep, "expired": _expired,
    "cancelled": _cancelled, "which_baby": _which_baby, "which_record": _which_record,
    "role_set": _role_set, "settings_set": _settings_set, "newcomer": _newcomer, "member_unknown": _member_unknown,
    "confirm_delete": _confirm_delete, "deleted": _deleted, "undone_delete": _undone_delete,
    "profile_confirm": _profile_confirm, "profile_updated": _profile_updated, "profile_same": _profile_same,
    "still_waiting": _still_waiting, "undone_create": _undone,
    "undone_update": _undone, "invalid_value": _invalid, "no_recent_record": _no_recent,
    "already_so": _already_so,
}
_RENDERERS.update(QUERY_RENDERERS)
_RENDERERS.update(guard_texts.RENDERERS)
