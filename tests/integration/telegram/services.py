"""Chat services for adapter tests: an observer around any service, and a scripted fake
for what the real service does not offer yet or what a test must force (a rejected press)."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from bot.protocol import FamilySetup, IncomingMessage, OutgoingButton, OutgoingReply, TurnResult
from domain.vocabulary import ReplyKind

WAIT_SECONDS = 5.0


class ObservedService:
    """Passes every call to `inner` and lets tests wait for turns, without sleeping."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.turns: list[tuple[IncomingMessage, TurnResult]] = []
        self.delivered: dict[int, str] = {}
        self._changed = asyncio.Condition()

    async def handle(self, msg: IncomingMessage) -> TurnResult:
        result = await self.inner.handle(msg)
        async with self._changed:
            self.turns.append((msg, result))
            self._changed.notify_all()
        return result

    async def wait_for_turns(self, count: int,
                             timeout: float = WAIT_SECONDS) -> list[tuple[IncomingMessage, TurnResult]]:
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: len(self.turns) >= count), timeout)
        return self.turns

    async def setup_family(self, setup: FamilySetup) -> int:
        return await self.inner.setup_family(setup)

    async def mark_delivered(self, reply_id: int, platform_message_id: str) -> None:
        self.delivered[reply_id] = platform_message_id
        await self.inner.mark_delivered(reply_id, platform_message_id)

    async def find_family_id(self, platform: str, chat_id: str) -> int | None:
        return await self.inner.find_family_id(platform, chat_id)


@dataclass
class ScriptedService:
    """Answers each text with a scripted result; a press gets the next scripted press result."""

    by_text: dict[str, TurnResult] = field(default_factory=dict)
    press_results: list[TurnResult] = field(default_factory=list)
    families: dict[tuple[str, str], int] = field(default_factory=dict)
    seen: set[tuple[str, str, str, bool]] = field(default_factory=set)

    async def handle(self, msg: IncomingMessage) -> TurnResult:
        key = (msg.platform, msg.chat_id, msg.message_id, msg.edited)
        if key in self.seen:
            return TurnResult(reply=None, trace_id="dup", duplicate=True)
        self.seen.add(key)
        if msg.press is not None:
            return self.press_results.pop(0)
        return self.by_text.get(msg.text, TurnResult(reply=None, trace_id="silent"))

    async def setup_family(self, setup: FamilySetup) -> int:
        return self.families.setdefault((setup.platform, setup.chat_id), len(self.families) + 1)

    async def mark_delivered(self, reply_id: int, platform_message_id: str) -> None:
        return None

    async def find_family_id(self, platform: str, chat_id: str) -> int | None:
        return self.families.get((platform, chat_id))


def scripted_reply(text: str, kind: ReplyKind = ReplyKind.RECORDED,
                   buttons: tuple[OutgoingButton, ...] = (), reply_id: int | None = None,
                   press_rejected: bool = False) -> TurnResult:
    return TurnResult(reply=OutgoingReply(kind=kind, text=text, buttons=buttons), trace_id="scripted",
                      reply_id=reply_id, press_rejected=press_rejected)
