"""`fawn chat`: a family chat in the terminal, through the same service as every messenger.

Buttons show as numbered choices; type the number to press. `/as 奶奶` switches speaker.
Like every channel it only translates: lines in, replies out, through the ports of bot/protocol.
"""
from __future__ import annotations

import contextlib
import logging
import sys
import uuid
from dataclasses import dataclass
from pathlib import Path
from zoneinfo import ZoneInfo

from bot.channels.numbered import InMemoryShownChoices, as_press, chosen_number
from bot.protocol import (
    ChatPort,
    Clock,
    FamilyPort,
    FamilySetup,
    IncomingMessage,
    MemberSetup,
    OutgoingReply,
)
from domain.replies.describe import describe
from domain.vocabulary import ChatKind, Language, RecordType

with contextlib.suppress(ImportError):   # line editing, and no 4 KB cap on a pasted line (not on Windows)
    import readline  # noqa: F401

PLATFORM = "console"
log = logging.getLogger("fawn.console")
HELP = """命令 / commands:
  /as <称呼>       switch speaker (e.g. /as 奶奶); a new name joins as a friend
  /records         today's records
  /undo            take back the last record (within 10 minutes)
  /summary         today's summary
  /settings        the family's settings (/settings summary_time 21:00 changes one)
  /export [csv]    write every record to a file in the data folder (parents)
  /help            this help
  /quit            leave (Ctrl-D works too)
  <number>         press that button of the latest reply"""
DEMO_MEMBERS_EN = (MemberSetup("mom", "Mum", "Mum", "parent"),
                   MemberSetup("grandma", "Grandma", "Grandma", "caregiver"),
                   MemberSetup("friend", "Sam", "Sam", "friend"))
DEMO_MEMBERS = (MemberSetup("mom", "妈妈", "妈妈", "parent"), MemberSetup("grandma", "奶奶", "奶奶", "caregiver"),
                MemberSetup("friend", "小王", "小王", "friend"))
# A line that is one of these commands is said to the bot as its word (like Telegram's /undo).
SAID_AS_WORDS = {"/undo": "undo", "/summary": "summary"}


@dataclass(frozen=True)
class ConsoleSettings:
    data_dir: Path
    demo: bool = False
    language: str = "zh"

    @property
    def chat_id(self) -> str:
        """The demo family lives in a chat of its own (one per language), never in the real family's."""
        return f"demo-{self.language}" if self.demo else "family"


