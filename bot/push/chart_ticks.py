"""Where the charts put their ticks and how they write them: matplotlib's MaxNLocator and ScalarFormatter
rules, ported so the Pillow pictures keep the axes they had. Pure functions."""
from __future__ import annotations

import math
from collections.abc import Sequence

TICK_STEPS = (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10)     # MaxNLocator's steps
AUTO_STEPS = (1, 2, 2.5, 5, 10)                     # AutoLocator's


def nice_ticks(top: float, nbins: int = 4, integer: bool = False) -> list[float]:
    """Ticks from 0 to at most `top`, as matplotlib's MaxNLocator(nbins, integer) puts them."""
    return ticks(0.0, top if top > 0 else 1.0, nbins, integer)


def ticks(low: float, high: float, nbins: int, integer: bool = False,
          steps: Sequence[float] = TICK_STEPS) -> list[float]:
    """Ticks within [low, high] as matplotlib's MaxNLocator(nbins, integer, steps) chooses them: the
    smallest "nice" step that makes at most `nbins` intervals."""
    raw = (high - low) / nbins
    scale = 10 ** math.floor(math.log10(raw))
    ladder = [s * scale for s in (*(t / 10 for t in steps[:-1]), *steps, 10 * steps[1])]
    if integer:
        ladder = [s for s in ladder if s < 1 or abs(s - round(s)) < 0.001]
    step = next((s for s in ladder if s >= raw), ladder[-1])
    if integer and math.floor(high) - math.ceil(low) >= 1:
        step = max(1.0, step)
    first = math.ceil(low / step - 1e-9)
    return [round(i * step, 10) for i in range(first, math.floor(high / step + 1e-9) + 1)]


def tick_texts(values: Sequence[float]) -> list[str]:
    """Ticks as matplotlib writes them: as many decimals as the finest needs (0.00, 0.25 … ; 250, 500)."""
    decimals = max((len(f"{v:.6f}".rstrip("0").split(".")[1]) for v in values), default=0)
    return [f"{v:.{decimals}f}" for v in values]
