"""Test-process rules: the databases made once per process are dropped when it ends, and the slow tests
(marked `slow`: whole processes, the property suites, the browser) start first, so that under xdist they run
beside the many quick ones instead of after them."""
from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from tests.databases import drop_templates


@pytest.fixture(scope="session", autouse=True)
def _templates_dropped_at_the_end() -> Iterator[None]:
    yield
    asyncio.run(drop_templates())


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)    # stable: the rest keep their order
