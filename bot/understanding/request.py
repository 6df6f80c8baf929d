"""What the extractor is given, and the prompt text both rules and an LLM read.

The rule model parses the very prompt an LLM would get, so the two paths share one
interface: `ExtractionRequest.to_prompt()` ⇄ `ExtractionRequest.from_prompt()`.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime

BOT_NAMES = ("fawn", "管家")   # what the family may call the bot in a group chat


@dataclass(frozen=True)
class ContextLine:
    """One line of recent context, as the essay lays it out."""

    at: datetime              # aware, family zone
    ago: str                  # 3分钟前 / 3 min ago
    speaker: str              # 妈妈 / Fawn
    role: str | None          # parent / caregiver / friend / None for the bot
    title: str | None
    text: str

    def render(self) -> str:
        who = "管家" if self.role is None else f"{self.speaker}/{self.role}"
        title = f" | 角色: {self.title}" if self.title else ""
        return f"[{self.at:%Y-%m-%d %H:%M} | {self.ago} | {who}{title}] {_one_line(self.text)}"


@dataclass(frozen=True)
class TaskHint:
    action: str
    record_type: str | None
    state: str
    slots: dict = field(default_factory=dict)


@dataclass(frozen=True)
class ExtractionRequest:
    text: str
    now: datetime                       # aware, family zone
    timezone: str
    recent: tuple[ContextLine, ...] = ()
    task: TaskHint | None = None
    babies: tuple[str, ...] = ()
    bot_names: tuple[str, ...] = BOT_NAMES

    def to_prompt(self) -> str:
        task = "none" if self.task is None else json.dumps(
            {"action": self.task.action, "record_type": self.task.record_type,
             "state": self.task.state, "slots": self.task.slots}, ensure_ascii=False, default=str)
        lines = "\n".join(line.render() for line in self.recent)
        return (f"Now: {self.now.isoformat()} ({self.timezone})\n"
                f"Babies: {', '.join(self.babies) or '-'}\n"
                f"Bot names: {', '.join(self.bot_names)}\n"
                f"Active task: {task}\n"
                f"<recent-context>\n{lines}\n</recent-context>\n"
                f"Message: {self.text}")

    @classmethod
    def from_prompt(cls, prompt: str) -> ExtractionRequest:
        head, _, message = prompt.partition("\nMessage: ")
        now_m = re.search(r"^Now: (\S+) \((.+?)\)$", head, re.M)
        babies_m = re.search(r"^Babies: (.*)$", head, re.M)
        names_m = re.search(r"^Bot names: (.*)$", head, re.M)
        task_m = re.search(r"^Active task: (.*)$", head, re.M)
        recent = re.search(r"<recent-context>\n(.*?)</recent-context>", head, re.S)
        if not (now_m and task_m):
            raise ValueError("not an extraction prompt")
        return cls(text=message, now=datetime.fromisoformat(now_m.group(1)), timezone=now_m.group(2),
                   recent=tuple(_parse_line(s) for s in (recent.group(1) if recent else "").splitlines() if s),
                   task=_parse_task(task_m.group(1)),
                   babies=_split(babies_m.group(1) if babies_m else ""),
                   bot_names=_split(names_m.group(1) if names_m else ""))


_LINE = re.compile(r"^\[(?P<at>[\d-]+ [\d:]+) \| (?P<ago>[^|]*) \| (?P<who>[^|\]]*)(?: \| 角色: (?P<title>[^\]]*))?\] (?P<text>.*)$")


def _parse_line(raw: str) -> ContextLine:
    m = _LINE.match(raw)
    if not m:
        return ContextLine(datetime.min, "", "", None, None, raw)
    who = m.group("who")
    speaker, _, role = who.partition("/")
    return ContextLine(datetime.fromisoformat(m.group("at")), m.group("ago").strip(), speaker,
                       role or None, m.group("title"), m.group("text"))


def _parse_task(raw: str) -> TaskHint | None:
    if raw.strip() == "none":
        return None
    data = json.loads(raw)
    return TaskHint(data["action"], data.get("record_type"), data["state"], data.get("slots") or {})


def _split(raw: str) -> tuple[str, ...]:
    return tuple(s.strip() for s in raw.split(",") if s.strip() and s.strip() != "-")


def _one_line(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
