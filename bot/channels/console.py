"""`fawn chat`: a family chat in the terminal, through the same service as every messenger.

The terminal is the family's group: the bot stays quiet when unsure and answers what is addressed to it
(`@Fawn …`, or its name); `/private 妈妈` opens that member's one-to-one chat with the bot, `/group` goes back.
Buttons show as numbered choices; type the number to press. Numbers keep counting across replies, so a
number presses the button of the reply it was shown with (typing 1 twice presses the same confirm twice,
never the undo that followed), and a number no reply shows is not sent as a message. `/as 奶奶` switches
speaker (a new name is a newcomer, whose first words bring the role buttons parents press); `/at 23:40` or
`/at +2h` moves the clock (the service's and the scheduler's too): what the bot sends by itself — one-off
reminders, standing reminders, the evening summary — arrives when the clock passes it, printed as a message
from the bot (a picture's path shown), and so it does while time keeps running.
Like every channel it only translates: lines in, replies out, through the ports of bot/protocol.
The terminal's own notices are in the language it was started with (`--language`).
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Protocol
from zoneinfo import ZoneInfo

from bot.channels.console_setup import PLATFORM, asked_setup, demo_setup
from bot.channels.numbered import chosen_number
from bot.channels.terminal import Terminal
from bot.clock import ShiftedClock
from bot.protocol import (
    ButtonPress,
    ChatPort,
    Clock,
    FamilyPort,
    IncomingMessage,
    MemberSetup,
    OutgoingButton,
    OutgoingReply,
    SendMustWait,
)
from domain.replies.amounts import units_shown
from domain.replies.catalog import language_of, text
from domain.replies.describe import describe
from domain.replies.render import help_text as render_help
from domain.units import UNIT_CHOICES, display_units
from domain.vocabulary import ChatKind, Language, RecordType

log = logging.getLogger("fawn.console")
# A line that is one of these commands is said to the bot as its word (like Telegram's /undo).
SAID_AS_WORDS = {"/undo": "undo", "/summary": "summary"}
BOT = "Fawn"
MAX_CHOICE = 99                  # numbers go round after this (a typed choice is one or two digits)
_OFFSET = re.compile(r"^([+-])((?:\d+\s*[smhd]\s*)+)$")      # +2h, -30m, +1h30m
_PART = re.compile(r"(\d+)\s*([smhd])")
_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days"}


class Pushes(Protocol):
    """The scheduler's jobs on the chat's clock (bot/push/clock_driven.py)."""

    def start_at(self, now: datetime) -> None: ...

    async def tick(self) -> None: ...

    async def run(self, stop: asyncio.Event) -> None: ...


@dataclass(frozen=True)
class ConsoleSettings:
    data_dir: Path
    demo: bool = False
    language: str = "zh"

    @property
    def lang(self) -> Language:
        """The language of the terminal's own notices, and of a family it sets up."""
        return language_of(self.language)

    @property
    def chat_id(self) -> str:
        """The demo family lives in a chat of its own (one per language), never in the real family's."""
        return f"demo-{self.language}" if self.demo else "family"


