"""The family page's words come from the product's text catalogue (keys `page.*`, `weekday.*`)."""
from __future__ import annotations

from domain.replies.catalog import language_of, text


def page_language(language: str | None) -> str:
    return language_of(language).value


def page_text(lang: str, key: str, **values: object) -> str:
    return text(language_of(lang), f"page.{key}", **values)


def weekday(lang: str, index: int) -> str:
    return text(language_of(lang), f"weekday.{index}")
