"""`fawn scenarios run [--json] [--model NAME] [--repeat K] [--sample N [--seed S]] PATH...`"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import date
from functools import partial
from pathlib import Path
from typing import Any

from bot.config import load_config
from bot.devtools.scenarios.cost import combined, cost_line
from bot.devtools.scenarios.database import PostgresTemplate, TemplateDatabase
from bot.devtools.scenarios.loader import find_scenario_files, load_scenario
from bot.devtools.scenarios.runner import ScenarioResult, ServiceFactory, build_real_service, run_scenario
from bot.devtools.scenarios.yamlnodes import ScenarioFileError


@dataclass(frozen=True)
class Outcome:
    """One scenario file over K runs: the first failing run's result and the pass count."""

    result: ScenarioResult
    runs: int
    passes: int
    malformed: bool = False
    cost: dict[str, Any] | None = field(default=None)    # with a model: tokens, latency, fallbacks over the runs


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="fawn scenarios", description="run scenario files")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="run scenario files and folders")
    run.add_argument("paths", nargs="+", metavar="PATH")
    run.add_argument("--json", action="store_true", help="print results as JSON")
    run.add_argument("--model", default="rules", help="the extractor (default: the offline rules)")
    run.add_argument("--repeat", type=int, default=1, metavar="K", help="run each scenario K times")
    run.add_argument("--config", help="config.toml whose [understanding] section --model names a model of "
                                      "(default: the environment, FAWN_UNDERSTANDING__*)")
    run.add_argument("--verbose", "-v", action="store_true", help="print each turn and the bot's reply")
    run.add_argument("--database", metavar="URL", help="a PostgreSQL URL (postgresql+asyncpg://…/db): each scenario "
                                                       "on a fresh database made from a migrated template; "
                                                       "default: a fresh SQLite file each")
    run.add_argument("--sample", type=int, metavar="N", help="run N of the files found, drawn with --seed")
    run.add_argument("--seed", type=int, metavar="S", help="the seed of --sample (default: today's date); the "
                                                            "closing line names it, so a failing sample can be rerun")
    return parser.parse_args(argv)


def sampled(files: list[Path], n: int, seed: int) -> list[Path]:
    """`n` of `files` (all of them when there are no more), the same for the same seed, in their order."""
    if n >= len(files):
        return files
    chosen = set(random.Random(seed).sample(range(len(files)), n))
    return [f for i, f in enumerate(files) if i in chosen]


def main(argv: list[str]) -> int:
    args = parse_arguments(argv)
    if args.repeat < 1:
        print("fawn scenarios: --repeat must be 1 or more", file=sys.stderr)
        return 2
    files = find_scenario_files(args.paths)
    if not files:
        print("fawn scenarios: no scenario files found", file=sys.stderr)
        return 2
    if args.sample is not None:
        if args.sample < 1:
            print("fawn scenarios: --sample must be 1 or more", file=sys.stderr)
            return 2
        seed = args.seed if args.seed is not None else int(date.today().strftime("%Y%m%d"))
        files = sampled(files, args.sample, seed)
        print(f"a sample of {len(files)} scenario files, --seed {seed}", file=sys.stderr)
    try:
        factory = partial(build_real_service, understanding=load_config(args.config).understanding)
    except (FileNotFoundError, ValueError) as problem:
        print(f"fawn scenarios: {problem}", file=sys.stderr)
        return 2
    outcomes = asyncio.run(run_files(files, model=args.model, repeat=args.repeat, factory=factory,
                                     echo=None if args.json else print_verbose if args.verbose else print_outcome,
                                     database_url=args.database))
    if args.json:
        print(json.dumps(as_json(outcomes, transcripts=args.verbose), ensure_ascii=False, indent=2))
    else:
        print(closing_line(outcomes))
    return 0 if all(o.result.passed for o in outcomes) else 1


