"""The family page as plain server-rendered HTML: one document, inline CSS and SVG, nothing fetched
from elsewhere. Every value from the database is escaped."""
from __future__ import annotations

import json
from collections.abc import Mapping
from html import escape

from bot.family.page import PERIODS, BabyPage, FamilyPage
from bot.web.cards import days_table, totals
from bot.web.entries import latest, timeline
from bot.web.svg import rhythm_svg
from bot.web.svg_growth import growth_svg
from bot.web.texts import page_language, page_text
from domain.replies import amounts
from domain.replies.ages import age_text
from domain.replies.catalog import language_of, text
from domain.replies.render import examples

STYLE = """
:root{color-scheme:light;--ink:#1f2937;--soft:#6b7280;--line:#e5e7eb;--card:#fff;--bg:#f6f7fb;--accent:#34518f}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 -apple-system,system-ui,"PingFang SC","Noto Sans SC",
"Microsoft YaHei",sans-serif;color:var(--ink);background:var(--bg);overflow-wrap:anywhere}
main{max-width:760px;margin:0 auto;padding:12px}header h1{font-size:1.3rem;margin:.4rem 0 .1rem}
.meta{color:var(--soft);font-size:.85rem;margin:0 0 .6rem}section{background:var(--card);border:1px solid var(--line);
border-radius:12px;padding:12px 14px;margin:12px 0;min-width:0}h2{font-size:1.05rem;margin:0 0 .6rem}
h3{font-size:.95rem;margin:.2rem 0 .5rem;color:var(--accent)}
nav.period{display:flex;flex-wrap:wrap;gap:8px;align-items:center;font-size:.9rem;color:var(--soft);margin:.4rem 0}
nav.period a,nav.period strong{padding:2px 12px;border:1px solid var(--line);border-radius:999px;background:var(--card)}
nav.period a{color:var(--accent);text-decoration:none}nav.period strong{color:#fff;background:var(--accent)}
.totals{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:8px}
.total{border:1px solid var(--line);border-radius:10px;padding:8px;min-width:0}
.total .n{font-size:1.1rem;font-weight:600;line-height:1.25}
.total .k{color:var(--soft);font-size:.8rem}.total .d{color:var(--soft);font-size:.75rem}
.total .d small{display:block}
table{width:100%;border-collapse:collapse;table-layout:fixed}
table.compare{margin-top:8px;font-size:.85rem;color:var(--soft)}
table.compare td{padding:2px 4px;border-top:1px solid var(--line)}table.compare td.v{text-align:right}
table.days{font-size:.85rem}table.days th{text-align:left;color:var(--soft);font-weight:500;padding:2px 4px}
table.days td{padding:4px;border-top:1px solid var(--line);vertical-align:top}
table.days small{display:block;color:var(--soft);font-size:.75rem}
ol.timeline,ul.latest,ul.say{list-style:none;margin:0;padding:0}ol.timeline li,ul.latest li{display:flex;gap:10px;
padding:6px 0;border-top:1px solid var(--line)}ol.timeline li:first-child,ul.latest li:first-child{border-top:0}
.when{flex:0 0 4.6rem;color:var(--accent);font-variant-numeric:tabular-nums}.what{flex:1;min-width:0}
ul.latest .when{flex-basis:6.2rem}.when small{display:block;color:var(--soft);font-size:.75rem}
.what small.by{display:block;color:var(--soft);font-size:.78rem}.tag{color:var(--accent)}
ul.say li{margin:6px 0;padding:2px 0 2px 10px;border-left:3px solid var(--accent)}
svg.chart{width:100%;height:auto;display:block}svg .grid{stroke:#eef0f4}svg .axis{stroke:#9ca3af}
svg .band{fill:#f9fafb}svg .tick,svg .legend{font-size:11px;fill:#6b7280}svg .label{font-size:12px;fill:#374151}
footer{color:var(--soft);font-size:.8rem;text-align:center;margin:16px 0 24px}
@media (max-width:420px){main{padding:8px}section{padding:10px}}
"""


def render_page(page: FamilyPage, links: Mapping[int, str] | None = None) -> str:
    """The page in the family's language, units and clock; `links`: the page over each period (7, 30 days)."""
    with amounts.units_shown(page.units):
        return _page(page, links or {})


def _page(page: FamilyPage, links: Mapping[int, str]) -> str:
    lang = page_language(page.language)
    names = " & ".join(b.baby.name for b in page.babies) or page_text(lang, "title.family")
    now = text(language_of(lang), "clock.hm", time=page.now)
    seen = page_text(lang, "viewer", name=page.viewer.name, date=f"{page.now.month}/{page.now.day}", time=now)
    body = [f'<header><h1>{escape(page_text(lang, "title", names=names))}</h1>'
            f'<p class="meta">{escape(seen)}</p></header>']
    twins = len(page.babies) > 1
    if page.is_empty:
        body.append(_empty(lang))
    body += [totals(baby, page, lang, twins) for baby in page.babies]
    body.append(timeline(page, lang))
    body.append(_switch(page, links, lang))
    body += [days_table(baby, lang, twins, page.days) for baby in page.babies]
    body += [_rhythm(baby, lang, twins) for baby in page.babies]
    body += [_growth(baby, lang, twins) for baby in page.babies]
    body.append(latest(page, lang))
    body.append(f'<footer>{escape(page_text(lang, "read_only"))}</footer>')
    return _document(lang, page_text(lang, "title", names=names), "".join(body))


