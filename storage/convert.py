"""Rows ⇄ domain values: JSON slots with datetimes, records with typed fields, time zones."""
from __future__ import annotations

from datetime import UTC, date, datetime, tzinfo
from typing import Any

from domain.records import TIME_FIELD
from domain.tasks import PendingTask, TaskItem
from domain.turn import RecordView
from domain.vocabulary import ConfirmReason, RecordType, TaskAction, TaskState
from storage.tables import AgentTask, Record

TIME_KEYS = ("start", "end", "time")


def dump_slots(slots: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in slots.items():
        if isinstance(value, datetime):
            value = value.astimezone(UTC).isoformat()
        elif isinstance(value, date):
            value = value.isoformat()
        elif hasattr(value, "value"):
            value = value.value
        out[key] = value
    return out


def load_slots(raw: dict[str, Any], zone: tzinfo) -> dict[str, Any]:
    out = dict(raw)
    for key in TIME_KEYS:
        if isinstance(out.get(key), str):
            out[key] = datetime.fromisoformat(out[key]).astimezone(zone)
    if isinstance(out.get("birth_date"), str):
        out["birth_date"] = date.fromisoformat(out["birth_date"])
    return out


ITEMS_KEY = "_items"      # a task's other facts (domain TaskItem) live in its slots JSON under this key
UNITS_KEY = "_units"      # and the units its messages used (PendingTask.units_said)


def _dump_item(item: TaskItem) -> dict[str, Any]:
    return {"record_type": item.record_type.value, "fields": dump_slots(item.fields), "baby_id": item.baby_id,
            "missing": list(item.missing), "reason": item.reason.value if item.reason else None,
            "target_record_id": item.target_record_id}


def _load_item(raw: dict[str, Any], zone: tzinfo) -> TaskItem:
    return TaskItem(RecordType(raw["record_type"]), load_slots(raw.get("fields") or {}, zone), raw.get("baby_id"),
                    tuple(raw.get("missing") or ()), ConfirmReason(raw["reason"]) if raw.get("reason") else None,
                    raw.get("target_record_id"))


def task_from_row(row: AgentTask, zone: tzinfo) -> PendingTask:
    slots = dict(row.slots)
    items = tuple(_load_item(raw, zone) for raw in slots.pop(ITEMS_KEY, None) or ())
    units_said = dict(slots.pop(UNITS_KEY, None) or {})
    return PendingTask(
        id=row.id, action=TaskAction(row.action),
        record_type=RecordType(row.record_type) if row.record_type else None,
        state=TaskState(row.state), started_by=row.started_by, expires_at=row.expires_at,
        slots=load_slots(slots, zone), missing=tuple(row.missing), items=items, units_said=units_said,
        requires_confirmation_reason=ConfirmReason(row.requires_confirmation_reason)
        if row.requires_confirmation_reason else None,
        target_record_id=row.target_record_id, baby_id=row.baby_id,
        last_supplied_by=row.last_supplied_by, confirmed_by=row.confirmed_by, revision=row.revision)


def task_columns(task: PendingTask) -> dict[str, Any]:
    return {
        "action": task.action.value, "record_type": task.record_type.value if task.record_type else None,
        "state": task.state.value, "missing": list(task.missing),
        "slots": {**dump_slots(task.slots), **({ITEMS_KEY: [_dump_item(i) for i in task.items]} if task.items else {}),
                  **({UNITS_KEY: dict(task.units_said)} if task.units_said else {})},
        "requires_confirmation_reason": task.requires_confirmation_reason.value
        if task.requires_confirmation_reason else None,
        "target_record_id": task.target_record_id, "baby_id": task.baby_id,
        "started_by": task.started_by, "last_supplied_by": task.last_supplied_by,
        "confirmed_by": task.confirmed_by, "expires_at": task.expires_at, "revision": task.revision,
    }


_RECORD_TYPES = {kind.value: kind for kind in RecordType}      # a turn converts ~50 rows: no enum lookups


def record_fields(row: Record, zone: tzinfo) -> dict[str, Any]:
    fields = dict(row.data)
    key = TIME_FIELD[_RECORD_TYPES[row.type]]
    fields[key] = row.start.astimezone(zone)
    if row.end is not None:
        fields["end"] = row.end.astimezone(zone)
    elif key == "start":
        fields["end"] = None
    return fields


def record_view(row: Record, zone: tzinfo) -> RecordView:
    return RecordView(id=row.id, type=_RECORD_TYPES[row.type], baby_id=row.baby_id,
                      fields=record_fields(row, zone), created_at=row.created_at.astimezone(zone),
                      created_by=row.created_by, deleted=row.deleted_at is not None,
                      source_message=row.source_message_id, task=row.task_id)


def record_columns(record_type: RecordType, fields: dict[str, Any]) -> dict[str, Any]:
    """start/end columns plus the JSON data of the type's other fields."""
    key = TIME_FIELD[record_type]
    data = {k: v for k, v in dump_slots(fields).items() if k not in (key, "end") and v is not None}
    return {"start": fields[key], "end": fields.get("end"), "data": data}
