"""What understanding proposes: intent and slots. It decides nothing.

The rule extractor and an LLM (through pydantic-ai) both produce an `Extraction`.
Times are absolute datetimes in the family's timezone (an LLM may return them
without an offset; `Extraction.localised` attaches the family's zone).
"""
from __future__ import annotations

from datetime import date, datetime, tzinfo
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import SkipJsonSchema

from domain.vocabulary import RecordType

# the further facts one reading holds: more in one message (a paste, a held key) are said, not proposed
ALSO_AT_MOST = 8


class Intent(StrEnum):
    RECORD = "record"      # a new fact to record: 刚刚喝了91ml配方奶
    SUPPLY = "supply"      # a fragment that fills slots: 配方奶 / 醒1次 / 8点到3点
    CORRECT = "correct"    # 不是，晚8点到凌晨3点 / 不对，是90ml
    CONFIRM = "confirm"    # 确认 / 对 / 好的 / yes
    CANCEL = "cancel"      # 算了 / 取消 / cancel
    UNDO = "undo"          # 撤销 / undo
    QUERY = "query"        # 今天喝了多少奶?
    PROFILE = "profile"    # 把宝宝生日改成2026年3月2日
    DELETE = "delete"      # 删掉刚才那条 / delete the last feed
    ROLE = "role"          # 把小王设为照护者 / make Grandma a caregiver
    SETTINGS = "settings"  # 每天晚上9点发总结
    INVITE = "invite"      # 邀请家人 / /invite (a family code); 取消邀请 revokes the open codes
    JOIN = "join"          # 加入 K7Q2MX / /join K7Q2MX: link this chat to the family of that code
    PAGE = "page"          # 打开记录页 / /page: a link to the family's page
    REMIND = "remind"      # 3小时后提醒我喂药 / 我的提醒 / 取消提醒 (a one-off reminder: set, list, cancel)
    EXPORT = "export"      # 导出数据 / /export: the family's data as a file (parents only), or where to get it
    START = "start"        # /start: the welcome (the adapter has set the chat's family up first)
    CHAT = "chat"          # anything else


class SleepEvent(StrEnum):
    FELL_ASLEEP = "fell_asleep"   # 睡着了: opens a sleep
    WOKE_UP = "woke_up"           # 醒了: closes the open sleep
    STILL_ASLEEP = "still_asleep"  # 还没醒: the open sleep goes on (nothing closes)


class Slots(BaseModel):
    """Every slot any record type may carry, under its canonical vocabulary name."""

    model_config = ConfigDict(extra="forbid")

    start: datetime | None = None
    end: datetime | None = None
    time: datetime | None = None
    kind: str | None = Field(None, description="feeding kind or health kind")
    method: str | None = None
    amount_ml: float | None = None
    amount_g: float | None = None
    duration_min: float | None = None
    food: str | None = None
    nap: bool | None = None
    night_wakings: int | None = None
    wet: bool | None = None
    solid: bool | None = None
    color: str | None = None
    consistency: str | None = None
    weight_kg: float | None = None
    height_cm: float | None = None
    head_cm: float | None = None
    temperature_c: float | None = None
    medication: str | None = None
    dose: float | None = None
    dose_unit: str | None = None
    next_dose_after_h: float | None = None
    next_dose_up_to_h: float | None = None      # "every 4 to 6 hours": 6 (next_dose_after_h keeps the shorter, 4)
    symptom: str | None = None
    vaccine: str | None = None
    side: str | None = None
    milestone: str | None = None
    text: str | None = None
    caption: str | None = None
    notes: str | None = None

    def given(self) -> dict[str, object]:
        """Only the slots that carry a value."""
        return {k: v for k, v in self.model_dump().items() if v is not None}


