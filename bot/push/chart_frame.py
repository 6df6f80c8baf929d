"""One matplotlib figure per picture size, reused (cleared, not rebuilt) under a lock — charts are drawn
in worker threads — and saved as PNG with text chunks that name what was drawn. Margins are fixed by
each chart (`subplots_adjust`): a layout engine would cost a second draw of every picture."""
from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

_LOCK = threading.Lock()
_FIGURES: dict[tuple[float, float], object] = {}
DPI = 100


@contextmanager
def reused_figure(width: float, height: float) -> Iterator[object]:
    """A cleared Agg figure of this size, for one picture at a time."""
    with _LOCK:
        figure = _FIGURES.get((width, height))
        if figure is None:
            figure = _FIGURES[(width, height)] = _new_figure(width, height)
        figure.clear()
        yield figure


def _new_figure(width: float, height: float):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), dpi=DPI)
    FigureCanvasAgg(figure)
    return figure


def save_png(figure, path: Path, metadata: dict[str, str]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, format="png", metadata=metadata)
    return path


def draw_and_save(size: tuple[float, float], path: Path, draw: Callable[[object], dict[str, str]]) -> Path:
    """Draw on a reused figure; `draw` returns the PNG text chunks (it knows what it drew)."""
    with reused_figure(*size) as figure:
        return save_png(figure, path, draw(figure))
