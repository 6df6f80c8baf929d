"""Asking for a summary or a growth curve in chat brings a real PNG from the data folder."""
from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from PIL import Image

from bot.clock import FrozenClock
from bot.composition import open_fawn
from bot.protocol import FamilySetup, IncomingMessage, MemberSetup
from bot.push.charts import DAYS_KEY, PANELS_KEY, SERIES_KEY
from domain.vocabulary import ReplyKind
from storage.engine import sqlite_url

TZ = ZoneInfo("Asia/Shanghai")
PNG = b"\x89PNG\r\n\x1a\n"


async def _family(tmp_path: Path):
    clock = FrozenClock(datetime(2026, 5, 4, 20, 0, tzinfo=TZ))
    app = await open_fawn(sqlite_url(tmp_path / "f.db"), clock=clock, chart_dir=tmp_path / "charts")
    babies = ({"name": "小满", "birth_date": date(2026, 1, 1), "sex": "female"},)
    family = await app.families.setup_family(FamilySetup("t", "c", babies=babies,
                                                         members=(MemberSetup("mom", "妈妈", "妈妈", "parent"),)))
    return app, clock, family


async def _say(app, clock, text: str, n: int):
    clock.advance(timedelta(minutes=1))
    return await app.chat.handle(IncomingMessage("t", "c", "mom", "妈妈", f"m{n}", clock(), text))


async def test_growth_curve_request_returns_a_png_against_who_lines(tmp_path):
    app, clock, family = await _family(tmp_path)
    await app.families.add_records(family, [
        {"type": "growth", "time": datetime(2026, 2, 1, 10, tzinfo=TZ), "weight_kg": 4.5},
        {"type": "growth", "time": datetime(2026, 4, 1, 10, tzinfo=TZ), "weight_kg": 6.0}])
    result = await _say(app, clock, "看看生长曲线", 1)
    await app.close()
    assert result.kind is ReplyKind.ANSWER and result.reply.image is not None
    assert result.reply.image.parent == tmp_path / "charts"
    assert result.reply.image.read_bytes().startswith(PNG)


async def test_a_summary_on_demand_comes_with_the_week_chart(tmp_path):
    app, clock, _ = await _family(tmp_path)
    await _say(app, clock, "刚刚喝了120ml配方奶", 1)
    result = await _say(app, clock, "今天总结一下", 2)
    await app.close()
    assert result.kind is ReplyKind.ANSWER and "120" in result.reply.text
    assert result.reply.image is not None and result.reply.image.read_bytes().startswith(PNG)


def _chunks(path: Path) -> dict[str, str]:
    with Image.open(path) as image:
        image.load()
        return dict(image.text)


async def _week_of_records(app, family) -> None:
    start = datetime(2026, 4, 28, tzinfo=TZ)
    records = []
    for day in range(7):
        base = start + timedelta(days=day)
        records += [{"type": "feeding", "start": base.replace(hour=h), "kind": "formula", "amount_ml": 120}
                    for h in (2, 6, 10, 14)]
        records += [{"type": "feeding", "start": base.replace(hour=17), "kind": "breast_milk", "amount_ml": 80},
                    {"type": "sleep", "start": base.replace(hour=13), "end": base.replace(hour=14, minute=30)},
                    {"type": "diaper", "time": base.replace(hour=9), "wet": True, "solid": False},
                    {"type": "diaper", "time": base.replace(hour=15), "wet": True, "solid": True}]
        if day < 6:
            records.append({"type": "sleep", "start": base.replace(hour=20),
                            "end": base.replace(hour=6) + timedelta(days=1)})
    await app.families.add_records(family, records)


@pytest.mark.parametrize(("said", "panels"), [
    ("这周睡眠图", {"sleep": ["night", "nap"]}),
    ("喂奶趋势", {"milk": ["formula", "breast_milk"]}),
    ("尿布图表", {"diapers": ["wet", "solid"]}),
    ("这周图表", {"milk": ["formula", "breast_milk"], "sleep": ["night", "nap"], "diapers": ["wet", "solid"]}),
    ("sleep chart this week", {"sleep": ["night", "nap"]}),
    ("show me the feeding trend", {"milk": ["formula", "breast_milk"]}),
])
async def test_a_picture_asked_for_in_chat_is_the_week_with_the_series_asked_for(tmp_path, said, panels):
    app, clock, family = await _family(tmp_path)
    await _week_of_records(app, family)
    result = await _say(app, clock, said, 1)
    await app.close()
    assert result.kind is ReplyKind.ANSWER and result.reply.image is not None
    assert result.reply.image.read_bytes().startswith(PNG)
    chunks = _chunks(result.reply.image)
    assert json.loads(chunks[PANELS_KEY]) == panels
    assert chunks[DAYS_KEY].split(",")[0] == "2026-04-28" and chunks[DAYS_KEY].split(",")[-1] == "2026-05-04"
    assert "4/28" in result.reply.text and "5/4" in result.reply.text


@pytest.mark.parametrize("said", ["作息图", "这周的作息", "rhythm chart"])
async def test_the_rhythm_chart_asked_for_in_chat_shows_the_weeks_sleeps_feeds_and_diapers(tmp_path, said):
    app, clock, family = await _family(tmp_path)
    await _week_of_records(app, family)
    result = await _say(app, clock, said, 1)
    await app.close()
    assert result.kind is ReplyKind.ANSWER and result.reply.image is not None
    chunks = _chunks(result.reply.image)
    assert chunks[SERIES_KEY] == "小满" and len(chunks[DAYS_KEY].split(",")) == 7
    assert set(json.loads(chunks[PANELS_KEY])["rhythm"]) == {"sleep_night", "sleep_nap", "feed", "diaper_wet",
                                                            "diaper_mixed"}
    assert "小满" in result.reply.text


async def test_a_picture_request_writes_nothing_and_opens_no_task(tmp_path):
    app, clock, family = await _family(tmp_path)
    result = await _say(app, clock, "这周睡眠图", 1)
    snapshot = await app.families.snapshot(family)
    await app.close()
    assert result.kind is ReplyKind.ANSWER and not result.written and snapshot.task is None and snapshot.records == []


async def test_twins_asking_for_the_rhythm_chart_get_one_for_each_baby(tmp_path):
    clock = FrozenClock(datetime(2026, 5, 4, 20, 0, tzinfo=TZ))
    app = await open_fawn(sqlite_url(tmp_path / "f.db"), clock=clock, chart_dir=tmp_path / "charts")
    babies = ({"name": "小满", "birth_date": date(2026, 1, 1), "sex": "female"},
              {"name": "小米", "birth_date": date(2026, 1, 1), "sex": "male"})
    family = await app.families.setup_family(FamilySetup("t", "c", babies=babies,
                                                         members=(MemberSetup("mom", "妈妈", "妈妈", "parent"),)))
    await app.families.add_records(family, [
        {"type": "sleep", "baby": "小满", "start": datetime(2026, 5, 4, 9, tzinfo=TZ),
         "end": datetime(2026, 5, 4, 10, tzinfo=TZ)},
        {"type": "feeding", "baby": "小米", "start": datetime(2026, 5, 4, 11, tzinfo=TZ), "kind": "formula",
         "amount_ml": 90}])
    result = await _say(app, clock, "作息图", 1)
    await app.close()
    chunks = _chunks(result.reply.image)
    assert chunks[SERIES_KEY] == "小满,小米"
    assert json.loads(chunks[PANELS_KEY]) == {"小满": ["sleep_nap"], "小米": ["feed"]}
    assert "小满和小米" in result.reply.text
