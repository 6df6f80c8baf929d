"""One scenario's live chat: sends the turns to the service and remembers the bot's replies."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.clock import FrozenClock
from bot.devtools.scenarios.checks import TurnOutcome
from bot.devtools.scenarios.model import Scenario, Turn
from bot.devtools.scenarios.state import FamilyState, changes_between, state_of
from bot.protocol import ButtonPress, IncomingMessage, OutgoingButton, OutgoingReply
from domain.vocabulary import ChatKind


@dataclass(frozen=True)
class SentReply:
    reply: OutgoingReply
    reply_id: int | None
    chat: str = "s1"             # the chat it was sent to


@dataclass(frozen=True)
class PlayedTurn(TurnOutcome):
    problem: str | None = None     # the turn could not be played (no such button to press)


class Conversation:
    def __init__(self, service: Any, family_id: int, clock: FrozenClock, scenario: Scenario) -> None:
        self.service, self.family_id, self.clock, self.scenario = service, family_id, clock, scenario
        self.replies: list[SentReply] = []
        self.last_text: IncomingMessage | None = None
        self.last_press: IncomingMessage | None = None
        self.pushes: tuple[Any, Any] | None = None     # (ClockDrivenPushes, WatchedPush) when pushes are watched

    async def tick(self) -> None:
        """The scheduler's jobs up to the clock as it now is (when the scenario watches pushes)."""
        if self.pushes is not None:
            await self.pushes[0].tick()

    def pushed(self) -> list:
        """What the bot sent by itself since the previous turn."""
        return self.pushes[1].taken() if self.pushes is not None else []

    async def state(self) -> FamilyState:
        return state_of(await self.service.snapshot(self.family_id))

    async def play(self, turn: Turn, number: int, before: FamilyState) -> PlayedTurn:
        if turn.kind in ("join", "wait"):
            return PlayedTurn(None, "none", changes_between(before, before), before)
        message = self._text(turn, number) if turn.kind == "text" else self._press(turn, number)
        if isinstance(message, str):
            return PlayedTurn(None, "none", changes_between(before, before), before, problem=message)
        result = await self.service.handle(message)
        if result.reply is not None:           # shown in the chat, as a channel would: delivered
            self.replies.append(SentReply(result.reply, result.reply_id, message.chat_id))
            await self.service.delivered(result.reply_id, f"scenario-{number}")
        after = await self.state()
        return PlayedTurn(result.reply, str(result.kind), changes_between(before, after), after)

    def _incoming(self, turn: Turn, message_id: str, **values: Any) -> IncomingMessage:
        member = self.scenario.member(turn.member)
        chat = self.scenario.family.chat_of(turn.chat)
        return IncomingMessage(platform=chat.platform, chat_id=chat.key, sender_id=member.key,
                               sender_name=member.name, message_id=message_id, sent_at=self.clock(),
                               chat_kind=ChatKind(chat.kind), **values)

    def _text(self, turn: Turn, number: int) -> IncomingMessage:
        if turn.repeat and self.last_text is not None:
            return self.last_text            # the same message, id and time: a redelivery
        self.last_text = self._incoming(turn, f"m{number}", text=turn.text)
        return self.last_text

    def _press(self, turn: Turn, number: int) -> IncomingMessage | str:
        if turn.repeat and self.last_press is not None:
            return self.last_press
        found = self._button(turn)
        if isinstance(found, str):
            return found
        sent, button = found
        press = ButtonPress(token=button.token,
                            bot_message_id=None if sent.reply_id is None else str(sent.reply_id))
        self.last_press = self._incoming(turn, f"p{number}", press=press)
        return self.last_press

    def _button(self, turn: Turn) -> tuple[SentReply, OutgoingButton] | str:
        if turn.message is not None:
            if turn.message > len(self.replies):
                return f"the bot has sent {len(self.replies)} replies, no reply {turn.message}"
            candidates = [self.replies[turn.message - 1]]
        else:
            chat = self.scenario.family.chat_of(turn.chat).key
            candidates = [sent for sent in reversed(self.replies) if sent.chat == chat]
        for sent in candidates:
            for button in sent.reply.buttons:
                if button.action == turn.action:
                    return sent, button
        where = f"reply {turn.message}" if turn.message else "any bot reply"
        return f"no {turn.action!r} button on {where}"

