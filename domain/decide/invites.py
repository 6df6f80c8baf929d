"""Family codes: a parent hands one out (/invite, 邀请家人); a new person sends it to the bot in a
private chat (/join CODE, 加入 CODE) and the parents are asked before the join completes: the chat
belongs to no family, and reaches nothing of it, until a parent gives the person a role (admission.py).
Codes are 8 characters of 32 (about 10^12), expire and can be revoked; a code never moves a chat that
already belongs to a family. Wrong codes are counted per sender and per chat: after a few in an hour,
every code is refused unchecked — the right one too — until the hour is over."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum

from domain.permissions import Permission, may
from domain.turn import CreateInvite, Decision, Reply, RevokeInvites, Turn
from domain.vocabulary import ReplyKind

INVITE_LIFETIME = timedelta(hours=72)
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"    # no 0/O, 1/I: read aloud or copied by hand
CODE_LENGTH = 8
WRONG_CODES_PER_WINDOW = 5      # per sender and per chat; then every code is refused unchecked
JOIN_WINDOW = timedelta(hours=1)


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


def join_window(now: datetime) -> datetime:
    """The window wrong codes are counted in: the hour `now` falls in (UTC)."""
    epoch = datetime(1970, 1, 1, tzinfo=UTC)
    return epoch + (now - epoch) // JOIN_WINDOW * JOIN_WINDOW


def codes_refused_unchecked(wrong_so_far: int) -> bool:
    """After this many wrong codes in the window (from the sender, or in the chat), none is checked."""
    return wrong_so_far >= WRONG_CODES_PER_WINDOW


def normal_code(said: str) -> str:
    """A code as stored: upper case, without spaces or dashes (k7q-2mx → K7Q2MX)."""
    return "".join(ch for ch in said.upper() if ch.isalnum())
