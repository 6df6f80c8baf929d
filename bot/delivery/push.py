"""The push channel: what the bot sends by itself (the daily summary, the weekly report, a reminder)
goes to the family's chats the domain names (domain/chats.py: its groups, or its parents' and
caregivers' one-to-one chats), each on its own platform, through the outbox."""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping

from bot.delivery.outbox import Destination, Outbox
from bot.protocol import OutgoingReply, SendFn
from domain.chats import ChatView, parents_elsewhere, push_preference, push_targets
from domain.vocabulary import Role
from storage.engine import Database
from storage.repositories.families import FamilyInfo

log = logging.getLogger(__name__)

PushFn = Callable[[FamilyInfo, OutgoingReply, str], Awaitable[bool]]
"""`await push(family, reply, about)` → True when it was sent now to every chat, False when the outbox
keeps some of it (or there is nowhere to send it)."""


class FamilyPush:
    def __init__(self, database: Database, outbox: Outbox, senders: Mapping[str, SendFn]) -> None:
        self.database = database
        self.outbox = outbox
        self.senders = senders

    async def __call__(self, family: FamilyInfo, reply: OutgoingReply, about: str) -> bool:
        targets = await self.targets(family)
        if not targets:
            log.warning("family %s has no chat to push %s to", family.id, about)
            return False
        sent = [await self._send(family, chat, reply, about) for chat in targets]
        return all(sent)

    def reaches(self, platform: str) -> bool:
        """Whether a messenger for that platform runs here (a one-off reminder waits for one that does)."""
        return platform in self.senders

    async def to_chat(self, family: FamilyInfo, platform: str, chat_id: str, reply: OutgoingReply,
                      about: str) -> bool:
        """One chat of the family (a one-off reminder goes back to the chat it was asked in)."""
        return await self._send(family, ChatView(family.id, platform, chat_id, "private"), reply, about)

    async def to_parents_elsewhere(self, family: FamilyInfo, platform: str, reply: OutgoingReply, about: str) -> bool:
        """The family's groups and parents' chats on the platforms other than `platform` (which stopped)."""
        chats, roles = await self._chats_and_roles(family)
        targets = [c for c in parents_elsewhere(chats, roles, platform) if c.platform in self.senders]
        sent = [await self._send(family, chat, reply, about) for chat in targets]
        return bool(sent) and all(sent)

    async def targets(self, family: FamilyInfo) -> list[ChatView]:
        chats, roles = await self._chats_and_roles(family)
        return push_targets(chats, roles, push_preference(family.settings))

    async def _chats_and_roles(self, family: FamilyInfo) -> tuple[list[ChatView], dict[int, Role]]:
        async with self.database.unit_of_work() as uow:
            chats = await uow.families.chats(family.id)
            roles = {m.id: Role(m.role) for m in await uow.families.members(family.id)}
        return chats, roles

    async def _send(self, family: FamilyInfo, chat: ChatView, reply: OutgoingReply, about: str) -> bool:
        send = self.senders.get(chat.platform)
        if send is None:
            log.warning("no messenger for %s; %s for family %s not sent there", chat.platform, about, family.id)
            return False
        to = Destination(chat.platform, chat.chat_id, family.id, about=about)
        return await self.outbox.deliver(send, to, reply) is not None
