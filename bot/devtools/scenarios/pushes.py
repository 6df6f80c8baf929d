"""What the bot sends by itself in a scenario: the real scheduler's jobs on the scenario's clock, through the
real push channel and outbox, to a sender that notes each push (its kind, the chat it reached, the reply)."""
from __future__ import annotations

from dataclasses import dataclass

from bot.delivery.push import FamilyPush
from bot.devtools.scenarios.model import PushCheck, Scenario
from bot.protocol import OutgoingReply, SendFn
from bot.push.clock_driven import ClockDrivenPushes
from bot.push.scheduler import SummaryScheduler
from storage.repositories.families import FamilyInfo


@dataclass(frozen=True)
class SeenPush:
    kind: str                     # reminder | standing | summary | weekly | notice
    chat: str                     # the chat key (the chat id in the scenario's family)
    reply: OutgoingReply


def push_kind(about: str) -> str:
    """The kind of a push from the name the scheduler gives it (`summary:daily:…`, `reminder:once:12`, …)."""
    if about.startswith("summary:weekly"):
        return "weekly"
    if about.startswith("summary:"):
        return "summary"
    if about.startswith("reminder:once:"):
        return "reminder"
    return "standing" if about.startswith("reminder:") else "notice"


class WatchedPush:
    """The push channel (`FamilyPush`, the outbox under it) with a sender per platform that notes what it
    was handed. Pushes are sent one at a time, so the push being sent names the kind of what arrives."""

    def __init__(self, push: FamilyPush) -> None:
        self.push = push
        self.seen: list[SeenPush] = []
        self._about = ""

    async def __call__(self, family: FamilyInfo, reply: OutgoingReply, about: str) -> bool:
        self._about = about
        return await self.push(family, reply, about)

    def reaches(self, platform: str) -> bool:
        return self.push.reaches(platform)

    async def to_chat(self, family: FamilyInfo, platform: str, chat_id: str, reply: OutgoingReply,
                      about: str) -> bool:
        self._about = about
        return await self.push.to_chat(family, platform, chat_id, reply, about)

    def sender(self) -> SendFn:
        async def send(chat_id: str, reply: OutgoingReply) -> str:
            self.seen.append(SeenPush(push_kind(self._about), chat_id, reply))
            return f"push-{len(self.seen)}"
        return send

    def taken(self) -> list[SeenPush]:
        """The pushes since the last call."""
        seen, self.seen = self.seen, []
        return seen


def watched_pushes(fawn, scenario: Scenario, clock) -> tuple[ClockDrivenPushes, WatchedPush]:
    """The scheduler (one per instance the scenario asks for) on the scenario's clock, pushing to a watcher."""
    platforms = {c.platform for c in scenario.family.chats} or {"scenario"}
    senders: dict[str, SendFn] = {}
    watched = WatchedPush(FamilyPush(fawn.database, fawn.outbox, senders))
    senders.update({platform: watched.sender() for platform in platforms})
    fawn.chat.announce = watched
    schedulers = [SummaryScheduler(fawn.database, watched, clock, instance_id=f"scenario-{n}", chats=watched)
                  for n in range(1, scenario.instances + 1)]
    return ClockDrivenPushes(schedulers), watched


def pushes_difference(expected: tuple[PushCheck, ...], seen: list[SeenPush]) -> str | None:
    """Exactly the pushes listed, each matched by one push (in any order)."""
    left = list(seen)
    for check in expected:
        found = next((p for p in left if _matches(check, p)), None)
        if found is None:
            return f"pushes: no {_describe(check)} among {_listed(seen)}"
        left.remove(found)
    if left:
        return f"pushes: {len(left)} more than expected: {_listed(left)}"
    return None


def _matches(check: PushCheck, push: SeenPush) -> bool:
    words = push.reply.text.lower()
    return (check.kind == push.kind and all(part.lower() in words for part in check.contains)
            and not any(part.lower() in words for part in check.not_contains)
            and (check.chat is None or check.chat == push.chat))


def _describe(check: PushCheck) -> str:
    said = f" containing {list(check.contains)}" if check.contains else ""
    where = f" in {check.chat}" if check.chat else ""
    return f"{check.kind} push{said}{where} (line {check.line})"


def _listed(pushes: list[SeenPush]) -> str:
    if not pushes:
        return "none"
    return "; ".join(f"{p.kind} to {p.chat}: {' '.join(p.reply.text.split())[:70]!r}" for p in pushes)
