"""Step 6 of a turn: the domain's reply becomes the common outgoing reply — text in the family's
language, buttons with callback tokens. Replies the domain cannot render alone (a summary, a
growth chart) are resolved here by key, inside the turn's unit of work and trace."""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Protocol

from bot.family import export_files
from bot.family.export import export_for
from bot.protocol import OutgoingButton, OutgoingReply
from bot.push.summaries import SummaryBuilder
from bot.turn.callback_data import role_token, task_token, undo_token
from bot.turn.effects import Applied
from bot.turn.loading import TurnContext
from domain.replies.amounts import units_shown
from domain.replies.catalog import text
from domain.replies.render import button_label, render
from domain.tasks import PendingTask
from domain.turn import Reply
from domain.units import DisplayUnits, units_unchosen
from domain.vocabulary import ReplyKind
from storage.repositories.families import FamilyInfo
from storage.unit_of_work import UnitOfWork

Resolver = Callable[[UnitOfWork, TurnContext, dict[str, Any]], Awaitable[OutgoingReply]]


class ReplyResolver:
    """Reply key → how it is built. Keys without a resolver are rendered from the catalogue."""

    def __init__(self, summaries: SummaryBuilder, charts: bool = True) -> None:
        self.summaries = summaries
        self.charts = charts
        self.page_links: PageLinkMaker | None = None      # set when the family page is served
        self.file_channels: frozenset[str] = frozenset()  # platforms whose sender carries a file (composition)
        self.by_key: dict[str, Resolver] = {"query_summary": self._summary, "query_growth_curve": self._growth,
                                            "query_chart": self._chart, "export_elsewhere": self._export,
                                            "page_link": self._page_link, "companion": self._companion}

    async def resolve(self, uow: UnitOfWork, ctx: TurnContext, reply: Reply | None, applied: Applied,
                      active: PendingTask | None) -> OutgoingReply | None:
        if reply is None:
            return None
        family = ctx.family
        if any(line.startswith("family:") for line in applied.log):     # units just chosen or guessed
            family = await uow.families.get(ctx.family.id) or family
        task = applied.task or active
        with units_shown(_reading_units(family, task)):
            special = self.by_key.get(reply.key)
            if special is not None:
                return await special(uow, ctx, reply.values)
            return outgoing(reply, ctx, task, applied.written)

    async def _summary(self, uow: UnitOfWork, ctx: TurnContext, values: dict[str, Any]) -> OutgoingReply:
        """今天总结一下 / 这周怎么样: by the same code as the evening push."""
        period = getattr(values["period"], "value", values["period"])
        if period == "week":
            return await self.summaries.weekly_reply(uow, ctx.family, ctx.now.date(), as_of=ctx.now)
        return await self.summaries.daily_reply(uow, ctx.family, ctx.now.date(), as_of=ctx.now, chart=self.charts)

    async def _page_link(self, uow: UnitOfWork, ctx: TurnContext, values: dict[str, Any]) -> OutgoingReply:
        """打开记录页 / /page: a link that works for this member only, for a day."""
        link = await self.page_links.link_for(ctx.chat.platform, ctx.family.id, ctx.sender_id) \
            if self.page_links else None
        words = text(ctx.lang, "reply.page_link", link=link) if link else text(ctx.lang, "reply.page_unavailable")
        return OutgoingReply(ReplyKind.ANSWER, words, language=ctx.lang.value)

    async def _companion(self, uow: UnitOfWork, ctx: TurnContext, values: dict[str, Any]) -> OutgoingReply:
        """The chat companion's own words (bot/turn/conversation.py), not a catalogue text."""
        return OutgoingReply(ReplyKind.CHAT, values["text"], language=ctx.lang.value)

    async def _chart(self, uow: UnitOfWork, ctx: TurnContext, values: dict[str, Any]) -> OutgoingReply:
        """这周睡眠图 / 作息图 / 喂奶趋势 / sleep chart: the picture asked for, of the last 7 days."""
        return await self.summaries.chart_reply(uow, ctx.family, values["chart"], as_of=ctx.now)

    async def _export(self, uow: UnitOfWork, ctx: TurnContext, values: dict[str, Any]) -> OutgoingReply:
        """导出数据 in a chat that cannot carry a file (WeChat, WeCom, the terminal; Telegram's /export sends the
        file itself): the page link, the command that writes the file, and where a file can come."""
        if ctx.chat.platform in self.file_channels:
            return await self._export_file(uow, ctx)
        link = await self.page_links.link_for(ctx.chat.platform, ctx.family.id, ctx.sender_id) \
            if self.page_links else None
        page = text(ctx.lang, "export.page", link=link) if link else ""
        words = text(ctx.lang, "reply.export_elsewhere", page=page, family=ctx.family.id)
        return OutgoingReply(ReplyKind.ANSWER, words, language=ctx.lang.value)

    async def _export_file(self, uow: UnitOfWork, ctx: TurnContext) -> OutgoingReply:
        """The family's records as a JSON file beside the text (the same file and audit entry as /export)."""
        made = await export_for(uow, ctx.family.id, ctx.sender_id, "json", ctx.clock_now)
        if not made.allowed:                       # the domain let a parent through; the file is checked again
            return OutgoingReply(ReplyKind.REFUSED, text(ctx.lang, "reply.export_parent_only"), language=ctx.lang.value)
        path = export_files.export_path(self.summaries.chart_dir.parent, ctx.family.id, ctx.clock_now)
        await asyncio.to_thread(export_files.write_private, path, made.body)
        return OutgoingReply(ReplyKind.ANSWER, text(ctx.lang, "reply.export_file", count=made.count),
                             language=ctx.lang.value, document=path)

    async def _growth(self, uow: UnitOfWork, ctx: TurnContext, values: dict[str, Any]) -> OutgoingReply:
        """生长曲线 / 长高了多少: each baby's measurements against WHO percentile lines, as a picture."""
        return await self.summaries.growth_reply(uow, ctx.family, values["measure"])


class PageLinkMaker(Protocol):
    async def link_for(self, platform: str, family_id: int, platform_user_id: str) -> str | None: ...


def outgoing(reply: Reply, ctx: TurnContext, task: PendingTask | None, written: list[int]) -> OutgoingReply:
    buttons = []
    for button in reply.buttons:
        token = _token(button.action, button.record_id, task, written)
        if token:
            buttons.append(OutgoingButton(button.action, button.label or button_label(button.action, ctx.lang), token))
    image = reply.values.get("image")
    return OutgoingReply(kind=reply.kind, text=render(reply, ctx.lang, ctx.now), buttons=tuple(buttons),
                         image=Path(image) if image else None, language=ctx.lang.value)


def _token(action: str, record_id: int | None, task: PendingTask | None, written: list[int]) -> str | None:
    if action.startswith("role:"):
        _, member_id, role = action.split(":")
        return role_token(int(member_id), role)
    if action == "undo":
        target = record_id or (written[-1] if written else None)
        return undo_token(target) if target else None
    if task is None or task.id is None or not task.active:
        return None
    return task_token(task.id, task.revision, action)


def _reading_units(family: FamilyInfo, task: PendingTask | None) -> DisplayUnits:
    """The family's units; a task still waiting shows its amounts in the units its messages said, for the
    quantities the family has not chosen (they are guessed for good once the task writes: units_guess.py)."""
    if task is None or not task.active or not task.units_said:
        return family.units
    unchosen = units_unchosen(family.settings.get("units"))
    return family.units.changed({q: u for q, u in task.units_said.items() if q in unchosen})
