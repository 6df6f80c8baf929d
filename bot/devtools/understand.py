"""`fawn understand "text" [--model NAME] [--config FILE] [--timezone ZONE] [--baby NAME]...`

Prints what the cascade makes of one message: the extraction as JSON, which extractor answered (the
rules, or the model), the tokens it spent (in total and per request, as the server counted them), its
latency, any retry (with what was wrong) or fallback, and the output mode the endpoint takes — a server
that refuses tool calls is named here, with its HTTP status. Nothing is stored.
Without --model and without an [understanding] model in the configuration, the rules answer offline.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.composition.app import understanding_config
from bot.config import load_config
from bot.models.build import ModelSetupError, build_model
from bot.understanding.extractor import Extractor
from bot.understanding.request import ExtractionRequest
from domain.replies.catalog import text as catalogue_text
from domain.vocabulary import Language


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="fawn understand", description="the extraction of one message")
    parser.add_argument("text")
    parser.add_argument("--model", help='"NAME" or "PROVIDER:NAME" (default: [understanding] model, or the rules)')
    parser.add_argument("--config", help="config.toml with an [understanding] section (default: environment only)")
    parser.add_argument("--timezone", default="Asia/Shanghai")
    parser.add_argument("--baby", action="append", default=[], help="a baby's name (repeat for twins)")
    parser.add_argument("--every", action="store_true", help="send it to the model even when the rules are sure")
    args = parser.parse_args(argv)
    try:
        found = asyncio.run(understand(args.text, model=args.model, config_path=args.config,
                                       timezone=args.timezone, babies=tuple(args.baby), every=args.every))
    except (ZoneInfoNotFoundError, FileNotFoundError, ValueError, ModelSetupError) as problem:
        print(f"fawn understand: {problem}", file=sys.stderr)
        return 2
    if found.get("warning"):
        print(f"fawn understand: {found['warning']}", file=sys.stderr)
    print(json.dumps(found, ensure_ascii=False, indent=2))
    return 0


async def understand(text: str, *, model: str | None = None, config_path: str | None = None,
                     timezone: str = "Asia/Shanghai", babies: tuple[str, ...] = (), every: bool = False) -> dict:
    """The cascade's reading of `text` now, in `timezone`, with what it cost."""
    zone = ZoneInfo(timezone)
    configured = build_model(understanding_config(load_config(config_path).understanding, model))
    extractor = Extractor.configured(configured)
    extractor.rules_first = not every
    request = ExtractionRequest(text=text, now=datetime.now(zone), timezone=timezone,
                                babies=babies or (catalogue_text(Language.ZH, "baby.default_name"),))
    try:
        checked = await extractor.prepare()
        outcome = await extractor.extract(request)
    finally:
        if configured is not None:
            await configured.close()
    mode = {"output_mode": checked.mode, "warning": checked.warning} if checked is not None else {}
    return {"model": outcome.model, "asked": outcome.asked, **mode, "latency_ms": outcome.latency_ms,
            "fallback": outcome.fallback, "dropped": outcome.dropped, "problems": list(outcome.problems),
            **outcome.spent.as_trace(), "extraction": outcome.extraction.model_dump(mode="json", exclude_defaults=True)}
