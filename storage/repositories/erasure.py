"""Removing a family's data for good, on the family's request (`fawn delete-family`): what would go,
counted per table, and the deletion itself, in an order the foreign keys allow."""
from __future__ import annotations

from sqlalchemy import delete, exists, func, or_, select

from storage.repositories.base import Repository
from storage.tables import (
    AgentTask,
    AuditEntry,
    Baby,
    Family,
    FamilyChat,
    FamilyInvite,
    JoinRequest,
    Member,
    Message,
    OneOffReminder,
    OutboxItem,
    Record,
    SummaryClaim,
    TurnTrace,
)


class ErasureRepository(Repository):
    async def counts(self, family_id: int) -> dict[str, int]:
        """Table name → how many of its rows belong to the family (nothing when there is no such family)."""
        family = await self.session.get(Family, family_id)
        if family is None:
            return {}
        return {table: int(await self.session.scalar(select(func.count()).select_from(model).where(where)) or 0)
                for table, model, where in self._scopes(family)}

    async def erase(self, family_id: int) -> dict[str, int]:
        """Delete every row of the family; returns how many went, per table."""
        family = await self.session.get(Family, family_id)
        if family is None:
            return {}
        gone: dict[str, int] = {}
        for table, model, where in self._scopes(family):
            gone[table] = (await self.session.exec(delete(model).where(where))).rowcount or 0
        self.session.expunge_all()
        return gone

    @staticmethod
    def _scopes(family: Family) -> list[tuple[str, type, object]]:
        """(table, model, condition) in deletion order: what points at a row goes before the row."""
        chats = select(FamilyChat.id).where(FamilyChat.family_id == family.id)
        chat = exists(chats.where(FamilyChat.platform == Message.platform, FamilyChat.chat_id == Message.chat_id))
        unsent = exists(chats.where(FamilyChat.platform == OutboxItem.platform,
                                    FamilyChat.chat_id == OutboxItem.chat_id))
        messages = select(Message.id).where(or_(Message.family_id == family.id, chat))
        return [
            ("audit_log", AuditEntry, AuditEntry.family_id == family.id),
            ("turn_traces", TurnTrace, or_(TurnTrace.family_id == family.id, TurnTrace.message_id.in_(messages))),
            ("outbox", OutboxItem, or_(OutboxItem.family_id == family.id, unsent)),
            ("summary_claims", SummaryClaim, SummaryClaim.family_id == family.id),
            ("one_off_reminders", OneOffReminder, OneOffReminder.family_id == family.id),
            ("records", Record, Record.family_id == family.id),
            ("agent_tasks", AgentTask, AgentTask.family_id == family.id),
            ("messages", Message, or_(Message.family_id == family.id, chat)),
            ("family_invites", FamilyInvite, FamilyInvite.family_id == family.id),
            ("join_requests", JoinRequest, JoinRequest.family_id == family.id),
            ("family_chats", FamilyChat, FamilyChat.family_id == family.id),
            ("members", Member, Member.family_id == family.id),
            ("babies", Baby, Baby.family_id == family.id),
            ("families", Family, Family.id == family.id),
        ]
