"""What a chat was shown last, read from the stored replies: the numbered buttons of personal WeChat
survive a restart. (The `ShownChoices` port of bot/channels/numbered.py, backed by the messages table.)
A push with buttons (a join request the parents are asked about) is no stored reply: what it showed is
stored on its own (a row of kind `shown`, no text, no family), so a parent's "1" presses its first button."""
from __future__ import annotations

from bot.clock import Clock, utc_now
from bot.protocol import OutgoingButton
from storage.engine import Database


class StoredShownChoices:
    def __init__(self, database: Database, clock: Clock = utc_now) -> None:
        self.database = database
        self.clock = clock

    async def remember(self, platform: str, chat_id: str, buttons: tuple[OutgoingButton, ...]) -> None:
        """Nothing to do for a turn's reply (stored with its buttons' actions and tokens); a push's buttons
        are stored here."""
        if not buttons or await self.latest(platform, chat_id) == buttons:
            return
        async with self.database.unit_of_work() as uow:
            await uow.messages.add(family_id=None, platform=platform, chat_id=chat_id, direction="out", text="",
                                   kind="shown", sent_at=self.clock(),
                                   payload={"buttons": [[b.action, b.token, b.label] for b in buttons]})
            await uow.commit()

    async def latest(self, platform: str, chat_id: str) -> tuple[OutgoingButton, ...]:
        async with self.database.unit_of_work() as uow:
            reply = await uow.messages.latest_reply(platform, chat_id)
        if reply is None:
            return ()
        return tuple(OutgoingButton(b[0], b[2] if len(b) > 2 else b[0], b[1]) for b in reply.payload.get("buttons", ()))
