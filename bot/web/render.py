"""The family page as plain server-rendered HTML: one document, inline CSS and SVG, nothing fetched
from elsewhere. Every value from the database is escaped."""
from __future__ import annotations

import json
from html import escape

from bot.family.page import BabyPage, Entry, FamilyPage
from bot.web.svg import growth_svg, rhythm_svg
from bot.web.texts import page_language, page_text
from domain.replies import amounts
from domain.replies.catalog import language_of
from domain.replies.describe import describe
from domain.summary.model import KeyMetrics

STYLE = """
:root{color-scheme:light;--ink:#1f2937;--soft:#6b7280;--line:#e5e7eb;--card:#fff;--bg:#f6f7fb;--accent:#34518f}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 -apple-system,system-ui,"PingFang SC","Noto Sans SC",
"Microsoft YaHei",sans-serif;color:var(--ink);background:var(--bg)}
main{max-width:760px;margin:0 auto;padding:12px}header h1{font-size:1.3rem;margin:.4rem 0 .1rem}
.meta{color:var(--soft);font-size:.85rem;margin:0 0 .6rem}section{background:var(--card);border:1px solid var(--line);
border-radius:12px;padding:12px 14px;margin:12px 0}h2{font-size:1.05rem;margin:0 0 .6rem}
h3{font-size:.95rem;margin:.2rem 0 .5rem;color:var(--accent)}
.totals{display:grid;grid-template-columns:repeat(auto-fit,minmax(100px,1fr));gap:8px}
.total{border:1px solid var(--line);border-radius:10px;padding:8px 10px}
.total .n{font-size:1.15rem;font-weight:600;white-space:nowrap}
.total .k{color:var(--soft);font-size:.8rem}.total .d{color:var(--soft);font-size:.75rem}
table.compare{width:100%;border-collapse:collapse;margin-top:8px;font-size:.85rem;color:var(--soft)}
table.compare td{padding:2px 4px;border-top:1px solid var(--line)}table.compare td.v{text-align:right}
ol.timeline,ul.latest{list-style:none;margin:0;padding:0}ol.timeline li,ul.latest li{display:flex;gap:10px;
padding:6px 0;border-top:1px solid var(--line)}ol.timeline li:first-child,ul.latest li:first-child{border-top:0}
.when{flex:0 0 3.4rem;color:var(--accent);font-variant-numeric:tabular-nums}.what{flex:1}
.who{color:var(--soft);font-size:.8rem;white-space:nowrap}.tag{font-size:.75rem;color:var(--soft)}
svg.chart{width:100%;height:auto;display:block}svg .grid{stroke:#eef0f4}svg .axis{stroke:#9ca3af}
svg .band{fill:#f9fafb}svg .tick,svg .legend{font-size:11px;fill:#6b7280}svg .label{font-size:12px;fill:#374151}
footer{color:var(--soft);font-size:.8rem;text-align:center;margin:16px 0 24px}
@media (max-width:420px){main{padding:8px}section{padding:10px}.when{flex-basis:3rem}}
"""


def render_page(page: FamilyPage) -> str:
    with amounts.units_shown(page.units):
        return _page(page)


def _page(page: FamilyPage) -> str:
    lang = page_language(page.language)
    names = " & ".join(b.baby.name for b in page.babies) or page_text(lang, "title.family")
    seen = page_text(lang, "viewer", name=page.viewer.name, date=_date(page), time=_hm(page))
    body = [f'<header><h1>{escape(page_text(lang, "title", names=names))}</h1>'
            f'<p class="meta">{escape(seen)}</p></header>']
    for baby in page.babies:
        body.append(_totals(baby, page, lang, len(page.babies) > 1))
    body.append(_timeline(page, lang))
    for baby in page.babies:
        body.append(_rhythm(baby, lang, len(page.babies) > 1))
    for baby in page.babies:
        body.append(_growth(baby, lang, len(page.babies) > 1))
    body.append(_latest(page, lang))
    body.append(f'<footer>{escape(page_text(lang, "read_only"))}</footer>')
    return _document(lang, page_text(lang, "title", names=names), "".join(body))


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


def _totals(baby: BabyPage, page: FamilyPage, lang: str, named: bool) -> str:
    day, feeding, sleep, diapers = baby.today, baby.today.feeding, baby.today.sleep, baby.today.diapers
    cards = [
        _card("milk_ml", lang, "milk", amounts.volume(feeding.milk_ml, language_of(lang)),
              page_text(lang, "times", n=feeding.count), feeding.milk_ml),
        _card("sleep_min", lang, "sleep", _duration(sleep.total_min, lang),
              page_text(lang, "night_nap", night=_short(sleep.night_min, lang), nap=_short(sleep.nap_min, lang)),
              round(sleep.total_min)),
        _card("diapers", lang, "diapers", page_text(lang, "times", n=diapers.count),
              page_text(lang, "wet_solid", wet=diapers.wet, solid=diapers.solid), diapers.count),
    ]
    heading = page_text(lang, "totals", time=_hm(page))
    title = f"<h3>{escape(baby.baby.name)}</h3>" if named else ""
    rows = [_compare_row(lang, "vs_yesterday", baby.comparisons.yesterday),
            _compare_row(lang, "week_average", baby.comparisons.week_average)]
    return (f'<section class="today" data-baby="{escape(baby.baby.name)}" data-date="{day.local_date.isoformat()}">'
            f'<h2>{escape(heading)}</h2>{title}<div class="totals">{"".join(cards)}</div>'
            f'<table class="compare">{"".join(rows)}</table></section>')


