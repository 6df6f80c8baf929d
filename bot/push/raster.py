"""A small Pillow raster layer for the charts: fonts loaded once per size, text with anchors (rotated for
y labels), rectangles with an alpha over white and twins' hatches, smooth curves, legends, and PNGs saved
with text chunks (the ticks: bot/push/chart_ticks.py). Sizes are in points at 100 dpi, as matplotlib's
were, so the pictures keep their proportions.

Pillow draws a week chart in ~9 ms; matplotlib needed ~110 ms to build and draw its axes and text."""
from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib.util import find_spec
from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:       # Pillow is imported when a picture is drawn: the chat process never needs it
    from PIL import Image, ImageFont

DPI = 100
WHITE = (255, 255, 255)
PNG_COMPRESS_LEVEL = 3          # zlib level: 6 (matplotlib's) costs ~2 ms more a picture for 17% fewer bytes
CJK_START = 0x2E80              # below this, DejaVu Sans has the glyphs (Latin, ·, –)
SMOOTH = 3                      # how much larger curves and bands are drawn before being scaled down
DRAWING = threading.Lock()      # the cached fonts are shared: one picture draws at a time (pictures run in threads)


def px(points: float) -> float:
    return points * DPI / 72


@lru_cache(maxsize=1)
def latin_font_path() -> Path | None:
    """matplotlib's DejaVu Sans (found without importing matplotlib), the look of the Latin labels."""
    spec = find_spec("matplotlib")
    if spec is None or spec.origin is None:
        return None
    path = Path(spec.origin).parent / "mpl-data" / "fonts" / "ttf" / "DejaVuSans.ttf"
    return path if path.is_file() else None


