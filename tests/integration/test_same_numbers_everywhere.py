"""One US family's day, read four ways — the evening summary's text, the week chart it comes with, the
family page, and the answers to questions in chat — from the same records in the real database: a night
across midnight, mixed diapers, a 1.25 ml dose said as "every 4 to 6 hours", bottles in ounces. Each says
the same numbers, in the family's units and on its clock."""
from __future__ import annotations

import json
import re
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from PIL import Image

from bot.clock import FrozenClock
from bot.composition import assemble
from bot.family.operations import FamilyOperations
from bot.family.page import FamilyPages
from bot.protocol import FamilySetup, IncomingMessage, MemberSetup
from bot.push.charts import DAYS_KEY, UNITS_KEY, VALUES_KEY
from bot.push.summaries import SummaryBuilder
from bot.understanding.extractor import Extractor
from bot.web.render import render_page
from domain.units import OZ_ML
from storage.engine import Database

NEW_YORK = ZoneInfo("America/New_York")
TODAY, YESTERDAY = date(2026, 5, 4), date(2026, 5, 3)
NOW = datetime(2026, 5, 4, 21, 0, tzinfo=NEW_YORK)             # the evening summary
US_UNITS = {"volume": "oz", "weight": "lb", "length": "in", "temperature": "f"}


def at(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=NEW_YORK)


def records() -> list[dict]:
    nights = [{"type": "sleep", "start": at(YESTERDAY - timedelta(days=1), 20, 10), "end": at(YESTERDAY, 6),
               "nap": False},                                             # yesterday's: 9 h 50 min
              {"type": "sleep", "start": at(YESTERDAY, 20, 35), "end": at(TODAY, 5, 50), "nap": False,
               "night_wakings": 1},                                        # last night: 9 h 15 min, today's
              {"type": "sleep", "start": at(TODAY, 13), "end": at(TODAY, 14, 30), "nap": True}]
    feeds = [{"type": "feeding", "start": at(TODAY, hour), "kind": kind, "method": "bottle", "amount_ml": oz * OZ_ML}
             for hour, kind, oz in ((6, "formula", 4), (9, "breast_milk", 4.5), (12, "formula", 5),
                                    (15, "breast_milk", 4.5), (18, "formula", 4.5))]
    feeds += [{"type": "feeding", "start": at(YESTERDAY, hour), "kind": "formula", "method": "bottle",
               "amount_ml": 4 * OZ_ML} for hour in (7, 11, 15, 19)]
    diapers = [{"type": "diaper", "time": at(TODAY, hour), "wet": wet, "solid": solid}
               for hour, wet, solid in ((7, True, False), (10, True, True), (11, False, True), (14, True, False),
                                        (17, True, True), (20, True, False))]
    dose = [{"type": "health", "time": at(TODAY, 9, 5), "kind": "medication", "medication": "Tylenol", "dose": 1.25,
             "dose_unit": "ml", "next_dose_after_h": 4, "next_dose_up_to_h": 6}]
    return nights + feeds + diapers + dose


@pytest.fixture
async def family(database, tmp_path):
    clock = FrozenClock(NOW - timedelta(days=3))
    db = Database(database.engine)
    operations = FamilyOperations(db, clock)
    family_id = await operations.setup_family(FamilySetup(
        "telegram", "-100500", language="en", timezone="America/New_York",
        babies=({"name": "Mia", "birth_date": date(2026, 1, 20), "sex": "female"},),
        members=(MemberSetup("3001", "Kate", "Mom", "parent"),), units=US_UNITS))
    await operations.add_records(family_id, records())
    clock.set(NOW)
    return db, clock, family_id


