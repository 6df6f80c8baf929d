"""A tiny in-memory stand-in for ChatService: enough to test the runner, never the product."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.protocol import FamilySetup, IncomingMessage, OutgoingButton, OutgoingReply, TurnResult
from domain.vocabulary import ReplyKind


@dataclass
class FakeSnapshot:
    records: list[dict[str, Any]]
    task: dict[str, Any] | None
    profiles: list[dict[str, Any]]


@dataclass
class FakeChatService:
    """`喝了Nml配方奶` writes a feeding (undo button); `改成N` asks to confirm an update."""

    records: dict[int, dict[str, Any]] = field(default_factory=dict)
    task: dict[str, Any] | None = None
    seen: set[str] = field(default_factory=set)
    babies: list[dict[str, Any]] = field(default_factory=list)
    roles: dict[str, str] = field(default_factory=dict)
    next_id: int = 1
    received: list[IncomingMessage] = field(default_factory=list)

    async def delivered(self, reply_id: int | None, platform_message_id: str) -> None:
        """A reply the runner showed; the fake resends nothing, so there is nothing to remember."""

    async def setup_family(self, setup: FamilySetup) -> int:
        self.babies = [{"id": i + 1, **b} for i, b in enumerate(setup.babies)]
        self.roles = {m.sender_id: m.role for m in setup.members}
        return 7

    async def add_records(self, family_id: int, records: list[dict]) -> None:
        for record in records:
            self._write({"baby": self.babies[0]["id"], **record})

    async def snapshot(self, family_id: int) -> FakeSnapshot:
        return FakeSnapshot([dict(r) for r in self.records.values()],
                            dict(self.task) if self.task else None, list(self.babies))

    async def handle(self, msg: IncomingMessage) -> TurnResult:
        self.received.append(msg)
        if msg.message_id in self.seen:
            return TurnResult(reply=None, trace_id="t", duplicate=True)
        self.seen.add(msg.message_id)
        if msg.press is not None:
            return self._press(msg.press.token)
        return self._text(msg.text, msg.sent_at, msg.sender_id)

    def _text(self, text: str, now: datetime, sender: str) -> TurnResult:
        if self.roles.get(sender, "friend") == "friend":
            return _reply(ReplyKind.REFUSED, "不行")
        if found := re.search(r"喝了(\d+)ml配方奶", text):
            record_id = self._write({"type": "feeding", "baby": 1, "start": now, "kind": "formula",
                                     "amount_ml": float(found.group(1)), "method": "bottle"})
            return _reply(ReplyKind.RECORDED, f"记下了 {found.group(1)}ml",
                          OutgoingButton("undo", "撤销", f"u:{record_id}"))
        if found := re.search(r"改成(\d+)", text):
            self.task = {"state": "awaiting_confirmation", "action": "update", "record_type": "feeding",
                         "slots": {"amount_ml": float(found.group(1))}, "missing": [],
                         "requires_confirmation_reason": "update", "started_by": sender, "confirmed_by": None}
            return _reply(ReplyKind.CONFIRM, "改吗？", OutgoingButton("confirm", "确认", "c:1"),
                          OutgoingButton("cancel", "取消", "x:1"))
        return TurnResult(reply=None, trace_id="t")

    def _press(self, token: str) -> TurnResult:
        verb, _, arg = token.partition(":")
        if verb == "u" and int(arg) in self.records:
            del self.records[int(arg)]
            return _reply(ReplyKind.UNDONE, "撤销了")
        if verb == "c" and self.task:
            last = max(self.records)
            self.records[last] = {**self.records[last], **self.task["slots"]}
            self.task = None
            return _reply(ReplyKind.UPDATED, "改好了")
        return TurnResult(reply=None, trace_id="t", press_rejected=True)

    def _write(self, record: dict[str, Any]) -> int:
        record_id, self.next_id = self.next_id, self.next_id + 1
        self.records[record_id] = {"id": record_id, **record}
        return record_id


def _reply(kind: ReplyKind, text: str, *buttons: OutgoingButton) -> TurnResult:
    return TurnResult(reply=OutgoingReply(kind, text, tuple(buttons)), trace_id="t")


class FakeEngine:
    disposed = False

    async def dispose(self) -> None:
        self.disposed = True


def fake_factory(service: FakeChatService, engine: FakeEngine | None = None):
    async def build(url: str, *, clock: Any, model: str) -> tuple[FakeChatService, FakeEngine]:
        return service, engine or FakeEngine()
    return build
