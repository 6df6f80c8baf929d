"""What a language model answers: a compact reading of one message, made into an `Extraction` in one place.

The model is shown this schema (as its output tool's parameters, or in its prompt), not `Extraction`'s:
every fact of the message is one item of `facts` (so the slots are described once), the rare parts
(a question, a correction's record, a profile or settings change, a reminder) are small objects, and
the schema carries no titles, no nulls and no defaults. `tests/integration/test_request_tokens.py`
measures it with Qwen2.5's tokenizer: it must stay under `SCHEMA_TOKENS`.

What the model cannot know or must not decide is not asked of it: which numbers and times it left
unused (the harness counts them), the units the message used and a clock time without a day (the
rules read those, whatever the model says).
"""
from __future__ import annotations

from copy import deepcopy
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from domain.extraction import (
    Extraction,
    Fact,
    Intent,
    ProfileChange,
    Query,
    RecordReference,
    ReminderRequest,
    RoleChange,
    SettingsChange,
    SleepEvent,
    Slots,
)
from domain.vocabulary import RecordType

SCHEMA_TOKENS = 1510          # the output schema's budget, by the model's own tokenizer (1500 until profile.asked)
OWN_MODELS = {"FactReading"}
# what the model need not read: names for people, defaults, and the limits the harness checks itself
UNSHOWN = {"title", "default", "properties", "additionalProperties", "maxLength", "maxItems", "minimum", "maximum"}  # the models of this module: their descriptions are written for the model


class FactReading(BaseModel):
    model_config = ConfigDict(extra="forbid")

    record_type: RecordType | None = Field(None, description="none for a fragment that only fills slots")
    slots: Slots = Field(default_factory=Slots)
    sleep_event: SleepEvent | None = None
    baby: str | None = Field(None, description="a baby's name as said, only if one is named")
    every_baby: bool = Field(False, description="about every baby (俩宝都 / both babies)")
    unit_assumed: bool = Field(False, description="a bare number read as ml (喝了90)")
    said: str | None = Field(None, max_length=200, description="the words this fact comes from")


class ModelReading(BaseModel):
    """Read one message of a family's baby-care chat."""

    model_config = ConfigDict(extra="forbid")

    intent: Intent
    facts: list[FactReading] = Field(default_factory=list, max_length=8,
                                     description="each fact the message reports or supplies, in order")
    query: Query | None = None
    reference: RecordReference | None = Field(None, description="a record on file the message points at")
    profile: ProfileChange | None = None
    role_change: RoleChange | None = None
    settings: SettingsChange | None = None
    reminder: ReminderRequest | None = None
    invite: Literal["create", "revoke"] | None = None
    join_code: str | None = Field(None, max_length=16)
    addressed_to_bot: bool = False
    asks_for_help: bool = Field(False, description="asks how to use the bot")
    near: str | None = Field(None, max_length=32, description="intent chat: the topic it is closest to")
    confidence: float = Field(1.0, ge=0.0, le=1.0)
    unread: list[str] = Field(default_factory=list, max_length=8, description="parts not understood, as said")


def to_extraction(reading: ModelReading, rules: Extraction | None) -> Extraction:
    """The model's reading as the domain takes it. The units said and a clock time without a day come from
    the rules' reading of the same message (they read those whatever else they missed)."""
    facts = [Fact(record_type=f.record_type, slots=f.slots, sleep_event=f.sleep_event, baby=f.baby,
                  every_baby=f.every_baby, amount_unit_assumed=f.unit_assumed, said=f.said)
             for f in reading.facts if f.record_type is not None]
    first = reading.facts[0] if reading.facts else FactReading()
    also = facts[1:] if first.record_type is not None else facts
    return Extraction(
        intent=reading.intent, record_type=first.record_type, slots=first.slots, sleep_event=first.sleep_event,
        baby=first.baby, every_baby=first.every_baby, amount_unit_assumed=first.unit_assumed,
        said=first.said if also else None, also=also, unread=reading.unread if also else [],
        query=reading.query, reference=reading.reference, profile=reading.profile, role_change=reading.role_change,
        settings=reading.settings, reminder=reading.reminder, invite=reading.invite, join_code=reading.join_code,
        addressed_to_bot=reading.addressed_to_bot, asks_for_help=reading.asks_for_help, near=reading.near,
        confidence=reading.confidence,
        units_said=rules.units_said if rules is not None else {},
        clock_without_day=rules.clock_without_day if rules is not None else None)


def reading_schema() -> dict[str, Any]:
    """`ModelReading`'s JSON schema, compacted: references inlined, no titles, no defaults, no nulls, and
    the domain's own long descriptions left to the instructions (this module's short ones are kept)."""
    schema = ModelReading.model_json_schema()
    defs = schema.pop("$defs", {})
    return _compact(schema, defs, described=True, shown=set())


def _compact(node: Any, defs: dict[str, Any], described: bool, shown: set[tuple[str, ...]]) -> Any:
    """`shown`: the long value lists already in the schema; a second one (record_type in a question or a
    reference, after the facts') is just a string, its values named once."""
    if isinstance(node, list):
        return [_compact(item, defs, described, shown) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        inlined = {**deepcopy(defs[name]), **{k: v for k, v in node.items() if k != "$ref"}}
        return _compact(inlined, defs, name in OWN_MODELS, shown)
    options = [o for o in node.get("anyOf", ()) if o != {"type": "null"}]
    if "anyOf" in node and len(options) == 1:          # `X | None` is just X: leaving it out is the null
        merged = {**{k: v for k, v in node.items() if k != "anyOf"}, **options[0]}
        return _compact(merged, defs, described, shown)
    if len(node.get("enum", ())) > 4:
        if tuple(node["enum"]) in shown:
            return {"type": "string"}
        shown.add(tuple(node["enum"]))
    dropped = UNSHOWN | (set() if described else {"description"}) | ({"type"} if "enum" in node else set())
    compacted = {k: _compact(v, defs, described, shown) for k, v in node.items() if k not in dropped}
    if "properties" in node:            # property names are kept whatever they are called (`title` too)
        compacted["properties"] = {name: _compact(prop, defs, described, shown)
                                   for name, prop in node["properties"].items()}
    return compacted