async def test_the_summary_the_week_chart_and_the_page_say_the_same_numbers(family, tmp_path) -> None:
    db, clock, family_id = family
    async with db.unit_of_work() as uow:
        info = await uow.families.get(family_id)
        reply = await SummaryBuilder(tmp_path / "charts").daily_reply(uow, info, TODAY, as_of=NOW)
    pages = FamilyPages(db, clock)
    viewer = await pages.viewer_by_platform("telegram", family_id, "3001")
    html = render_page(await pages.page(viewer))
    chart = _chart(reply.image)

    # The summary, in ounces, on a 12-hour clock; last night whole (not 5 h 50 min after midnight).
    lines = reply.text.splitlines()
    assert lines[1].startswith("Feeding: 5 feeds, 22.5 oz milk (formula 13.5 oz, breast milk 9 oz;")
    assert lines[2].startswith("Sleep: 10 h 45 min (night 9 h 15 min, 1 nap 1 h 30 min;")
    assert ", longest stretch 9 h 15 min, woke 1x at night" in lines[2]
    assert lines[3] == "Diapers: 6 (wet 5, dirty 3)"        # no diapers on record before today: nothing compared
    assert lines[4] == "Health: 9:05 AM medication Tylenol 1.25ml"
    assert "vs this time yesterday +6.5 oz" in lines[1]                   # yesterday: four bottles of 4 oz

    # The week chart: the same day's bars, in ounces; yesterday's sleep is its own night, whole.
    assert chart["days"][-1] == TODAY.isoformat() and chart["unit"] == "oz"
    milk, sleep, diapers = (chart["values"][p][0] for p in ("milk", "sleep", "diapers"))
    assert milk["total"][-1] == 22.5 and milk["formula"][-1] + milk["breast_milk"][-1] == 22.5
    assert (sleep["night"][-1], sleep["nap"][-1], sleep["total"][-1]) == (9.2, 1.5, 10.8)   # 9 h 15, 1 h 30, 10 h 45
    assert sleep["total"][-2] == round((9 * 60 + 50) / 60, 1)               # 20:10–06:00, never cut at midnight
    assert (diapers["wet"][-1], diapers["solid"][-1], diapers["total"][-1]) == (5, 3, 6)

    # The page: the same numbers, words and clock.
    assert _card(html, "milk_ml") == ["Milk", "22.5 oz", "5×"]
    assert _card(html, "sleep_min") == ["Sleep", "10 h 45 min", "night 9 h 15 min", "naps 1 h 30 min"]
    assert _card(html, "diapers") == ["Diapers", "6×", "wet 5", "dirty 3"]
    today = _row(html, TODAY)
    assert (today["data-milk-ml"], today["data-night-min"], today["data-nap-min"]) == ("665.4", "555", "90")
    assert (today["data-diapers"], today["data-wet"], today["data-solid"]) == ("6", "5", "3")
    assert _row(html, YESTERDAY)["data-sleep-min"] == str(9 * 60 + 50)
    timeline = _text(html, r'<section id="timeline">(.*?)</section>')
    assert "Tylenol 1.25ml (next dose after 4 h; 4–6 h was said, the shorter is kept)" in timeline
    assert "since yesterday" in timeline and "8:35 PM" in timeline and "9:05 AM" in timeline
    shown = _text(html, r"<main>(.*)</main>")                              # what is read, not the data attributes
    assert "20:35" not in shown and "09:05" not in shown


async def test_the_answers_in_chat_say_the_summarys_numbers(family) -> None:
    db, clock, _ = family
    app = assemble(db, Extractor(), clock=clock)

    async def ask(n: int, words: str) -> str:
        result = await app.chat.handle(IncomingMessage("telegram", "-100500", "3001", "Kate", f"q{n}", clock(),
                                                       words, addressed_to_bot=True))
        return result.reply.text

    assert "5 feedings, 22.5 oz in all" in await ask(1, "how much did she drink today?")
    assert await ask(2, "how many diapers today?") == "Today: 6 diapers (5 wet, 3 dirty)."
    assert "9 h 15 min" in await ask(3, "how long did she sleep last night?")     # the summary's night, whole
    assert "Tylenol: last dose 9:05 AM (1.25ml), every 4 h; 4–6 h was said" in await ask(4, "when is the next dose?")


def _chart(path) -> dict:
    with Image.open(path) as image:
        image.load()
        return {"days": image.text[DAYS_KEY].split(","), "unit": image.text[UNITS_KEY],
                "values": json.loads(image.text[VALUES_KEY])}


def _card(html: str, key: str) -> list[str]:
    """A total card's words, in order: its name, its value, its detail lines."""
    card = re.search(rf'<div class="total" data-total="{key}".*?</div></div>', html, re.S)
    assert card is not None, key
    return [w.strip() for w in re.split(r"<[^>]+>", card.group(0)) if w.strip()]


def _row(html: str, day: date) -> dict[str, str]:
    row = re.search(rf'<tr (data-date="{day.isoformat()}"[^>]*)>', html)
    assert row is not None, day
    return dict(re.findall(r'([\w-]+)="([^"]*)"', row.group(1)))


def _text(html: str, pattern: str) -> str:
    found = re.search(pattern, html, re.S)
    assert found is not None, pattern
    return re.sub(r"<[^>]+>", " ", found.group(1)).replace("&amp;", "&")
