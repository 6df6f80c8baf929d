"""`fawn eval variations [--sample N] [--seed S] [--json] [--category C] [--chat group|private] [--jobs J]
[--bases] [--verbose]`: the variation suite through the real chat service, and its report."""
from __future__ import annotations

import argparse
import json
import os
import sys

from bot.devtools.variations.facts import load_bases
from bot.devtools.variations.generate import CATEGORY_NAMES, DEFAULT_SEED, all_variants, sample
from bot.devtools.variations.report import summary, text_report
from bot.devtools.variations.runner import check_bases, run_all

TELL_EVERY = 250          # each process says how far it is on stderr, every that many variants


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="fawn eval variations",
                                     description="base facts varied the way families vary them, through the "
                                                 "real chat service: never a different write (docs/variations.md)")
    parser.add_argument("--sample", type=int, metavar="N", help="run N variants drawn with --seed (default: all)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED,
                        help=f"the seed of the variants' forms and of --sample (default {DEFAULT_SEED})")
    parser.add_argument("--category", choices=CATEGORY_NAMES, help="only this category's variants")
    parser.add_argument("--chat", choices=("group", "private"), default="group",
                        help="the family's chat (default: a group, where unsure chatter gets no reply)")
    parser.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1), metavar="J",
                        help="processes (default: the cores, at most 4)")
    parser.add_argument("--bases", action="store_true",
                        help="also check each base said alone (always done on a full run)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--verbose", "-v", action="store_true", help="list every wrong write")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse_arguments(argv)
    if args.sample is not None and args.sample < 1 or args.jobs < 1:
        print("fawn eval variations: --sample and --jobs must be 1 or more", file=sys.stderr)
        return 2
    bases = load_bases()
    variants = sample(all_variants(bases, args.seed, args.category), args.sample, args.seed)
    print(f"{len(variants)} variants of {sum(not b.fails for b in bases)} bases, --seed {args.seed}, "
          f"{args.jobs} process(es)", file=sys.stderr)
    results = run_all(variants, args.chat, args.jobs, tell_every=TELL_EVERY)
    checked = None
    if args.bases or (args.sample is None and args.category is None):
        print(f"the {len(bases)} bases, each said alone", file=sys.stderr)
        checked = list(zip(bases, check_bases(bases, args.chat, args.jobs, TELL_EVERY), strict=True))
    data = summary(results, args.seed, checked)
    print(json.dumps(data, ensure_ascii=False, indent=2) if args.json
          else text_report(data, None if args.verbose else 20))
    return 0
