"""Every scenario file under scenarios/ (but the blind corpus, tests/test_blind_corpus.py), run through the real
ChatService: one test per file, with the offline rules and again with an [understanding] model that is unreachable
(every reply must be the same)."""
from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from pydantic_ai.models import override_allow_model_requests

from bot.config import UnderstandingConfig
from bot.devtools.scenarios.database import TemplateDatabase
from bot.devtools.scenarios.loader import find_scenario_files, load_scenario
from bot.devtools.scenarios.runner import ScenarioResult, build_real_service, run_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
BLIND = SCENARIOS / "blind"          # measured, not required to pass: tests/test_blind_corpus.py
FILES = [f for f in find_scenario_files([str(SCENARIOS)]) if BLIND not in f.parents]


@pytest.fixture(scope="session")
def template_database() -> Iterator[TemplateDatabase]:
    database = TemplateDatabase()
    asyncio.run(database.open())
    yield database
    database.close()


def test_there_are_scenarios_to_run() -> None:
    assert len(FILES) >= 45


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_scenario(path: Path, template_database: TemplateDatabase) -> None:
    scenario = load_scenario(path)
    result = asyncio.run(run_scenario(scenario, template_database))
    if not result.passed:
        pytest.fail(f"{path.relative_to(SCENARIOS)} turn {result.failed_turn}: {result.message}", pytrace=False)


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_scenario_file_is_well_formed(path: Path) -> None:
    assert load_scenario(path).turns


def unreachable_model() -> UnderstandingConfig:
    """An [understanding] model on a loopback port nothing listens on: every request is refused at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return UnderstandingConfig(model="down", provider="openai-compatible", base_url=f"http://127.0.0.1:{port}/v1")


def run_with_the_model_down(path: Path, template_database: TemplateDatabase) -> ScenarioResult:
    factory = partial(build_real_service, understanding=unreachable_model())
    with override_allow_model_requests(True):
        return asyncio.run(run_scenario(load_scenario(path), template_database, model="down", factory=factory))


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_scenario_with_the_model_unreachable(path: Path, template_database: TemplateDatabase) -> None:
    """What the rules were unsure of went to a model that never answers: the reply is the rules' own."""
    result = run_with_the_model_down(path, template_database)
    if not result.passed:
        pytest.fail(f"{path.relative_to(SCENARIOS)} turn {result.failed_turn}: {result.message}", pytrace=False)


def test_with_the_model_unreachable_the_model_is_really_asked(template_database: TemplateDatabase) -> None:
    result = run_with_the_model_down(SCENARIOS / "unsure" / "private_one_example.yaml", template_database)

    assert result.passed and result.cost.model_turns >= 1 and result.cost.fallbacks == result.cost.model_turns
