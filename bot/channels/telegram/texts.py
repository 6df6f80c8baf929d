"""The few fixed texts the Telegram adapter says by itself (set-up, help, settings, export).

The words are catalogue entries (domain/replies/catalog). Most are said before the chat has a family,
so before a language is known: they come in both languages, Chinese first.
"""
from __future__ import annotations

from domain.replies.catalog import PARAGRAPHS, RUN_ON, SLASHED, both_languages
from domain.replies.render import help_text as render_help
from domain.replies.render import welcome_text
from domain.vocabulary import Language

UNTOLD = ["language", "timezone", "units"]          # what a family whose language Telegram did not say is asked
WELCOME_NEW = welcome_text(True, UNTOLD, Language.ZH)
WELCOME_BACK = welcome_text(False, UNTOLD, Language.ZH)
ADDED_NEW = both_languages("telegram.added_new", RUN_ON)
ADDED_BACK = both_languages("telegram.added_back", RUN_ON)
NO_FAMILY = both_languages("telegram.no_family", RUN_ON)
PARENTS_ONLY = both_languages("telegram.parents_only", RUN_ON)
APOLOGY = both_languages("telegram.apology", RUN_ON)

SETTINGS_USAGE = "\n".join((
    both_languages("telegram.usage", SLASHED) + ":",
    "/settings timezone Asia/Shanghai",
    "/settings language zh|en",
    "/settings summary_time 21:00",
    "/settings medication_reminder on|off",
    "/settings no_feeding_hours 4|off",
    "/settings open_sleep_hours 6|off",
    "/settings push_to group|private",
    "/settings units metric|us|ml|oz|kg|lb|jin|cm|in|c|f",
    "/settings clock 12h|24h",
))
EXPORT_CAPTION = both_languages("telegram.export_caption", "{zh}. {en}", count="{count}")   # still a template


def settings_text(settings: dict[str, str]) -> str:
    lines = [f"{both_languages(f'telegram.setting.{name}', '{zh} {en}')}: {value}" for name, value in settings.items()]
    return "\n".join(lines + ["", SETTINGS_USAGE])


def help_text(language: str | None) -> str:
    """The domain's help in the family's language; both languages when none is known yet (metric examples:
    a family's own help, a turn, shows its units)."""
    known = {lang.value: lang for lang in Language}
    if language in known:
        return render_help(known[language])
    return PARAGRAPHS.format(zh=render_help(Language.ZH), en=render_help(Language.EN))


HELP_TEXTS = (*(help_text(lang.value) for lang in Language), help_text(None))
