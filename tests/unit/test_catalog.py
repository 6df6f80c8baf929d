"""The text catalogues: one per language, the same keys and placeholders, a text for every reply key."""
from __future__ import annotations

import ast
from datetime import date
from pathlib import Path

import pytest

from domain.extraction import QueryMetric
from domain.replies.catalog import (
    GLOSSED,
    both_languages,
    catalogue,
    has_label,
    label,
    language_of,
    text,
)
from domain.replies.catalog.grammar import placeholders
from domain.replies.render import _RENDERERS
from domain.vocabulary import Language

ROOT = Path(__file__).resolve().parents[2]
OTHERS = [lang for lang in Language if lang is not Language.ZH]
# Reply keys the shell answers itself (bot/turn/service.py builds the summary and the growth chart).
BUILT_BY_THE_SHELL = {"query_summary", "query_growth_curve", "query_chart", "export_elsewhere",
                      "companion"}   # companion: the model's own words


@pytest.mark.parametrize("lang", OTHERS, ids=str)
def test_every_catalogue_has_exactly_the_chinese_keys(lang: Language) -> None:
    zh, other = set(catalogue(Language.ZH)), set(catalogue(lang))
    assert sorted(zh - other) == [] and sorted(other - zh) == []


@pytest.mark.parametrize("lang", OTHERS, ids=str)
def test_a_template_uses_the_same_placeholders_in_every_language(lang: Language) -> None:
    zh, other = catalogue(Language.ZH), catalogue(lang)
    differ = {key: (placeholders(zh[key]), placeholders(other[key])) for key in zh
              if key in other and placeholders(zh[key]) != placeholders(other[key])}
    assert differ == {}


@pytest.mark.parametrize("lang", list(Language), ids=str)
def test_every_template_is_a_well_formed_format_string(lang: Language) -> None:
    for key, template in catalogue(lang).items():
        assert isinstance(template, str), key
        placeholders(template)            # raises on an unbalanced brace


def reply_keys_in_code() -> set[str]:
    """The keys of every `Reply(kind, "key", …)` (and press refusals) under domain/ and bot/."""
    found: set[str] = set()
    for folder in ("domain", "bot"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Call) and _callee(node) in ("Reply", "_rejected") and len(node.args) > 1:
                    found |= _keys(node.args[1])
    return found


def _callee(call: ast.Call) -> str | None:
    return call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", None)


def _keys(arg: ast.expr) -> set[str]:
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return {arg.value}
    if isinstance(arg, ast.IfExp):
        return _keys(arg.body) | _keys(arg.orelse)
    if isinstance(arg, ast.JoinedStr) and ast.unparse(arg) == "f'query_{query.metric.value}'":
        return {f"query_{metric.value}" for metric in QueryMetric}
    return set()


def test_the_scan_finds_the_reply_keys_the_domain_makes() -> None:
    keys = reply_keys_in_code()
    assert {"recorded", "confirm", "stale_button", "task_changed", "query_feeding_total"} <= keys
    assert len(keys) > 40


@pytest.mark.parametrize("lang", list(Language), ids=str)
def test_every_reply_key_the_domain_can_produce_has_a_text(lang: Language) -> None:
    missing = {key for key in reply_keys_in_code() - BUILT_BY_THE_SHELL
               if key not in _RENDERERS and f"reply.{key}" not in catalogue(lang)}
    assert missing == set()


def test_a_template_is_filled_with_named_values_and_the_grammar_specs() -> None:
    assert text(Language.EN, "answer.feeding.total", period="today", count=1, total="90ml", kinds="", nursed="",
                solids="") == "Today: 1 feeding, 90ml in all."
    assert text(Language.EN, "percentile.more", rank=22) == "22nd percentile"
    assert text(Language.ZH, "day.date", day=date(2026, 3, 2)) == "3月2日"
    assert text(Language.EN, "day.date", day=date(2026, 3, 2)) == "Mar 2"


def test_a_label_falls_back_to_the_default_or_to_the_value_itself() -> None:
    assert label(Language.ZH, "kind", "formula") == "配方奶"
    assert label(Language.EN, "kind", "soup") == "soup"
    assert label(Language.EN, "reason", None, "") == ""
    assert has_label(Language.EN, "color", "green") and not has_label(Language.EN, "color", "purple")


def test_texts_for_a_chat_with_no_family_yet_come_in_both_languages_chinese_first() -> None:
    assert both_languages("reply.stale_button", GLOSSED) == "这个按钮已经失效了 (That button is no longer active)"


@pytest.mark.parametrize(("code", "lang"), [("zh", Language.ZH), ("en", Language.EN), ("EN", Language.EN),
                                            ("en-US", Language.EN), ("zh-CN", Language.ZH), (None, Language.ZH)])
def test_a_stored_language_code_means_a_catalogue(code: str | None, lang: Language) -> None:
    assert language_of(code) is lang
