"""What the extractor is given — the message, the recent context, the active task, the family's
time and babies — and the prompt a language model reads it as. The rules read the request itself."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime

from bot.understanding.context import context_block, relative
from domain.vocabulary import Language

BOT_NAMES = ("fawn", "管家")   # what the family may call the bot in a group chat
CONTEXT_TOKENS = 1200         # the recent context a model is shown, estimated (newest lines first)


@dataclass(frozen=True)
class ContextLine:
    """One line of recent context, as the essay lays it out."""

    at: datetime              # aware, family zone
    ago: str                  # 3分钟前 / 3 min ago ("": worded from `now` and `language` when the line is rendered)
    speaker: str              # 妈妈 / Fawn
    role: str | None          # parent / caregiver / friend / None for the bot
    title: str | None
    text: str
    chat: str | None = None   # which of the family's chats (群 / 妈妈的私聊), when it has several
    now: datetime | None = None
    language: Language | None = None

    def how_long_ago(self) -> str:
        """The rules read only the words; the relative time is worded only for a model's prompt."""
        if self.ago or self.now is None or self.language is None:
            return self.ago
        return relative(self.at, self.now, self.language)

    def render(self) -> str:
        who = "管家" if self.role is None else f"{self.speaker}/{self.role}"
        title = f" | 角色: {self.title}" if self.title else ""
        chat = f" | 聊天: {self.chat}" if self.chat else ""
        return f"[{self.at:%Y-%m-%d %H:%M} | {self.how_long_ago()} | {who}{title}{chat}] {_one_line(self.text)}"


@dataclass(frozen=True)
class TaskHint:
    action: str
    record_type: str | None
    state: str
    slots: dict = field(default_factory=dict)
    missing: tuple[str, ...] = ()


@dataclass(frozen=True)
class ExtractionRequest:
    text: str
    now: datetime                       # aware, family zone
    timezone: str
    recent: tuple[ContextLine, ...] = ()
    task: TaskHint | None = None
    babies: tuple[str, ...] = ()
    bot_names: tuple[str, ...] = BOT_NAMES
    people: tuple[str, ...] = ()        # the members' names and titles: grown-ups a message may name

    def to_prompt(self, context_tokens: int = CONTEXT_TOKENS) -> str:
        """What a model reads: what stays the same for a family first (a server's prefix cache keeps it
        with the instructions), then the recent context within its budget, the task, the time, the message."""
        task = "none" if self.task is None else json.dumps(
            {"action": self.task.action, "record_type": self.task.record_type,
             "state": self.task.state, "slots": self.task.slots}, ensure_ascii=False, default=str)
        return (f"Babies: {', '.join(self.babies) or '-'}\n"
                f"Bot names: {', '.join(self.bot_names)}\n"
                f"<recent-context>\n{context_block(self.recent, context_tokens)}\n</recent-context>\n"
                f"Active task: {task}\n"
                f"Now: {self.now.isoformat()} ({self.timezone})\n"
                f"Message: {self.text}")


def _one_line(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
