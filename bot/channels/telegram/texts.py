"""The few fixed texts the Telegram adapter says by itself (set-up, help, settings, export)."""
from __future__ import annotations

from domain.replies.catalog import PARAGRAPHS, both_languages, text
from domain.vocabulary import Language

WELCOME_NEW = (
    "你好，我是 Fawn，家里的育儿小助手 👶\n"
    "这个群已经建好家庭档案，你是家长（parent）。其他家人先是访客（friend），"
    "只能查看；家长给他们设置角色后才能记录。\n"
    "直接说就行，比如：刚刚喝了90ml配方奶 / 昨晚睡了7个小时。/help 查看更多。\n\n"
    "Hi, I'm Fawn. This chat now has a family; you are its parent. Others start as friends "
    "(read-only) until a parent gives them a role. Just tell me what happened; /help for more."
)
WELCOME_BACK = "这个群已经有家庭档案了，数据都在。/help 查看用法。This chat already has a family; /help for more."
ADDED_NEW = ("谢谢邀请！家长发送 /start 建立家庭档案。"
             "Thanks for adding me — a parent can send /start to set up the family.")
ADDED_BACK = "我回来了，之前的记录都还在。I'm back; the family's records are all still here."
NO_FAMILY = "这个群还没有家庭档案，先发送 /start。This chat has no family yet — send /start first."
PARENTS_ONLY = "只有家长可以这样做。Only a parent can do that."

SETTINGS_USAGE = (
    "用法 / usage:\n"
    "/settings timezone Asia/Shanghai\n"
    "/settings language zh|en\n"
    "/settings summary_time 21:00\n"
    "/settings medication_reminder on|off\n"
    "/settings no_feeding_hours 4|off\n"
    "/settings open_sleep_hours 6|off"
)
SETTING_NAMES_ZH = {"timezone": "时区 timezone", "language": "语言 language",
                    "summary_time": "每日总结 summary_time", "medication_reminder": "吃药提醒 medication_reminder",
                    "no_feeding_hours": "没喂奶提醒 no_feeding_hours", "open_sleep_hours": "睡眠提醒 open_sleep_hours"}
EXPORT_CAPTION = "全部记录（{count} 条）. All records ({count})."


def settings_text(settings: dict[str, str]) -> str:
    lines = [f"{SETTING_NAMES_ZH[name]}: {value}" for name, value in settings.items()]
    return "\n".join(lines + ["", SETTINGS_USAGE])


def help_text(language: str | None) -> str:
    """The domain's help in the family's language; both languages when none is known yet."""
    known = {lang.value: lang for lang in Language}
    if language in known:
        return text(known[language], "reply.help")
    return both_languages("reply.help", PARAGRAPHS)


HELP_TEXTS = (*(help_text(lang.value) for lang in Language), help_text(None))
