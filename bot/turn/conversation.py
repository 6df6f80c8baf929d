"""Step 8 of a turn: a message the domain does not understand (its decision is a Reply of kind CHAT,
which it makes silent in a group unless the bot is addressed).

- With a [chat] model, the companion (bot/companion/) answers instead, from the family's records
  through read-only tools, in this turn's unit of work. A record it heard goes back through the domain
  (`decide_turn`) as a proposal labelled chat, which the domain reads back for the family to confirm.
  When it fails, the domain's offline reply stands.
- Without one, the offline reply stands — also when an understanding model was asked and failed: the
  reply is then exactly the rules' reply. Only where the rules read part of a fact and the model could
  not finish it (`handover.asks_again_after_failure`) is the family asked to say it again
  (`reply.ask_again`, its example in the family's units).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from pydantic import ValidationError

from bot.companion.agent import Companion, CompanionOutcome, CompanionRequest
from bot.protocol import IncomingMessage
from bot.turn.effects import Applied
from bot.turn.loading import LoadedTasks, TurnContext, build_turn
from bot.turn.replies import ReplyResolver
from bot.understanding.accounting import accounted
from bot.understanding.extractor import ExtractionOutcome
from bot.understanding.handover import asks_again_after_failure
from bot.understanding.numerals import normalise
from bot.understanding.request import ExtractionRequest
from domain.decide.decide_turn import decide_turn
from domain.extraction import Extraction, Intent, Query, QueryMetric, QueryPeriod
from domain.limits import date_problem
from domain.queries.answer import answer_query
from domain.turn import Decision, Reply
from domain.vocabulary import RecordType, ReplyKind
from storage.repositories.families import MemberInfo
from storage.unit_of_work import UnitOfWork

PROFILE_LOOKBACK = timedelta(days=6 * 365)
NOTES_LOOKBACK = timedelta(days=366)
MAX_NOTES = 10


@dataclass(frozen=True)
class Talk:
    decision: Decision
    companion: CompanionOutcome | None = None


class Conversation:
    def __init__(self, companion: Companion | None, replies: ReplyResolver) -> None:
        self.companion = companion
        self.replies = replies

    async def respond(self, uow: UnitOfWork, ctx: TurnContext, member: MemberInfo, msg: IncomingMessage,
                      request: ExtractionRequest | None, outcome: ExtractionOutcome, decision: Decision,
                      tasks: LoadedTasks) -> Talk:
        reply = decision.reply
        if reply is None or reply.kind is not ReplyKind.CHAT or request is None or msg.press is not None:
            return Talk(decision)
        offline = _ask_again(decision) if outcome.fallback and asks_again_after_failure(outcome.extraction) \
            else decision
        if self.companion is None:
            return Talk(offline)
        reader = TurnReader(uow, ctx, member, msg, tasks, self.replies)
        notes = tuple(n["text"] for n in await reader.notes() if n["text"])
        talk = await self.companion.answer(companion_request(request, ctx, notes), reader)
        if talk.proposal is not None and tasks.active is None:
            proposed = await self._proposed(uow, ctx, member, msg, request, tasks, talk.proposal)
            if proposed is not None:
                return Talk(proposed, talk)
        if talk.text:
            return Talk(Decision(Reply(ReplyKind.CHAT, "companion", {"text": talk.text}), note="companion"), talk)
        return Talk(offline, talk)

    async def _proposed(self, uow: UnitOfWork, ctx: TurnContext, member: MemberInfo, msg: IncomingMessage,
                        request: ExtractionRequest, tasks: LoadedTasks, proposal: dict[str, Any]) -> Decision | None:
        """The companion's record as the domain sees it: labelled chat, so it is read back, never written now."""
        reading = Extraction(intent=Intent.CHAT, record_type=proposal["record_type"], slots=proposal["slots"],
                             baby=proposal.get("baby")).localised(ctx.zone)
        reading = accounted(reading, normalise(request.text.strip()), request.now)
        turn = await build_turn(uow, ctx, member, msg, reading, tasks, newcomer=False)
        decided = decide_turn(turn)
        if decided.reply is None or decided.reply.kind is ReplyKind.CHAT:
            return None
        return Decision(decided.reply, decided.effects, decided.press_rejected,
                        note=f"companion proposal: {decided.note}")


