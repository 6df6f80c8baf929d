"""Callback crypto for the WeCom AI bot, on wechatpy's WeCom (enterprise) crypto.

Signature = sha1 of the sorted token, timestamp, nonce and ciphertext; the ciphertext is AES-CBC
over random(16) + length + message + ReceiveId, and ReceiveId is "" for an internal AI bot.
wechatpy is synchronous: the async functions run it off the event loop.
"""
from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from wechatpy.enterprise.crypto import PrpCrypto, WeChatCrypto
from wechatpy.exceptions import InvalidSignatureException
from wechatpy.utils import WeChatSigner, to_text

AI_BOT_RECEIVE_ID = ""


class CallbackRejected(Exception):
    """A callback that is not from WeCom (bad signature) or cannot be read: answered with a 4xx."""


class CallbackCrypto:
    def __init__(self, token: str, encoding_aes_key: str, receive_id: str = AI_BOT_RECEIVE_ID) -> None:
        self._crypto = WeChatCrypto(token, encoding_aes_key, receive_id)
        self._token = token
        self._receive_id = receive_id

    def __repr__(self) -> str:
        return "CallbackCrypto(***)"

    def verify_url(self, signature: str, timestamp: str, nonce: str, echostr: str) -> str:
        """The plain echostr of a URL verification (GET), or CallbackRejected."""
        try:
            return self._crypto.check_signature(signature, timestamp, nonce, echostr)
        except InvalidSignatureException:
            raise CallbackRejected("bad signature") from None
        except Exception as exc:       # not base64, not our key, the wrong ReceiveId inside
            raise CallbackRejected(type(exc).__name__) from None

    def decrypt(self, signature: str, timestamp: str, nonce: str, encrypt: str) -> dict[str, Any]:
        """The callback's plain JSON body, or CallbackRejected."""
        try:
            plain = self._crypto.decrypt_message({"Encrypt": encrypt}, signature, timestamp, nonce)
            body = json.loads(plain)
        except InvalidSignatureException:
            raise CallbackRejected("bad signature") from None
        except Exception as exc:
            raise CallbackRejected(type(exc).__name__) from None
        if not isinstance(body, dict):
            raise CallbackRejected("not an object")
        return body

    def encrypt(self, payload: dict[str, Any], nonce: str, timestamp: str | None = None) -> dict[str, Any]:
        """The encrypted passive reply: {"encrypt", "msgsignature", "timestamp", "nonce"}."""
        stamp = timestamp or str(int(time.time()))
        text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
        encrypt = to_text(PrpCrypto(self._crypto.key).encrypt(text, self._receive_id))
        return {"encrypt": encrypt, "msgsignature": signature_of(self._token, stamp, nonce, encrypt),
                "timestamp": int(stamp), "nonce": nonce}

    async def verify_url_async(self, signature: str, timestamp: str, nonce: str, echostr: str) -> str:
        return await asyncio.to_thread(self.verify_url, signature, timestamp, nonce, echostr)

    async def decrypt_async(self, signature: str, timestamp: str, nonce: str, encrypt: str) -> dict[str, Any]:
        return await asyncio.to_thread(self.decrypt, signature, timestamp, nonce, encrypt)

    async def encrypt_async(self, payload: dict[str, Any], nonce: str) -> dict[str, Any]:
        return await asyncio.to_thread(self.encrypt, payload, nonce)


def signature_of(token: str, timestamp: str, nonce: str, encrypt: str) -> str:
    signer = WeChatSigner()
    signer.add_data(token, timestamp, nonce, encrypt)
    return signer.signature
