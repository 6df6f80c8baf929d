"""Telegram update dicts as the Bot API sends them, for the fake server's getUpdates."""
from __future__ import annotations

from datetime import datetime
from itertools import count
from typing import Any

from tests.fakes.telegram_api import BOT_USER

MOM = {"id": 111, "is_bot": False, "first_name": "妈妈"}
DAD = {"id": 222, "is_bot": False, "first_name": "爸爸"}
FRIEND = {"id": 333, "is_bot": False, "first_name": "Lin"}
GROUP = {"id": -4001, "type": "group", "title": "宝宝一家"}
SUPERGROUP_ID = -1009994001

_message_ids = count(1)


def next_message_id() -> int:
    return next(_message_ids)


def text_message(text: str, *, sender: dict = MOM, chat: dict = GROUP, at: datetime,
                 message_id: int | None = None, reply_to: dict | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"message_id": message_id or next_message_id(), "date": int(at.timestamp()),
                               "chat": chat, "from": sender, "text": text}
    if text.startswith("/"):
        message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
    if reply_to is not None:
        message["reply_to_message"] = reply_to
    return {"message": message}


def edited_message(original: dict, new_text: str, *, at: datetime) -> dict[str, Any]:
    message = dict(original["message"], text=new_text, edit_date=int(at.timestamp()))
    return {"edited_message": message}


def photo_message(file_id: str, caption: str, *, sender: dict = MOM, chat: dict = GROUP,
                  at: datetime) -> dict[str, Any]:
    sizes = [{"file_id": f"{file_id}-small", "file_unique_id": f"u-{file_id}-small", "width": 90, "height": 90},
             {"file_id": file_id, "file_unique_id": f"u-{file_id}", "width": 1280, "height": 960}]
    return {"message": {"message_id": next_message_id(), "date": int(at.timestamp()), "chat": chat,
                        "from": sender, "photo": sizes, "caption": caption}}


def button_press(data: str, *, pressed: dict, sender: dict = MOM, query_id: str | None = None) -> dict[str, Any]:
    """A callback query on `pressed` (a message dict the bot sent, as the fake returned it)."""
    return {"callback_query": {"id": query_id or f"q{next_message_id()}", "from": sender,
                               "chat_instance": "ci-1", "data": data, "message": pressed}}


def migration_messages(*, old: dict = GROUP, new_id: int = SUPERGROUP_ID, at: datetime) -> list[dict]:
    """The two service messages Telegram sends when a group becomes a supergroup."""
    supergroup = {"id": new_id, "type": "supergroup", "title": old.get("title", "")}
    date = int(at.timestamp())
    return [
        {"message": {"message_id": next_message_id(), "date": date, "chat": old, "from": MOM,
                     "migrate_to_chat_id": new_id}},
        {"message": {"message_id": 1, "date": date, "chat": supergroup, "from": MOM,
                     "migrate_from_chat_id": old["id"]}},
    ]


def bot_membership(old_status: str, new_status: str, *, chat: dict = GROUP, by: dict = MOM,
                   at: datetime) -> dict[str, Any]:
    def member(status: str) -> dict:
        extra = {"until_date": 0} if status == "kicked" else {}
        return {"user": BOT_USER, "status": status, **extra}
    return {"my_chat_member": {"chat": chat, "from": by, "date": int(at.timestamp()),
                               "old_chat_member": member(old_status), "new_chat_member": member(new_status)}}