@lru_cache(maxsize=64)
def font(path: Path | None, size: float) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A font file at `size` pixels, loaded once (Pillow's own font when there is no file)."""
    from PIL import ImageFont

    if path is None:
        return ImageFont.load_default(size)
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


def font_family(path: Path) -> str:
    """The family name a font file declares (e.g. Noto Sans SC)."""
    from PIL import ImageFont

    return ImageFont.truetype(str(path), 10).getname()[0] or path.stem


@dataclass(frozen=True)
class Fonts:
    """The fonts a picture writes with: Latin text in DejaVu Sans, anything else in the CJK font."""

    cjk: Path | None
    latin: Path | None

    def for_text(self, words: str, points: float):
        latin = self.latin if self.latin is not None and all(ord(c) < CJK_START for c in words) else None
        return font(latin or self.cjk or self.latin, round(px(points), 1))

    def runs(self, words: str, points: float) -> tuple[tuple[str, object], ...]:
        """The text cut where the font changes (奶量 | (ml)), as matplotlib's font fallback draws it."""
        if self.latin is None or self.cjk is None:
            return ((words, self.for_text(words, points)),)
        size = round(px(points), 1)
        return tuple(("".join(chars), font(self.latin if latin else self.cjk, size))
                     for latin, chars in groupby(words, key=lambda c: ord(c) < CJK_START))


def blend(colour: str | tuple[int, int, int], alpha: float = 1.0) -> tuple[int, int, int]:
    """`colour` drawn with `alpha` over white."""
    rgb = colour if isinstance(colour, tuple) else _rgb(colour)
    return tuple(round(255 - alpha * (255 - c)) for c in rgb)  # type: ignore[return-value]


@lru_cache(maxsize=64)
def _rgb(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


@lru_cache(maxsize=8)
def _hatch_mask(pattern: str, size: tuple[int, int]) -> Image.Image:
    """A picture-wide mask of a hatch: /// diagonal lines, ... dots, xx crossed lines (drawn once a size)."""
    from PIL import Image

    tile = _hatch_tile(pattern)
    strip = Image.new("L", (size[0] + tile.width, tile.height))
    for x in range(0, strip.width, tile.width):
        strip.paste(tile, (x, 0))
    mask = Image.new("L", (strip.width, size[1] + tile.height))
    for y in range(0, mask.height, tile.height):
        mask.paste(strip, (0, y))
    return mask


def _hatch_tile(pattern: str, scale: int = 4) -> Image.Image:
    """One period of a hatch, drawn 4× larger and scaled down (smooth lines that tile without seams)."""
    from PIL import Image, ImageDraw

    side = {".": 7, "x": 12}.get(pattern[:1], 10)
    big = side * scale
    tile = Image.new("L", (big, big))
    draw = ImageDraw.Draw(tile)
    if pattern.startswith("."):
        draw.ellipse((1.5 * scale, 1.5 * scale, 4.5 * scale, 4.5 * scale), fill=255)
    for shift in (-big, 0, big) if not pattern.startswith(".") else ():
        draw.line((shift, big, shift + big, 0), fill=255, width=round(1.4 * scale))
        if pattern.startswith("x"):
            draw.line((shift, 0, shift + big, big), fill=255, width=round(1.4 * scale))
    return tile.resize((side, side), Image.Resampling.BOX)


class Canvas:
    """One picture: a white RGB image and the fonts to write on it."""

    def __init__(self, width: int, height: int, fonts: Fonts) -> None:
        from PIL import Image, ImageDraw

        self.image = Image.new("RGB", (width, height), WHITE)
        self.draw = ImageDraw.Draw(self.image)
        self.fonts = fonts

    @property
    def size(self) -> tuple[int, int]:
        return self.image.size

    def rect(self, box: tuple[float, float, float, float], colour: str, alpha: float = 1.0,
             hatch: str = "", hatch_colour: str | tuple[int, int, int] = WHITE, outline: str | None = None) -> None:
        """A filled rectangle (x0, y0, x1, y1) in pixels, inclusive of x0/y0 and exclusive of x1/y1."""
        x0, y0, x1, y1 = (round(v) for v in box)
        if x1 <= x0 or y1 <= y0:
            return
        self.draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=blend(colour, alpha))
        if hatch:
            mask = _hatch_mask(hatch, self.size).crop((x0, y0, x1, y1))
            self.image.paste(blend(hatch_colour, alpha), (x0, y0, x1, y1), mask)
        if outline:
            self.draw.rectangle((x0, y0, x1 - 1, y1 - 1), outline=blend(outline, alpha))

    def line(self, points: list[tuple[float, float]], colour: str = "#000000", width: int = 1) -> None:
        self.draw.line(points, fill=blend(colour), width=width)

    def text(self, xy: tuple[float, float], words: str, points: float, colour: str = "#000000",
             anchor: str = "la", spacing: float = 1.2) -> None:
        """Text at `xy` with a Pillow anchor (la, ma, rm, md …, or lt: the ink's top at y, as matplotlib's
        va=top); lines under one another."""
        x, y = xy
        for line in words.split("\n"):
            runs = self.fonts.runs(line, points)
            if len(runs) == 1 and anchor[1] != "t":
                self.draw.text((x, y), line, fill=blend(colour), font=runs[0][1], anchor=anchor)
            else:
                self._runs((x, y), runs, colour, anchor)
            y += px(points) * spacing

    def _runs(self, xy: tuple[float, float], runs, colour: str, anchor: str) -> None:
        """Runs in two fonts on one baseline, placed as a whole by `anchor`."""
        width = sum(face.getlength(words) for words, face in runs)
        ascent, descent = (max(m) for m in zip(*(face.getmetrics() for _, face in runs), strict=True))
        x = xy[0] - {"l": 0.0, "m": width / 2, "r": width}[anchor[0]]
        if anchor[1] == "t":
            y = xy[1] - min(face.getbbox(words, anchor="ls")[1] for words, face in runs)
        else:
            y = xy[1] + {"a": ascent, "m": (ascent - descent) / 2, "s": 0, "d": -descent}[anchor[1]]
        for words, face in runs:
            self.draw.text((x, y), words, fill=blend(colour), font=face, anchor="ls")
            x += face.getlength(words)

    def width_of(self, words: str, points: float) -> float:
        return sum(face.getlength(part) for part, face in self.fonts.runs(words, points))

    def vertical_text(self, xy: tuple[float, float], words: str, points: float, colour: str = "#000000") -> None:
        """Text turned a quarter left (a y label), its right edge at x, centred on y."""
        mask = _turned_text(self.fonts.runs(words, points))
        x, y = round(xy[0]) - mask.width, round(xy[1] - mask.height / 2)
        self.image.paste(blend(colour), (x, y, x + mask.width, y + mask.height), mask)

    def stamp(self, centre: tuple[float, float], mask: Image.Image, colour: str, alpha: float = 1.0) -> None:
        """A marker (a mask from `marker`) centred on `centre`."""
        x, y = round(centre[0] - mask.width / 2), round(centre[1] - mask.height / 2)
        self.image.paste(blend(colour, alpha), (x, y, x + mask.width, y + mask.height), mask)

    def dashed_line(self, start: tuple[float, float], end: tuple[float, float], colour: str, width: int,
                    dash: float, gap: float) -> None:
        """A straight line of dashes `dash` pixels long with `gap` between them."""
        length = math.dist(start, end)
        (x0, y0), (x1, y1) = start, end
        at = 0.0
        while at < length:
            stop = min(at + dash, length)
            self.line([(x0 + (x1 - x0) * at / length, y0 + (y1 - y0) * at / length),
                       (x0 + (x1 - x0) * stop / length, y0 + (y1 - y0) * stop / length)], colour, width)
            at = stop + gap

    def smooth_polygon(self, points: Sequence[tuple[float, float]], colour: str) -> None:
        """A filled polygon with smooth edges (drawn 3× larger and scaled down)."""
        self._smooth(points, 0.0, colour, lambda draw, scaled, _: draw.polygon(scaled, fill=255))

    def smooth_line(self, points: Sequence[tuple[float, float]], colour: str, width: float) -> None:
        """A polyline `width` pixels wide with smooth edges and round joins."""
        self._smooth(points, width, colour,
                     lambda draw, scaled, w: draw.line(scaled, fill=255, width=max(1, round(w)), joint="curve"))

    def _smooth(self, points: Sequence[tuple[float, float]], width: float, colour: str,
                shape: Callable[..., None], scale: int = SMOOTH) -> None:
        from PIL import Image, ImageDraw

        if len(points) < 2:
            return
        x0 = max(0, math.floor(min(x for x, _ in points) - width))
        y0 = max(0, math.floor(min(y for _, y in points) - width))
        x1 = min(self.size[0], math.ceil(max(x for x, _ in points) + width) + 1)
        y1 = min(self.size[1], math.ceil(max(y for _, y in points) + width) + 1)
        if x1 <= x0 or y1 <= y0:
            return
        big = Image.new("L", ((x1 - x0) * scale, (y1 - y0) * scale))
        shape(ImageDraw.Draw(big), [((x - x0) * scale, (y - y0) * scale) for x, y in points], width * scale)
        mask = big.resize((x1 - x0, y1 - y0), Image.Resampling.BOX)
        self.image.paste(blend(colour), (x0, y0, x1, y1), mask)

    def save(self, path: Path, chunks: dict[str, str]) -> Path:
        from PIL.PngImagePlugin import PngInfo

        info = PngInfo()
        for key, value in chunks.items():
            info.add_text(key, value)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.image.save(path, format="PNG", pnginfo=info, compress_level=PNG_COMPRESS_LEVEL)
        return path


@lru_cache(maxsize=32)
def _turned_text(runs: tuple[tuple[str, object], ...]) -> Image.Image:
    from PIL import Image, ImageDraw

    ascent, descent = (max(m) for m in zip(*(face.getmetrics() for _, face in runs), strict=True))
    width = sum(face.getlength(words) for words, face in runs)
    mask = Image.new("L", (math.ceil(width) + 2, ascent + descent))
    draw, x = ImageDraw.Draw(mask), 1.0
    for words, face in runs:
        draw.text((x, ascent), words, fill=255, font=face, anchor="ls")
        x += face.getlength(words)
    return mask.transpose(Image.Transpose.ROTATE_90)


@lru_cache(maxsize=16)
def marker(shape: str, size: float, ring: float = 0.0, scale: int = 4) -> Image.Image:
    """A smooth marker mask `size` pixels across: o a disc (a ring `ring` pixels wide if given), v a
    triangle pointing down; drawn 4× larger and scaled down."""
    from PIL import Image, ImageDraw

    side = math.ceil(size) + 2
    big = Image.new("L", (side * scale, side * scale))
    draw = ImageDraw.Draw(big)
    low, high = (side - size) / 2 * scale, (side + size) / 2 * scale
    if shape == "v":
        draw.polygon([(low, low), (high, low), (side * scale / 2, high)], fill=255)
    elif ring:
        draw.ellipse((low, low, high, high), outline=255, width=round(ring * scale))
    else:
        draw.ellipse((low, low, high, high), fill=255)
    return big.resize((side, side), Image.Resampling.BOX)


Handle = Callable[[Canvas, tuple[float, float, float, float]], None]    # draws a legend entry's sample in a box


def legend_row(canvas: Canvas, entries: Sequence[tuple[str, Handle]], x: float, centre_y: float, points: float,
               handle: float = 2.0, spacing: float = 2.0, align: str = "right") -> None:
    """Legend entries in a row, as matplotlib lays them out (lengths in font sizes): the row ends at `x`
    (align right) or is centred on it (align centre)."""
    size = px(points)
    widths = [(handle + 0.8) * size + canvas.width_of(label, points) for label, _ in entries]
    total = sum(widths) + spacing * size * (len(entries) - 1)
    left = x - total if align == "right" else x - total / 2
    for (label, draw), width in zip(entries, widths, strict=True):
        draw(canvas, (left, centre_y - 0.35 * size, left + handle * size, centre_y + 0.35 * size))
        canvas.text((left + (handle + 0.8) * size, centre_y), label, points, anchor="lm")
        left += width + spacing * size
