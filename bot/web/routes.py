"""The family page's routes, for the composition root to mount beside the messenger webhooks:

    GET  {prefix}/{family_id}?t=TOKEN   a signed link (`/page` in the chat), until it expires; &days=30: the
                                        last 30 days instead of 7 (the page links both, no script needed)
    GET  {prefix}/telegram              the Telegram Mini App's opening page (reads the URL fragment)
    POST {prefix}/telegram              init_data=… (Telegram's signed initData) → the page

A forged, expired or other-family signature, or someone who is not a member, gets 403; a request too
large gets 413; nothing here shows a traceback. Responses are never cached and send no referrer.
"""
from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import parse_qsl, quote

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from bot.clock import Clock, utc_now
from bot.family.page import PERIODS, FamilyPages, Viewer
from bot.web.access import read_link, sign_link, telegram_user
from bot.web.render import render_message, render_mini_app_opening, render_page

log = logging.getLogger(__name__)
MAX_FORM_BYTES = 8192
HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"}
MINI_APP_LINKS_FOR = timedelta(hours=1)     # the 7/30-day links of a page opened as a Mini App
NO_SCRIPT = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"


@dataclass(frozen=True)
class PageAccess:
    """What the page checks a visitor with: the link secret, and the bot token for Mini App initData."""

    link_secret: bytes
    telegram_token: str | None = None
    init_data_max_age: timedelta = timedelta(hours=1)
    clock: Clock = utc_now


def family_page_routes(pages: FamilyPages, access: PageAccess, prefix: str = "/family") -> list[Route]:
    async def by_link(request: Request) -> Response:
        token = request.query_params.get("t", "")
        link = read_link(access.link_secret, token, access.clock())
        if link is None or link.family_id != request.path_params["family_id"]:
            return _forbidden()
        viewer = await pages.viewer(link.family_id, link.member_id)
        return await _page(pages, viewer, _days(request.query_params.get("days")), _links(prefix, viewer, token))

    async def mini_app_opening(_: Request) -> Response:
        nonce = secrets.token_urlsafe(16)
        policy = NO_SCRIPT.replace("form-action 'none'", "form-action 'self'") + f"; script-src 'nonce-{nonce}'"
        return HTMLResponse(render_mini_app_opening(nonce), headers={**HEADERS, "Content-Security-Policy": policy})

    async def mini_app(request: Request) -> Response:
        body = await request.body()
        if len(body) > MAX_FORM_BYTES:
            return HTMLResponse("too large", status_code=413, headers=HEADERS)
        form = dict(parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True))
        user = telegram_user(form.get("init_data", ""), access.telegram_token or "", access.clock(),
                             access.init_data_max_age)
        if user is None:
            return _forbidden()
        viewer = await pages.telegram_viewer(user.user_id, user.start_param)
        token = sign_link(access.link_secret, viewer.family_id, viewer.member_id,
                          access.clock() + MINI_APP_LINKS_FOR) if viewer else ""
        return await _page(pages, viewer, PERIODS[0], _links(prefix, viewer, token))

    return [Route(f"{prefix}/telegram", mini_app_opening, methods=["GET"]),
            Route(f"{prefix}/telegram", mini_app, methods=["POST"]),
            Route(f"{prefix}/{{family_id:int}}", by_link, methods=["GET"])]


async def _page(pages: FamilyPages, viewer: Viewer | None, days: int, links: dict[int, str]) -> Response:
    if viewer is None:
        return _forbidden()
    try:
        page = await pages.page(viewer, days)
        html = render_page(page, links) if page is not None else None
    except Exception:   # a page that cannot be built is a plain 500, logged here, never a traceback in the reply
        log.exception("family page %s failed", viewer.family_id)
        return HTMLResponse(render_message(None, "error"), status_code=500, headers=HEADERS)
    if html is None:
        return _forbidden()
    return HTMLResponse(html, headers={**HEADERS, "Content-Security-Policy": NO_SCRIPT})


def _links(prefix: str, viewer: Viewer | None, token: str) -> dict[int, str]:
    """The page over each period, for the switch: the same signed token, and ?days=N."""
    if viewer is None:
        return {}
    return {days: f"{prefix}/{viewer.family_id}?t={quote(token)}&days={days}" for days in PERIODS}


def _days(said: str | None) -> int:
    """?days=30 → 30; anything else (missing, garbage) is the first period."""
    return int(said) if said and said.isdigit() and int(said) in PERIODS else PERIODS[0]


def _forbidden() -> Response:
    return HTMLResponse(render_message(None, "forbidden"), status_code=403,
                        headers={**HEADERS, "Content-Security-Policy": NO_SCRIPT})
