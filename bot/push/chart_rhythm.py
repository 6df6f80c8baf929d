"""Drawing the week's rhythm (作息图) with matplotlib: a row per day, 0–24 h across; sleeps as bars
(night dark, naps light; a sleep still going on is paler), feeds as triangles above, diapers as dots
below, a dashed line at now on today's row. One artist per kind of thing, not one per record."""
from __future__ import annotations

from bot.push.chart_labels import chart_words, name_prefix
from domain.summary.rhythm import Rhythm

NIGHT, NAP, FEED, WET, SOLID, NOW = "#34518f", "#8db2e6", "#e8872f", "#e3c13b", "#8a5a2c", "#d8436b"


def draw_rhythm(figure, rhythm: Rhythm, name: str, lang: str) -> dict[str, list[str]]:
    words = chart_words(lang)
    ax = figure.subplots()
    figure.subplots_adjust(left=0.09, right=0.985, top=0.9, bottom=0.17)
    rows = {day: len(rhythm.days) - 1 - i for i, day in enumerate(rhythm.days)}     # oldest on top
    drawn = _sleeps(ax, rhythm, rows) + _marks(ax, rhythm, rows)
    if rhythm.now_h is not None:
        row = rows[rhythm.days[-1]]
        ax.plot([rhythm.now_h] * 2, [row - 0.45, row + 0.45], color=NOW, linestyle="--", linewidth=1.2)
    ax.set_xlim(0, 24)
    ax.set_xticks(range(0, 25, 3), [f"{h}" for h in range(0, 25, 3)], fontsize=8)
    ax.set_xlabel(words["hour"], fontsize=8, loc="right")
    ax.set_ylim(-0.6, len(rhythm.days) - 0.4)
    labels = [_day_label(day, rhythm, words) for day in rhythm.days]
    ax.set_yticks([rows[d] for d in rhythm.days], labels, fontsize=8)
    ax.grid(axis="x", color="#eceef2", linewidth=0.8)
    ax.set_axisbelow(True)
    ax.spines[["top", "right", "left"]].set_visible(False)
    ax.tick_params(axis="y", length=0)
    _legend(ax, words, drawn)
    first, last = rhythm.days[0], rhythm.days[-1]
    figure.suptitle(words["rhythm_title"].format(name=name_prefix([name], lang),
                                                 first=f"{first.month}/{first.day}", last=f"{last.month}/{last.day}"),
                    fontsize=11, x=0.015, y=0.985, ha="left", va="top")
    return {"rhythm": drawn}


def _sleeps(ax, rhythm: Rhythm, rows: dict) -> list[str]:
    drawn = []
    for nap, colour, series in ((False, NIGHT, "sleep_night"), (True, NAP, "sleep_nap")):
        spans = [s for s in rhythm.sleeps if s.nap is nap]
        if not spans:
            continue
        for ongoing in (False, True):
            group = [s for s in spans if s.ongoing is ongoing]
            for row in {rows[s.day] for s in group}:
                bars = [(s.start_h, s.end_h - s.start_h) for s in group if rows[s.day] == row]
                ax.broken_barh(bars, (row - 0.22, 0.44), facecolors=colour, alpha=0.55 if ongoing else 1.0)
        drawn.append(series)
    return drawn


def _marks(ax, rhythm: Rhythm, rows: dict) -> list[str]:
    drawn = []
    if rhythm.feeds:
        ax.scatter([m.hour for m in rhythm.feeds], [rows[m.day] + 0.36 for m in rhythm.feeds], marker="v", s=22,
                   color=FEED, zorder=3, linewidths=0)
        drawn.append("feed")
    if rhythm.diapers:
        ax.scatter([m.hour for m in rhythm.diapers], [rows[m.day] - 0.36 for m in rhythm.diapers], s=16, zorder=3,
                   color=[WET if m.kind == "wet" else SOLID for m in rhythm.diapers],
                   edgecolors=[WET if m.kind == "mixed" else "none" for m in rhythm.diapers], linewidths=1)
        drawn.append("diaper")
    return drawn


def _legend(ax, words: dict[str, str], drawn: list[str]) -> None:
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    handles = {"sleep_night": Patch(color=NIGHT, label=words["sleep_night"]),
               "sleep_nap": Patch(color=NAP, label=words["sleep_nap"]),
               "feed": Line2D([], [], marker="v", color=FEED, linestyle="", label=words["feed"]),
               "diaper": Line2D([], [], marker="o", color=WET, markeredgecolor=SOLID, linestyle="",
                                label=words["diaper"])}
    ax.legend(handles=[handles[k] for k in drawn], loc="upper center", bbox_to_anchor=(0.5, -0.13),
              ncols=len(drawn), fontsize=8, frameon=False)


def _day_label(day, rhythm: Rhythm, words: dict[str, str]) -> str:
    if day == rhythm.days[-1] and rhythm.now_h is not None:
        return words["today"]
    return f"{day.month}/{day.day}"
