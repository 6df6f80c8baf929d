"""Who may do what. The title never grants rights; the role does."""
from __future__ import annotations

from enum import StrEnum

from domain.vocabulary import Role


class Permission(StrEnum):
    CHAT = "chat"                    # chat, ask, query, see summaries
    RECORD = "record"                # start a record, supply, correct a pending one
    CONFIRM = "confirm"              # confirm or cancel a task
    CHANGE_RECORD = "change_record"  # update / delete an existing record
    EDIT_PROFILE = "edit_profile"
    MANAGE = "manage"                # members, roles, settings, export


_MATRIX: dict[Role, frozenset[Permission]] = {
    Role.PARENT: frozenset(Permission),
    Role.CAREGIVER: frozenset({Permission.CHAT, Permission.RECORD, Permission.CONFIRM,
                               Permission.CHANGE_RECORD}),
    Role.FRIEND: frozenset({Permission.CHAT}),
}


def may(role: Role, permission: Permission) -> bool:
    return permission in _MATRIX[role]
