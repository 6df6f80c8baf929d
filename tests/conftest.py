"""Test-process rules: property tests derandomised; the databases made once per process are dropped when it
ends; the slow tests (marked `slow`: whole processes, the property suites, the browser) start first, so that
under xdist they run beside the many quick ones instead of after them."""
from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

from tests.databases import drop_templates

# Property tests draw the same examples on every run, so CI is reproducible (a test may still widen its own run:
# FAWN_PROPERTY_EXAMPLES for the hostile model); FAWN_PROPERTY_RANDOM=1 draws new ones.
settings.register_profile("fawn", derandomize=not os.environ.get("FAWN_PROPERTY_RANDOM"), deadline=None)
settings.load_profile("fawn")


@pytest.fixture(scope="session", autouse=True)
def _templates_dropped_at_the_end() -> Iterator[None]:
    yield
    asyncio.run(drop_templates())


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)    # stable: the rest keep their order
