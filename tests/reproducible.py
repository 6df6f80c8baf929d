"""Derandomised hypothesis suites that draw the same examples whatever else the test process imported.

Hypothesis (since 6.131) sometimes draws a *constant found in the code under test*: on each example it
scans every module in `sys.modules` that is not a test, the standard library or site-packages, and a
number, a float or a string it finds there is a candidate (about one draw in twenty). The pool therefore
grows with what the process has imported: `tests/integration/test_bench.py`, collected beside the property
suite, imports `bot.devtools.bench` and its constants, and the same derandomised seed then draws other
conversations (250 conversations of 1,732 turns alone, 1,761 after test_bench). A suite that promises the
same examples on every run must draw only from its own strategies, so while it runs the pool is empty.

Hypothesis has no setting for this; its provider looks the pool up through a module function, which is
replaced here (and the cache of constants it fills is cleared on the way in and out). The pinned version is
in requirements.lock; a renamed function fails loudly (an AttributeError), never quietly.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from hypothesis.internal.conjecture import providers
from hypothesis.internal.constants_ast import Constants


@contextmanager
def examples_from_the_strategies_alone() -> Iterator[None]:
    """Within: no constant of the code under test is drawn, so the examples depend on the test alone."""
    found = providers._get_local_constants          # AttributeError if Hypothesis renamed it
    empty = Constants()
    providers._get_local_constants = lambda: empty
    providers.CONSTANTS_CACHE.cache.clear()
    try:
        yield
    finally:
        providers._get_local_constants = found
        providers.CONSTANTS_CACHE.cache.clear()