async def run_files(files: list[Path], *, model: str = "rules", repeat: int = 1,
                    echo: Callable[[Outcome], None] | None = None,
                    factory: ServiceFactory = build_real_service, database_url: str | None = None) -> list[Outcome]:
    outcomes: list[Outcome] = []
    async with (PostgresTemplate(database_url) if database_url else TemplateDatabase()) as database:
        for path in files:
            outcome = await run_file(path, database, model=model, repeat=repeat, factory=factory)
            outcomes.append(outcome)
            if echo is not None:
                echo(outcome)
    return outcomes


async def run_file(path: Path, database: TemplateDatabase | PostgresTemplate, *, model: str, repeat: int,
                   factory: ServiceFactory) -> Outcome:
    try:
        scenario = load_scenario(path)
    except ScenarioFileError as error:
        failed = ScenarioResult(str(path), "", False, None, f"malformed: {error}")
        return Outcome(failed, runs=repeat, passes=0, malformed=True)
    results = [await run_scenario(scenario, database, model=model, factory=factory) for _ in range(repeat)]
    first_failure = next((r for r in results if not r.passed), results[0])
    costs = [r.cost for r in results if r.cost is not None]
    cost = combined(costs) if model != "rules" and costs else None
    return Outcome(first_failure, runs=repeat, passes=sum(r.passed for r in results), cost=cost)


def outcome_line(outcome: Outcome) -> str:
    result = outcome.result
    status = "PASS" if result.passed else "FAIL"
    rate = f" {outcome.passes}/{outcome.runs}" if outcome.runs > 1 else ""
    status += " (wrong write)" if result.wrong_write else ""
    line = f"{status}{rate}  {result.file}  {result.name}".rstrip()
    if outcome.cost is not None:
        line += f"\n      {cost_line(outcome.cost)}"
    if result.passed:
        return line
    where = "" if result.failed_turn in (None, "final") else f"turn {result.failed_turn}, "
    return f"{line}\n      {where}{result.message}"


def print_outcome(outcome: Outcome) -> None:
    print(outcome_line(outcome), flush=True)


def print_verbose(outcome: Outcome) -> None:
    """The outcome line, then the conversation as it went (the failing run's, with --repeat)."""
    print("\n".join((outcome_line(outcome), *outcome.result.transcript)), flush=True)


def closing_line(outcomes: list[Outcome]) -> str:
    passed = sum(o.result.passed for o in outcomes)
    lines = []
    runs = sum(o.runs for o in outcomes)
    if any(o.runs > 1 for o in outcomes):
        passes = sum(o.passes for o in outcomes)
        lines.append(f"pass rate {passes}/{runs} runs ({100 * passes / runs:.1f}%)")
    costs = [o.cost for o in outcomes if o.cost is not None]
    if costs:
        tokens_in, tokens_out = sum(c["tokens_in"] for c in costs), sum(c["tokens_out"] for c in costs)
        lines.append(f"tokens {tokens_in} in / {tokens_out} out over {runs} runs "
                     f"({(tokens_in + tokens_out) / runs:.0f} a run), fallbacks {sum(c['fallbacks'] for c in costs)}")
    wrong = sum(o.result.wrong_write for o in outcomes)
    wrote = f" ({wrong} by a wrong write)" if wrong else ""
    lines.append(f"{passed} passed, {len(outcomes) - passed} failed{wrote}")
    return "\n".join(lines)


def as_json(outcomes: list[Outcome], transcripts: bool = False) -> dict:
    results = []
    for outcome in outcomes:
        entry = asdict(outcome.result)
        entry.pop("cost")
        if not transcripts:
            entry.pop("transcript")
        if outcome.runs > 1:
            entry |= {"runs": outcome.runs, "passes": outcome.passes}
        if outcome.cost is not None:
            entry["cost"] = outcome.cost
        results.append(entry)
    passed = sum(o.result.passed for o in outcomes)
    return {"results": results, "passed": passed, "failed": len(outcomes) - passed,
            "wrong_writes": sum(o.result.wrong_write for o in outcomes)}
