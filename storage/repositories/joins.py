"""Family codes at the door: wrong codes counted per sender and per chat in windows (an hour), and the
requests of chats that sent a right one and wait for a parent's answer."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import and_, delete, func, or_, update
from sqlalchemy import select as core_select
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import select

from storage.repositories.base import Repository
from storage.tables import JoinAttempt, JoinRequest

SENDER, CHAT = "sender", "chat"


@dataclass(frozen=True)
class JoinRequestInfo:
    id: int
    family_id: int
    platform: str
    chat_id: str
    chat_kind: str
    platform_user_id: str
    display_name: str


def _request_info(row: JoinRequest) -> JoinRequestInfo:
    return JoinRequestInfo(row.id, row.family_id, row.platform, row.chat_id, row.chat_kind, row.platform_user_id,
                           row.display_name)


class JoinRepository(Repository):
    async def wrong_codes(self, platform: str, sender: str, chat: str, window: datetime) -> int:
        """The wrong codes in this window from the sender or in the chat, whichever is more."""
        q = core_select(func.max(JoinAttempt.failures)).where(
            JoinAttempt.platform == platform, JoinAttempt.window_start == window, self._keys(sender, chat))
        return (await self.row(q))[0] or 0

    async def count_wrong_code(self, platform: str, sender: str, chat: str, window: datetime,
                               forget_before: datetime) -> None:
        """One more wrong code for the sender and for the chat (an upsert each); the counts of windows
        that began before `forget_before` are deleted on the way."""
        insert = postgresql.insert if self.session.bind.dialect.name == "postgresql" else sqlite.insert
        for scope, key in ((SENDER, sender), (CHAT, chat)):
            statement = insert(JoinAttempt).values(platform=platform, scope=scope, key=key[:128],
                                                   window_start=window, failures=1)
            await self.session.exec(statement.on_conflict_do_update(
                index_elements=["platform", "scope", "key", "window_start"],
                set_={"failures": JoinAttempt.failures + 1}))
        await self.session.exec(delete(JoinAttempt).where(JoinAttempt.window_start < forget_before))

    async def first_refusal(self, platform: str, sender: str, chat: str, window: datetime, now: datetime,
                            limit: int) -> bool:
        """Mark the sender's and the chat's window as limited; True for the first refusal of a window over
        its limit (the one that is logged), across instances."""
        marked = await self.session.exec(update(JoinAttempt).where(
            JoinAttempt.platform == platform, JoinAttempt.window_start == window, self._keys(sender, chat),
            JoinAttempt.failures >= limit, JoinAttempt.limited_at.is_(None)).values(limited_at=now))
        return marked.rowcount > 0

    @staticmethod
    def _keys(sender: str, chat: str):
        return or_(and_(JoinAttempt.scope == SENDER, JoinAttempt.key == sender[:128]),
                   and_(JoinAttempt.scope == CHAT, JoinAttempt.key == chat[:128]))

    async def ask(self, family_id: int, platform: str, chat_id: str, chat_kind: str, platform_user_id: str,
                  name: str, now: datetime) -> int:
        row = JoinRequest(family_id=family_id, platform=platform, chat_id=chat_id, chat_kind=chat_kind,
                          platform_user_id=platform_user_id, display_name=name[:128], created_at=now)
        self.session.add(row)
        await self.flush()
        return row.id

    async def waiting_in(self, platform: str, chat_id: str, since: datetime) -> JoinRequestInfo | None:
        """The chat's request still waiting for an answer (asked after `since`), if any."""
        row = (await self.session.exec(select(JoinRequest).where(
            JoinRequest.platform == platform, JoinRequest.chat_id == chat_id, JoinRequest.decided_at.is_(None),
            JoinRequest.created_at > since).order_by(JoinRequest.id.desc()).limit(1))).first()
        return _request_info(row) if row else None

    async def waiting(self, family_id: int, request_id: int, since: datetime) -> JoinRequestInfo | None:
        """The family's request, when it still waits for an answer (asked after `since`)."""
        row = await self.session.get(JoinRequest, request_id)
        if row is None or row.family_id != family_id or row.decided_at is not None or row.created_at <= since:
            return None
        return _request_info(row)

    async def decide(self, request_id: int, by: int, now: datetime, admitted_as: str | None) -> bool:
        """The answer, once: False when another answer came first."""
        answered = await self.session.exec(update(JoinRequest).where(
            JoinRequest.id == request_id, JoinRequest.decided_at.is_(None)).values(
            decided_at=now, decided_by=by, admitted_as=admitted_as))
        return answered.rowcount == 1
