"""Families, their members and their babies: who is who, and the family's settings."""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from datetime import date, datetime, time
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import Row, and_, bindparam, exists, func, or_, update
from sqlalchemy import select as core_select
from sqlmodel import select

from domain.chats import ChatView
from domain.decide.settings import answered
from domain.limits import known_zone
from domain.turn import BabyView
from domain.units import DisplayUnits, default_clock, display_units
from domain.vocabulary import Language
from storage.prepared import Prepared
from storage.repositories.base import Repository
from storage.repositories.tasks import TASK_FIELDS, active_or_last
from storage.tables import AgentTask, Baby, Family, FamilyChat, FamilyInvite, Member, OutboxItem

log = logging.getLogger(__name__)
DEFAULT_SUMMARY_TIME = time(21)
DEFAULT_ZONE = "Asia/Shanghai"
LANGUAGES = frozenset(language.value for language in Language)
# the settings names of the domain → the keys of Family.settings["reminders"]
REMINDER_SETTINGS = {"medication_reminder": "medication", "no_feeding_hours": "no_feeding_hours",
                     "open_sleep_hours": "open_sleep_hours"}
JSON_SETTINGS = ("push_to",)       # kept in Family.settings itself
# the display-unit settings of the domain → the keys of Family.settings["units"]
UNIT_SETTINGS = {"volume_unit": "volume", "weight_unit": "weight", "length_unit": "length",
                 "temperature_unit": "temperature", "clock": "clock"}


@dataclass(frozen=True)
class FamilyInfo:
    """A family as the application sees it: its zone, language and settings (its chats: `ChatView`)."""

    id: int
    timezone: str
    language: str
    summary_time: str
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def units(self) -> DisplayUnits:
        """The units the family reads amounts in (metric for what it has not chosen), and its clock (by its
        language and zone until chosen)."""
        return display_units(self.settings.get("units"), default_clock(self.language, self.timezone))

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    @property
    def summary_clock_time(self) -> time:
        return summary_clock(self.summary_time)


def summary_clock(stored: str | None) -> time:
    """A stored "HH:MM"; 21:00 when it cannot be read (one bad row must not stop every family's jobs
    from being built)."""
    try:
        hour, minute = (int(part) for part in stored.split(":"))
        return time(hour, minute)
    except (ValueError, AttributeError):
        return DEFAULT_SUMMARY_TIME


def readable_zone(stored: str | None) -> str:
    """A stored zone the IANA database does not know reads as the default zone (see `family_info`)."""
    return stored if stored and known_zone(stored) else DEFAULT_ZONE


Slot = tuple[str, str]
"""(zone, "HH:MM") as the summaries read it: the families whose summary is due at the same moment."""


@dataclass(frozen=True)
class Reached:
    """Where a message came from: its chat, the chat's family, how many chats reach that family, and the
    family's members, babies, active and last task (a chat turn needs them all, so they come in the same
    read; `TaskRepository.from_first_read` makes the tasks)."""

    chat: ChatView
    family: FamilyInfo
    chats: int
    members: list[MemberInfo] = field(default_factory=list)
    babies: list[BabyView] = field(default_factory=list)
    tasks: list[dict[str, Any]] = field(default_factory=list)   # the active and the last task, as JSON rows


@dataclass(frozen=True)
class InviteInfo:
    family_id: int
    code: str
    expires_at: datetime
    revoked_at: datetime | None


@dataclass(frozen=True)
class MemberInfo:
    id: int
    platform_user_id: str
    display_name: str
    title: str | None
    role: str


def family_info(row: Family | Row) -> FamilyInfo:
    """A stored zone the IANA database does not know (written before the domain's door checked zones, e.g.
    'Asia/Beijing') is read as the default zone, so one bad row cannot stop the family's turns or the
    start-up of every family's summary job; a parent can set the right one in chat."""
    zone = readable_zone(row.timezone)
    if row.timezone and zone != row.timezone:
        log.warning("family %s has an unknown timezone stored; %s is used", row.id, DEFAULT_ZONE)
    return FamilyInfo(row.id, zone, row.language if row.language in LANGUAGES else Language.ZH.value,
                      row.summary_time or "21:00", dict(row.settings or {}))


