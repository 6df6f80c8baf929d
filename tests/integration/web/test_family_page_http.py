"""The family page over HTTP (the real starlette app, in process): who gets in, who gets 403, and
that nothing but a page or a short refusal ever comes back."""
from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import timedelta

import httpx
import pytest
from starlette.applications import Starlette

from bot.web.access import sign_link
from bot.web.links import PageLinks
from bot.web.routes import PageAccess, family_page_routes
from tests.integration.web.family_seed import BOT_TOKEN, LINK_SECRET, NOW, TODAYS_MILK_ML, init_data, seed


@pytest.fixture
async def site(tmp_path) -> AsyncIterator[tuple]:
    family = await seed(tmp_path / "fawn.db")
    access = PageAccess(LINK_SECRET, BOT_TOKEN, timedelta(hours=1), clock=family.clock)
    app = Starlette(routes=family_page_routes(family.pages, access))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://page.test") as client:
        yield client, family
    await family.database.dispose()


def _token(family_id: int, member_id: int, expires=NOW + timedelta(hours=1), secret: bytes = LINK_SECRET) -> str:
    return sign_link(secret, family_id, member_id, expires)


async def test_a_signed_link_shows_the_family_page(site):
    client, family = site
    links = PageLinks(family.pages, "https://fawn.example.org/", LINK_SECRET, clock=family.clock)
    link = await links.link_for("telegram", family.family_id, "1001")
    assert link.startswith(f"https://fawn.example.org/family/{family.family_id}?t=")
    response = await client.get(link.removeprefix("https://fawn.example.org"))
    assert response.status_code == 200 and "小满" in response.text
    assert f'data-total="milk_ml" data-value="{TODAYS_MILK_ML}"' in response.text
    assert response.headers["cache-control"] == "no-store" and response.headers["referrer-policy"] == "no-referrer"
    assert await links.link_for("telegram", family.family_id, "9999") is None


@pytest.mark.parametrize("case", ["forged", "expired", "other_family", "not_a_member", "garbage", "missing",
                                  "non_ascii_mac"])
async def test_a_bad_link_gets_403_and_no_traceback(site, case):
    client, family = site
    signed = _token(family.family_id, family.mom_id)
    token = {"non_ascii_mac": signed[:-2] + "é中",
             "forged": _token(family.family_id, family.mom_id, secret=b"not-our-secret"),
             "expired": _token(family.family_id, family.mom_id, expires=NOW - timedelta(seconds=1)),
             "other_family": _token(family.other_family_id, family.mom_id),
             "not_a_member": _token(family.family_id, 987654),
             "garbage": "1.2.x.%%%", "missing": ""}[case]
    response = await client.get(f"/family/{family.family_id}", params={"t": token})
    assert response.status_code == 403
    assert "Traceback" not in response.text and "小满" not in response.text and "无效或已过期" in response.text


async def test_another_familys_valid_link_does_not_open_this_family(site):
    client, family = site
    theirs = _token(family.other_family_id, family.mom_id + 2)      # Dad of the other family
    assert (await client.get(f"/family/{family.other_family_id}", params={"t": theirs})).status_code == 200
    assert (await client.get(f"/family/{family.family_id}", params={"t": theirs})).status_code == 403


async def test_telegram_init_data_signed_with_the_bot_token_opens_the_page(site):
    client, family = site
    opening = await client.get("/family/telegram")
    assert opening.status_code == 200 and "tgWebAppData" in opening.text
    assert "script-src 'nonce-" in opening.headers["content-security-policy"]
    response = await client.post("/family/telegram", data={"init_data": init_data("1001", NOW)})
    assert response.status_code == 200 and "小满" in response.text and "妈妈 在看" in response.text


@pytest.mark.parametrize("case", ["wrong_token", "tampered", "stale", "stranger", "empty", "non_ascii_hash"])
async def test_bad_init_data_gets_403(site, case):
    client, family = site
    good = init_data("1001", NOW)
    data = {"non_ascii_hash": good.rpartition("hash=")[0] + "hash=%C3%A9" + "0" * 62,
            "wrong_token": init_data("1001", NOW, token="654321:another-bot"),
            "tampered": good.replace("1001", "1002"),
            "stale": init_data("1001", NOW - timedelta(hours=2)),
            "stranger": init_data("5555", NOW),
            "empty": ""}[case]
    response = await client.post("/family/telegram", data={"init_data": data})
    assert response.status_code == 403 and "Traceback" not in response.text


async def test_a_member_of_two_families_chooses_with_start_param(site, tmp_path):
    client, family = site
    response = await client.post("/family/telegram",
                                 data={"init_data": init_data("2001", NOW, start_param=f"f{family.family_id}")})
    assert response.status_code == 403            # Dad is in the other family only
    response = await client.post("/family/telegram",
                                 data={"init_data": init_data("2001", NOW, start_param=f"f{family.other_family_id}")})
    assert response.status_code == 200 and "Leo" in response.text


async def test_an_oversized_form_is_413(site):
    client, _ = site
    response = await client.post("/family/telegram", content=b"init_data=" + b"a" * 10000,
                                 headers={"content-type": "application/x-www-form-urlencoded"})
    assert response.status_code == 413


async def test_the_composition_root_builds_the_page_from_page_config_only_when_it_is_set(tmp_path, monkeypatch):
    from bot.composition import family_page
    from bot.config import load_config
    from storage.engine import Database, sqlite_url

    database = Database.at(sqlite_url(tmp_path / "x.db"))
    assert family_page(load_config(None), database) is None
    monkeypatch.setenv("FAWN_PAGE__BASE_URL", "https://fawn.example.org")
    monkeypatch.setenv("FAWN_PAGE__SECRET", "s" * 32)
    config = load_config(None)
    parts = family_page(config, database)
    assert [r.path for r in parts.routes] == ["/family/telegram", "/family/telegram", "/family/{family_id:int}"]
    assert "s" * 32 not in repr(config)
    await database.dispose()


async def test_a_family_with_nothing_recorded_is_told_what_to_say(site):
    client, family = site
    dad = _token(family.other_family_id, family.mom_id + 2)
    response = await client.get(f"/family/{family.other_family_id}", params={"t": dad})
    assert response.status_code == 200 and 'id="start"' in response.text
    assert "“刚刚喝了90ml配方奶”" in response.text                 # the family's own language and units
    seeded = await client.get(f"/family/{family.family_id}", params={"t": _token(family.family_id, family.mom_id)})
    assert 'id="start"' not in seeded.text


async def test_the_latest_records_are_those_that_happened_last_not_those_written_last(site):
    client, family = site
    page = (await client.get(f"/family/{family.family_id}",
                             params={"t": _token(family.family_id, family.mom_id)})).text
    latest = page[page.index('id="latest"'):]
    times = re.findall(r'data-at="([^"]+)"', latest)
    assert times == sorted(times, reverse=True) and times[0].startswith("2026-05-04T13:20")   # the last nap


async def test_the_page_shows_the_last_30_days_when_asked_and_7_otherwise(site):
    client, family = site
    token = _token(family.family_id, family.mom_id)
    week = (await client.get(f"/family/{family.family_id}", params={"t": token})).text
    month = (await client.get(f"/family/{family.family_id}", params={"t": token, "days": "30"})).text
    odd = (await client.get(f"/family/{family.family_id}", params={"t": token, "days": "9999"})).text
    assert week.count('<g class="day"') == 7 == odd.count('<g class="day"')
    assert month.count('<g class="day"') == 30
    assert f'href="/family/{family.family_id}?t=' in week and "&amp;days=30" in week       # a plain link
