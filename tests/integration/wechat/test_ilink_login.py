"""`fawn wechat login` against the loopback iLink fake, through every QR status Tencent's openclaw-weixin
handles (src/auth/login-qr.ts; the pair code and `binded_redirect` arrived in 2.3.1 and 2.4.3, see its
CHANGELOG): the number shown on the phone, too many wrong numbers, gateway errors, an already bound bot."""
from __future__ import annotations

import pytest

from bot.channels.wechat.ilink.api import ILinkApi
from bot.channels.wechat.ilink.login import MAX_QR_CODES, LoginFailed, login
from bot.channels.wechat.ilink.store import Credentials, credentials_path, load_credentials, save_credentials
from tests.fakes.ilink_api import BOT_ID, BOT_TOKEN, FakeILinkApi

CONFIRMED = {"status": "confirmed", "bot_token": BOT_TOKEN, "ilink_bot_id": BOT_ID, "ilink_user_id": "o9mom@im.wechat"}


@pytest.fixture
async def fake_ilink():
    fake = FakeILinkApi()
    await fake.start()
    yield fake
    await fake.stop()


class Typist:
    """The person at the terminal: types the given numbers in turn, and remembers each prompt."""

    def __init__(self, *numbers: str) -> None:
        self.numbers, self.prompts = list(numbers), []

    async def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        return self.numbers.pop(0)


async def run_login(fake, target, typist=None) -> tuple[Credentials, list[str]]:
    said: list[str] = []
    api = ILinkApi(fake.base_url)
    try:
        kwargs = {"ask": typist} if typist else {}
        return await login(api, target, say=said.append, pause=0, **kwargs), said
    finally:
        await api.aclose()


def polls(fake) -> list[dict]:
    return [r.body for r in fake.of("get_qrcode_status")]


async def test_the_number_shown_on_the_phone_is_asked_for_and_sent_back(fake_ilink, tmp_path):
    """need_verifycode → the typed number goes out as verify_code on the next poll; asked again (a wrong
    number) → the new one; `scaned` means it was accepted and the polls go on without it."""
    fake_ilink.qr_statuses = [{"status": "scaned"}, {"status": "need_verifycode"}, {"status": "need_verifycode"},
                              {"status": "scaned"}, {"status": "wait"}, CONFIRMED]
    typist = Typist("12", " 34 ")
    target = credentials_path(tmp_path, "default")
    credentials, said = await run_login(fake_ilink, target, typist)
    codes = [p.get("verify_code") for p in polls(fake_ilink)]
    assert codes == [None, None, "12", "34", None, None]
    assert "手机微信上显示的数字" in typist.prompts[0] and "数字不对" in typist.prompts[1]
    assert credentials.token == BOT_TOKEN and load_credentials(target).user_id == "o9mom@im.wechat"
    assert sum("已扫码" in line for line in said) == 1


async def test_too_many_wrong_numbers_show_a_new_qr_code_and_end_at_the_limit(fake_ilink, tmp_path):
    """verify_code_blocked: said clearly, the typed number forgotten, a new QR code shown; the third
    block (QR codes are limited to three, as in the plugin) ends the login without credentials."""
    fake_ilink.qr_statuses = [{"status": "need_verifycode"}, {"status": "verify_code_blocked"},
                              {"status": "wait"}, {"status": "verify_code_blocked"}, {"status": "verify_code_blocked"}]
    target = credentials_path(tmp_path, "default")
    with pytest.raises(LoginFailed, match="wrong numbers"):
        await run_login(fake_ilink, target, Typist("99"))
    asked = [(p["qrcode"], p.get("verify_code")) for p in polls(fake_ilink)]
    assert asked == [("qr-0001", None), ("qr-0001", "99"), ("qr-0002", None), ("qr-0002", None), ("qr-0003", None)]
    assert len(fake_ilink.of("get_bot_qrcode")) == MAX_QR_CODES and load_credentials(target) is None


async def test_a_blocked_number_is_said_and_a_later_scan_still_logs_in(fake_ilink, tmp_path):
    fake_ilink.qr_statuses = [{"status": "need_verifycode"}, {"status": "verify_code_blocked"}, CONFIRMED]
    credentials, said = await run_login(fake_ilink, credentials_path(tmp_path, "default"), Typist("99"))
    assert credentials.bot_id == BOT_ID
    assert any("输错太多次" in line and "too many wrong numbers" in line for line in said)
    assert any("test2" in line for line in said)                    # the second QR code's link was shown


async def test_gateway_errors_on_the_status_poll_are_waited_out(fake_ilink, tmp_path):
    """A 524 (Cloudflare) or a 502 is 'wait' in the plugin's pollQRStatus, not the end of the login."""
    fake_ilink.qr_statuses = [{"http": 524}, {"http": 502}, {"http": 500}, CONFIRMED]
    credentials, _ = await run_login(fake_ilink, credentials_path(tmp_path, "default"))
    assert credentials.token == BOT_TOKEN and len(polls(fake_ilink)) == 4


async def test_an_already_bound_bot_keeps_the_stored_credentials(fake_ilink, tmp_path):
    """The stored token goes out in local_token_list (as the plugin's fetchQRCode sends its newest ten);
    `binded_redirect` then means those credentials are still good: nothing is rewritten."""
    target = credentials_path(tmp_path, "default")
    stored = Credentials(token="stored-token-1", bot_id=BOT_ID, base_url=fake_ilink.base_url)
    save_credentials(target, stored)
    before = target.read_bytes()
    fake_ilink.qr_statuses = [{"status": "binded_redirect"}]
    credentials, said = await run_login(fake_ilink, target)
    assert credentials == stored and target.read_bytes() == before
    assert fake_ilink.of("get_bot_qrcode")[0].body["local_token_list"] == ["stored-token-1"]
    assert any("已经连着" in line for line in said) and not any("stored-token-1" in line for line in said)


async def test_a_qr_code_that_expires_three_times_ends_the_login(fake_ilink, tmp_path):
    fake_ilink.qr_statuses = [{"status": "expired"}] * 3
    with pytest.raises(LoginFailed, match="expired"):
        await run_login(fake_ilink, credentials_path(tmp_path, "default"))
    assert len(fake_ilink.of("get_bot_qrcode")) == MAX_QR_CODES


async def test_a_pair_code_asked_where_nobody_can_type_fails_clearly(fake_ilink, tmp_path):
    fake_ilink.qr_statuses = [{"status": "need_verifycode"}]
    api = ILinkApi(fake_ilink.base_url)
    try:
        with pytest.raises(LoginFailed, match="number shown on the phone"):
            await login(api, credentials_path(tmp_path, "default"), say=lambda _: None, pause=0)
    finally:
        await api.aclose()
