"""`fawn eval time|variations …`: each evaluation lives in its own module, imported when it runs."""
from __future__ import annotations

import importlib

EVALUATIONS = {
    "time": ("bot.devtools.eval_time", "the time reader against Recognizers-Text's cases: fawn eval time [--json]"),
    "variations": ("bot.devtools.variations.command",
                   "base facts varied, through the chat service: fawn eval variations [--sample N] [--json]"),
}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in EVALUATIONS:
        print("usage: fawn eval {time,variations} [OPTIONS]   (fawn eval WHAT --help)\n")
        print("\n".join(f"  {name:<12} {help_}" for name, (_, help_) in EVALUATIONS.items()))
        return 0 if argv[:1] in ([], ["-h"], ["--help"]) else 2
    module = importlib.import_module(EVALUATIONS[argv[0]][0])
    return int(module.main(argv if argv[0] == "time" else argv[1:]) or 0)
