"""Family codes in words: 邀请家人 / /invite (hand out a code), 取消邀请 (revoke), 加入 K7Q2MX / /join K7Q2MX;
and, in a chat of no family, /start (开始, 建立家庭) to set a family up."""
from __future__ import annotations

from bot.understanding import words as w
from domain.extraction import Extraction, Intent


def read_family_code(text: str) -> Extraction | None:
    """An invite, a revoke or a join, said to the bot; None for anything else."""
    if m := w.JOIN.search(text):
        return Extraction(intent=Intent.JOIN, join_code=m.group("code") or m.group("code2"), addressed_to_bot=True)
    if w.EXPORT.search(text):
        return Extraction(intent=Intent.EXPORT, addressed_to_bot=True)
    if w.FAMILY_PAGE.search(text):
        return Extraction(intent=Intent.PAGE, addressed_to_bot=True)
    revoke = bool(w.REVOKE_INVITES.search(text)) and bool(w.INVITE_NOUN.search(text))
    if revoke or w.INVITE.search(text):
        return Extraction(intent=Intent.INVITE, invite="revoke" if revoke else "create", addressed_to_bot=True)
    return None


def asks_to_start_a_family(text: str) -> bool:
    return bool(w.START_FAMILY.search(text))
