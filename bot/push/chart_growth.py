"""Drawing one growth panel: the WHO P3–P97 and P15–P85 bands and the P50 line, the baby's
measurements over them, the age in weeks across."""
from __future__ import annotations

from bot.push.chart_labels import chart_words, name_prefix

POINTS, MEDIAN, OUTER, INNER = "#d8436b", "#6f8fc4", "#e4ecf8", "#c9d9f1"


def draw_growth(ax, data, labels: dict[str, str], name: str, lang: str) -> list[str]:
    words = chart_words(lang)
    drawn = []
    lines = data.lines
    if all(p in lines and lines[p] for p in (3, 15, 50, 85, 97)):
        weeks = [day / 7 for day, _ in lines[50]]
        ax.fill_between(weeks, _values(lines[3]), _values(lines[97]), color=OUTER, linewidth=0,
                        label=words["band_outer"])
        ax.fill_between(weeks, _values(lines[15]), _values(lines[85]), color=INNER, linewidth=0,
                        label=words["band_inner"])
        ax.plot(weeks, _values(lines[50]), color=MEDIAN, linewidth=1.2, label="P50")
        for percentile in (3, 50, 97):
            ax.annotate(f"P{percentile}", (weeks[-1], lines[percentile][-1][1]), fontsize=7, color="#6b7280",
                        xytext=(2, 0), textcoords="offset points", va="center")
        drawn += ["who_p3_p97", "who_p15_p85", "who_p50"]
    if data.points:
        ax.plot([d / 7 for d, _ in data.points], [v for _, v in data.points], "o-", color=POINTS, markersize=4,
                linewidth=1.6, label=name or labels["baby"])
        drawn.append("baby")
    from matplotlib.ticker import MaxNLocator
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(labels["age"], fontsize=8)
    ax.set_ylabel(labels[data.measure])
    ax.margins(x=0.02)
    ax.grid(color="#eceef2", linewidth=0.8)
    ax.set_axisbelow(True)
    ax.spines[["top", "right"]].set_visible(False)
    ax.legend(fontsize=7, loc="upper left", frameon=False)
    ax.set_title(words["growth_title"].format(name=name_prefix([name], lang), measure=labels[data.measure]),
                 fontsize=10, loc="left")
    return drawn


def _values(curve: list[tuple[int, float]]) -> list[float]:
    return [value for _, value in curve]
