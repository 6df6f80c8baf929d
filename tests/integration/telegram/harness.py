"""Runs the real Application against the fake Bot API and lets tests talk to it as Telegram."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.channels.telegram import runner as telegram_runner
from bot.channels.telegram import texts
from bot.channels.telegram.application import BotApiEndpoint, build_application
from bot.channels.telegram.handlers import FawnTelegram
from bot.clock import FrozenClock
from bot.delivery.outbox import Outbox
from bot.family.operations import FamilyOperations
from bot.protocol import IncomingMessage, TurnResult
from storage.engine import Database
from tests.fakes.telegram_api import ApiCall, FakeTelegramApi
from tests.integration.telegram.services import ObservedService, ScriptedFamilies
from tests.integration.telegram.updates import GROUP, MOM, text_message


class TelegramHarness:
    def __init__(self, fake: FakeTelegramApi, app, *, database: Database, clock: FrozenClock,
                 photos_dir: Path, webhook: bool, rate_limit_retries: int) -> None:
        """`app` is the real application (a `Fawn`) or a scripted chat service that is also its
        own family port; replies go through a real outbox on the test database either way."""
        self.fake = fake
        real = hasattr(app, "chat")
        self.service = ObservedService(app.chat if real else app)
        self.clock = clock
        self.webhook = webhook
        families = app.families if real else ScriptedFamilies(app, FamilyOperations(database, clock))
        self.fawn = FawnTelegram(chat=self.service, families=families,
                                 delivery=app.outbox if real else Outbox(database, clock), clock=clock,
                                 photos_dir=photos_dir)
        self.application = build_application(
            fake.token, self.fawn, endpoint=BotApiEndpoint(fake.base_url, fake.base_file_url),
            webhook=webhook, rate_limit_retries=rate_limit_retries)

    async def __aenter__(self) -> TelegramHarness:
        if self.webhook:
            await self.application.initialize()
            await self.application.start()
        else:
            self.polling = await telegram_runner.start_polling(self.application, timeout=1,
                                                                retry_pause=0.01)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if not self.webhook:
            await self.fake.release_long_polls()
        await telegram_runner.stop(self.application, None if self.webhook else self.polling)

    # -- talking to the bot -------------------------------------------------------------
    async def say(self, text: str, **kwargs: Any) -> tuple[IncomingMessage, TurnResult]:
        """A family member writes in the group; returns the turn the service saw."""
        return await self.deliver(text_message(text, at=self.clock(), **kwargs))

    async def deliver(self, update: dict[str, Any]) -> tuple[IncomingMessage, TurnResult]:
        """Deliver one update that reaches the service; wait for its turn."""
        expected = len(self.service.turns) + 1
        await self.fake.push_update(update)
        turns = await self.service.wait_for_turns(expected)
        return turns[expected - 1]

    async def flush(self) -> None:
        """Return once every update delivered so far is fully handled (they run in order)."""
        def is_help(call: ApiCall) -> bool:
            return call.params.get("text") in texts.HELP_TEXTS

        before = len([call for call in self.fake.calls_of("sendMessage") if is_help(call)])
        update_id = await self.fake.push_update(text_message("/help", sender=MOM, chat=GROUP, at=self.clock()))
        await self.fake.wait_for_call("sendMessage", count=before + 1, where=is_help)
        await self._handled(update_id)

    async def start_family(self, chat: dict = GROUP, founder: dict = MOM) -> None:
        before = len(self.fake.calls_of("sendMessage"))
        update_id = await self.fake.push_update(text_message("/start", sender=founder, chat=chat, at=self.clock()))
        await self.fake.wait_for_call("sendMessage", count=before + 1)
        await self._handled(update_id)

    async def _handled(self, update_id: int) -> None:
        """/start and /help are turns: their reply is marked delivered after it was sent; wait for that too."""
        if not self.webhook:
            await self.fake.wait_acknowledged(update_id)

    async def sent_after(self, count_before: int, method: str = "sendMessage") -> ApiCall:
        calls = await self.fake.wait_for_call(method, count=count_before + 1)
        return calls[count_before]
