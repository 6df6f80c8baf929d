"""`fawn eval time [--json] [--cases PATH] [--verbose]`: how well the time reader reads the
Recognizers-Text cases, per language and category, under the conventions in tests/peer/README.md."""
from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from bot.devtools.time_judge import Verdict, judge_all, load_cases

ROOT = Path(__file__).resolve().parents[2]
IN_REPO_CASES = ROOT / "tests" / "peer" / "recognizers_time_cases.jsonl"
SHARED_CASES = ROOT.parent / "shared" / "peer" / "recognizers_time_cases.jsonl"


def default_cases() -> Path:
    return IN_REPO_CASES if IN_REPO_CASES.exists() else SHARED_CASES


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="fawn eval")
    parser.add_argument("what", choices=["time"], help="what to evaluate")
    parser.add_argument("--cases", type=Path, default=None, help="a cases file (default: the in-repo copy)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--verbose", action="store_true", help="also list the failing cases")
    args = parser.parse_args(argv)
    verdicts = judge_all(load_cases(args.cases or default_cases()))
    print(json.dumps(summary(verdicts), ensure_ascii=False, indent=2) if args.json
          else report(verdicts, args.verbose))
    return 0


def tally(verdicts: list[Verdict]) -> dict:
    counts = Counter(v.outcome for v in verdicts)
    judged = counts["pass"] + counts["fail"]
    return {"pass": counts["pass"], "fail": counts["fail"], "convention": counts["convention"],
            "accuracy": round(counts["pass"] / judged, 4) if judged else None}


def groups(verdicts: list[Verdict]) -> dict[str, dict[str, list[Verdict]]]:
    """Verdicts by language ("zh" for time cases, "zh numbers" for numerals, "en") and category."""
    out: dict[str, dict[str, list[Verdict]]] = {}
    for v in verdicts:
        out.setdefault(v.case.lang, {}).setdefault(v.case.category, []).append(v)
    return out


def summary(verdicts: list[Verdict]) -> dict:
    by_lang = groups(verdicts)
    return {
        "languages": {lang: tally([v for vs in cats.values() for v in vs]) for lang, cats in by_lang.items()},
        "times": {lang: tally([v for c, vs in cats.items() if c != "number" for v in vs])
                  for lang, cats in by_lang.items()},
        "categories": {lang: {c: tally(vs) for c, vs in cats.items()} for lang, cats in by_lang.items()},
        "failures": [_failure(v) for v in verdicts if v.outcome == "fail"],
    }


def _failure(v: Verdict) -> dict:
    c = v.case
    return {"id": c.id, "lang": c.lang, "category": c.category, "phrase": c.phrase,
            "reference": c.reference.isoformat() if c.reference else None,
            "expected": c.expected, "alternatives": list(c.alternatives), "got": v.got}


def report(verdicts: list[Verdict], verbose: bool = False) -> str:
    data = summary(verdicts)
    lines = [f"{'lang':<5}{'category':<17}{'pass':>6}{'fail':>6}{'conv':>6}{'accuracy':>10}"]
    for lang, cats in data["categories"].items():
        for category, t in cats.items():
            lines.append(_row(lang, category, t))
        if "number" in cats:
            lines.append(_row(lang, "(times)", data["times"][lang]))
        lines.append(_row(lang, "ALL", data["languages"][lang]))
        lines.append("")
    if verbose:
        lines.append("failing cases:")
        lines += [f"  {f['id']}  {f['phrase']!r}  now={f['reference']}  expected={_brief(f)}  got={f['got']}"
                  for f in data["failures"]]
    return "\n".join(lines).rstrip()


def _row(lang: str, category: str, t: dict) -> str:
    accuracy = f"{t['accuracy'] * 100:.1f}%" if t["accuracy"] is not None else "—"
    return f"{lang:<5}{category:<17}{t['pass']:>6}{t['fail']:>6}{t['convention']:>6}{accuracy:>10}"


def _brief(failure: dict) -> str:
    readings = [failure["expected"], *failure["alternatives"]]
    return " | ".join(json.dumps({k: v for k, v in r.items() if k != "kind"}, ensure_ascii=False) for r in readings)