class ProfileChange(BaseModel):
    """Baby profile fields a message asks to set (asked: a field named without its value)."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = None
    nickname: str | None = None
    birth_date: date | None = None
    sex: Literal["female", "male"] | None = None
    birth_weight_kg: float | None = None
    birth_height_cm: float | None = None
    # a field asked to be set without its value (帮我填一下生日 / can you set the baby's sex): the domain asks it
    asked: Literal["birth_date", "sex", "birth_weight_kg"] | None = None

    def given(self) -> dict[str, object]:
        return {k: v for k, v in self.model_dump().items() if v is not None and k != "asked"}


class RecordReference(BaseModel):
    """Which existing record is meant: the latest (of a type), the one at a time, last night's."""

    which: Literal["latest", "at_time", "last_night"] = "latest"
    record_type: RecordType | None = None
    at: datetime | None = None
    medication: str | None = None     # 泰诺林那次: the latest dose of that medicine
    kind: SkipJsonSchema[str | None] = None   # 那次奶粉: the latest feed of that kind (the rules' own)
    value: float | None = Field(None, description="a value said to be wrong (不是120 / not 3): the record holding it")


class RoleChange(BaseModel):
    member: str = Field(description="the member's name or title as said")
    role: Literal["parent", "caregiver", "friend"]
    title: str | None = None


class SettingsChange(BaseModel):
    summary_time: str | None = Field(None, description="HH:MM, 24-hour")
    language: Literal["zh", "en"] | None = None
    timezone: str | None = None
    medication_reminder: bool | None = Field(None, description="remind when the next dose is due")
    push_to: Literal["group", "private"] | None = Field(
        None, description="where the daily summary and reminders go: the family's group, or parents' private chats")
    no_feeding_hours: float | None = Field(None, description="remind after this many hours without a feed; 0 = off")
    open_sleep_hours: float | None = Field(None, description="remind when a sleep is open this long; 0 = off")
    volume_unit: Literal["ml", "oz"] | None = Field(None, description="show amounts of milk in ml or oz")
    weight_unit: Literal["kg", "lb", "jin"] | None = Field(None, description="show weights in kg, lb-oz or 斤")
    length_unit: Literal["cm", "in"] | None = Field(None, description="show lengths in cm or inches")
    temperature_unit: Literal["c", "f"] | None = Field(None, description="show temperatures in °C or °F")
    clock: Literal["24h", "12h"] | None = Field(None, description="show times on a 24-hour clock or with am/pm")


class ReminderRequest(BaseModel):
    """A one-off reminder asked for in chat. With a record (刚喂了药，6小时后提醒我) the message also records."""

    model_config = ConfigDict(extra="forbid")

    action: Literal["set", "list", "cancel"] = "set"
    after_min: float | None = Field(None, description="set: remind this many minutes from now (3小时后 = 180)")
    at: datetime | None = Field(None, description="set: remind at this time, the next time it comes (9点 / at 9)")
    about: str | None = Field(None, description="set: what to remind of, as said (喂药 / to pump)")
    which: int | None = Field(None, description="cancel: the reminder's number in the list (取消提醒 2)")
    every: bool = Field(False, description="cancel: all of them (取消所有提醒)")


class QueryMetric(StrEnum):
    FEEDING_TOTAL = "feeding_total"   # 今天喝了多少奶
    SLEEP_TOTAL = "sleep_total"       # 今天睡了多久 / 昨天白天睡了多久
    LAST_FEEDING = "last_feeding"     # 上次喂奶是几点
    LAST_SLEEP = "last_sleep"
    TIMELINE = "timeline"             # 今天的记录
    SUMMARY = "summary"               # 今天总结一下 / /summary / 这周怎么样 (week)
    GROWTH_CURVE = "growth_curve"     # 生长曲线 / 长高了多少: a chart against WHO lines (detail: measure)
    DIAPER_COUNT = "diaper_count"     # 这周换了几次尿布 / 今天拉了几次 (detail: solid, wet)
    PUMPING_TOTAL = "pumping_total"   # 今天吸了多少奶
    TUMMY_TOTAL = "tummy_total"       # 今天趴了多久
    LAST_RECORD = "last_record"       # 上次换尿布 / 上次吃药: record_type (+ detail: a health kind)
    GROWTH = "growth"                 # 宝宝多重了 / 最近体重 / 身高多少 (with WHO percentiles)
    TEMPERATURE = "temperature"       # 最近一次体温
    NEXT_DOSE = "next_dose"           # 下次什么时候吃药 / 美林还要多久能再吃 (detail: the medicine)
    PHOTOS = "photos"                 # 看看照片 / show photos
    CHART = "chart"                   # 这周睡眠图 / 作息图 / 喂奶趋势 / sleep chart (detail: sleep, feeding,
                                      # diapers, rhythm, or week — all three panels): the last 7 days as a picture
    RECORD_COUNT = "record_count"     # 今天吃了几次药: how many records of a type (+ detail: a health kind)


