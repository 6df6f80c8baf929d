"""The variation suite's own parts, without a database: the base facts as data, the transformations (each keeps
what the message says about the baby — property tests over every base and any seed), the numerals it writes,
and how an outcome is judged."""
from __future__ import annotations

import ast
import io
import unicodedata
from collections import Counter
from contextlib import redirect_stdout
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.devtools.evaluate import main as evaluate_main
from bot.devtools.scenarios.matching import MatchContext
from bot.devtools.scenarios.model import ExpectedRecord
from bot.devtools.scenarios.state import Changes
from bot.devtools.variations.facts import BaseFileError, Effect, load_bases, parse_bases
from bot.devtools.variations.generate import CATEGORIES, CATEGORY_NAMES, all_variants, seeded, variants_of
from bot.devtools.variations.judge import Judging, judge
from bot.devtools.variations.numerals import (
    en_clock,
    en_integer,
    en_number,
    read_en,
    read_en_clock,
    read_zh,
    zh_integer,
    zh_number,
)
from bot.devtools.variations.play import Played
from bot.devtools.variations.quantities import digits_of, quantities
from domain.vocabulary import RecordType

BASES = load_bases()
SOURCES = [b for b in BASES if not b.fails]
VARIANTS = all_variants(BASES)
CTX = Judging(MatchContext(ZoneInfo("Asia/Shanghai")))
NOON = datetime(2026, 5, 4, 12, 0, tzinfo=ZoneInfo("Asia/Shanghai"))


def test_at_least_5000_variants_come_from_at_least_200_bases_in_both_languages():
    assert len(SOURCES) >= 200 and len(VARIANTS) >= 5000
    assert Counter(v.language for v in VARIANTS).keys() == {"zh", "en"}
    assert {v.category for v in VARIANTS} == set(CATEGORY_NAMES)


def test_every_record_type_but_photos_and_questions_have_bases_in_both_languages():
    wanted = {t.value for t in RecordType} - {"photo"} | {"question"}
    for language in ("zh", "en"):
        assert {b.topic for b in SOURCES if b.language == language} == wanted, language


def test_every_effect_kind_has_bases_and_every_base_id_is_unique():
    assert {b.effect.kind for b in SOURCES} == {"write", "update", "confirm", "confirm_update", "answer"}
    assert len({b.id for b in BASES}) == len(BASES)


def test_a_base_file_must_name_its_family_and_each_base_one_effect():
    with pytest.raises(BaseFileError, match="family"):
        parse_bases("clock: 2026-05-04T15:00\nbases: []\n", "f")
    with pytest.raises(BaseFileError, match="exactly one effect"):
        parse_bases("family: zh\nclock: 2026-05-04T15:00\nbases:\n  - {id: a, say: 尿了}\n", "f")
    with pytest.raises(BaseFileError, match="no field"):
        parse_bases("family: zh\nclock: 2026-05-04T15:00\nbases:\n"
                    "  - {id: a, say: 尿了, write: [{type: diaper, pee: true}]}\n", "f")


def test_base_values_are_times_on_the_clocks_day_and_units_become_metric():
    base, = parse_bases('family: en_us\nclock: 2026-05-04T15:00\nbases:\n  - id: a\n    say: x\n'
                        '    write: [{type: feeding, start: "14:30", amount_ml: 4oz, kind: formula}]\n', "f")
    fields = base.effect.records[0].fields
    assert fields["start"] == datetime(2026, 5, 4, 14, 30) and fields["amount_ml"] == pytest.approx(118.29)
    assert fields["kind"] == "formula" and base.id == "f/a"


def test_a_failing_base_is_kept_but_gives_no_variants():
    failing = [b for b in BASES if b.fails]
    assert failing and not [v for v in VARIANTS if v.base.fails]


