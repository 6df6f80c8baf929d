"""The application on one database: the chat turn, the family port and the outbox, built once.

`open_fawn(url)` is where the terminal chat, the scenario runner, the tests and `fawn run` all start.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from pydantic import SecretStr

from bot.clock import Clock, utc_now
from bot.companion.agent import Companion
from bot.config import ChatConfig, ModelConfig, UnderstandingConfig
from bot.delivery.outbox import Outbox
from bot.family.operations import FamilyOperations
from bot.models.build import Configured, build_model, with_model
from bot.push.summaries import SummaryBuilder
from bot.turn.replies import ReplyResolver
from bot.turn.service import ChatService
from bot.understanding.extractor import Extractor
from storage.engine import Database


@dataclass(frozen=True)
class Fawn:
    """Everything one database serves: the chat turn, the family port and the outbox."""

    database: Database
    chat: ChatService
    families: FamilyOperations
    outbox: Outbox
    models: tuple[Configured, ...] = ()     # their HTTP clients are closed with the application

    async def close(self) -> None:
        for model in self.models:
            await model.close()
        await self.database.dispose()


async def open_fawn(database_url: str, *, clock: Clock = utc_now, understanding: ModelConfig | None = None,
                    chat: ChatConfig | None = None, model: str | None = None, base_url: str | None = None,
                    api_key: str | None = None, migrate: bool = True, chart_dir: Path | None = None,
                    check_models: bool = False) -> Fawn:
    """The application on one database (migrated to head unless told not to).

    `understanding` / `chat` are the [understanding] and [chat] sections; `model` names another
    understanding model ("NAME" or "PROVIDER:NAME", as `--model` does), `base_url` / `api_key` its endpoint.
    `check_models` (fawn run, fawn chat) asks the understanding endpoint once whether it takes the output
    mode: one that refuses it is named in a warning before any family waits (bot/models/probe.py)."""
    reading = build_model(understanding_config(understanding, model, base_url, api_key))   # a bad one fails first
    talking = build_model(chat) if chat is not None else None
    database = Database.at(database_url)
    if migrate:
        await database.upgrade()
    fawn = assemble(database, Extractor.configured(reading), clock=clock, chart_dir=chart_dir,
                    companion=Companion.configured(talking))
    if check_models:
        await fawn.chat.extractor.prepare()
    return replace(fawn, models=tuple(m for m in (reading, talking) if m is not None))


def understanding_config(base: ModelConfig | None, model: str | None, base_url: str | None = None,
                         api_key: str | None = None) -> ModelConfig:
    """The [understanding] section with `--model` (and an endpoint given by hand) applied."""
    config = base or UnderstandingConfig()
    if base_url or api_key:
        config = config.model_copy(update={"base_url": base_url or config.base_url,
                                           "provider": "openai-compatible" if base_url else config.provider,
                                           "api_key": SecretStr(api_key) if api_key else config.api_key})
    return with_model(config, model) if model else config


def assemble(database: Database, extractor: Extractor, *, clock: Clock = utc_now,
             chart_dir: Path | None = None, companion: Companion | None = None) -> Fawn:
    """The application on an open database with a given extractor (tests pass their own) and, when a
    [chat] model is configured, the chat companion."""
    replies = ReplyResolver(SummaryBuilder(chart_dir), charts=chart_dir is not None)
    chat = ChatService(database, extractor, replies, clock=clock, companion=companion)
    return Fawn(database, chat, FamilyOperations(database, clock), Outbox(database, clock))