class QueryShape(StrEnum):
    """What a question wants of the records it reads; the reply says it back."""

    TOTAL = "total"                   # 今天喝了多少奶: the sum (the default)
    DAILY_AVERAGE = "daily_average"   # 这周平均每天喝多少奶: per day with records
    TIME_SINCE = "time_since"         # 多久没换尿布了: how long since the last one
    CURRENT = "current"               # 睡了多久了 (while asleep): the stretch going on now


class QueryPeriod(StrEnum):
    TODAY = "today"
    YESTERDAY = "yesterday"
    WEEK = "week"
    DATE = "date"                     # one calendar day: Query.day (5月3日 / 3号 / May 3)


class Query(BaseModel):
    metric: QueryMetric
    period: QueryPeriod = QueryPeriod.TODAY
    day: date | None = Field(None, description="the calendar day when period is 'date'")
    daypart: Literal["day", "night"] | None = Field(
        None, description="白天 = day (06:00-18:00); 晚上/夜里 = night (18:00-06:00)")
    record_type: RecordType | None = Field(None, description="what last_record and record_count ask about")
    shape: QueryShape = Field(QueryShape.TOTAL, description="total, daily_average, time_since or current")
    sleep_kind: Literal["nap", "night"] | None = Field(None, description="sleep_total over naps only (午睡) or nights")
    detail: str | None = Field(
        None, description="diaper: solid or wet; last_record on health: a health kind; "
                          "next_dose: the medicine named (美林)")


class Fact(BaseModel):
    """One more fact of a message that says several (喝了90ml，尿了: the diaper after the feed)."""

    record_type: RecordType
    slots: Slots = Field(default_factory=Slots)
    sleep_event: SleepEvent | None = None
    baby: str | None = Field(None, description="the baby this fact is about, if one is named for it")
    every_baby: bool = Field(False, description="about each of the family's babies (俩宝都拉了 / both babies)")
    amount_unit_assumed: bool = False
    said: str | None = Field(None, max_length=200, description="the part of the message this fact comes from")