class ConsoleChat:
    def __init__(self, chat: ChatPort, families: FamilyPort, clock: Clock, settings: ConsoleSettings) -> None:
        self.chat, self.families, self.clock, self.settings = chat, families, clock, settings
        self.family_id: int | None = None
        self.speaker: MemberSetup | None = None
        self.shown = InMemoryShownChoices()      # the numbered buttons of the latest reply (bot/channels/numbered.py)

    async def run(self) -> int:
        await self._ensure_family()
        print("Fawn 在这里。/help 看命令。 (Fawn is here. /help for commands.)")
        while (line := _read(f"[{self.speaker.title or self.speaker.name}] > ")) is not None:
            if not await self._line(line.strip()):
                break
        return 0

    async def _ensure_family(self) -> None:
        chat_id = self.settings.chat_id
        self.family_id = await self.families.family_id(PLATFORM, chat_id)
        if self.family_id is None:
            setup = self._demo_setup() if self.settings.demo else self._ask_setup()
            self.family_id = await self.families.setup_family(setup)
        members = await self.families.members(self.family_id)
        self.speaker = next((m for m in members if m.role == "parent"), members[0])

    def _demo_setup(self) -> FamilySetup:
        english = self.settings.language == "en"
        return FamilySetup(PLATFORM, self.settings.chat_id, ChatKind.PRIVATE, language=self.settings.language,
                           timezone="America/New_York" if english else "Asia/Shanghai",
                           babies=({"name": "Mia" if english else "小满"},),
                           members=DEMO_MEMBERS_EN if english else DEMO_MEMBERS)

    def _ask_setup(self) -> FamilySetup:
        baby = (_read("宝宝叫什么名字？(baby's name) ") or "宝宝").strip() or "宝宝"
        title = (_read("你是宝宝的？(your title, e.g. 妈妈 / Dad) ") or "妈妈").strip() or "妈妈"
        return FamilySetup(PLATFORM, self.settings.chat_id, ChatKind.PRIVATE, language=self.settings.language,
                           babies=({"name": baby},), members=(MemberSetup("me", title, title, "parent"),))

    async def _line(self, line: str) -> bool:
        if not line:
            return True
        if line in ("/quit", "/exit"):
            return False
        command, _, rest = line.partition(" ")
        if command == "/help":
            print(HELP)
        elif command == "/as":
            await self._switch(rest.strip())
        elif command == "/records":
            await self._records()
        elif command == "/settings" and not rest.strip():
            settings = await self.families.settings(self.family_id)
            print("\n".join(f"  {name}: {value}" for name, value in settings.items()))
        elif command == "/export":
            await self._export(rest.strip() or "json")
        elif chosen_number(line) is not None:
            await self._send(await as_press(self._incoming(text=line), self.shown))
        else:
            await self._say(_as_words(command, rest) if command.startswith("/") else line)
        return True

    async def _switch(self, name: str) -> None:
        members = await self.families.members(self.family_id)
        found = next((m for m in members if name in (m.title, m.name, m.sender_id)), None)
        if found is None:
            found = MemberSetup(f"console-{name}", name, name, "friend")
            print(f"（{name} 是新成员，角色为 friend）")
        self.speaker = found
        print(f"现在以 {name} 的身份说话。")

    async def _say(self, text: str) -> None:
        await self._send(self._incoming(text=text))

    def _incoming(self, **content: object) -> IncomingMessage:
        return IncomingMessage(PLATFORM, self.settings.chat_id, self.speaker.sender_id, self.speaker.name,
                               uuid.uuid4().hex, self.clock(), chat_kind=ChatKind.PRIVATE, **content)

    async def _send(self, msg: IncomingMessage) -> None:
        try:
            result = await self.chat.handle(msg)
        except Exception:   # each turn is wrapped once: log it, apologise, keep the chat going
            log.exception("turn failed for message %s", msg.message_id)
            print("Fawn: 抱歉，刚才出了点问题，没有记录任何东西。请再说一次。"
                  "(Sorry — something went wrong; nothing was saved.)")
            return
        if result.reply is not None:
            await self._show(result.reply)

    async def _show(self, reply: OutgoingReply) -> None:
        print(f"Fawn: {reply.text}")
        if reply.image is not None:
            print(f"      [图片 / picture: {reply.image}]")
        if reply.buttons:
            print("      " + "  ".join(f"[{i}] {b.label}" for i, b in enumerate(reply.buttons, 1)))
        await self.shown.remember(PLATFORM, self.settings.chat_id, reply.buttons)

    async def _records(self) -> None:
        snap = await self.families.snapshot(self.family_id)
        settings = await self.families.settings(self.family_id)
        now = self.clock().astimezone(ZoneInfo(settings["timezone"]))
        today = [r for r in snap.records if (r.get("start") or r.get("time")).date() == now.date()
                 or (r.get("end") and r["end"].date() == now.date())]
        lang = Language(settings["language"])
        lines = [f"  • {describe(RecordType(r['type']), r, now, lang)}" for r in today]
        print("\n".join(lines) or "  （今天还没有记录）")

    async def _export(self, fmt: str) -> None:
        made = await self.families.export(self.family_id, self.speaker.sender_id, fmt)
        if not made.allowed:
            print("Fawn: 只有家长可以导出数据。Only a parent can export the records.")
            return
        path = self.settings.data_dir / made.filename
        path.write_bytes(made.body)
        print(f"Fawn: {made.count} 条记录 → {path}  ({made.count} records)")


def _as_words(command: str, rest: str) -> str:
    """`/undo` → `undo`, `/settings summary_time 21:00` → `settings summary_time 21:00`."""
    word = SAID_AS_WORDS.get(command, command.lstrip("/"))
    return f"{word} {rest}".strip()


def _read(prompt: str) -> str | None:
    try:
        return input(prompt) if sys.stdin.isatty() else _echo_read(prompt)
    except EOFError:
        return None


def _echo_read(prompt: str) -> str:
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    print(f"{prompt}{line.rstrip()}")
    return line
