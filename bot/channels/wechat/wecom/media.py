"""A file over the WeCom long connection: the temporary-media upload in three steps (aibot_upload_media_init
with the file's name, size, chunk count and MD5 → upload_id; aibot_upload_media_chunk × N, base64, at most
512 KiB each, numbered from 0; aibot_upload_media_finish → media_id), then a `file` message
(aibot_send_msg) to the chat. WeCom takes files of 5 bytes to 20 MB, in at most 100 chunks."""
from __future__ import annotations

import base64
import hashlib
from pathlib import Path
from typing import Any

from bot.channels.wechat.wecom.socket import SEND, WeComSocket

UPLOAD_INIT, UPLOAD_CHUNK, UPLOAD_FINISH = "aibot_upload_media_init", "aibot_upload_media_chunk", \
    "aibot_upload_media_finish"
CHUNK = 512 * 1024
MAX_CHUNKS = 100
SMALLEST = 5


class FileNotSendable(ValueError):
    """A file WeCom would not take (too small or too large): a bug in what was made, not a retry."""


async def upload(socket: WeComSocket, data: bytes, filename: str, kind: str = "file") -> str:
    """The media_id of `data`, uploaded as temporary media (valid three days)."""
    chunks = max(1, -(-len(data) // CHUNK))
    if len(data) < SMALLEST or chunks > MAX_CHUNKS:
        raise FileNotSendable(f"{len(data)} bytes")
    init = await socket.request(UPLOAD_INIT, {"type": kind, "filename": filename, "total_size": len(data),
                                              "total_chunks": chunks, "md5": hashlib.md5(data).hexdigest()})
    upload_id = _body(init).get("upload_id")
    for index in range(chunks):
        part = data[index * CHUNK:(index + 1) * CHUNK]
        await socket.request(UPLOAD_CHUNK, {"upload_id": upload_id, "chunk_index": index,
                                            "base64_data": base64.b64encode(part).decode("ascii")})
    return str(_body(await socket.request(UPLOAD_FINISH, {"upload_id": upload_id}))["media_id"])


async def send_file(socket: WeComSocket, chat_id: str, path: Path) -> str:
    """Upload the file and send it to the chat (a group's chatid or a member's userid); returns the media_id."""
    media_id = await upload(socket, path.read_bytes(), path.name)
    await socket.request(SEND, {"chatid": chat_id, "msgtype": "file", "file": {"media_id": media_id}})
    return media_id


def _body(ack: dict[str, Any]) -> dict[str, Any]:
    return ack.get("body") or {}
