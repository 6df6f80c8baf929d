"""The time reader on the Recognizers-Text cases (tests/peer), and the judging conventions themselves."""
import io
import json
from contextlib import redirect_stdout
from datetime import datetime

from bot.devtools.eval_time import IN_REPO_CASES, main, summary
from bot.devtools.time_judge import Case, judge, judge_all, load_cases

# A little below what the reader reaches (all three at 100% when these floors were set).
FLOORS = {"zh": 0.98, "en": 0.99}
NUMBER_FLOOR = 0.98


def test_the_reader_reads_the_recognizers_cases_at_least_as_well_as_its_floors():
    data = summary(judge_all(load_cases(IN_REPO_CASES)))
    for lang, floor in FLOORS.items():
        assert data["times"][lang]["accuracy"] >= floor, (lang, data["times"][lang], data["failures"])
    assert data["categories"]["zh"]["number"]["accuracy"] >= NUMBER_FLOOR


def test_every_case_in_the_copy_is_judged():
    data = summary(judge_all(load_cases(IN_REPO_CASES)))
    counted = sum(t["pass"] + t["fail"] + t["convention"] for t in data["languages"].values())
    assert counted == len(IN_REPO_CASES.read_text(encoding="utf-8").splitlines()) == 479


def case(phrase: str, expected: dict, unambiguous: bool = False, category: str = "time_of_day",
         reference: str = "2016-11-07T00:00:00", alternatives: tuple = ()) -> Case:
    return Case("t/1", "en", category, phrase, datetime.fromisoformat(reference), expected, alternatives, unambiguous)


def test_the_other_twelve_hour_reading_of_an_ambiguous_time_is_a_convention():
    assert judge(case("7", {"kind": "point", "time": "07:00"})).outcome == "convention"


def test_an_unambiguous_time_read_wrong_fails():
    assert judge(case("7am", {"kind": "point", "time": "19:00"}, unambiguous=True)).outcome == "fail"


def test_an_unambiguous_time_must_also_hold_at_eleven_and_at_eleven_at_night():
    assert judge(case("7pm", {"kind": "point", "time": "19:00"}, unambiguous=True)).outcome == "pass"


def test_a_future_plan_read_as_the_same_time_yesterday_is_a_convention():
    future = case("8pm", {"kind": "point", "datetime": "2016-11-07T20:00"}, category="day_with_time")
    assert judge(future).outcome == "convention"


def test_few_read_as_anything_but_three_is_a_convention_and_three_passes():
    assert judge(case("a few minutes", {"kind": "duration", "minutes": 5}, category="duration")).outcome \
        == "convention"
    assert judge(case("a few minutes", {"kind": "duration", "minutes": 3}, category="duration")).outcome == "pass"


def test_an_open_end_is_judged_on_its_anchor():
    after = case("after 6pm", {"kind": "range", "start": "18:00", "end": None}, unambiguous=True,
                 category="open_ended")
    assert judge(after).outcome == "pass"


def run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(argv)
    return code, out.getvalue()


def test_the_command_prints_a_table_per_language_and_category():
    code, table = run(["time", "--verbose"])
    assert code == 0
    assert "time_of_day" in table and "number" in table and "ALL" in table and "failing cases:" in table


def test_the_command_prints_one_json_object():
    code, out = run(["time", "--json", "--cases", str(IN_REPO_CASES)])
    data = json.loads(out)
    assert code == 0 and set(data["languages"]) == {"zh", "en"} and "failures" in data
