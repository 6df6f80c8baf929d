"""A parent's answer to a join request: a role lets the chat in (the person gets that role; someone the
family knows already keeps theirs), "no" sends it away. Until then the chat that sent the right family code
belongs to no family. Parents only; a request already answered, or of another family, is a stale button."""
from __future__ import annotations

from domain.permissions import Permission, may
from domain.turn import AdmitJoin, Decision, DeclineJoin, Reply, Turn
from domain.vocabulary import ReplyKind, Role

DECLINE = "no"
ADMISSION_CHOICES = (Role.PARENT, Role.CAREGIVER, Role.FRIEND)


def decide_admission(turn: Turn) -> Decision:
    press, request = turn.press, turn.join_request
    if not may(turn.member.role, Permission.MANAGE):
        return Decision(Reply(ReplyKind.REFUSED, "manage_parent_only"), press_rejected=True, note="no right: join")
    if request is None or press.value not in {DECLINE, *(r.value for r in ADMISSION_CHOICES)}:
        return Decision(Reply(ReplyKind.REFUSED, "stale_button"), press_rejected=True, note="join already answered")
    if press.value == DECLINE:
        return Decision(Reply(ReplyKind.UPDATED, "join_declined", {"name": request.name}),
                        (DeclineJoin(request.id),), note="join declined")
    role = request.role or Role(press.value)        # someone the family knows keeps the role they have
    return Decision(Reply(ReplyKind.UPDATED, "join_admitted", {"name": request.name, "role": role}),
                    (AdmitJoin(request.id, role),), note="join admitted")