def test_the_same_seed_gives_the_same_variants_and_another_seed_others():
    base = next(b for b in SOURCES if b.id == "zh_feeding/formula-just")
    assert [v.key for v in variants_of(base, 7)] == [v.key for v in variants_of(base, 7)]
    assert [v.key for v in variants_of(base, 7)] != [v.key for v in variants_of(base, 8)]


def test_fawn_eval_names_its_evaluations_and_refuses_an_unknown_one():
    out = io.StringIO()
    with redirect_stdout(out):
        assert evaluate_main([]) == 0 and evaluate_main(["nothing"]) == 2
    assert "variations" in out.getvalue()


def test_the_variation_suite_does_not_import_the_understanding_it_measures():
    folder = Path(__file__).resolve().parents[2] / "bot" / "devtools" / "variations"
    imported = {node.module for path in folder.rglob("*.py") for node in ast.walk(ast.parse(path.read_text()))
                if isinstance(node, ast.ImportFrom) and node.module}
    assert not [m for m in imported if m.startswith("bot.understanding")]


# --- every transformation keeps what the message says about the baby ----------------------------------------

def _letters(text: str) -> str:
    """Letters and digits only, full-width folded: what punctuation and spacing must not change."""
    return "".join(c for c in unicodedata.normalize("NFKC", text) if c.isalnum()).lower()


def _subsequence(short: str, long: str) -> bool:
    chars = iter(long)
    return all(c in chars for c in short)


def _units(text: str, base) -> list[tuple[str, str]]:
    return [(q.number, q.unit) for q in quantities(text, base.language, base.family)]


KEEPS_THE_TEXT_IN_ORDER = {"fillers", "apologies", "emoji", "grown_ups"}


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SOURCES), st.sampled_from(CATEGORIES), st.integers(0, 10_000))
def test_a_transformation_keeps_the_numbers_units_and_words_that_carry_the_fact(base, category, seed):
    for variant in category.variants(base, seeded(seed, base.id, category.name)):
        text = variant.text
        if category.name == "numerals":
            assert not digits_of(text) and text != base.text
        elif category.name == "word_order":
            assert sorted(digits_of(text)) == sorted(digits_of(base.text))
        elif category.name == "corrections":
            assert variant.effect.kind == "confirm_update" and not variant.script.said[0].judged
        else:
            assert digits_of(text) == digits_of(base.text), (category.name, text)
        if category.name in KEEPS_THE_TEXT_IN_ORDER:
            assert _subsequence(base.text, text), (category.name, text)
        if category.name == "punctuation":
            assert _letters(text) == _letters(base.text), text
        if category.name not in ("numerals", "corrections", "punctuation", "word_order"):
            assert _units(text, base) == _units(base.text, base), (category.name, text)
        if category.name == "second_speaker":
            assert text == base.text and len(variant.script.said) == len(base.before) + 2


@given(st.integers(0, 9999), st.booleans(), st.booleans())
def test_chinese_numerals_read_back_as_the_number(n, liang, short):
    assert read_zh(zh_integer(n, liang=liang, short=short)) == n


@given(st.integers(0, 999), st.booleans())
def test_english_numerals_read_back_as_the_number(n, paired):
    assert read_en(en_integer(n, paired=paired)) == n


@given(st.decimals(min_value=0, max_value=999, places=2, allow_nan=False, allow_infinity=False), st.booleans())
def test_decimals_said_in_words_keep_their_value(value, point):
    written = format(value.normalize(), "f")
    assert read_zh(zh_number(written)) == Decimal(written)
    assert read_en(en_number(written, point=point)) == Decimal(written)


@given(st.integers(1, 12), st.integers(0, 59))
def test_a_clock_said_in_words_keeps_its_hour_and_minute(hour, minute):
    assert read_en_clock(en_clock(hour, minute)) == (hour, minute)


def test_numerals_read_as_families_say_them():
    assert zh_integer(120, short=True) == "一百二" and read_zh("一百二") == 120 and read_zh("一百零二") == 102
    assert en_number("4.5") == "four and a half" and en_integer(120, paired=True) == "one twenty"


