"""Who may open the family page: Telegram's initData check and the signed links, as pure functions."""
from __future__ import annotations

import hashlib
import hmac
import json
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qsl

from bot.web.access import read_link, sign_init_data, sign_link, telegram_user

TOKEN = "123456:TEST-token"
NOW = datetime(2026, 5, 4, 8, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)


def fields(**extra: str) -> dict[str, str]:
    return {"user": json.dumps({"id": 42, "first_name": "Lin"}), "auth_date": str(int(NOW.timestamp())),
            "query_id": "AAH", **extra}


def test_init_data_signed_with_the_bot_token_names_its_user_and_start_param():
    user = telegram_user(sign_init_data(fields(start_param="f7"), TOKEN), TOKEN, NOW, HOUR)
    assert user is not None and user.user_id == "42" and user.start_param == "f7"


def test_the_check_follows_telegrams_documented_algorithm_byte_for_byte():
    data = sign_init_data(fields(), TOKEN)
    received = dict(parse_qsl(data))
    check = "\n".join(f"{k}={v}" for k, v in sorted(received.items()) if k != "hash")
    secret = hmac.new(b"WebAppData", TOKEN.encode(), hashlib.sha256).digest()
    assert received["hash"] == hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()


def test_forged_tampered_stale_or_future_init_data_is_refused():
    assert telegram_user(sign_init_data(fields(), "999:other"), TOKEN, NOW, HOUR) is None
    assert telegram_user(sign_init_data(fields(), TOKEN).replace("42", "43"), TOKEN, NOW, HOUR) is None
    assert telegram_user(sign_init_data(fields(), TOKEN), TOKEN, NOW + 2 * HOUR, HOUR) is None
    assert telegram_user(sign_init_data(fields(), TOKEN), TOKEN, NOW - HOUR, HOUR) is None
    assert telegram_user("", TOKEN, NOW, HOUR) is None and telegram_user("hash=zz", TOKEN, NOW, HOUR) is None
    assert telegram_user(sign_init_data(fields(), TOKEN), "", NOW, HOUR) is None


def test_a_link_carries_family_member_and_expiry_and_nothing_else_passes():
    token = sign_link(b"secret", 3, 9, NOW + HOUR)
    link = read_link(b"secret", token, NOW)
    assert (link.family_id, link.member_id, link.expires_at) == (3, 9, NOW + HOUR)
    assert read_link(b"secret", token, NOW + HOUR) is None                       # expired
    assert read_link(b"other", token, NOW) is None                                # not our signature
    assert read_link(b"secret", token.replace("3.", "4.", 1), NOW) is None        # another family
    assert read_link(b"secret", "3.9.x." + token.rsplit(".", 1)[1], NOW) is None
    assert read_link(b"", token, NOW) is None and read_link(b"secret", "", NOW) is None


def test_a_signature_that_is_not_ascii_is_refused_not_an_error():
    token = sign_link(b"s" * 32, 1, 2, NOW + HOUR)
    for mac in ("é" * 43, "中文", "\ud800"):
        assert read_link(b"s" * 32, token.rpartition(".")[0] + "." + mac, NOW) is None
    data = sign_init_data(fields(), TOKEN).rpartition("hash=")[0]
    for given in ("%C3%A9" * 32, "\ud800", "中"):
        assert telegram_user(data + "hash=" + given, TOKEN, NOW, HOUR) is None
    assert telegram_user("user=\ud800&" + data + "hash=00", TOKEN, NOW, HOUR) is None
