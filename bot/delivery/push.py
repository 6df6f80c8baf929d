"""The push channel: what the bot sends by itself (the daily summary, the weekly report, a reminder)
goes to the family's chat on its platform, through the outbox."""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping

from bot.delivery.outbox import Destination, Outbox
from bot.protocol import OutgoingReply, SendFn
from storage.repositories.families import FamilyInfo

log = logging.getLogger(__name__)

PushFn = Callable[[FamilyInfo, OutgoingReply, str], Awaitable[bool]]
"""`await push(family, reply, about)` → True when it was sent now, False when the outbox keeps it."""


class FamilyPush:
    def __init__(self, outbox: Outbox, senders: Mapping[str, SendFn]) -> None:
        self.outbox = outbox
        self.senders = senders

    async def __call__(self, family: FamilyInfo, reply: OutgoingReply, about: str) -> bool:
        send = self.senders.get(family.platform)
        if send is None:
            log.warning("no messenger for family %s on %r; %s not sent", family.id, family.platform, about)
            return False
        to = Destination(family.platform, family.chat_id, family.id, about=about)
        return await self.outbox.deliver(send, to, reply) is not None
