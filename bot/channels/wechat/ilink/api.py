"""An httpx client of the iLink bot API (personal WeChat), as Tencent's openclaw-weixin plugin
documents it (MIT): JSON over HTTP POST, `Authorization: Bearer <bot token>`.

- QR login: `ilink/bot/get_bot_qrcode?bot_type=3` → {qrcode, qrcode_img_content (the link to show)};
  then `ilink/bot/get_qrcode_status?qrcode=…` (long-poll GET) → {status: wait | scaned |
  scaned_but_redirect | expired | confirmed, bot_token, ilink_bot_id, ilink_user_id, baseurl}.
- `ilink/bot/getupdates` {get_updates_buf} → {ret, msgs, get_updates_buf (the next cursor),
  longpolling_timeout_ms}; errcode -14 means the session expired (log in again).
- `ilink/bot/msg/notifystart` / `notifystop` {} → {ret}: the channel starts / stops.
- `ilink/bot/sendmessage` {msg: {to_user_id, client_id, message_type 2, message_state 2,
  item_list [{type 1, text_item {text}}], context_token}}; a non-zero ret is a refusal (-2: the
  conversation's context_token is no longer accepted).
The token is never logged; neither are message texts.
"""
from __future__ import annotations

import base64
import logging
import secrets
import uuid
from typing import Any

import httpx

log = logging.getLogger("fawn.wechat")

DEFAULT_BASE_URL = "https://ilinkai.weixin.qq.com"
BOT_TYPE = "3"
APP_ID = "bot"
CLIENT_VERSION = str((0 << 16) | (1 << 8) | 0)     # 0.1.0 as 0x00MMNNPP
BOT_AGENT = "Fawn/0.1.0"
LONG_POLL_SECONDS = 35.0
REQUEST_SECONDS = 15.0
NOTIFY_SECONDS = 10.0
SESSION_EXPIRED = -14
MESSAGE_TYPE_USER, MESSAGE_TYPE_BOT = 1, 2
ITEM_TEXT, ITEM_IMAGE, ITEM_VOICE = 1, 2, 3
STATE_FINISH = 2


class ILinkError(Exception):
    """The iLink API answered with a non-zero ret / errcode."""

    def __init__(self, what: str, ret: Any, errcode: Any = None, errmsg: Any = None) -> None:
        super().__init__(f"{what}: ret={ret} errcode={errcode} {errmsg or ''}".strip())
        self.ret, self.errcode = ret, errcode

    @property
    def session_expired(self) -> bool:
        return SESSION_EXPIRED in (self.ret, self.errcode)


