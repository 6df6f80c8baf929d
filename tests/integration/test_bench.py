"""`fawn bench` runs end to end on a real SQLite file and reports what it promises — not timed: the
numbers are whatever this machine gives; what is checked is that every turn ran (none failed), that
statements were counted and the run's own statements were replayed with raw sqlite3 as the floor."""
from __future__ import annotations

import json

import pytest

from bot.devtools.bench.command import main as bench_main

pytestmark = pytest.mark.slow           # the benchmarks, run small


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert bench_main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_bench_turns_counts_statements_and_replays_them_with_raw_sqlite3(capsys) -> None:
    result = _run(capsys, "turns", "--turns", "26")
    assert result["turns"] == 26 and result["failed_turns"] == 0
    assert 1 <= result["sql_statements_per_turn"] < 40
    assert result["p50_ms"] <= result["p95_ms"] <= result["p99_ms"] <= result["max_ms"]
    floor = result["floor"]
    assert floor["raw_sqlite3"]["cpu_ms_per_turn"] > 0 and floor["ratio_to_raw_sqlite3"] > 1
    # the turn's CPU split: the extractor's calls (12 of the 13 lines are read) and the rest, each over the floor
    assert 0 < result["understanding_cpu_ms_per_turn"] < result["cpu_ms_per_turn"]
    split = floor["ratio_understanding_alone"] + floor["ratio_without_understanding"]
    assert split == pytest.approx(floor["ratio_to_raw_sqlite3"], abs=0.02)


def test_bench_turns_on_a_realistic_day_holds_a_real_day_in_its_window(capsys) -> None:
    realistic = _run(capsys, "turns", "--turns", "300", "--day", "realistic")      # 30 hours: the window is full
    assert realistic["day"] == "realistic" and realistic["failed_turns"] == 0
    assert 30 <= realistic["records_in_window"] <= 50 and realistic["floor"]["ratio_to_raw_sqlite3"] > 1


def test_bench_charts_reports_cpu_and_leaves_no_pictures_behind(capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", None)
    result = _run(capsys, "charts", "--repeat", "1")
    assert all(result[name]["cpu_ms"] > 0 and result[name]["ratio_to_limit"] > 0
               for name in ("week chart", "rhythm chart", "growth chart"))
    assert list(tmp_path.iterdir()) == []


def test_bench_turns_with_several_chats_at_once_runs_every_family_s_turns(capsys) -> None:
    result = _run(capsys, "turns", "--turns", "39", "--chats", "3")
    assert (result["chats"], result["turns"], result["failed_turns"]) == (3, 39, 0)
    assert result["msgs_per_s"] > 0 and result["cpu_ms_per_turn"] > 0


def test_bench_history_runs_the_same_turns_in_families_of_every_size(capsys) -> None:
    result = _run(capsys, "history", "--turns", "13", "--sizes", "10", "300")
    assert [f["records"] for f in result["families"]] == [10, 300]
    assert all(f["failed_turns"] == 0 for f in result["families"])
    assert result["p50_ratio_largest_to_smallest"] > 0 and result["flat"].startswith(("met", "NOT met"))
    assert all(f["floor"]["ratio_to_raw_sqlite3"] > 1 for f in result["families"])


def test_bench_history_imported_brings_the_records_through_the_importer(capsys) -> None:
    result = _run(capsys, "history", "--imported", "--turns", "13", "--sizes", "10", "1500")
    assert result["seeded"] == "imported"
    largest = result["families"][-1]
    assert largest["records"] == 1500 and largest["import_batches"] == 2 and largest["longest_write_ms"] > 0
    assert all(f["failed_turns"] == 0 for f in result["families"])


def test_bench_summaries_reads_writes_and_draws_the_evening(capsys) -> None:
    result = _run(capsys, "summaries", "--families", "8", "--charts", "2", "--workers", "1")
    assert result["families"] == 8 and result["summaries_sent"] == 8
    assert result["pushes"] == 9          # and the chat stream's family: the scheduler's own slot jobs sent them
    assert result["charts"]["drawn"] == 2 and result["charts"]["ms_per_chart"] > 0
    assert result["turns_meanwhile"]["failed_turns"] == 0
    assert result["fawn_run_start_up"]["slots"] == 4                   # the four zones at 21:00
    assert result["fawn_run_start_up"]["scheduler_jobs"] <= 4 + 3     # a job per zone at 21:00, and the sweeps
    assert result["fawn_run_start_up"]["caught_up_after_s"] >= result["fawn_run_start_up"]["serving_after_s"] > 0


def test_bench_webhook_drives_the_real_app_over_http(capsys) -> None:
    result = _run(capsys, "webhook", "--turns", "13")
    assert result["statuses"] == {"200": 13}
    assert result["server_cpu_ms_per_update"] > 0 and result["sql_statements_per_turn"] > 0
    assert result["floor"]["bare_asgi_echo"]["server_cpu_ms_per_request"] > 0
    assert result["floor"]["ratio_to_bare_asgi_echo"] > 1
    # the median request is the webhook's own, not a median over the webhook's and the echo's requests together
    assert result["server_cpu_ms_per_request"]["p50"] > result["floor"]["bare_asgi_echo"]["server_cpu_ms_p50"]


def test_bench_messages_reads_every_hostile_message_and_names_the_worst(capsys) -> None:
    result = _run(capsys, "messages", "--length", "200")
    assert result["length"] == 200 and result["hostile_messages"] > 100
    assert result["worst_cpu_ms"] >= result["hostile_cpu_ms_p50"] > 0 and result["ordinary_cpu_ms_mean"] > 0
    assert [s["cpu_ms"] for s in result["slowest"]] == sorted((s["cpu_ms"] for s in result["slowest"]), reverse=True)
