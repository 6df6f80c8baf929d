"""Running variants (and the bases themselves) through the real chat service and judging each; `jobs`
processes share the work, each with its own migrated template."""
from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from zoneinfo import ZoneInfo

from bot.devtools.scenarios.database import TemplateDatabase
from bot.devtools.scenarios.matching import MatchContext
from bot.devtools.variations.facts import BaseFact
from bot.devtools.variations.families import FAMILIES
from bot.devtools.variations.judge import Judging, Verdict, judge
from bot.devtools.variations.play import Played, play
from bot.devtools.variations.variant import Variant, in_chat, the_base

RAM_FOLDER = Path("/dev/shm")


@dataclass(frozen=True)
class Result:
    base: str                  # the base's id
    category: str
    form: str
    language: str
    topic: str                 # the record type the base writes, or `question`
    said: str                  # the variant's messages (another member's in brackets)
    outcome: str
    detail: str = ""
    readback_wrong: bool = False


def database_folder() -> Path | None:
    """Where the copies go: a RAM folder when the machine has one (no disk syncs), else the temporary one."""
    return RAM_FOLDER if RAM_FOLDER.is_dir() else None


class VariantRunner:
    """Plays variants on copies of one template; remembers each question base's own answer (a variant of a
    question must be answered as its base is)."""

    def __init__(self, database: TemplateDatabase, chat: str = "group") -> None:
        self.database, self.chat = database, chat
        self.answers: dict[str, str] = {}

    async def run(self, variant: Variant) -> Result:
        compared = variant.effect.kind == "answer" and variant.category != "base"
        answer = await self._base_answer(variant.base) if compared else None
        played = await play(in_chat(variant, self.chat).script, self.database)
        verdict = _setup_problem(variant, played) or judge(variant.effect, played, _judging(variant), answer)
        return Result(variant.base.id, variant.category, variant.form, variant.language, variant.base.topic,
                      variant.transcript(), verdict.outcome, verdict.detail, verdict.readback_wrong)

    async def _base_answer(self, base: BaseFact) -> str:
        if base.id not in self.answers:
            played = await play(in_chat(the_base(base), self.chat).script, self.database)
            self.answers[base.id] = played.reply_text
        return self.answers[base.id]


def _judging(variant: Variant) -> Judging:
    """In the family's zone; a time may be that of any of the variant's judged messages."""
    said = [s.at for s in variant.script.said if s.judged]
    return Judging(MatchContext(ZoneInfo(FAMILIES[variant.base.family].timezone)), max(said) - min(said))


def _setup_problem(variant: Variant, played: Played) -> Verdict | None:
    """A correction needs its mistaken first statement to have written one record; otherwise there is nothing
    to correct, and the variant says nothing about corrections."""
    if all(s.judged for s in variant.script.said):
        return None
    prelude = played.prelude
    if prelude is not None and len(prelude.written) == 1 and not prelude.updated and not prelude.deleted:
        return None
    return Verdict("other", "set-up: the mistaken first statement did not write one record")


async def run_variants(variants: Sequence[Variant], chat: str = "group",
                       progress: Callable[[int], None] | None = None) -> list[Result]:
    async with TemplateDatabase(database_folder()) as database:
        runner = VariantRunner(database, chat)
        results = []
        for done, variant in enumerate(variants, start=1):
            results.append(await runner.run(variant))
            if progress is not None:
                progress(done)
        return results


def run_all(variants: Sequence[Variant], chat: str = "group", jobs: int = 1, tell_every: int = 0) -> list[Result]:
    """Every variant's result, in the variants' order; with `jobs` > 1, in that many processes. `tell_every`:
    each process says on stderr how far it is, every that many variants (0: quiet)."""
    if jobs <= 1 or len(variants) < 2 * jobs:
        return _run_share(list(variants), chat, "", tell_every)
    shares = [list(variants[i::jobs]) for i in range(jobs)]
    with ProcessPoolExecutor(jobs, mp_context=get_context("spawn")) as pool:
        parts = list(pool.map(_run_share, shares, [chat] * jobs, [f"{i + 1}/{jobs} " for i in range(jobs)],
                              [tell_every] * jobs))
    results: list[Result] = [None] * len(variants)     # type: ignore[list-item]
    for i, part in enumerate(parts):
        results[i::jobs] = part
    return results


def _run_share(variants: list[Variant], chat: str, name: str, tell_every: int) -> list[Result]:
    def tell(done: int) -> None:
        if tell_every and (done % tell_every == 0 or done == len(variants)):
            print(f"  {name}{done}/{len(variants)}", file=sys.stderr, flush=True)
    return asyncio.run(run_variants(variants, chat, tell))


def check_bases(bases: Sequence[BaseFact], chat: str = "group", jobs: int = 1, tell_every: int = 0) -> list[Result]:
    """Each base said alone, judged against its own effect (`as_base` when it gives it)."""
    return run_all([the_base(b) for b in bases], chat, jobs, tell_every)