# --- judging ------------------------------------------------------------------------------------------------

FORMULA = Effect("write", (ExpectedRecord("feeding", {"kind": "formula", "amount_ml": 90}),))
TEMPERATURE = Effect("confirm", (ExpectedRecord("health", {"kind": "temperature", "temperature_c": 38.5}),))


def _feed(amount: float, **more) -> dict:
    return {"id": 1, "type": "feeding", "kind": "formula", "amount_ml": amount, "start": NOON, **more}


def test_the_bases_record_written_is_as_base_and_any_other_write_is_wrong():
    assert judge(FORMULA, Played("recorded", "", Changes(written=(_feed(90),))), CTX).outcome == "as_base"
    wrong = judge(FORMULA, Played("recorded", "", Changes(written=(_feed(90), {**_feed(9), "id": 2}))), CTX)
    assert wrong.outcome == "wrong_write" and "amount_ml: 9" in wrong.detail
    assert judge(FORMULA, Played("recorded", "", Changes(written=(_feed(80),))), CTX).outcome == "wrong_write"


def test_a_confirmed_bases_record_written_at_once_is_a_wrong_write():
    health = {"id": 1, "type": "health", "kind": "temperature", "temperature_c": 38.5, "time": NOON}
    verdict = judge(TEMPERATURE, Played("recorded", "", Changes(written=(health,))), CTX)
    assert verdict.outcome == "wrong_write" and "not confirmed" in verdict.detail
    confirmed = Played("confirm", "请确认", Changes(), pressed=Changes(written=(health,)))
    assert judge(TEMPERATURE, confirmed, CTX).outcome == "as_base"


def test_a_question_where_the_base_wrote_is_needless_and_a_wrong_read_back_is_marked():
    assert judge(FORMULA, Played("ask", "多少？", Changes()), CTX).outcome == "question"
    right = judge(FORMULA, Played("confirm", "", Changes(), pressed=Changes(written=(_feed(90),))), CTX)
    wrong = judge(FORMULA, Played("confirm", "", Changes(), pressed=Changes(written=(_feed(9),))), CTX)
    assert (right.outcome, right.readback_wrong) == ("question", False)
    assert (wrong.outcome, wrong.readback_wrong) == ("question", True)


def test_silence_and_a_different_answer_are_told_apart():
    assert judge(FORMULA, Played("none", "", Changes()), CTX).outcome == "silent"
    asked = Effect("answer")
    assert judge(asked, Played("answer", "90ml", Changes()), CTX, base_answer="90ml").outcome == "as_base"
    assert judge(asked, Played("answer", "0ml", Changes()), CTX, base_answer="90ml").outcome == "other"


def test_a_text_field_pattern_matches_any_value_containing_it():
    solid = Effect("write", (ExpectedRecord("feeding", {"kind": "solid_food", "food": "~米粉"}),))
    written = {"id": 1, "type": "feeding", "kind": "solid_food", "food": "婴儿米粉", "start": NOON}
    assert judge(solid, Played("recorded", "", Changes(written=(written,))), CTX).outcome == "as_base"


def test_a_time_may_be_that_of_any_of_the_variants_own_messages_but_no_other():
    at_once = Effect("write", (ExpectedRecord("feeding", {"kind": "formula", "start": datetime(2026, 5, 4, 12, 0)}),))
    two_minutes_on = Played("recorded", "", Changes(written=(_feed(90, start=NOON + timedelta(minutes=2)),)))
    assert judge(at_once, two_minutes_on, CTX).outcome == "wrong_write"
    spanning = Judging(CTX.ctx, leeway=timedelta(minutes=2))
    assert judge(at_once, two_minutes_on, spanning).outcome == "as_base"
    seven = Played("recorded", "", Changes(written=(_feed(90, start=NOON.replace(hour=7)),)))
    assert judge(at_once, seven, spanning).outcome == "wrong_write"