class ConsoleChat:
    def __init__(self, chat: ChatPort, families: FamilyPort, clock: Clock, settings: ConsoleSettings) -> None:
        self.chat, self.families, self.clock, self.settings = chat, families, clock, settings
        self.family_id: int | None = None
        self.speaker: MemberSetup | None = None
        self.private: MemberSetup | None = None         # whose one-to-one chat is open (None: the group)
        self.choices: dict[int, OutgoingButton] = {}   # every number shown → its button (see the docstring)
        self.last_number = 0
        self.newcomers_told: set[str] = set()          # "(小王 is new…)" is said once per person
        self.terminal = Terminal()
        self.pushes: Pushes | None = None              # set by the composition: the scheduler on this clock
        self.page_url: str | None = None               # the family page served on 127.0.0.1 (set when served)
        self.on_open: Callable[[], Awaitable[object]] | None = None   # once the family is open (pushes that waited)

    async def run(self) -> int:
        await self._ensure_family()
        print(self._notice("console.hello"))
        if self.on_open is not None:
            await self.on_open()
        stop = asyncio.Event()
        ticking = None
        if self.pushes is not None:
            self.pushes.start_at(self.clock())
            ticking = asyncio.create_task(self.pushes.run(stop))
        try:
            while (line := await self.terminal.read(self._prompt())) is not None:
                if not await self._line(line.strip()):
                    break
        finally:
            stop.set()
            self.terminal.close()
            if ticking is not None:
                await ticking
        return 0

    def _prompt(self) -> str:
        name = self.speaker.title or self.speaker.name
        if self.private is None:
            return f"[{name}] > "
        return f"[{name} · {self._notice('console.private_chat')}] > "

    @property
    def chat_id(self) -> str:
        """The chat being typed in: the family's group, or a member's one-to-one chat with the bot."""
        return self.settings.chat_id if self.private is None else private_chat_id(self.settings.chat_id,
                                                                                  self.private.sender_id)

    async def sender(self, chat_id: str, reply: OutgoingReply) -> str:
        """What the bot sends by itself (through the outbox, like every push): shown above the prompt, naming
        the chat when it is not the one being typed in. A push to the other terminal family in the same file
        (`make chat`'s while `make demo` runs) waits in the outbox until that family's chat is opened."""
        if not self._ours(chat_id):
            raise SendMustWait("member", "another terminal family's chat: shown when it is opened")
        where = None if chat_id == self.chat_id else await self._chat_name(chat_id)
        self.terminal.show(self._rendered(reply, where))
        return f"console-{uuid.uuid4().hex[:12]}"

    def _ours(self, chat_id: str) -> bool:
        group = self.settings.chat_id
        return chat_id == group or chat_id.startswith(private_chat_id(group, ""))

    async def _chat_name(self, chat_id: str) -> str:
        if chat_id == self.settings.chat_id:
            return self._notice("console.group_chat")
        members = await self.families.members(self.family_id)
        owner = next((m for m in members if private_chat_id(self.settings.chat_id, m.sender_id) == chat_id), None)
        return self._notice("console.private_of", name=(owner.title or owner.name) if owner else chat_id)

    def _notice(self, key: str, **values: object) -> str:
        """One of the terminal's own notices, in the language it was started with."""
        return text(self.settings.lang, key, **values)

    async def _ensure_family(self) -> None:
        chat_id = self.settings.chat_id
        self.family_id = await self.families.family_id(PLATFORM, chat_id)
        new = self.family_id is None
        if new:
            lang, chat_id = self.settings.lang, self.settings.chat_id
            setup = demo_setup(chat_id, lang) if self.settings.demo else \
                asked_setup(chat_id, lang, self.clock().date(), self._notice)
            self.family_id = await self.families.setup_family(setup)
        else:
            await self.families.make_group(PLATFORM, chat_id)     # a terminal chat set up as a private one
        members = await self.families.members(self.family_id)
        self.speaker = next((m for m in members if m.role == "parent"), members[0])
        babies = [p["name"] for p in (await self.families.snapshot(self.family_id)).profiles]
        which = "console.demo_family" if self.settings.demo else "console.own_family"
        print(self._notice("console.opened_new" if new else "console.opened", which=self._notice(which),
                           babies=text(self.settings.lang, "sep.enum").join(babies),
                           path=self.settings.data_dir / "fawn.db"))

    async def _line(self, line: str) -> bool:
        if not line:
            return True
        if line in ("/quit", "/exit"):
            return False
        command, _, rest = line.partition(" ")
        if command == "/help":
            await self._help()
        elif command == "/at":
            await self._at(rest.strip())
        elif command == "/as":
            await self._switch(rest.strip())
        elif command == "/private":
            await self._private(rest.strip())
        elif command == "/group":
            self.private = None
            print(self._notice("console.in_group"))
        elif command == "/records":
            await self._records()
        elif command == "/settings" and not rest.strip():
            settings = await self.families.settings(self.family_id)
            print("\n".join(f"  {name}: {value}" for name, value in settings.items()))
        elif command == "/export":
            await self._export(rest.strip() or "json")
        elif (number := chosen_number(line)) is not None:
            await self._press(line, number)
        elif command.startswith("/"):          # a command is said to the bot (like Telegram's /undo)
            await self._send(self._incoming(text=_as_words(command, rest), addressed_to_bot=True))
        else:
            await self._send(self._incoming(text=line, addressed_to_bot=_addressed(line)))
        return True

    async def _press(self, line: str, number: int) -> None:
        button = self.choices.get(number)
        if button is None:              # no reply shows this number: not a message (1 is not a 1 ml feed)
            print(self._notice("console.no_such_choice"))
            return
        await self._send(self._incoming(text=line, press=ButtonPress(token=button.token), addressed_to_bot=True))

    async def _help(self) -> None:
        """The terminal's commands, then the bot's own (in the family's language)."""
        settings = await self.families.settings(self.family_id)
        print(self._notice("console.help"))
        print(self._notice("console.help_bot"))
        units = display_units({**{q: settings.get(f"{q}_unit") for q in UNIT_CHOICES}, "clock": settings.get("clock")})
        with units_shown(units):
            print(render_help(language_of(settings["language"])))

    async def _at(self, said: str) -> None:
        """/at 23:40 (today, the family's time) · /at +2h · /at -30m · /at +1h30m · /at 2026-05-04T21:00 · /at now."""
        settings = await self.families.settings(self.family_id)
        zone = ZoneInfo(settings["timezone"])
        if not isinstance(self.clock, ShiftedClock):
            print(self._notice("console.clock_fixed"))
            return
        moved = _moved(said, self.clock().astimezone(zone))
        if moved is None:
            print(self._notice("console.clock_usage"))
            return
        if said == "now":
            self.clock.reset()
        else:
            self.clock.set(moved)
        print(self._notice("console.clock", time=self.clock().astimezone(zone), zone=settings["timezone"]))
        if self.pushes is not None:        # what the clock passed arrives now (reminders, the summary)
            await self.pushes.tick()

    async def _switch(self, name: str) -> None:
        if not name:
            print(self._notice("console.as_usage"))
            return
        members = await self.families.members(self.family_id)
        found = next((m for m in members if name in (m.title, m.name, m.sender_id)), None)
        if found is None:
            found = MemberSetup(f"console-{name}", name, name, "friend")
            if found.sender_id not in self.newcomers_told:
                self.newcomers_told.add(found.sender_id)
                print(self._notice("console.new_member", name=name))
        self.speaker = found
        if self.private is not None and self.private.sender_id != found.sender_id:
            self.private = None            # one's own one-to-one chat only: another speaker is in the group
            print(self._notice("console.in_group"))
        print(self._notice("console.speaking_as", name=name))

    async def _private(self, name: str) -> None:
        """/private 妈妈: that member's one-to-one chat with the bot (linked to the family the first time)."""
        members = await self.families.members(self.family_id)
        found = next((m for m in members if name and name in (m.title, m.name, m.sender_id)), None) \
            if name else self.speaker
        if found is None or found.role not in ("parent", "caregiver", "friend"):
            print(self._notice("console.no_member", name=name))
            return
        chat_id = private_chat_id(self.settings.chat_id, found.sender_id)
        if await self.families.family_id(PLATFORM, chat_id) is None:
            await self.families.link_chat(self.family_id, PLATFORM, chat_id, ChatKind.PRIVATE.value, found.sender_id)
        self.speaker, self.private = found, found
        print(self._notice("console.in_private", name=found.title or found.name))

    def _incoming(self, **content: object) -> IncomingMessage:
        kind = ChatKind.GROUP if self.private is None else ChatKind.PRIVATE
        return IncomingMessage(PLATFORM, self.chat_id, self.speaker.sender_id, self.speaker.name,
                               uuid.uuid4().hex, self.clock(), chat_kind=kind, **content)

    async def _send(self, msg: IncomingMessage) -> None:
        try:
            result = await self.chat.handle(msg)
        except Exception:   # each turn is wrapped once: log it, apologise, keep the chat going
            log.exception("turn failed for message %s", msg.message_id)
            print("Fawn: " + self._notice("console.apology"))
            return
        if result.reply is not None:
            await self._show(result.reply)

    async def _show(self, reply: OutgoingReply) -> None:
        print(self._rendered(reply))

    def _rendered(self, reply: OutgoingReply, where: str | None = None) -> str:
        """`Fawn: …` (or `Fawn → 妈妈的私聊: …` for a chat not being typed in), a picture's path, numbered buttons."""
        lines = [f"{BOT}{f' → {where}' if where else ''}: {reply.text}"]
        if reply.image is not None:
            lines.append(f"      [{self._notice('console.picture')}: {reply.image}]")
        if reply.buttons:
            lines.append("      " + "  ".join(f"[{self._number(b)}] {b.label}" for b in reply.buttons))
        return "\n".join(lines)

    def _number(self, button: OutgoingButton) -> int:
        self.last_number = self.last_number % MAX_CHOICE + 1
        self.choices[self.last_number] = button
        return self.last_number

    async def _records(self) -> None:
        snap = await self.families.snapshot(self.family_id)
        settings = await self.families.settings(self.family_id)
        now = self.clock().astimezone(ZoneInfo(settings["timezone"]))
        today = sorted((r for r in snap.records if _when(r).astimezone(now.tzinfo).date() == now.date()
                        or (r.get("end") and r["end"].astimezone(now.tzinfo).date() == now.date())), key=_when)
        lang = language_of(settings["language"])
        units = display_units({**{q: settings.get(f"{q}_unit") for q in UNIT_CHOICES}, "clock": settings.get("clock")})
        with units_shown(units):
            lines = [f"  • {describe(RecordType(r['type']), r, now, lang)}" for r in today]
        print("\n".join(lines) or "  " + self._notice("console.no_records_today"))

    async def _export(self, fmt: str) -> None:
        made = await self.families.export(self.family_id, self.speaker.sender_id, fmt)
        if not made.allowed:
            print("Fawn: " + self._notice("console.export_refused"))
            return
        path = self.settings.data_dir / made.filename
        path.write_bytes(made.body)
        print("Fawn: " + self._notice("console.exported", count=made.count, path=path))


