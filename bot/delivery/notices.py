"""A channel that stopped tells the families it reaches, once, through their other chats: personal WeChat
logged out (errcode −14), so its members can neither write to Fawn there nor get its pushes until someone
runs `fawn wechat login`. The text is the catalogue's, in each family's language."""
from __future__ import annotations

import logging

from bot.delivery.push import FamilyPush
from bot.protocol import OutgoingReply
from domain.replies.catalog import language_of, text
from domain.vocabulary import ReplyKind

log = logging.getLogger(__name__)


async def tell_parents_elsewhere(push: FamilyPush, platform: str, key: str) -> int:
    """The notice `key` to every family reached on `platform`, through its other chats; how many got it."""
    async with push.database.unit_of_work() as uow:
        families = await uow.families.reached_on(platform)
    told = 0
    for family in families:
        lang = language_of(family.language)
        reply = OutgoingReply(ReplyKind.ANSWER, text(lang, key), language=lang.value)
        if await push.to_parents_elsewhere(family, platform, reply, f"notice:{key}"):
            told += 1
        else:
            log.warning("family %s has no other chat to hear that %s stopped", family.id, platform)
    return told
