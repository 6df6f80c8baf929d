"""What a chat was shown last, read from the stored replies: the numbered buttons of personal WeChat
survive a restart. (The `ShownChoices` port of bot/channels/numbered.py, backed by the messages table.)"""
from __future__ import annotations

from bot.protocol import OutgoingButton
from storage.engine import Database


class StoredShownChoices:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def remember(self, platform: str, chat_id: str, buttons: tuple[OutgoingButton, ...]) -> None:
        """Nothing to do: every reply of a turn is stored with its buttons' actions and tokens."""

    async def latest(self, platform: str, chat_id: str) -> tuple[OutgoingButton, ...]:
        async with self.database.unit_of_work() as uow:
            reply = await uow.messages.latest_reply(platform, chat_id)
        if reply is None:
            return ()
        return tuple(OutgoingButton(b[0], b[2] if len(b) > 2 else b[0], b[1]) for b in reply.payload.get("buttons", ()))
