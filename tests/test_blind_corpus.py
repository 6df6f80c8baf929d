"""The blind corpus (scenarios/blind/): conversations written by people who never read the rules, from the
contract (docs/vocabulary.md) and from how families talk. They measure how far understanding generalises; the
rule authors never edit their expectations (only their authors may, where the contract says otherwise).

Not every one passes yet: this test holds the line — the pass count may only go up and the wrong writes (a
message, not a press, that wrote a record other than the one expected) only down. Raise PASSED_AT_LEAST and
lower WRONG_WRITES_AT_MOST as the rules improve; `fawn scenarios run scenarios/blind` shows each failure."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.devtools.scenarios.command import closing_line, run_files
from bot.devtools.scenarios.loader import find_scenario_files

BLIND = Path(__file__).resolve().parent.parent / "scenarios" / "blind"
# of 1312: batch 1 (462 files), batch 2 (120), batch 3 (150, written on 2026-12-05 by a helper who never read
# the rules; measured before anyone looked at it: 77 at ee06212, 89 after the first fixes of that day),
# batch 4 (100, written on 2026-12-06 the same way: 71 when first run, on the day's work in progress),
# batch 5 (100, written on 2026-12-06 by another such helper: 85 when first run, at f0e19c5 and after),
# batch 6 (100, messier messages on purpose: 64 and 2 wrong writes when first run, at 96e9c2e) and
# batch 7 (80, the same way: 48 when first run, at f7720c8 and after), batch 8 (100, written on 2026-12-06 in
# the next session: 90 when first run, on that session's work in progress) and batch 9 (100, conversations of
# 2-5 turns leaning on answers, corrections and questions: 86 when first run, the same way);
# before the span layer batch 1 had 216 and 35 wrong writes
PASSED_AT_LEAST = 1259
WRONG_WRITES_AT_MOST = 0
# expectations the rule authors believe the contract decides otherwise (only the blind author may change them):
# the file, and why its "wrong write" is not counted
DISPUTED = {
    "batch3/zh/roles/ayi_records_feed.yaml":
        "可乐十一点喝了一百三奶粉 吃完就睡了 expects the feed alone; the contract says several facts in one "
        "message are several records, so the sleep that began after the feed is written too (from 11:00)",
    "batch5/zh/uncertain/02-time-still-ahead-today.yaml":
        "at 10:00 宝宝11点喝了120ml奶粉 expects a confirmation for a time still ahead; the contract confirms a bare "
        "clock only when its last occurrence is more than 12 hours back, and 23:00 yesterday is 11 hours back "
        "(its author flagged this expectation themselves)",
    "batch7/zh/feeding/05_leftover_in_bottle.yaml":
        "冲了150ml奶粉，剩了三十没喝完 expects a confirmation; the contract confirms a leftover that may be the "
        "bottle's (喝了100 剩了20: was 100 the bottle?), and a bottle said to be made and what was left of it is "
        "worked out exactly (scenarios/numbers/zh_made_and_left.yaml: written at once)",
}

pytestmark = pytest.mark.slow


def test_the_blind_corpus_passes_at_least_as_often_and_writes_wrongly_no_more_than_before() -> None:
    files = find_scenario_files([str(BLIND)])
    outcomes = asyncio.run(run_files(files))
    malformed = [o.result.file for o in outcomes if o.malformed]
    passed = sum(o.result.passed for o in outcomes)
    wrong = [o.result.file for o in outcomes if o.result.wrong_write
             and Path(o.result.file).resolve().relative_to(BLIND).as_posix() not in DISPUTED]
    print(f"\nblind corpus: {closing_line(outcomes)} of {len(files)}")
    assert not malformed, f"malformed blind scenarios: {malformed}"
    assert passed >= PASSED_AT_LEAST, f"{passed} passed, fewer than {PASSED_AT_LEAST}"
    assert len(wrong) <= WRONG_WRITES_AT_MOST, f"{len(wrong)} wrong writes: {wrong}"