def chat_info(row: FamilyChat | Row) -> ChatView:
    return ChatView(row.family_id, row.platform, row.chat_id, row.kind, row.member_id)


def member_info(row: Member | Row) -> MemberInfo:
    return MemberInfo(row.id, row.platform_user_id, row.display_name, row.title, row.role)


def baby_view(row: Baby | Row) -> BabyView:
    return BabyView(row.id, row.name, tuple(row.nicknames), row.birth_date, row.sex, row.birth_weight_kg,
                    row.birth_height_cm)


_FAMILIES, _CHATS, _MEMBERS, _BABIES = (Family.__table__, FamilyChat.__table__, Member.__table__,
                                         Baby.__table__)
_CHAT = Prepared(core_select(_CHATS).where(_CHATS.c.platform == bindparam("platform"),
                                           _CHATS.c.chat_id == bindparam("chat")))
_OTHER_CHATS = _CHATS.alias("reaching")
_CHAT_COUNT = (core_select(func.count()).select_from(_OTHER_CHATS)
               .where(_OTHER_CHATS.c.family_id == _FAMILIES.c.id).scalar_subquery().label("chat_count"))
_CHAT_AND_FAMILY = (core_select(_CHATS.c.family_id, _CHATS.c.platform, _CHATS.c.chat_id, _CHATS.c.kind,
                                _CHATS.c.member_id, _FAMILIES.c.id, _FAMILIES.c.timezone, _FAMILIES.c.language,
                                _FAMILIES.c.summary_time, _FAMILIES.c.settings, _CHAT_COUNT)
                    .join(_FAMILIES, _FAMILIES.c.id == _CHATS.c.family_id)
                    .where(_CHATS.c.platform == bindparam("platform"), _CHATS.c.chat_id == bindparam("chat")))


_JSON_COLUMNS = ("nicknames", "slots", "missing")     # kept as JSON text on SQLite: nested, not quoted


def _family_json(dialect: str, table, columns: tuple[str, ...], *where):
    """One scalar subquery: the family's rows of `table` as a JSON array of objects (`columns` each)."""
    def value(name: str):
        column = table.c[name]
        return func.json(column) if dialect == "sqlite" and name in _JSON_COLUMNS else column

    pairs = [part for name in columns for part in (name, value(name))]
    obj, agg = (func.json_object, func.json_group_array) if dialect == "sqlite" else \
        (func.json_build_object, func.json_agg)
    return (core_select(agg(obj(*pairs))).where(table.c.family_id == _FAMILIES.c.id, *where).scalar_subquery())


_MEMBER_FIELDS = ("id", "platform_user_id", "display_name", "title", "role")
_BABY_FIELDS = ("id", "name", "nicknames", "birth_date", "sex", "birth_weight_kg", "birth_height_cm")
_TASKS = AgentTask.__table__
_CHAT_AND_EVERYONE = {dialect: Prepared(_CHAT_AND_FAMILY.add_columns(
    _family_json(dialect, _MEMBERS, _MEMBER_FIELDS).label("members_json"),
    _family_json(dialect, _BABIES, _BABY_FIELDS).label("babies_json"),
    _family_json(dialect, _TASKS, TASK_FIELDS, active_or_last(_FAMILIES.c.id)).label("tasks_json")))
    for dialect in ("sqlite", "postgresql")}


def _json_rows(value: Any) -> list[dict[str, Any]]:
    rows = json.loads(value) if isinstance(value, str | bytes) else (value or [])
    return sorted(rows, key=lambda r: r["id"])


def _baby_from_json(row: dict[str, Any]) -> BabyView:
    born = row["birth_date"]
    return BabyView(row["id"], row["name"], tuple(row["nicknames"] or ()),
                    date.fromisoformat(born[:10]) if born else None, row["sex"], row["birth_weight_kg"],
                    row["birth_height_cm"])


_STORED_SLOTS = Prepared(core_select(_FAMILIES.c.timezone, _FAMILIES.c.summary_time).distinct())


def _same(column, value):
    return column.is_(None) if value is None else column == value


