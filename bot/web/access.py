"""Who may open the family page: Telegram's signed Mini App `initData`, or a signed link that expires.

Telegram (core.telegram.org/bots/webapps, "Validating data received via the Mini App"): the
data-check-string is every received field except `hash`, sorted by key, as `key=value` joined by
newlines; the secret key is HMAC-SHA256 of the bot token keyed with "WebAppData"; the hash is the
hex HMAC-SHA256 of the data-check-string with that key. `auth_date` older than the limit is refused.

A page link carries a family id, a member id and an expiry, signed with the server's secret:
`<family>.<member>.<expires unix time>.<base64url HMAC-SHA256>`.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qsl, quote

WEB_APP_KEY = b"WebAppData"
LINK_CONTEXT = b"fawn-family-page-link:"
CLOCK_SKEW = timedelta(minutes=5)
MAX_INIT_DATA = 4096
MAX_TOKEN = 200


@dataclass(frozen=True)
class TelegramUser:
    user_id: str
    start_param: str | None
    auth_date: datetime


@dataclass(frozen=True)
class PageLink:
    family_id: int
    member_id: int
    expires_at: datetime


def telegram_user(init_data: str, bot_token: str, now: datetime, max_age: timedelta) -> TelegramUser | None:
    """The user of valid, fresh `initData`; None for anything forged, stale or malformed."""
    if not init_data or len(init_data) > MAX_INIT_DATA or not bot_token:
        return None
    fields = dict(parse_qsl(init_data, keep_blank_values=True, strict_parsing=False))
    given = fields.pop("hash", "")
    check = "\n".join(f"{key}={value}" for key, value in sorted(fields.items()))
    secret = hmac.new(WEB_APP_KEY, bot_token.encode(), hashlib.sha256).digest()
    expected = hmac.new(secret, _bytes(check), hashlib.sha256).hexdigest()
    if not _same(expected, given):
        return None
    try:
        auth_date = datetime.fromtimestamp(int(fields["auth_date"]), UTC)
        user_id = str(int(json.loads(fields["user"])["id"]))
    except (KeyError, ValueError, TypeError, OverflowError, json.JSONDecodeError):
        return None
    if now - auth_date > max_age or auth_date - now > CLOCK_SKEW:
        return None
    return TelegramUser(user_id, fields.get("start_param") or None, auth_date)


def sign_init_data(fields: dict[str, str], bot_token: str) -> str:
    """`initData` as Telegram signs it (for tests and local trials with your own bot token)."""
    check = "\n".join(f"{key}={value}" for key, value in sorted(fields.items()))
    secret = hmac.new(WEB_APP_KEY, bot_token.encode(), hashlib.sha256).digest()
    signed = {**fields, "hash": hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()}
    return "&".join(f"{quote(k, safe='')}={quote(v, safe='')}" for k, v in signed.items())


def sign_link(secret: bytes, family_id: int, member_id: int, expires_at: datetime) -> str:
    payload = f"{family_id}.{member_id}.{int(expires_at.timestamp())}"
    return f"{payload}.{_mac(secret, payload)}"


def read_link(secret: bytes, token: str, now: datetime) -> PageLink | None:
    """The link a token carries when its signature is ours and it has not expired; else None."""
    if not secret or not token or len(token) > MAX_TOKEN:
        return None
    payload, _, mac = token.rpartition(".")
    if not _same(_mac(secret, payload), mac):
        return None
    try:
        family, member, expires = (int(part) for part in payload.split("."))
        expires_at = datetime.fromtimestamp(expires, UTC)
    except (ValueError, OverflowError, OSError):
        return None
    return PageLink(family, member, expires_at) if now < expires_at else None


def _same(expected: str, given: str) -> bool:
    """In constant time; a `given` that is not ASCII is simply not ours (`compare_digest` refuses such a str)."""
    return hmac.compare_digest(_bytes(expected), _bytes(given))


def _bytes(said: str) -> bytes:
    """UTF-8; a lone surrogate (which no signature holds) becomes a replacement, not an error."""
    return said.encode("utf-8", "replace")


def _mac(secret: bytes, payload: str) -> str:
    digest = hmac.new(secret, LINK_CONTEXT + _bytes(payload), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
