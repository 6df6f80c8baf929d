"""Every scenario file under scenarios/ (but the blind corpus), run through the real ChatService: one test per
file."""
from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.devtools.scenarios.database import TemplateDatabase
from bot.devtools.scenarios.loader import find_scenario_files, load_scenario
from bot.devtools.scenarios.runner import run_scenario

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