def _card(key: str, lang: str, label: str, value: str, detail: str, raw: float) -> str:
    return (f'<div class="total" data-total="{key}" data-value="{_num(raw)}"><div class="k">'
            f'{escape(page_text(lang, label))}</div><div class="n">{escape(value)}</div>'
            f'<div class="d">{escape(detail)}</div></div>')


def _compare_row(lang: str, key: str, metrics: KeyMetrics | None) -> str:
    if metrics is None:
        return ""
    value = f"{amounts.volume(metrics.milk_ml, language_of(lang))} · {_short(metrics.sleep_min, lang)} · " \
            f"{page_text(lang, 'diapers')} {_num(metrics.diaper_count)}"
    return f'<tr><td>{escape(page_text(lang, key))}</td><td class="v">{escape(value)}</td></tr>'


def _timeline(page: FamilyPage, lang: str) -> str:
    items = [_item(e, page, lang, "timeline") for e in page.timeline]
    body = f'<ol class="timeline">{"".join(items)}</ol>' if items else \
        f'<p class="meta">{escape(page_text(lang, "nothing_today"))}</p>'
    return f'<section id="timeline"><h2>{escape(page_text(lang, "timeline"))}</h2>{body}</section>'


def _latest(page: FamilyPage, lang: str) -> str:
    items = [_item(e, page, lang, "latest") for e in page.latest]
    return f'<section id="latest"><h2>{escape(page_text(lang, "latest"))}</h2>' \
           f'<ul class="latest">{"".join(items)}</ul></section>'


def _item(entry: Entry, page: FamilyPage, lang: str, where: str) -> str:
    record, language = entry.record, language_of(lang)
    when = record.fields.get("start") or record.fields.get("time") or record.created_at
    shown = when if where == "timeline" else record.created_at
    text = describe(record.type, record.fields, page.now, language)
    if where == "timeline":
        text = text.rsplit(" @ ", 1)[0]            # the time stands in its own column
    who = page_text(lang, "by", name=entry.author) if entry.author else page_text(lang, "by.none")
    baby = f' <span class="tag">{escape(entry.baby)}</span>' if len(page.babies) > 1 else ""
    return (f'<li data-type="{record.type.value}" data-record="{record.id}"><span class="when">'
            f'{shown.astimezone(page.now.tzinfo):%H:%M}</span><span class="what">{escape(text)}{baby}</span>'
            f'<span class="who">{escape(who)}</span></li>')


def _rhythm(baby: BabyPage, lang: str, named: bool) -> str:
    title = f"<h3>{escape(baby.baby.name)}</h3>" if named else ""
    return f'<section class="rhythm"><h2>{escape(page_text(lang, "rhythm"))}</h2>{title}' \
           f"{rhythm_svg(baby.rhythm, lang)}</section>"


def _growth(baby: BabyPage, lang: str, named: bool) -> str:
    title = f"<h3>{escape(baby.baby.name)}</h3>" if named else ""
    if baby.growth is None:
        return f'<section class="growth"><h2>{escape(page_text(lang, "growth"))}</h2>{title}' \
               f'<p class="meta">{escape(page_text(lang, "growth.none"))}</p></section>'
    day, value = baby.growth.points[-1]
    latest = page_text(lang, "growth.latest", value=amounts.weight(value, language_of(lang)), age=_age(day, lang))
    return (f'<section class="growth"><h2>{escape(page_text(lang, "growth"))}</h2>{title}'
            f'{growth_svg(baby.growth, lang)}<p class="meta">{escape(latest)}</p></section>')


def _age(days: int, lang: str) -> str:
    return page_text(lang, "age.weeks", weeks=days // 7) if days < 91 else \
        page_text(lang, "age.months", months=int(days / 30.4375))


def _duration(minutes: float, lang: str) -> str:
    h, m = divmod(int(round(minutes)), 60)
    if not h:
        return page_text(lang, "minutes", m=m)
    return page_text(lang, "hours", h=h, m=m) if m else page_text(lang, "hours.short", h=h)


def _short(minutes: float, lang: str) -> str:
    """A duration in few characters: 5:50 (hours:minutes)."""
    h, m = divmod(int(round(minutes)), 60)
    return f"{h}:{m:02d}"


def _num(value: float) -> str:
    return str(int(round(value))) if abs(value - round(value)) < 0.05 else f"{value:.1f}"


def _date(page: FamilyPage) -> str:
    return f"{page.now.month}/{page.now.day}"


def _hm(page: FamilyPage) -> str:
    return f"{page.now:%H:%M}"
