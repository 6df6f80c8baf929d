"""Family codes: a parent hands one out (/invite, 邀请家人); a new person sends it to the bot in a
private chat (/join CODE, 加入 CODE) and that chat joins the family — the person as a friend until a
parent gives a role, exactly as in a group. Codes expire and can be revoked; a code never moves a chat
that already belongs to a family."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from domain.permissions import Permission, may
from domain.turn import CreateInvite, Decision, Reply, RevokeInvites, Turn
from domain.vocabulary import ReplyKind

INVITE_LIFETIME = timedelta(hours=72)
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"    # no 0/O, 1/I: read aloud or copied by hand
CODE_LENGTH = 6


class JoinOutcome(StrEnum):
    JOINED = "joined"
    UNKNOWN = "unknown"          # no such code
    EXPIRED = "expired"
    REVOKED = "revoked"


@dataclass(frozen=True)
class InviteView:
    family_id: int
    expires_at: datetime
    revoked_at: datetime | None = None


def decide_invite(turn: Turn) -> Decision:
    """/invite (a new code) or 取消邀请 (every open code stops working): parents only."""
    if not may(turn.member.role, Permission.MANAGE):
        return Decision(Reply(ReplyKind.REFUSED, "manage_parent_only"), note="no right: invite")
    if turn.extraction.invite == "revoke":
        return Decision(Reply(ReplyKind.UPDATED, "invites_revoked"), (RevokeInvites(),), note="invites revoked")
    if turn.fresh_code is None:
        return Decision(Reply(ReplyKind.ERROR, "invite_unavailable"), note="no code drawn")
    hours = int(INVITE_LIFETIME.total_seconds() // 3600)
    effect = CreateInvite(turn.fresh_code, INVITE_LIFETIME)
    return Decision(Reply(ReplyKind.ANSWER, "invite_created", {"code": turn.fresh_code, "hours": hours}),
                    (effect,), note="invite created")


def join_here(turn: Turn) -> Decision:
    """/join CODE in a chat that already belongs to a family: it stays where it is."""
    return Decision(Reply(ReplyKind.ANSWER, "join_chat_taken"), note="join: chat already in a family")


def join_outcome(invite: InviteView | None, now: datetime) -> JoinOutcome:
    """Whether a code said in a chat of no family links that chat to the code's family."""
    if invite is None:
        return JoinOutcome.UNKNOWN
    if invite.revoked_at is not None and invite.revoked_at <= now:
        return JoinOutcome.REVOKED
    if now >= invite.expires_at:
        return JoinOutcome.EXPIRED
    return JoinOutcome.JOINED


def normal_code(said: str) -> str:
    """A code as stored: upper case, without spaces or dashes (k7q-2mx → K7Q2MX)."""
    return "".join(ch for ch in said.upper() if ch.isalnum())