class Extraction(BaseModel):
    """The understanding of one message. Proposals only; the domain decides.

    The first (or only) fact of a message is `record_type` / `slots` / `sleep_event` / `baby`; a message that
    says several facts (喝了90ml，尿了) lists the others in `also`, in the order they were said. A part of such
    a message that was not understood is quoted in `unread`. A single fact leaves both empty.
    """

    intent: Intent = Intent.CHAT
    record_type: RecordType | None = None
    slots: Slots = Field(default_factory=Slots)
    sleep_event: SleepEvent | None = None
    query: Query | None = None
    profile: ProfileChange | None = None
    reference: RecordReference | None = Field(
        None, description="an existing record the message points at (刚才那条, 6点那次, 最后一次喂奶); with intent "
                          "record or supply, the record it repeats (跟上次一样 / same as last time: the latest of its "
                          "type), whose values fill what the message leaves unsaid")
    role_change: RoleChange | None = None
    settings: SettingsChange | None = None
    reminder: ReminderRequest | None = Field(None, description="a one-off reminder to set, list or cancel")
    invite: Literal["create", "revoke"] | None = Field(None, description="with intent invite")
    join_code: str | None = Field(None, max_length=16, description="with intent join: the family code as said")
    baby: str | None = Field(None, description="a baby's name or nickname if one is named")
    every_baby: bool = Field(False, description="the first fact is about each of the family's babies (俩宝都)")
    addressed_to_bot: bool = False
    asks_for_help: bool = Field(False, description="the message asks how to use the bot (/help, 帮助, 怎么用)")
    near: str | None = Field(
        None, max_length=32, description="with intent chat: what the message was closest to (feeding, sleep, diaper, "
                                         "health, growth, note, question, feeding_question…), for an example")
    amount_unit_assumed: bool = Field(
        False, description="a bare number was read as ml (喝了90)")
    confidence: float = Field(1.0, ge=0.0, le=1.0)
    unaccounted: list[str] = Field(
        default_factory=list,
        description="what the message said that this reading did not use: numbers, time expressions ('at 3') and "
                    "words ('bath done'); a reading that leaves any is never written at once")
    estimated: list[str] = Field(
        default_factory=list, max_length=8,
        description="the parts of the message a value was worked out from rather than read, as said: a range "
                    "(四五十 / 4 or 5 oz → its middle), a leftover that may be the bottle's (喝了100 剩了20 → "
                    "80), a repeat of the last record (跟上次一样 / same as last time); a reading with any is read "
                    "back, never written at once")
    cues: list[str] = Field(
        default_factory=list, max_length=10,
        description="what says the message may not report a baby fact now: plan, hypothetical, question, habit, "
                    "not_counted, story, request, negation, correction, grown_up")
    units_said: dict[str, str] = Field(
        default_factory=dict,
        description="the units the message used, by quantity: volume ml|oz, weight kg|lb|jin, length cm|in, "
                    "temperature c|f (a family's display units are guessed from its first message)")
    clock_without_day: str | None = Field(
        None, description="HH:MM (24-hour) when the message gave a clock time with no day (下午四点 → 16:00)")
    said: str | None = Field(None, max_length=200, description="with `also`: the part the first fact comes from")
    also: list[Fact] = Field(
        default_factory=list, max_length=ALSO_AT_MOST,
        description="the further facts of a message that says several (喝了90ml，尿了 → the diaper), each its own "
                    "record; empty for a message of one fact")
    unread: list[str] = Field(
        default_factory=list, max_length=8,
        description="with several facts: the parts of the message that were not understood, as said")

    def facts(self) -> list[Fact]:
        """Every fact of the message, the first one first ([] when the first names no record type)."""
        if self.record_type is None:
            return list(self.also)
        first = Fact(record_type=self.record_type, slots=self.slots, sleep_event=self.sleep_event, baby=self.baby,
                     every_baby=self.every_baby, amount_unit_assumed=self.amount_unit_assumed, said=self.said)
        return [first, *self.also]

    def of_fact(self, fact: Fact) -> Extraction:
        """This reading narrowed to one fact (the rest of the message's reading kept: intent, doubts)."""
        return self.model_copy(update={
            "record_type": fact.record_type, "slots": fact.slots, "sleep_event": fact.sleep_event,
            "baby": fact.baby, "every_baby": False,
            "amount_unit_assumed": fact.amount_unit_assumed, "said": fact.said, "also": []})

    def localised(self, zone: tzinfo) -> Extraction:
        """Attach the family's zone to naive datetimes (an LLM may omit the offset)."""
        also = [f.model_copy(update={"slots": _localised(f.slots, zone)}) for f in self.also]
        return self.model_copy(update={"slots": _localised(self.slots, zone), "also": also})


def _localised(slots: Slots, zone: tzinfo) -> Slots:
    fixed = {}
    for name in ("start", "end", "time"):
        value = getattr(slots, name)
        if isinstance(value, datetime) and value.tzinfo is None:
            fixed[name] = value.replace(tzinfo=zone)
    return slots.model_copy(update=fixed) if fixed else slots
