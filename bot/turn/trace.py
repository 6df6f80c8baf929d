"""Every turn's trace ties together the extraction, the decision, the effects and the reply —
never the message text. `fawn trace MESSAGE_ID` prints it."""
from __future__ import annotations

import argparse
import asyncio
import json
import time
import uuid
from typing import Any

from bot.companion.agent import CompanionOutcome
from bot.protocol import OutgoingReply
from bot.turn.effects import Applied
from bot.understanding.extractor import ExtractionOutcome
from domain.extraction import Extraction, QueryMetric
from domain.turn import Decision
from domain.vocabulary import ReplyKind
from storage.engine import Database, sqlite_url

REFUSALS = (ReplyKind.REFUSED, ReplyKind.ERROR)


def new_trace_id() -> str:
    return uuid.uuid4().hex[:16]


class Stopwatch:
    """Milliseconds per step of a turn: `lap(name)` closes the step that ran since the last lap."""

    def __init__(self) -> None:
        self.began = self.last = time.perf_counter()
        self.laps: dict[str, float] = {}

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        self.laps[name] = round((now - self.last) * 1000, 2)
        self.last = now

    def total(self) -> float:
        return round((time.perf_counter() - self.began) * 1000, 2)


def trace_steps(outcome: ExtractionOutcome, decision: Decision, applied: Applied,
                reply: OutgoingReply | None, companion: CompanionOutcome | None = None,
                watch: Stopwatch | None = None) -> list[dict[str, Any]]:
    e = outcome.extraction
    talked = [companion.as_trace()] if companion is not None else []
    laps = watch.laps if watch is not None else {}
    said = decision.reply
    return [
        {"step": "extraction", "model": outcome.model, "via_agent": outcome.via_agent,
         "latency_ms": outcome.latency_ms, "rules_ms": outcome.rules_ms, "asked": outcome.asked,
         "fallback": outcome.fallback, "dropped": outcome.dropped, "problems": list(outcome.problems),
         **outcome.spent.as_trace(), "intent": e.intent.value,
         "record_type": e.record_type.value if e.record_type else None,
         "slots": sorted(e.slots.given()), "facts": len(e.facts()),
         "confidence": e.confidence, "unaccounted": len(e.unaccounted),
         "query": understood_query(e), "units_said": e.units_said or None, "near": e.near},
        *talked,
        {"step": "decision", "note": decision.note, "press_rejected": decision.press_rejected,
         "reply_key": said.key if said else None,
         "refused": bool(said and said.kind in REFUSALS) or decision.press_rejected,   # the guard said no
         "latency_ms": laps.get("decision")},
        {"step": "effects", "applied": applied.log, "written": applied.written,
         "updated": applied.updated, "deleted": applied.deleted, "latency_ms": laps.get("effects")},
        {"step": "reply", "kind": reply.kind.value if reply else "none",
         "buttons": [b.action for b in reply.buttons] if reply else [], "latency_ms": laps.get("reply")},
        {"step": "turn", "latency_ms": watch.total() if watch is not None else None,
         "loading_ms": laps.get("loading")},
    ]


def understood_query(e: Extraction) -> dict[str, Any] | None:
    """Which question was understood: metric, period, shape… (a medicine's name as said is left out)."""
    if e.query is None:
        return None
    shown = e.query.model_dump(mode="json", exclude_none=True)
    if e.query.metric is QueryMetric.NEXT_DOSE:
        shown.pop("detail", None)
    return shown


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="fawn trace")
    parser.add_argument("message_id", help="messages.id, a platform message id, or a trace id")
    parser.add_argument("--url", default=sqlite_url("data/fawn.db"))
    args = parser.parse_args(argv)
    return asyncio.run(show(args.url, args.message_id))


async def show(url: str, key: str) -> int:
    database = Database.at(url)
    try:
        async with database.unit_of_work() as uow:
            traces = await uow.traces.find(key)
    finally:
        await database.dispose()
    if not traces:
        print(f"no trace for {key}")
        return 1
    for trace in traces:
        print(json.dumps({"trace_id": trace.trace_id, "message_id": trace.message_id, "at": str(trace.at),
                          "steps": trace.steps}, ensure_ascii=False, indent=2))
    return 0
