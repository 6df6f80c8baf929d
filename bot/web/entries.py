"""The family page's lists of records: today's timeline and what happened last — each record at the time it
happened (never when it was written), on the family's clock; a sleep that began yesterday says so."""
from __future__ import annotations

from datetime import datetime
from html import escape

from bot.family.page import Entry, FamilyPage
from bot.web.texts import page_text
from domain.replies.catalog import language_of, text
from domain.replies.describe import clock, describe


def timeline(page: FamilyPage, lang: str) -> str:
    items = [_item(e, page, lang, _today_when(_happened(e), page, lang), strip_time=True) for e in page.timeline]
    body = f'<ol class="timeline">{"".join(items)}</ol>' if items else \
        f'<p class="meta">{escape(page_text(lang, "nothing_today"))}</p>'
    return f'<section id="timeline"><h2>{escape(page_text(lang, "timeline"))}</h2>{body}</section>'


def latest(page: FamilyPage, lang: str) -> str:
    items = [_item(e, page, lang, escape(clock(_happened(e), page.now, language_of(lang))), strip_time=True)
             for e in page.latest]
    return f'<section id="latest"><h2>{escape(page_text(lang, "latest"))}</h2>' \
           f'<ul class="latest">{"".join(items)}</ul></section>'


def _item(entry: Entry, page: FamilyPage, lang: str, when: str, strip_time: bool) -> str:
    record = entry.record
    words = describe(record.type, record.fields, page.now, language_of(lang))
    if strip_time:
        words = words.rsplit(" @ ", 1)[0]            # the time stands in its own column
    who = page_text(lang, "by", name=entry.author) if entry.author else page_text(lang, "by.none")
    baby = f'<span class="tag">{escape(entry.baby)}</span> · ' if len(page.babies) > 1 else ""
    return (f'<li data-type="{record.type.value}" data-record="{record.id}" '
            f'data-at="{_happened(entry).isoformat()}"><span class="when">{when}</span>'
            f'<span class="what">{escape(words)}<small class="by">{baby}<span class="who">{escape(who)}</span>'
            '</small></span></li>')


def _today_when(at: datetime, page: FamilyPage, lang: str) -> str:
    """The time today; a record from before today (the night that reached into it) says since when:
    "since yesterday", 8:35 PM."""
    local = at.astimezone(page.now.tzinfo)
    shown = escape(text(language_of(lang), "clock.hm", time=local))
    if local.date() == page.now.date():
        return shown
    day = text(language_of(lang), "day.yesterday" if (page.now.date() - local.date()).days == 1 else "day.date",
               day=local.date())
    return f'<small class="day">{escape(page_text(lang, "since", day=day))}</small>{shown}'


def _happened(entry: Entry) -> datetime:
    record = entry.record
    return record.fields.get("start") or record.fields.get("time") or record.created_at