class ILinkApi:
    def __init__(self, base_url: str = DEFAULT_BASE_URL, token: str | None = None,
                 client: httpx.AsyncClient | None = None) -> None:
        self.base_url = base_url.rstrip("/") + "/"
        self._token = token
        self._client = client or httpx.AsyncClient(timeout=REQUEST_SECONDS)

    def __repr__(self) -> str:
        return f"ILinkApi({self.base_url!r}, token=***)"

    async def aclose(self) -> None:
        await self._client.aclose()

    def use(self, token: str, base_url: str) -> None:
        """Another login's token (and host) from now on: the poller and the sender share this client."""
        self._token, self.base_url = token, base_url.rstrip("/") + "/"

    async def notify(self, what: str) -> None:
        """`notifystart` / `notifystop`: the server keeps each bot's online state from these (openclaw-weixin
        2.1.10+ sends them as its channel starts and stops). Failures are logged and otherwise ignored."""
        try:
            answer = await self._post(f"ilink/bot/msg/notify{what}", {}, f"notify{what}", timeout=NOTIFY_SECONDS)
            if answer.get("ret") not in (None, 0):
                log.warning("notify%s answered ret=%s", what, answer.get("ret"))
        except (httpx.HTTPError, ILinkError, ValueError) as failed:
            log.warning("notify%s failed (ignored): %s", what, _failure(failed))

    async def bot_qrcode(self, local_tokens: list[str] | None = None) -> dict[str, Any]:
        """A new QR code. `local_tokens`: the tokens stored here, so the server can tell that this bot is
        already bound (binded_redirect) instead of opening a second session."""
        return await self._post(f"ilink/bot/get_bot_qrcode?bot_type={BOT_TYPE}",
                                {"local_token_list": list(local_tokens or [])[:10]}, "get_bot_qrcode")

    async def qrcode_status(self, qrcode: str, base_url: str | None = None,
                            verify_code: str | None = None) -> dict[str, Any]:
        """One long poll of the QR code's status. A poll that fails — the long poll running out, a dropped
        connection, a 5xx or a gateway's 524 — is `wait`, as in openclaw-weixin (src/auth/login-qr.ts)."""
        url = (base_url or self.base_url).rstrip("/") + "/ilink/bot/get_qrcode_status"
        params = {"qrcode": qrcode, **({"verify_code": verify_code} if verify_code else {})}
        try:
            response = await self._client.get(url, params=params, headers=_common_headers(),
                                              timeout=LONG_POLL_SECONDS + 5)
            response.raise_for_status()
            return response.json()
        except (httpx.HTTPError, ValueError) as failed:
            log.info("QR status poll failed (%s): waiting", _failure(failed))
            return {"status": "wait"}

    async def get_updates(self, cursor: str, timeout: float = LONG_POLL_SECONDS) -> dict[str, Any]:
        """One long poll; on a client-side timeout, an empty answer that keeps the cursor."""
        try:
            answer = await self._post("ilink/bot/getupdates", {"get_updates_buf": cursor}, "getupdates",
                                      timeout=timeout + 5)
        except httpx.TimeoutException:
            return {"ret": 0, "msgs": [], "get_updates_buf": cursor}
        _check(answer, "getupdates")
        return answer

    async def send_text(self, to_user_id: str, text: str, context_token: str | None) -> str:
        """Send one text message; returns its client id (the only id a sent message has)."""
        client_id = f"fawn-{uuid.uuid4().hex}"
        msg: dict[str, Any] = {"from_user_id": "", "to_user_id": to_user_id, "client_id": client_id,
                               "message_type": MESSAGE_TYPE_BOT, "message_state": STATE_FINISH,
                               "item_list": [{"type": ITEM_TEXT, "text_item": {"text": text}}]}
        if context_token:
            msg["context_token"] = context_token
        _check(await self._post("ilink/bot/sendmessage", {"msg": msg}, "sendmessage"), "sendmessage")
        return client_id

    async def _post(self, endpoint: str, body: dict[str, Any], what: str, timeout: float = REQUEST_SECONDS) -> dict:
        payload = {**body, "base_info": {"channel_version": "fawn-0.1.0", "bot_agent": BOT_AGENT}}
        response = await self._client.post(self.base_url + endpoint, json=payload, headers=self._headers(),
                                           timeout=timeout)
        if response.status_code >= 400:
            raise ILinkError(what, f"HTTP {response.status_code}")
        return response.json() if response.content else {}

    def _headers(self) -> dict[str, str]:
        headers = {**_common_headers(), "AuthorizationType": "ilink_bot_token", "X-WECHAT-UIN": _random_uin()}
        if self._token:
            headers["Authorization"] = f"Bearer {self._token}"
        return headers


def _check(answer: dict[str, Any], what: str) -> None:
    ret, errcode = answer.get("ret"), answer.get("errcode")
    if (ret not in (None, 0)) or (errcode not in (None, 0)):
        raise ILinkError(what, ret, errcode, answer.get("errmsg"))


def _failure(failed: Exception) -> str:
    if isinstance(failed, httpx.HTTPStatusError):
        return f"HTTP {failed.response.status_code}"
    return type(failed).__name__


def _common_headers() -> dict[str, str]:
    return {"iLink-App-Id": APP_ID, "iLink-App-ClientVersion": CLIENT_VERSION}


def _random_uin() -> str:
    """X-WECHAT-UIN: a random uint32, as decimal text, base64-encoded."""
    return base64.b64encode(str(secrets.randbits(32)).encode()).decode()
