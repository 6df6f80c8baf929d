"""Button callback data: names the task (and its revision) or the record, and the action.

Never the content. At most 64 bytes (Telegram's limit): `t<task>.<rev>.<action>[.<value>]`
for task buttons, `u<record>` for undo, `m<member>.<role>` for a role, `j<request>.<role|no>` for a
parent's answer to a join request.
"""
from __future__ import annotations

import re

from domain.decide.set_aside import RESTORE, is_restore
from domain.turn import Press

MAX_BYTES = 64
MAX_ID = 2**31 - 1
"""The largest id a table holds (PostgreSQL's integer): a token naming more names nothing of ours."""
_TASK = re.compile(r"^t(\d{1,12})\.(\d{1,9})\.(confirm|cancel|choose)(?:\.([a-z0-9_]{1,24}))?$")
_UNDO = re.compile(r"^u(\d{1,12})$")
_ROLE = re.compile(r"^m(\d{1,12})\.(parent|caregiver|friend)$")
_ADMIT = re.compile(r"^j(\d{1,12})\.(parent|caregiver|friend|no)$")


def task_token(task_id: int, revision: int, action: str) -> str:
    name, _, value = action.partition(":")
    token = f"t{task_id}.{revision}.{name}" + (f".{value}" if value else "")
    return _checked(token)


def role_token(member_id: int, role: str) -> str:
    return _checked(f"m{member_id}.{role}")


def admission_token(request_id: int, answer: str) -> str:
    return _checked(f"j{request_id}.{answer}")


def undo_token(record_id: int) -> str:
    return _checked(f"u{record_id}")


def _checked(token: str) -> str:
    if len(token.encode()) > MAX_BYTES:
        raise ValueError("callback data over 64 bytes")
    return token


def decode(token: str) -> Press | None:
    """The press a token names, or None for anything forged or malformed (an id beyond MAX_ID too)."""
    press = _decoded(token) if len(token.encode()) <= MAX_BYTES else None
    if press is None:
        return None
    restored = int(press.value[len(RESTORE):]) if is_restore(press.value) else None   # "bring it back": a task
    ids = (press.task_id, press.revision, press.record_id, press.member_id, press.join_id, restored)
    return press if all(n is None or n <= MAX_ID for n in ids) else None


def _decoded(token: str) -> Press | None:
    if m := _TASK.match(token):
        return Press(action=m.group(3), task_id=int(m.group(1)), revision=int(m.group(2)), value=m.group(4))
    if m := _ROLE.match(token):
        return Press(action="role", member_id=int(m.group(1)), value=m.group(2))
    if m := _ADMIT.match(token):
        return Press(action="admit", join_id=int(m.group(1)), value=m.group(2))
    if m := _UNDO.match(token):
        return Press(action="undo", record_id=int(m.group(1)))
    return None