_FAMILY_CHATS = Prepared(core_select(_CHATS).where(_CHATS.c.family_id == bindparam("family")).order_by(_CHATS.c.id))
_FAMILY = Prepared(core_select(_FAMILIES).where(_FAMILIES.c.id == bindparam("family")))
_FAMILY_MEMBERS = Prepared(core_select(_MEMBERS).where(_MEMBERS.c.family_id == bindparam("family"))
                           .order_by(_MEMBERS.c.id))
_MEMBER = Prepared(core_select(_MEMBERS).where(_MEMBERS.c.family_id == bindparam("family"),
                                      _MEMBERS.c.platform_user_id == bindparam("user")))
_FAMILY_BABIES = Prepared(core_select(_BABIES).where(_BABIES.c.family_id == bindparam("family")).order_by(_BABIES.c.id))


class FamilyRepository(Repository):
    async def by_chat(self, platform: str, chat_id: str) -> FamilyInfo | None:
        chat = await self.chat(platform, chat_id)
        return await self.get(chat.family_id) if chat else None

    async def chat(self, platform: str, chat_id: str) -> ChatView | None:
        row = await self.row(_CHAT, {"platform": platform, "chat": chat_id})
        return chat_info(row) if row else None

    async def chat_and_family(self, platform: str, chat_id: str) -> Reached | None:
        """The chat, the family it reaches, how many chats reach it, its members, its babies and its active
        and last task, in one read (a chat turn's first)."""
        statement = _CHAT_AND_EVERYONE[self.session.bind.dialect.name]
        row = await self.row(statement, {"platform": platform, "chat": chat_id})
        if row is None:
            return None
        members = [MemberInfo(m["id"], m["platform_user_id"], m["display_name"], m["title"], m["role"])
                   for m in _json_rows(row.members_json)]
        return Reached(chat_info(row), family_info(row), row.chat_count, members,
                       [_baby_from_json(b) for b in _json_rows(row.babies_json)], _json_rows(row.tasks_json))

    async def chats(self, family_id: int) -> list[ChatView]:
        return [chat_info(row) for row in await self.rows(_FAMILY_CHATS, {"family": family_id})]

    async def reached_on(self, platform: str) -> list[FamilyInfo]:
        """The families with at least one chat on `platform`."""
        on = select(FamilyChat.family_id).where(FamilyChat.platform == platform)
        q = select(Family).where(Family.id.in_(on)).order_by(Family.id)
        return [family_info(row) for row in (await self.session.exec(q)).all()]

    async def link_chat(self, family_id: int, platform: str, chat_id: str, kind: str, now: datetime,
                        member_id: int | None = None) -> None:
        """A chat the family is reached from; a chat of another family loses on the unique key (`Conflict`)."""
        self.session.add(FamilyChat(family_id=family_id, platform=platform, chat_id=chat_id, kind=kind,
                                    member_id=member_id, linked_at=now))
        await self.flush()

    async def own_chat(self, platform: str, chat_id: str, member_id: int) -> None:
        """The chat is this member's one-to-one chat (a private chat a family was set up in)."""
        await self.session.exec(update(FamilyChat).where(
            FamilyChat.platform == platform, FamilyChat.chat_id == chat_id).values(member_id=member_id))

    async def add_invite(self, family_id: int, code: str, by: int | None, now: datetime,
                         expires_at: datetime) -> None:
        self.session.add(FamilyInvite(family_id=family_id, code=code, created_by=by, created_at=now,
                                      expires_at=expires_at))
        await self.flush()

    async def invite(self, code: str) -> InviteInfo | None:
        row = (await self.session.exec(select(FamilyInvite).where(FamilyInvite.code == code))).first()
        return InviteInfo(row.family_id, row.code, row.expires_at, row.revoked_at) if row else None

    async def revoke_invites(self, family_id: int, now: datetime) -> int:
        """Every code of the family still open stops working; returns how many."""
        result = await self.session.exec(update(FamilyInvite).where(
            FamilyInvite.family_id == family_id, FamilyInvite.revoked_at.is_(None),
            FamilyInvite.expires_at > now).values(revoked_at=now))
        return result.rowcount

    async def get(self, family_id: int) -> FamilyInfo | None:
        row = await self.row(_FAMILY, {"family": family_id})
        return family_info(row) if row else None

    async def all(self, family_ids: list[int] | None = None) -> list[FamilyInfo]:
        q = select(Family).order_by(Family.id)
        if family_ids is not None:
            q = q.where(Family.id.in_(family_ids))
        return [family_info(row) for row in (await self.session.exec(q)).all()]

    async def summary_slots(self) -> dict[Slot, list[tuple[str, str]]]:
        """When some family's summary is due, read from the families now: each slot, with the stored
        (timezone, summary_time) pairs that read as it (one distinct read over the families)."""
        slots: dict[Slot, list[tuple[str, str]]] = {}
        for zone, at in await self.rows(_STORED_SLOTS):
            slot = (readable_zone(zone), summary_clock(at).strftime("%H:%M"))
            slots.setdefault(slot, []).append((zone, at))
        return slots

    async def ids_stored_at(self, stored: list[tuple[str, str]]) -> list[int]:
        """The families whose stored (timezone, summary_time) is one of `stored`, by id."""
        if not stored:
            return []
        q = core_select(_FAMILIES.c.id).where(or_(*(and_(_same(_FAMILIES.c.timezone, zone),
                                                         _same(_FAMILIES.c.summary_time, at))
                                                    for zone, at in stored))).order_by(_FAMILIES.c.id)
        return [row.id for row in await self.rows(q)]

    async def create(self, *, platform: str, chat_id: str, chat_kind: str, timezone: str, language: str,
                     now: datetime) -> int:
        """A new family, reached from the chat it was set up in."""
        row = Family(timezone=timezone, language=language, created_at=now)
        self.session.add(row)
        await self.flush()
        await self.link_chat(row.id, platform, chat_id, chat_kind, now)
        return row.id

    async def members(self, family_id: int) -> list[MemberInfo]:
        return [member_info(row) for row in await self.rows(_FAMILY_MEMBERS, {"family": family_id})]

    async def member(self, family_id: int, platform_user_id: str) -> MemberInfo | None:
        row = await self.row(_MEMBER, {"family": family_id, "user": platform_user_id})
        return member_info(row) if row else None

    async def member_by_id(self, family_id: int, member_id: int) -> MemberInfo | None:
        """The member, when they belong to this family (a signed link names both)."""
        row = await self.session.get(Member, member_id)
        return member_info(row) if row is not None and row.family_id == family_id else None

    async def memberships(self, platform: str, platform_user_id: str) -> list[tuple[FamilyInfo, MemberInfo]]:
        """The families reached on a platform that know this person, with who they are in each."""
        on_platform = exists(select(FamilyChat.id).where(FamilyChat.family_id == Family.id,
                                                         FamilyChat.platform == platform))
        q = (select(Family, Member).join(Member, Member.family_id == Family.id)
             .where(on_platform, Member.platform_user_id == platform_user_id).order_by(Family.id))
        return [(family_info(f), member_info(m)) for f, m in (await self.session.exec(q)).all()]

    async def add_member(self, family_id: int, platform_user_id: str, name: str, role: str, now: datetime,
                         title: str | None = None) -> MemberInfo:
        row = Member(family_id=family_id, platform_user_id=platform_user_id, display_name=name[:128],
                     title=title, role=role, created_at=now)
        self.session.add(row)
        await self.flush()
        return member_info(row)

    async def set_role(self, member_id: int, role: str, title: str | None) -> dict[str, Any]:
        """Give a member a role (and a title when one is said); returns what it was before."""
        row = await self.session.get(Member, member_id)
        before = {"role": row.role, "title": row.title}
        row.role = role
        if title:
            row.title = title
        self.session.add(row)
        return before

    async def babies(self, family_id: int) -> list[BabyView]:
        return [baby_view(row) for row in await self.rows(_FAMILY_BABIES, {"family": family_id})]

    async def babies_of(self, family_ids: list[int]) -> dict[int, list[BabyView]]:
        """Family id → its babies, for many families in one read (the evening's summaries)."""
        q = core_select(_BABIES).where(_BABIES.c.family_id.in_(family_ids)).order_by(_BABIES.c.id)
        found: dict[int, list[BabyView]] = {family_id: [] for family_id in family_ids}
        for row in await self.rows(q):
            found[row.family_id].append(baby_view(row))
        return found

    async def add_baby(self, family_id: int, spec: dict[str, Any]) -> int:
        birth = spec.get("birth_date")
        if isinstance(birth, str):
            birth = date.fromisoformat(birth)
        row = Baby(family_id=family_id, name=spec["name"], nicknames=list(spec.get("nicknames") or []),
                   birth_date=birth, sex=spec.get("sex"), birth_weight_kg=spec.get("birth_weight_kg"),
                   birth_height_cm=spec.get("birth_height_cm"))
        self.session.add(row)
        await self.flush()
        return row.id

    async def update_profile(self, baby_id: int, fields: dict[str, Any]) -> None:
        row = await self.session.get(Baby, baby_id)
        for key, value in fields.items():
            if key == "nickname":
                row.nicknames = sorted({*row.nicknames, value})
            else:
                setattr(row, key, value)
        self.session.add(row)

    async def set_asks(self, family_id: int, asks: tuple[str, ...]) -> None:
        """What set-up asked the family (language, timezone, units), kept until answered."""
        row = await self.session.get(Family, family_id)
        row.settings = {**dict(row.settings or {}), "ask": list(asks)}
        self.session.add(row)

    async def update_settings(self, family_id: int, changes: dict[str, Any]) -> dict[str, Any]:
        """Apply settings (columns, or reminder switches kept in the settings JSON); returns the values before."""
        row = await self.session.get(Family, family_id)
        settings, reminders = dict(row.settings), dict(row.settings.get("reminders") or {})
        units = dict(row.settings.get("units") or {})
        before = {k: reminders.get(REMINDER_SETTINGS[k]) if k in REMINDER_SETTINGS else
                  units.get(UNIT_SETTINGS[k]) if k in UNIT_SETTINGS else
                  settings.get(k) if k in JSON_SETTINGS else getattr(row, k, None) for k in changes}
        for key, value in changes.items():
            if key in UNIT_SETTINGS:
                units[UNIT_SETTINGS[key]] = value
                settings["units"] = units
            elif key in REMINDER_SETTINGS:
                reminders[REMINDER_SETTINGS[key]] = value or None
            elif key in JSON_SETTINGS:
                settings[key] = value
            else:
                setattr(row, key, value)
        settings["ask"] = [a for a in settings.get("ask") or [] if a not in answered(changes)]   # a guessed unit too
        row.settings = {**settings, "reminders": reminders}   # a new dict: JSON columns see the change
        self.session.add(row)
        return before

    async def restore_settings(self, family_id: int, restored: dict[str, Any]) -> dict[str, Any]:
        """A restored family's settings: `timezone`, `language`, `summary_time` and the settings JSON, each
        replacing the family's when given; returns the values before."""
        row = await self.session.get(Family, family_id)
        before = {k: getattr(row, k) for k in ("timezone", "language", "summary_time", "settings")}
        for key in ("timezone", "language", "summary_time"):
            if key in restored:
                setattr(row, key, restored[key])
        if "settings" in restored:
            row.settings = {**row.settings, **restored["settings"]}    # a new dict: JSON columns see the change
        self.session.add(row)
        return before

    async def make_group(self, platform: str, chat_id: str) -> bool:
        """The chat is a group of the family from now on (the terminal chat, a one-to-one chat before);
        True when it was not one."""
        changed = await self.session.exec(update(FamilyChat).where(
            FamilyChat.platform == platform, FamilyChat.chat_id == chat_id, FamilyChat.kind != "group")
            .values(kind="group", member_id=None))
        return changed.rowcount == 1

    async def move_chat(self, platform: str, old_chat_id: str, new_chat_id: str) -> bool:
        """Move a family (and its unsent outbox items) to the chat's new id. Idempotent."""
        taken = await self.session.scalar(select(FamilyChat.id).where(
            FamilyChat.platform == platform, FamilyChat.chat_id == new_chat_id))
        if taken is not None:
            return False
        moved = await self.session.exec(update(FamilyChat).where(
            FamilyChat.platform == platform, FamilyChat.chat_id == old_chat_id).values(chat_id=new_chat_id))
        await self.session.exec(update(OutboxItem).where(
            OutboxItem.platform == platform, OutboxItem.chat_id == old_chat_id,
            OutboxItem.sent_at.is_(None)).values(chat_id=new_chat_id))
        return moved.rowcount == 1

