"""Texts of the harness's guards (door, uncertain readings, duplicates, doses, replaced tasks): (zh, en).

render.py looks these up next to its own tables; every key here is new with the guards.
"""
from __future__ import annotations

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