def _switch(page: FamilyPage, links: Mapping[int, str], lang: str) -> str:
    """The last 7 days or 30: plain links (the page runs no script)."""
    options = []
    for days in PERIODS:
        words = escape(page_text(lang, "period.days", n=days))
        if days == page.days:
            options.append(f'<strong aria-current="page" data-days="{days}">{words}</strong>')
        elif days in links:
            options.append(f'<a href="{escape(links[days])}" data-days="{days}">{words}</a>')
    return f'<nav class="period"><span>{escape(page_text(lang, "period"))}</span>{"".join(options)}</nav>'


def _empty(lang: str) -> str:
    """A family with nothing recorded yet: what to say in the chat, in its units."""
    said = examples(language_of(lang))
    items = "".join(f"<li>{escape(text(language_of(lang), key, **said))}</li>"
                    for key in ("example.feeding", "example.sleep", "example.diaper", "example.growth",
                                "example.question"))
    return (f'<section id="start"><h2>{escape(page_text(lang, "empty.title"))}</h2>'
            f'<p>{escape(page_text(lang, "empty.say"))}</p><ul class="say">{items}</ul>'
            f'<p class="meta">{escape(page_text(lang, "empty.after"))}</p></section>')


def render_message(language: str | None, key: str) -> str:
    """A short page with one sentence (a refused link); in both languages when the family is not known."""
    langs = [page_language(language)] if language else ["zh", "en"]
    body = "".join(f'<p lang="{lang}">{escape(page_text(lang, key))}</p>' for lang in langs)
    return _document(langs[0], page_text(langs[0], "title.family"), f"<section>{body}</section>")


def render_mini_app_opening(nonce: str) -> str:
    """The Mini App's first page: Telegram puts the signed initData in the URL fragment (#tgWebAppData=…),
    which never reaches a server; a few lines of script post it back to be checked."""
    words = f'{escape(page_text("zh", "opening"))} · {escape(page_text("en", "opening"))}'
    script = (f'<script nonce="{nonce}">(function(){{var p=new URLSearchParams(location.hash.slice(1));'
              'var d=p.get("tgWebAppData")||"";var s=document.getElementById("s");'
              f'if(!d){{s.textContent={_js(page_text("zh", "no_telegram") + " · " + page_text("en", "no_telegram"))};'
              'return;}var f=document.createElement("form");f.method="POST";f.action=location.pathname;'
              'var i=document.createElement("input");i.type="hidden";i.name="init_data";i.value=d;f.appendChild(i);'
              'document.body.appendChild(f);f.submit();})();</script>')
    return _document("zh", page_text("zh", "title.family"), f'<section><p id="s">{words}</p></section>', script)


def _js(text: str) -> str:
    return json.dumps(text).replace("<", "\\u003c")


def _document(lang: str, title: str, body: str, script: str = "") -> str:
    html_lang = page_text(lang, "html_lang")
    return (f'<!doctype html><html lang="{html_lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            f'<meta name="referrer" content="no-referrer"><title>{escape(title)}</title>'
            f"<style>{STYLE}</style></head><body><main>{body}</main>{script}</body></html>")


def _rhythm(baby: BabyPage, lang: str, named: bool) -> str:
    title = f"<h3>{escape(baby.baby.name)}</h3>" if named else ""
    return (f'<section class="rhythm" data-baby="{escape(baby.baby.name)}"><h2>'
            f'{escape(page_text(lang, "rhythm", n=len(baby.rhythm.days)))}</h2>{title}{rhythm_svg(baby.rhythm, lang)}'
            '</section>')


def _growth(baby: BabyPage, lang: str, named: bool) -> str:
    """Weight, length and head circumference, each over its WHO bands, with the latest in words."""
    title = f"<h3>{escape(baby.baby.name)}</h3>" if named else ""
    if not baby.growth:
        return f'<section class="growth"><h2>{escape(page_text(lang, "growth"))}</h2>{title}' \
               f'<p class="meta">{escape(page_text(lang, "growth.none"))}</p></section>'
    parts = []
    for measure, data in baby.growth.items():
        day, value = data.points[-1]
        said = language_of(lang)
        latest_words = page_text(lang, "growth.latest", value=amounts.measure(measure, value, said),
                                 age=age_text(day, said))
        parts.append(f'<section class="growth" data-baby="{escape(baby.baby.name)}" data-measure="{measure}"><h2>'
                     f'{escape(page_text(lang, "growth." + measure))}</h2>{title}{growth_svg(data, lang)}'
                     f'<p class="meta">{escape(latest_words)}</p></section>')
    return "".join(parts)