def _ask_again(offline: Decision) -> Decision:
    near = offline.reply.values.get("near") if offline.reply is not None else None
    return Decision(Reply(ReplyKind.CHAT, "ask_again", {"near": near}), note="model unavailable: ask again")


def companion_request(request: ExtractionRequest, ctx: TurnContext, notes: tuple[str, ...] = ()) -> CompanionRequest:
    return CompanionRequest(text=request.text, language=ctx.lang.value,
                            now_text=f"{request.now.isoformat(timespec='minutes')} ({request.timezone})",
                            babies=request.babies, recent=request.recent, notes=notes)


class TurnReader:
    """The companion's read-only view of the family, inside the turn's unit of work."""

    def __init__(self, uow: UnitOfWork, ctx: TurnContext, member: MemberInfo, msg: IncomingMessage,
                 tasks: LoadedTasks, replies: ReplyResolver) -> None:
        self.uow, self.ctx, self.member, self.msg, self.tasks, self.replies = uow, ctx, member, msg, tasks, replies

    async def answer(self, metric: QueryMetric, period: QueryPeriod, day: date | None, daypart: str | None,
                     record_type: RecordType | None) -> str:
        """The answer the family gets when they ask this themselves (domain/queries, the same renderer)."""
        try:
            query = Query(metric=metric, period=period, day=day, daypart=daypart, record_type=record_type)
        except ValidationError as wrong:
            return f"not a question these tools answer: {wrong.errors()[0]['msg']}"
        if query.day is not None and date_problem("day", query.day, self.ctx.now.date()):
            return "that day is outside the family's records"
        turn = await build_turn(self.uow, self.ctx, self.member, self.msg,
                                Extraction(intent=Intent.QUERY, query=query), self.tasks, newcomer=False)
        if metric is QueryMetric.SUMMARY:
            return await self.summary()
        shown = await self.replies.resolve(self.uow, self.ctx, answer_query(query, turn), Applied(), None)
        return shown.text if shown else ""

    async def profile(self) -> list[dict[str, Any]]:
        ctx = self.ctx
        found = []
        for baby in ctx.babies:
            growth = await self.uow.records.latest(ctx.family.id, baby.id, RecordType.GROWTH,
                                                   ctx.now - PROFILE_LOOKBACK, ctx.now, 20, ctx.zone)
            latest = {m: next(({"value": g.fields[m], "on": g.fields["time"].date().isoformat()}
                               for g in growth if g.fields.get(m) is not None), None)
                      for m in ("weight_kg", "height_cm", "head_cm")}
            age = (ctx.now.date() - baby.birth_date).days if baby.birth_date else None
            found.append({"name": baby.name, "nicknames": list(baby.nicknames), "sex": baby.sex,
                          "birth_date": baby.birth_date.isoformat() if baby.birth_date else None,
                          "age_days": age, "age_months": round(age / 30.44, 1) if age is not None else None,
                          "birth_weight_kg": baby.birth_weight_kg, "latest": latest})
        return found

    async def summary(self) -> str:
        ctx = self.ctx
        shown = await self.replies.summaries.daily_reply(self.uow, ctx.family, ctx.now.date(), as_of=ctx.now,
                                                         chart=False)
        return shown.text

    async def notes(self) -> list[dict[str, Any]]:
        ctx = self.ctx
        found = []
        for baby in ctx.babies:
            for note in await self.uow.records.latest(ctx.family.id, baby.id, RecordType.NOTE,
                                                      ctx.now - NOTES_LOOKBACK, ctx.now, MAX_NOTES, ctx.zone):
                found.append({"baby": baby.name, "at": note.fields["time"].isoformat(timespec="minutes"),
                              "text": note.fields.get("text", "")})
        return sorted(found, key=lambda n: n["at"], reverse=True)[:MAX_NOTES]
