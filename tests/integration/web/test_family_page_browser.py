"""The family page in a real browser: Debian's headless Chromium driven by Playwright, against the real
ASGI app served by uvicorn on a free loopback port. Opened as a Telegram Mini App (initData signed here
with a test bot token, carried in the URL fragment as Telegram does) and through a signed link.
Skips only when /usr/bin/chromium is missing (.ci/run installs it)."""
from __future__ import annotations

import asyncio
import os
import shutil
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta
from pathlib import Path
from urllib.parse import quote

import pytest
import uvicorn
from playwright.async_api import BrowserContext, async_playwright
from starlette.applications import Starlette

from bot.push.charts import bundled_cjk_font
from bot.web.access import sign_link
from bot.web.routes import PageAccess, family_page_routes
from tests.integration.web.family_seed import (
    BOT_TOKEN,
    LINK_SECRET,
    NOW,
    TODAYS_MILK_ML,
    TODAYS_SLEEPS,
    init_data,
    seed,
)
from tests.integration.web.twins_seed import EN, ZH, Twins, seed_twins

CHROMIUM = Path("/usr/bin/chromium")
DOCS_IMAGES = "FAWN_DOCS_IMAGES"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
NO_CHROMIUM = "Debian's chromium is not installed (/usr/bin/chromium)"
pytestmark = [pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM),
              pytest.mark.slow]                                              # a real browser


def _listening_socket() -> socket.socket:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    return sock


def _fonts_conf(folder: Path) -> Path:
    """The system fonts plus the project's bundled Noto Sans SC, so Chinese shows in the screenshot."""
    font = bundled_cjk_font()
    extra = f"<dir>{font.parent}</dir>" if font else ""
    conf = folder / "fonts.conf"
    conf.write_text('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
                    f'<include ignore_missing="yes">/etc/fonts/fonts.conf</include>{extra}</fontconfig>')
    return conf


@asynccontextmanager
async def _serving(family) -> AsyncIterator[str]:
    """The page's routes for `family` on a free loopback port, with uvicorn; yields the base URL."""
    access = PageAccess(LINK_SECRET, BOT_TOKEN, timedelta(hours=1), clock=family.clock)
    app = Starlette(routes=family_page_routes(family.pages, access))
    sock = _listening_socket()
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False))
    serving = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        await serving
        sock.close()
        await family.database.dispose()


@pytest.fixture
async def served(tmp_path) -> AsyncIterator[tuple[str, object]]:
    family = await seed(tmp_path / "fawn.db")
    async with _serving(family) as base:
        yield base, family


@pytest.fixture
async def browser(tmp_path) -> AsyncIterator[BrowserContext]:
    async with async_playwright() as playwright:
        context = await playwright.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"), executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 412, "height": 900}, device_scale_factor=2, locale="zh-CN",
            env={**os.environ, "FONTCONFIG_FILE": str(_fonts_conf(tmp_path))})
        try:
            yield context
        finally:
            await context.close()


async def _check_the_page(page) -> None:
    await page.wait_for_selector("section.today")
    assert await page.locator("ol.timeline li[data-type=sleep]").count() == TODAYS_SLEEPS
    timeline = await page.locator("ol.timeline").inner_text()
    assert "05:50" in timeline and "13:20" in timeline
    assert await page.locator("[data-total=milk_ml]").get_attribute("data-value") == str(TODAYS_MILK_ML)
    assert "340ml" in await page.locator("[data-total=milk_ml]").inner_text()
    assert await page.locator("[data-total=diapers]").get_attribute("data-value") == "2"
    today = page.locator("svg.rhythm g.day").last
    assert await today.locator("[data-series=sleep-nap]").count() == 2
    assert await page.locator("svg.growth [data-series=baby]").count() == 5
    assert await page.locator("ul.latest li").first.locator(".who").inner_text() == "奶奶 记录"


async def test_the_mini_app_shows_the_family_page_from_signed_init_data(served, browser, tmp_path):
    base, _ = served
    page = await browser.new_page()
    fragment = f"tgWebAppData={quote(init_data('1001', NOW), safe='')}&tgWebAppVersion=8.0&tgWebAppPlatform=ios"
    await page.goto(f"{base}/family/telegram#{fragment}")
    await _check_the_page(page)
    assert "妈妈 在看" in await page.locator("header").inner_text()
    await page.screenshot(path=str(tmp_path / "family-page-mini-app.png"), full_page=True)
    assert (tmp_path / "family-page-mini-app.png").stat().st_size > 10_000
    if os.environ.get(DOCS_IMAGES):        # FAWN_DOCS_IMAGES=docs/images: the README's screenshot, refreshed
        shutil.copyfile(tmp_path / "family-page-mini-app.png", Path(os.environ[DOCS_IMAGES]) / "family-page.png")


