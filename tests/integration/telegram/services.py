"""Chat services for adapter tests: an observer around any service, and a scripted fake
for what the real service does not offer yet or what a test must force (a rejected press)."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from bot.channels.telegram import texts
from bot.family.operations import FamilyOperations
from bot.protocol import FamilySetup, IncomingMessage, OutgoingButton, OutgoingReply, TurnResult
from domain.vocabulary import ReplyKind

WAIT_SECONDS = 5.0
COMMAND_REPLIES = {"help": texts.help_text("zh"), "start": texts.WELCOME_NEW}   # as the real service answers


class ObservedService:
    """Passes every call to `inner` and lets tests wait for turns, without sleeping."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.turns: list[tuple[IncomingMessage, TurnResult]] = []
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



@dataclass
class ScriptedService:
    """Answers each text with a scripted result; a press gets the next scripted press result.
    It is its own family port, too (set-up and lookup only)."""

    by_text: dict[str, TurnResult] = field(default_factory=dict)
    press_results: list[TurnResult] = field(default_factory=list)
    families: dict[tuple[str, str], int] = field(default_factory=dict)
    seen: set[tuple[str, str, str, bool]] = field(default_factory=set)
    languages_said: list[str | None] = field(default_factory=list)     # what /start's platform said

    async def handle(self, msg: IncomingMessage) -> TurnResult:
        key = (msg.platform, msg.chat_id, msg.message_id, msg.edited)
        if key in self.seen:
            return TurnResult(reply=None, trace_id="dup", duplicate=True)
        self.seen.add(key)
        if msg.press is not None:
            return self.press_results.pop(0)
        if msg.text in COMMAND_REPLIES and msg.text not in self.by_text:    # /help and /start are turns too
            return TurnResult(reply=OutgoingReply(ReplyKind.CHAT, COMMAND_REPLIES[msg.text]), trace_id="command")
        return self.by_text.get(msg.text, TurnResult(reply=None, trace_id="silent"))

    async def setup_family(self, setup: FamilySetup) -> int:
        return self.families.setdefault((setup.platform, setup.chat_id), len(self.families) + 1)

    async def start_family(self, platform: str, chat_id: str, chat_kind, founder, language_said) -> int:
        self.languages_said.append(language_said)
        return await self.setup_family(FamilySetup(platform, chat_id, chat_kind, members=(founder,)))

    async def family_id(self, platform: str, chat_id: str) -> int | None:
        return self.families.get((platform, chat_id))

    async def language(self, family_id: int) -> str | None:
        return None


class ScriptedFamilies:
    """The family port beside a scripted chat service: set-up and lookup are scripted, while a
    chat that moved is moved in the real test database (as the real port does)."""

    def __init__(self, scripted: ScriptedService, real: FamilyOperations) -> None:
        self.scripted, self.real = scripted, real

    async def family_id(self, platform: str, chat_id: str) -> int | None:
        return await self.scripted.family_id(platform, chat_id)

    async def setup_family(self, setup: FamilySetup) -> int:
        return await self.scripted.setup_family(setup)

    async def start_family(self, platform: str, chat_id: str, chat_kind, founder, language_said) -> int:
        return await self.scripted.start_family(platform, chat_id, chat_kind, founder, language_said)

    async def language(self, family_id: int) -> str | None:
        return None

    async def move_chat(self, platform: str, old_chat_id: str, new_chat_id: str) -> bool:
        return await self.real.move_chat(platform, old_chat_id, new_chat_id)


def scripted_reply(text: str, kind: ReplyKind = ReplyKind.RECORDED,
                   buttons: tuple[OutgoingButton, ...] = (), reply_id: int | None = None,
                   press_rejected: bool = False) -> TurnResult:
    return TurnResult(reply=OutgoingReply(kind=kind, text=text, buttons=buttons), trace_id="scripted",
                      reply_id=reply_id, press_rejected=press_rejected)
