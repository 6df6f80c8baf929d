"""The words every layer shares (see shared/vocabulary.md). Closed sets are enums."""
from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    PARENT = "parent"
    CAREGIVER = "caregiver"
    FRIEND = "friend"


class RecordType(StrEnum):
    FEEDING = "feeding"
    SLEEP = "sleep"
    DIAPER = "diaper"
    GROWTH = "growth"
    HEALTH = "health"
    PUMPING = "pumping"
    TUMMY_TIME = "tummy_time"
    NOTE = "note"
    PHOTO = "photo"


class FeedingKind(StrEnum):
    FORMULA = "formula"
    BREAST_MILK = "breast_milk"
    FORTIFIED_BREAST_MILK = "fortified_breast_milk"
    SOLID_FOOD = "solid_food"
    WATER = "water"


class FeedingMethod(StrEnum):
    BOTTLE = "bottle"
    LEFT_BREAST = "left_breast"
    RIGHT_BREAST = "right_breast"
    BOTH_BREASTS = "both_breasts"
    PARENT_FED = "parent_fed"
    SELF_FED = "self_fed"


MILK_KINDS = (FeedingKind.FORMULA.value, FeedingKind.BREAST_MILK.value,
              FeedingKind.FORTIFIED_BREAST_MILK.value)     # what "how much milk" adds up (not water)

BREAST_METHODS = frozenset(
    {FeedingMethod.LEFT_BREAST, FeedingMethod.RIGHT_BREAST, FeedingMethod.BOTH_BREASTS}
)


class DiaperColor(StrEnum):
    BLACK = "black"
    BROWN = "brown"
    GREEN = "green"
    YELLOW = "yellow"


class StoolConsistency(StrEnum):
    WATERY = "watery"
    LOOSE = "loose"
    SOFT = "soft"
    FORMED = "formed"
    HARD = "hard"


class HealthKind(StrEnum):
    TEMPERATURE = "temperature"
    MEDICATION = "medication"
    SYMPTOM = "symptom"
    VACCINE = "vaccine"
    DOCTOR_VISIT = "doctor_visit"


class DoseUnit(StrEnum):
    MG = "mg"
    ML = "ml"
    TABLETS = "tablets"
    DROPS = "drops"


class Side(StrEnum):
    LEFT = "left"
    RIGHT = "right"
    BOTH = "both"


class Sex(StrEnum):
    FEMALE = "female"
    MALE = "male"


class TaskAction(StrEnum):
    CREATE = "create"
    UPDATE = "update"
    DELETE = "delete"
    PROFILE_UPDATE = "profile_update"


class TaskState(StrEnum):
    PENDING = "pending"
    AWAITING_CONFIRMATION = "awaiting_confirmation"
    COMPLETED = "completed"
    CANCELLED = "cancelled"
    EXPIRED = "expired"


ACTIVE_TASK_STATES = frozenset({TaskState.PENDING, TaskState.AWAITING_CONFIRMATION})


class ConfirmReason(StrEnum):
    CROSS_DAY_SLEEP = "cross_day_sleep"
    HEALTH_EVENT = "health_event"
    UPDATE = "update"
    DELETE = "delete"
    HIGH_RISK_PROFILE_FIELD = "high_risk_profile_field"
    IMPLAUSIBLE_VALUE = "implausible_value"
    UNCERTAIN_READING = "uncertain_reading"      # a number or time of the message unused; a day-less clock
    POSSIBLE_DUPLICATE = "possible_duplicate"    # the same feed / diaper / sleep may be on record already
    DOSE_TOO_SOON = "dose_too_soon"              # the same medicine again before its interval


class ReplyKind(StrEnum):
    RECORDED = "recorded"
    ASK = "ask"
    CONFIRM = "confirm"
    REFUSED = "refused"
    ANSWER = "answer"
    CANCELLED = "cancelled"
    EXPIRED = "expired"
    UPDATED = "updated"
    DELETED = "deleted"
    UNDONE = "undone"
    CHAT = "chat"
    ERROR = "error"
    NONE = "none"


class ChatKind(StrEnum):
    GROUP = "group"
    PRIVATE = "private"


class Language(StrEnum):
    ZH = "zh"
    EN = "en"
