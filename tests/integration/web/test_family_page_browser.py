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


@pytest.fixture
async def served(tmp_path) -> AsyncIterator[tuple[str, object]]:
    family = await seed(tmp_path / "fawn.db")
    access = PageAccess(LINK_SECRET, BOT_TOKEN, timedelta(hours=1), clock=family.clock)
    app = Starlette(routes=family_page_routes(family.pages, access))
    sock = _listening_socket()
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False))
    serving = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}", family
    finally:
        server.should_exit = True
        await serving
        sock.close()
        await family.database.dispose()


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
