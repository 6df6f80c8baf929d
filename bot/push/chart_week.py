"""Drawing the week chart: milk split by kind, sleep as night + naps, diapers as wet + dirty — stacked
bars, a bar group per baby, today's bars lighter and labelled "so far" while the day is not over.
Matplotlib only; the words come in as arguments."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.push.chart_labels import chart_words, name_prefix

MILK_COLOURS = {"formula": "#4c9be8", "breast_milk": "#e8a04c", "fortified_breast_milk": "#8e6bd8"}
SLEEP_COLOURS = {"night": "#34518f", "nap": "#8db2e6"}
DIAPER_COLOURS = {"wet": "#e3c13b", "solid": "#8a5a2c"}
TWIN_HATCHES = ("", "///", "...", "xx")
TODAY_ALPHA = 0.45


@dataclass(frozen=True)
class Panel:
    key: str                                        # milk | sleep | diapers
    label: str                                      # the y axis label
    colours: dict[str, str]
    integer: bool = False


PANEL_KEYS = ("milk", "sleep", "diapers")
TITLE_IN, AXIS_IN = 0.68, 0.61          # inches kept above the panels (title, legends) and below (dates)


def draw_week(figure, data, labels: dict[str, str], names: Sequence[str], lang: str,
              only: Sequence[str] = PANEL_KEYS) -> dict[str, list[str]]:
    """Panels of stacked bars (all three, or those in `only`: 这周睡眠图 is the sleep panel alone); returns the
    series drawn in each panel (for the PNG's text chunk)."""
    words = chart_words(lang)
    panels = tuple(p for p in (Panel("milk", labels["milk"], MILK_COLOURS, True),
                               Panel("sleep", labels["sleep"], SLEEP_COLOURS),
                               Panel("diapers", labels["diapers"], DIAPER_COLOURS, True)) if p.key in only)
    axes = figure.subplots(len(panels), 1, sharex=True, squeeze=False)[:, 0]
    height = figure.get_figheight()
    figure.subplots_adjust(left=0.1, right=0.985, top=1 - TITLE_IN / height, bottom=AXIS_IN / height, hspace=0.32)
    drawn: dict[str, list[str]] = {}
    for ax, panel in zip(axes, panels, strict=True):
        drawn[panel.key] = _draw_panel(ax, panel, data, words)
        ax.set_ylabel(panel.label)
        ax.margins(y=0.18)
        ax.spines[["top", "right"]].set_visible(False)
        from matplotlib.ticker import MaxNLocator
        ax.yaxis.set_major_locator(MaxNLocator(nbins=4, integer=panel.integer))
    _x_axis(axes[-1], data, words)
    if len(data.series) > 1:
        _twin_legend(figure, names)
    first, last = data.days[0], data.days[-1]
    figure.suptitle(words["week_title"].format(name=name_prefix(list(_title_names(data, names)), lang),
                                               first=_date(first, words), last=_date(last, words)),
                    fontsize=11, x=0.015, y=0.985, ha="left", va="top")
    return drawn


def _draw_panel(ax, panel: Panel, data, words: dict[str, str]) -> list[str]:
    count, drawn = len(data.series), []
    width = 0.72 / count
    days = range(len(data.days))
    for index, series in enumerate(data.series):
        positions = [i + (index - (count - 1) / 2) * width for i in days]
        stacks = series.stacks(panel.key)
        bottom = [0.0] * len(data.days)
        for name, values in stacks.items():
            if not any(values):
                continue
            alphas = [TODAY_ALPHA if data.so_far and i == len(values) - 1 else 1.0 for i in days]
            bars = ax.bar(positions, values, width * 0.9, bottom=bottom, color=panel.colours[name],
                          hatch=TWIN_HATCHES[index % len(TWIN_HATCHES)], edgecolor="white", linewidth=0.5,
                          label=words[name] if index == 0 else None)
            for bar, alpha in zip(bars, alphas, strict=True):
                bar.set_alpha(alpha)
            bottom = [b + v for b, v in zip(bottom, values, strict=True)]
            if name not in drawn:
                drawn.append(name)
        _totals(ax, positions, bottom, count, panel.integer)
    if drawn:      # above the panel, right: never over a bar
        ax.legend(fontsize=7.5, loc="lower right", bbox_to_anchor=(1, 0.98), ncols=len(drawn), frameon=False,
                  borderaxespad=0, handlelength=1.2, columnspacing=1)
    return drawn


def _totals(ax, positions: list[float], totals: list[float], count: int, integer: bool) -> None:
    for x, total in zip(positions, totals, strict=True):
        if total:
            text = f"{total:.0f}" if integer else f"{total:.1f}".rstrip("0").rstrip(".")
            ax.annotate(text, (x, total), xytext=(0, 2), textcoords="offset points", ha="center", va="bottom",
                        fontsize=6.5 if count > 1 else 7.5, color="#374151")


def _x_axis(ax, data, words: dict[str, str]) -> None:
    ticks = [_date(d, words) for d in data.days]
    if data.so_far:
        ticks[-1] = f"{words['today']}\n{words['so_far']}"
    ax.set_xticks(list(range(len(data.days))), ticks, fontsize=8)
    if data.so_far:
        ax.get_xticklabels()[-1].set_color("#b45309")


def _twin_legend(figure, names: Sequence[str]) -> None:
    from matplotlib.patches import Patch

    handles = [Patch(facecolor="#d1d5db", edgecolor="#6b7280", hatch=TWIN_HATCHES[i % len(TWIN_HATCHES)], label=n)
               for i, n in enumerate(names)]
    figure.legend(handles=handles, loc="upper right", bbox_to_anchor=(0.985, 0.995), ncols=len(handles), fontsize=8,
                  frameon=False)


def _title_names(data, names: Sequence[str]) -> list[str]:
    return [data.title] if data.title else [n for n in names if n]


def _date(day, words: dict[str, str]) -> str:
    return words["date"].format(month=day.month, day=day.day)
