"""`fawn chat`: a family group chat in the terminal, through the same service as every messenger.

Buttons show as numbered choices; type the number to press. `/as 奶奶` switches speaker.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import uuid
from pathlib import Path
from zoneinfo import ZoneInfo

from sqlmodel import select

from bot.clock import utc_now
from bot.composition import FawnService, build_service
from bot.protocol import DEFAULT_BABY_NAME, ButtonPress, FamilySetup, IncomingMessage, MemberSetup, OutgoingReply
from domain.replies.catalog import GLOSSED, GLOSSED_TIGHT, SLASHED, both_languages, language_of, text
from domain.replies.describe import describe
from domain.vocabulary import ChatKind, Language, RecordType
from storage.engine import sqlite_url
from storage.repositories import turns as repo
from storage.tables import Member

PLATFORM, CHAT = "console", "family"
log = logging.getLogger("fawn.console")
NOTICES = Language.ZH   # the console's own help and notices are Chinese whatever --language says (as they were)
HELP = text(NOTICES, "console.help")
DEMO_ROLES = (("mom", "demo.parent", "parent"), ("grandma", "demo.caregiver", "caregiver"),
              ("friend", "demo.friend", "friend"))


def demo_members(lang: Language) -> tuple[MemberSetup, ...]:
    return tuple(MemberSetup(user, text(lang, key), text(lang, key), role) for user, key, role in DEMO_ROLES)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="fawn chat", description="terminal family chat")
    parser.add_argument("--demo", action="store_true", help="set up a demo family (parent, caregiver, friend)")
    parser.add_argument("--data-dir", default="data", help="folder for the SQLite file (default: data)")
    parser.add_argument("--language", choices=["zh", "en"], default="zh")
    args = parser.parse_args(argv)
    return asyncio.run(ConsoleChat(Path(args.data_dir), args.demo, args.language).run())


class ConsoleChat:
    def __init__(self, data_dir: Path, demo: bool, language: str) -> None:
        self.data_dir, self.demo, self.language = data_dir, demo, language
        self.speaker: Member | None = None
        self.last_buttons: list = []

    async def run(self) -> int:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        service, engine = await build_service(sqlite_url(self.data_dir / "fawn.db"),
                                              chart_dir=self.data_dir / "charts")
        try:
            await self._ensure_family(service)
            print(both_languages("console.hello", GLOSSED))
            while (line := _read(f"[{self.speaker.title or self.speaker.display_name}] > ")) is not None:
                if not await self._line(service, line.strip()):
                    break
        finally:
            await engine.dispose()
        return 0

    async def _ensure_family(self, service: FawnService) -> None:
        if await service.find_family_id(PLATFORM, CHAT) is None:
            setup = self._demo_setup() if self.demo else self._ask_setup()
            await service.setup_family(setup)
        members = await self._members(service)
        self.speaker = next((m for m in members if m.role == "parent"), members[0])

    def _demo_setup(self) -> FamilySetup:
        lang = language_of(self.language)
        return FamilySetup(PLATFORM, CHAT, ChatKind.PRIVATE, language=self.language,
                           babies=({"name": text(lang, "demo.baby")},), members=demo_members(lang))

    def _ask_setup(self) -> FamilySetup:
        baby = (_read(_prompt("console.ask_baby")) or DEFAULT_BABY_NAME).strip() or DEFAULT_BABY_NAME
        default_title = text(NOTICES, "console.default_title")
        title = (_read(_prompt("console.ask_title")) or default_title).strip() or default_title
        return FamilySetup(PLATFORM, CHAT, ChatKind.PRIVATE, language=self.language, babies=({"name": baby},),
                           members=(MemberSetup("me", title, title, "parent"),))

    async def _members(self, service: FawnService) -> list[Member]:
        async with service.sessions() as s:
            family = await repo.family_by_chat(s, PLATFORM, CHAT)
            q = select(Member).where(Member.family_id == family.id).order_by(Member.id)
            return list((await s.exec(q)).all())

    async def _line(self, service: FawnService, line: str) -> bool:
        if not line:
            return True
        if line in ("/quit", "/exit"):
            return False
        if line == "/help":
            print(HELP)
        elif line.startswith("/as"):
            await self._switch(service, line[3:].strip())
        elif line == "/records":
            await self._records(service)
        elif line.isdigit() and self.last_buttons:
            await self._press(service, int(line))
        else:
            await self._send(service, IncomingMessage(PLATFORM, CHAT, self.speaker.platform_user_id,
                                                      self.speaker.display_name, uuid.uuid4().hex, utc_now(),
                                                      text=line, chat_kind=ChatKind.PRIVATE))
        return True

    async def _switch(self, service: FawnService, name: str) -> None:
        members = await self._members(service)
        found = next((m for m in members if name in (m.title, m.display_name, m.platform_user_id)), None)
        if found is None:
            found = Member(platform_user_id=f"console-{name}", display_name=name, title=name, role="friend")
            print(text(NOTICES, "console.new_member", name=name))
        self.speaker = found
        print(text(NOTICES, "console.speaking_as", name=name))

    async def _press(self, service: FawnService, number: int) -> None:
        if not 1 <= number <= len(self.last_buttons):
            print(text(NOTICES, "console.no_such_choice"))
            return
        button = self.last_buttons[number - 1]
        await self._send(service, IncomingMessage(PLATFORM, CHAT, self.speaker.platform_user_id,
                                                  self.speaker.display_name, uuid.uuid4().hex, utc_now(),
                                                  press=ButtonPress(button.token), chat_kind=ChatKind.PRIVATE))

    async def _send(self, service: FawnService, msg: IncomingMessage) -> None:
        try:
            result = await service.handle(msg)
        except Exception:   # each turn is wrapped once: log it, apologise, keep the chat going
            log.exception("turn failed for message %s", msg.message_id)
            print("Fawn: " + both_languages("console.apology", GLOSSED_TIGHT))
            return
        if result.reply is not None:
            self._show(result.reply)

    def _show(self, reply: OutgoingReply) -> None:
        print(f"Fawn: {reply.text}")
        if reply.image is not None:
            print(f"      [{both_languages('console.picture', SLASHED)}: {reply.image}]")
        if reply.buttons:
            self.last_buttons = list(reply.buttons)
            print("      " + "  ".join(f"[{i}] {b.label}" for i, b in enumerate(reply.buttons, 1)))

    async def _records(self, service: FawnService) -> None:
        family_id = await service.find_family_id(PLATFORM, CHAT)
        snap = await service.snapshot(family_id)
        async with service.sessions() as s:
            family = await repo.family_by_chat(s, PLATFORM, CHAT)
        now = utc_now().astimezone(ZoneInfo(family.timezone))
        today = [r for r in snap.records if (r.get("start") or r.get("time")).date() == now.date()
                 or (r.get("end") and r["end"].date() == now.date())]
        lang = Language(family.language)
        lines = [f"  • {describe(RecordType(r['type']), r, now, lang)}" for r in today]
        print("\n".join(lines) or "  " + text(NOTICES, "console.no_records_today"))


def _prompt(key: str) -> str:
    """A set-up question, asked before the family (so its language) exists: both languages."""
    return both_languages(key, GLOSSED_TIGHT) + " "


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
