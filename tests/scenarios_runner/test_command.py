from __future__ import annotations

import json
from pathlib import Path

from bot.devtools.scenarios.command import main, sampled


def test_a_malformed_file_exits_non_zero_naming_file_and_line(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nclock: 2026-05-04T20:15\nturns:\n  - press: confirm\n    by: nobody\n",
                   encoding="utf-8")
    assert main(["run", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:5: by: 'nobody' is not a member key" in out
    assert out.rstrip().splitlines()[-1] == "0 passed, 1 failed"


def test_json_output_has_the_documented_shape(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\n", encoding="utf-8")
    assert main(["run", "--json", str(bad)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["passed"] == 0 and report["failed"] == 1
    assert report["results"][0]["passed"] is False and "bad.yaml:1" in report["results"][0]["message"]


def test_no_files_is_a_usage_error(tmp_path: Path) -> None:
    assert main(["run", str(tmp_path)]) == 2


def test_a_sample_is_the_same_for_the_same_seed_keeps_the_files_order_and_names_its_seed(tmp_path: Path,
                                                                                          capsys) -> None:
    files = [tmp_path / f"s{n:02}.yaml" for n in range(20)]
    one, again, other = sampled(files, 5, seed=7), sampled(files, 5, seed=7), sampled(files, 5, seed=8)
    assert one == again and len(one) == 5 and one != other
    assert one == sorted(one) and set(one) <= set(files)
    assert sampled(files, 50, seed=7) == files
    for f in files:
        f.write_text("name: x\n", encoding="utf-8")
    assert main(["run", "--sample", "3", "--seed", "7", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert "--seed 7" in captured.err and captured.out.rstrip().endswith("0 passed, 3 failed")