async def test_a_signed_link_opens_the_page_and_bad_ones_get_403(served, browser, tmp_path):
    base, family = served
    page = await browser.new_page()
    good = sign_link(LINK_SECRET, family.family_id, family.mom_id, NOW + timedelta(hours=24))
    response = await page.goto(f"{base}/family/{family.family_id}?t={good}")
    assert response.status == 200
    await _check_the_page(page)
    await page.screenshot(path=str(tmp_path / "family-page-link.png"), full_page=True)

    forged = good[:-4] + ("AAAA" if not good.endswith("AAAA") else "BBBB")
    theirs = sign_link(LINK_SECRET, family.other_family_id, family.mom_id + 2, NOW + timedelta(hours=24))
    for url in (f"{base}/family/{family.family_id}?t={forged}", f"{base}/family/{family.family_id}?t={theirs}"):
        response = await page.goto(url)
        assert response.status == 403
        assert "无效或已过期" in await page.inner_text("body") and "小满" not in await page.inner_text("body")


async def test_the_mini_app_with_forged_init_data_gets_403(served, browser):
    base, _ = served
    page = await browser.new_page()
    forged = init_data("1001", NOW, token="654321:someone-elses-bot")
    async with page.expect_response(lambda r: r.request.method == "POST") as posted:
        await page.goto(f"{base}/family/telegram#tgWebAppData={quote(forged, safe='')}")
    assert (await posted.value).status == 403
    await page.wait_for_load_state()
    assert "无效或已过期" in await page.inner_text("body")


# Every box whose text runs past its edge, every element that leaves its section, every picture's text that
# leaves the picture, and a page wider than the screen: what a parent sees as clipped or overlapping words.
OVERFLOWS = """() => {
  const bad = [];
  const name = el => `${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''} `
                     + `“${(el.textContent || '').trim().slice(0, 40)}”`;
  for (const el of document.querySelectorAll('main *')) {
    if (el.closest('svg')) continue;
    const block = getComputedStyle(el).display !== 'inline';
    if (block && el.scrollWidth > el.clientWidth + 1) bad.push('runs over: ' + name(el));
  }
  for (const section of document.querySelectorAll('main section, main nav')) {
    const box = section.getBoundingClientRect();
    for (const el of section.querySelectorAll('*')) {
      if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
      const r = el.getBoundingClientRect();
      if (r.width && (r.left < box.left - 1 || r.right > box.right + 1)) bad.push('leaves its section: ' + name(el));
    }
  }
  for (const t of document.querySelectorAll('svg text')) {
    const b = t.getBBox(), view = t.ownerSVGElement.viewBox.baseVal;
    if (b.x < view.x - 0.5 || b.x + b.width > view.x + view.width + 0.5) bad.push('leaves the picture: ' + name(t));
  }
  if (document.documentElement.scrollWidth > window.innerWidth) bad.push('the page is wider than the screen');
  return bad;
}"""


@pytest.mark.parametrize("twins", [ZH, EN], ids=["zh", "en"])
async def test_the_twins_page_fits_a_360_px_phone_in_the_familys_words_units_and_clock(tmp_path, browser, twins: Twins):
    family = await seed_twins(tmp_path / "twins.db", twins)
    async with _serving(family) as base:
        page = await browser.new_page()
        await page.set_viewport_size({"width": 360, "height": 800})
        link = sign_link(LINK_SECRET, family.family_id, family.mom_id, twins.now + timedelta(hours=24))
        assert (await page.goto(f"{base}/family/{family.family_id}?t={link}")).status == 200
        assert await page.evaluate(OVERFLOWS) == []
        await _check_the_twins(page, twins, days=7)
        await page.screenshot(path=str(tmp_path / f"twins-{twins.language}-360.png"), full_page=True)
        await page.click("nav.period a[data-days='30']")            # a plain link: no script on the page
        await page.wait_for_selector("nav.period strong[data-days='30']")
        assert await page.evaluate(OVERFLOWS) == []
        await _check_the_twins(page, twins, days=30)
    _keep_screenshot(tmp_path / f"twins-{twins.language}-360.png")


async def _check_the_twins(page, twins: Twins, days: int) -> None:
    assert await page.locator("svg.rhythm").count() == 2                       # a rhythm each
    assert await page.locator("svg.rhythm").first.locator("g.day").count() == days
    assert await page.locator("svg.growth").count() == 6                       # weight, length, head each
    units = {await s.get_attribute("data-unit") for s in await page.locator("svg.growth").all()}
    assert units == ({"lb", "in"} if twins.units else {"kg", "cm"})
    night = page.locator("ol.timeline li[data-type=sleep]").first            # last night began yesterday
    assert ("since yesterday" if twins.units else "昨天起") in await night.locator(".when").inner_text()
    header = await page.locator("header").inner_text()
    assert ("8:30 PM" in header) if twins.units else ("20:30" in header)
    assert "1.25ml" in await page.locator("ol.timeline").inner_text()
    legend = {await e.get_attribute("data-legend") for e in await page.locator("svg.rhythm g.legend-entry").all()}
    assert {"diaper_wet", "diaper_solid", "diaper_mixed"} <= legend


def _keep_screenshot(path: Path) -> None:
    """FAWN_SCREENSHOTS=DIR keeps the 360 px screenshots to look at."""
    if os.environ.get("FAWN_SCREENSHOTS"):
        shutil.copyfile(path, Path(os.environ["FAWN_SCREENSHOTS"]) / path.name)
