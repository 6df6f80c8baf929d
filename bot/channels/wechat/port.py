"""What the WeChat channels need from the application service (see bot/protocol.py)."""
from __future__ import annotations

from typing import Protocol

from bot.protocol import IncomingMessage, TurnResult


class ChatServicePort(Protocol):
    async def handle(self, msg: IncomingMessage) -> TurnResult: ...

    async def mark_delivered(self, reply_id: int, platform_message_id: str) -> None: ...
