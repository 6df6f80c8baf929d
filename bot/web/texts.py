"""Every word the family page shows, per language (zh, en). One flat mapping per language, so the
product's text catalogue can take these keys over as they are."""
from __future__ import annotations

PAGE_TEXTS: dict[str, dict[str, str]] = {
    "zh": {
        "title": "{names} · 记录页", "title.family": "家庭记录页",
        "viewer": "{name} 在看 · {date} {time} 更新", "read_only": "只读页面：要记录或修改，请在聊天里说。",
        "today": "今天", "totals": "今天截至 {time}", "vs_yesterday": "昨天同一时间", "week_average": "7天同时段平均",
        "milk": "奶量", "feeds": "喂奶", "sleep": "睡眠", "diapers": "尿布", "times": "{n}次",
        "night_nap": "夜间 {night} · 小睡 {nap}", "wet_solid": "尿 {wet} · 便 {solid}",
        "timeline": "今天的时间线", "nothing_today": "今天还没有记录。",
        "rhythm": "最近7天作息图", "rhythm.sleep_night": "夜间睡眠", "rhythm.sleep_nap": "小睡",
        "rhythm.feed": "喂奶", "rhythm.diaper": "尿布", "rhythm.now": "现在", "rhythm.today": "今天",
        "growth": "体重曲线（WHO 百分位）", "growth.none": "还没有可以画曲线的体重记录（需要出生日期和性别）。",
        "growth.band_outer": "P3–P97", "growth.band_inner": "P15–P85", "growth.median": "P50",
        "growth.age": "月龄", "growth.kg": "kg", "growth.latest": "最近一次：{value} kg，{age}",
        "latest": "最近写下的记录", "by": "{name} 记录", "by.none": "导入", "at": "{when}",
        "hours": "{h}小时{m}分", "hours.short": "{h}小时", "minutes": "{m}分钟",
        "age.weeks": "{weeks}周", "age.months": "{months}个月",
        "forbidden": "这个链接无效或已过期。请在聊天里发 /page 获取新的链接。",
        "error": "记录页暂时打不开，请稍后再试。", "opening": "正在打开记录页…",
        "no_telegram": "请从 Telegram 里的 Fawn 打开这个页面。",
    },
    "en": {
        "title": "{names} · family page", "title.family": "Family page",
        "viewer": "Seen by {name} · updated {date} {time}",
        "read_only": "Read-only: to record or change something, say it in the chat.",
        "today": "Today", "totals": "Today until {time}", "vs_yesterday": "Yesterday by now",
        "week_average": "7-day average by now",
        "milk": "Milk", "feeds": "Feeds", "sleep": "Sleep", "diapers": "Diapers", "times": "{n}×",
        "night_nap": "night {night} · naps {nap}", "wet_solid": "wet {wet} · dirty {solid}",
        "timeline": "Today's timeline", "nothing_today": "Nothing recorded today yet.",
        "rhythm": "The last 7 days, hour by hour", "rhythm.sleep_night": "Night sleep", "rhythm.sleep_nap": "Nap",
        "rhythm.feed": "Feed", "rhythm.diaper": "Diaper", "rhythm.now": "now", "rhythm.today": "Today",
        "growth": "Weight (WHO percentiles)", "growth.none": "No weight to plot yet (needs birth date and sex).",
        "growth.band_outer": "P3–P97", "growth.band_inner": "P15–P85", "growth.median": "P50",
        "growth.age": "Age (months)", "growth.kg": "kg", "growth.latest": "Latest: {value} kg at {age}",
        "latest": "Latest records", "by": "by {name}", "by.none": "imported", "at": "{when}",
        "hours": "{h} h {m} min", "hours.short": "{h} h", "minutes": "{m} min",
        "age.weeks": "{weeks} weeks", "age.months": "{months} months",
        "forbidden": "This link is not valid or has expired. Send /page in the chat for a new one.",
        "error": "The family page cannot be shown right now; please try again later.",
        "opening": "Opening the family page…", "no_telegram": "Open this page from Fawn in Telegram.",
    },
}

WEEKDAYS = {"zh": "一二三四五六日", "en": ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")}


def page_language(language: str | None) -> str:
    return "zh" if (language or "zh").lower().startswith("zh") else "en"


def page_text(lang: str, key: str, **values: object) -> str:
    return PAGE_TEXTS[page_language(lang)][key].format(**values)


def weekday(lang: str, index: int) -> str:
    return WEEKDAYS[page_language(lang)][index]
