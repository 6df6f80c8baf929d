"""A domain reply becomes the common outgoing reply: text in the family's language, buttons with tokens."""
from __future__ import annotations

from datetime import datetime
from pathlib import Path

from bot.protocol import OutgoingButton, OutgoingReply
from bot.turn.callback_data import role_token, task_token, undo_token
from domain.replies.render import button_label, render
from domain.tasks import PendingTask
from domain.turn import Reply
from domain.vocabulary import Language


def outgoing(reply: Reply, lang: Language, now: datetime, task: PendingTask | None,
             written: list[int]) -> OutgoingReply:
    buttons = []
    for button in reply.buttons:
        token = _token(button.action, button.record_id, task, written)
        if token:
            label = button.label or button_label(button.action, lang)
            buttons.append(OutgoingButton(button.action, label, token))
    image = reply.values.get("image")
    return OutgoingReply(kind=reply.kind, text=render(reply, lang, now), buttons=tuple(buttons),
                         image=Path(image) if image else None)


def _token(action: str, record_id: int | None, task: PendingTask | None, written: list[int]) -> str | None:
    if action.startswith("role:"):
        _, member_id, role = action.split(":")
        return role_token(int(member_id), role)
    if action == "undo":
        target = record_id or (written[-1] if written else None)
        return undo_token(target) if target else None
    if task is None or task.id is None or not task.active:
        return None
    return task_token(task.id, task.revision, action)
