"""Members and roles: parents manage them; a newcomer is a friend until a parent chooses."""
from __future__ import annotations

from dataclasses import replace

from domain.permissions import Permission, may
from domain.turn import Button, Decision, MemberView, Reply, SetRole, Turn
from domain.vocabulary import ReplyKind, Role

ROLE_CHOICES = (Role.PARENT, Role.CAREGIVER, Role.FRIEND)


def decide_role_change(turn: Turn) -> Decision:
    change = turn.extraction.role_change
    if not may(turn.member.role, Permission.MANAGE):
        return Decision(Reply(ReplyKind.REFUSED, "manage_parent_only"), note="no right: roles")
    member = find_member(turn.members, change.member)
    if member is None:
        return Decision(Reply(ReplyKind.ANSWER, "member_unknown", {"name": change.member}), note="no member")
    return _set(turn, member, Role(change.role), change.title)


def decide_role_press(turn: Turn) -> Decision:
    press = turn.press
    if not may(turn.member.role, Permission.MANAGE):
        return Decision(Reply(ReplyKind.REFUSED, "manage_parent_only"), press_rejected=True, note="no right")
    member = next((m for m in turn.members if m.id == press.member_id), None)
    if member is None or press.value not in {r.value for r in ROLE_CHOICES}:
        return Decision(Reply(ReplyKind.REFUSED, "stale_button"), press_rejected=True, note="stale role button")
    return _set(turn, member, Role(press.value), None)


def _set(turn: Turn, member: MemberView, role: Role, title: str | None) -> Decision:
    last_parent = member.role is Role.PARENT and role is not Role.PARENT and \
        sum(m.role is Role.PARENT for m in turn.members) == 1
    if last_parent:
        return Decision(Reply(ReplyKind.REFUSED, "last_parent"), note="keep one parent")
    reply = Reply(ReplyKind.UPDATED, "role_set", {"name": title or member.title or member.name, "role": role})
    return Decision(reply, (SetRole(member.id, role, title),), note="role set")


def find_member(members: tuple[MemberView, ...], said: str) -> MemberView | None:
    said = said.strip().lstrip("@").lower()
    for member in members:
        if said in {member.name.lower(), (member.title or "").lower()}:
            return member
    return None


def with_newcomer_prompt(turn: Turn, decision: Decision) -> Decision:
    """The first words of someone new: parents get a button per role (they stay a friend until then)."""
    if not turn.newcomer or turn.press is not None:
        return decision
    buttons = tuple(Button(f"role:{turn.member.id}:{role.value}") for role in ROLE_CHOICES)
    prompt = Reply(ReplyKind.ASK, "newcomer", {"name": turn.member.name})
    if decision.reply is None:
        return replace(decision, reply=replace(prompt, buttons=buttons))
    merged = replace(decision.reply, buttons=decision.reply.buttons + buttons,
                     values={**decision.reply.values, "newcomer": turn.member.name})
    return replace(decision, reply=merged)
