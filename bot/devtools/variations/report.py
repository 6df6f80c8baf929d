"""The variation report: per category and language, and overall — wrong writes (must be 0), needless
questions (a rate, to lower), silence and other outcomes — with the wrong writes listed; and the bases' own
check (which give their effect said alone, which are marked as failing, which changed)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from bot.devtools.variations.facts import BaseFact
from bot.devtools.variations.generate import CATEGORY_NAMES
from bot.devtools.variations.judge import OUTCOMES
from bot.devtools.variations.runner import Result

LANGUAGES = ("zh", "en")


def tally(results: Iterable[Result]) -> dict[str, Any]:
    results = list(results)
    counts = Counter(r.outcome for r in results)
    n = len(results)
    out: dict[str, Any] = {"variants": n, **{o: counts[o] for o in OUTCOMES}}
    out["readback_wrong"] = sum(r.readback_wrong for r in results)
    out["needless_question_rate"] = round(counts["question"] / n, 4) if n else 0.0
    out["as_base_rate"] = round(counts["as_base"] / n, 4) if n else 0.0
    return out


def summary(results: Sequence[Result], seed: int, bases: Sequence[tuple[BaseFact, Result]] | None = None) -> dict:
    categories = [c for c in CATEGORY_NAMES if any(r.category == c for r in results)]
    data: dict[str, Any] = {
        "seed": seed,
        "overall": tally(results),
        "languages": {lang: tally(r for r in results if r.language == lang) for lang in LANGUAGES},
        "categories": {c: {"all": tally(r for r in results if r.category == c),
                           **{lang: tally(r for r in results if r.category == c and r.language == lang)
                              for lang in LANGUAGES}} for c in categories},
        "topics": {t: tally(r for r in results if r.topic == t) for t in sorted({r.topic for r in results})},
        "wrong_writes": [_listed(r) for r in results if r.outcome == "wrong_write"],
    }
    if bases is not None:
        data["bases"] = bases_summary(bases)
    return data


def _listed(r: Result) -> dict[str, str]:
    return {"base": r.base, "category": r.category, "form": r.form, "language": r.language, "said": r.said,
            "what_happened": r.detail}


def bases_summary(checked: Sequence[tuple[BaseFact, Result]]) -> dict[str, Any]:
    """Marked failing and still failing; marked but passing now; not marked and failing now."""
    def row(base: BaseFact, r: Result) -> dict[str, str]:
        return {"base": base.id, "said": base.text, "marked": base.fails or "", "now": f"{r.outcome}: {r.detail}"}

    return {
        "bases": len(checked),
        "languages": dict(Counter(b.language for b, _ in checked)),
        "topics": dict(Counter(b.topic for b, _ in checked)),
        "give_their_effect": sum(r.outcome == "as_base" for _, r in checked),
        "marked_failing": [row(b, r) for b, r in checked if b.fails and r.outcome != "as_base"],
        "marked_but_passing": [row(b, r) for b, r in checked if b.fails and r.outcome == "as_base"],
        "failing_unmarked": [row(b, r) for b, r in checked if not b.fails and r.outcome != "as_base"],
    }


HEADER = (f"{'category':<16}{'lang':<6}{'variants':>9}{'as base':>9}{'WRONG':>7}{'question':>10}{'(rb.wrong)':>11}"
          f"{'silent':>8}{'other':>7}{'needless q.':>12}")


def text_report(data: dict, examples: int | None = 20) -> str:
    lines = [HEADER]
    for category, by_language in data["categories"].items():
        for lang in ("all", *LANGUAGES):
            if by_language[lang]["variants"]:
                lines.append(_row(category if lang == "all" else "", lang, by_language[lang]))
    lines.append(_row("ALL", "all", data["overall"]))
    for lang in LANGUAGES:
        lines.append(_row("", lang, data["languages"][lang]))
    lines += ["", "by topic:"] + [_row(topic, "all", t) for topic, t in data["topics"].items()]
    lines += _wrong_writes(data["wrong_writes"], examples)
    if "bases" in data:
        lines += _bases(data["bases"])
    lines.append("")
    lines.append(closing_line(data))
    return "\n".join(lines)


def closing_line(data: dict) -> str:
    o = data["overall"]
    return (f"{o['variants']} variants, --seed {data['seed']}: {o['wrong_write']} wrong writes, "
            f"{o['question']} needless questions ({o['needless_question_rate'] * 100:.1f}%), "
            f"{o['as_base']} as base ({o['as_base_rate'] * 100:.1f}%)")


def _row(name: str, lang: str, t: dict) -> str:
    return (f"{name:<16}{lang:<6}{t['variants']:>9}{t['as_base']:>9}{t['wrong_write']:>7}{t['question']:>10}"
            f"{t['readback_wrong']:>11}{t['silent']:>8}{t['other']:>7}{t['needless_question_rate'] * 100:>11.1f}%")


def _wrong_writes(wrong: list[dict], examples: int | None) -> list[str]:
    if not wrong:
        return ["", "wrong writes: none"]
    shown: list[dict] = []
    per_category = Counter[str]()
    for w in wrong:                       # a few of each category first, so every category is seen
        if examples is None or per_category[w["category"]] < max(1, examples // 10):
            shown.append(w)
            per_category[w["category"]] += 1
    shown = shown if examples is None else shown[:examples]
    lines = ["", f"wrong writes ({len(wrong)}; {len(shown)} shown — --verbose lists all):"]
    for w in shown:
        lines.append(f"  [{w['category']}] {w['base']}: {w['said']}")
        lines.append(f"      → {w['what_happened']}")
    return lines


def _bases(b: dict) -> list[str]:
    lines = ["", f"bases: {b['bases']} ({', '.join(f'{k} {v}' for k, v in b['languages'].items())}); "
                 f"{b['give_their_effect']} give their effect said alone"]
    for title, key in (("marked as failing on their own, and failing", "marked_failing"),
                       ("marked as failing, but passing now (remove the mark: they become variant sources)",
                        "marked_but_passing"),
                       ("NOT marked, failing now (their variants count against the suite)", "failing_unmarked")):
        if b[key]:
            lines.append(f"  {title} ({len(b[key])}):")
            lines += [f"    {row['base']}: {row['said']}  → {row['now']}" for row in b[key]]
    return lines