def _when(record: dict) -> datetime:
    return record.get("start") or record.get("time")


def _moved(said: str, now: datetime) -> datetime | None:
    """Where /at moves the clock to, in the family's zone; None when it cannot be read."""
    if said == "now":
        return now
    if m := _OFFSET.match(said):
        delta = sum((timedelta(**{_UNITS[unit]: int(n)}) for n, unit in _PART.findall(m.group(2))), timedelta())
        return now + delta if m.group(1) == "+" else now - delta
    with contextlib.suppress(ValueError):
        hour, minute = (int(part) for part in said.split(":"))
        return now.replace(hour=hour, minute=minute, second=0, microsecond=0)
    with contextlib.suppress(ValueError):
        at = datetime.fromisoformat(said)
        return at if at.tzinfo else at.replace(tzinfo=now.tzinfo)
    return None


def private_chat_id(group_chat_id: str, sender_id: str) -> str:
    """A member's one-to-one chat with the bot, next to the terminal's group."""
    return f"{group_chat_id}:private:{sender_id}"


_MENTION = re.compile(rf"^\s*@?{BOT}\b|@{BOT}\b", re.IGNORECASE)


def _addressed(line: str) -> bool:
    """`@Fawn …` (or `Fawn, …`) in the group: said to the bot; the bot's other names are read by the service."""
    return bool(_MENTION.search(line))


def _as_words(command: str, rest: str) -> str:
    """`/undo` → `undo`, `/settings summary_time 21:00` → `settings summary_time 21:00`."""
    word = SAID_AS_WORDS.get(command, command.lstrip("/"))
    return f"{word} {rest}".strip()
