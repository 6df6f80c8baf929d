"""What the Telegram adapter needs from the application service (see bot/protocol.py)."""
from __future__ import annotations

from typing import Protocol

from bot.protocol import FamilySetup, IncomingMessage, TurnResult


class ChatServicePort(Protocol):
    async def handle(self, msg: IncomingMessage) -> TurnResult: ...

    async def setup_family(self, setup: FamilySetup) -> int: ...

    async def mark_delivered(self, reply_id: int, platform_message_id: str) -> None: ...

    async def find_family_id(self, platform: str, chat_id: str) -> int | None: ...
