"""What is wrong with a model's answer, in lines short enough to send back once and to keep in a trace.

Pydantic's own error list repeats the whole answer and every input value; the model needs where and what,
and the trace must not carry what the family wrote. Each line is `where: what`, without the input.
"""
from __future__ import annotations

from pydantic import ValidationError

from bot.understanding.model_reading import ModelReading
from bot.understanding.request import ExtractionRequest
from domain.extraction import Intent

MAX_PROBLEMS = 5
# an intent that needs its part: without it the domain could do nothing with the answer
NEEDS = {Intent.QUERY: "query", Intent.ROLE: "role_change", Intent.SETTINGS: "settings", Intent.PROFILE: "profile"}


def problems_in(wrong: ValidationError) -> list[str]:
    lines = []
    for error in wrong.errors(include_input=False, include_url=False)[:MAX_PROBLEMS]:
        where = ".".join(str(part) for part in error["loc"]) or "answer"
        lines.append(f"{where}: {error['msg']}")
    left = wrong.error_count() - len(lines)
    return lines + ([f"and {left} more"] if left > 0 else [])


def problem_of(reading: ModelReading, request: ExtractionRequest) -> list[str]:
    """What the schema cannot say: an intent without its part, a later fact without a type, a baby never
    named (a small model invents names)."""
    problems = []
    part = NEEDS.get(reading.intent)
    if part is not None and getattr(reading, part) is None:
        problems.append(f"intent {reading.intent.value} needs the field {part!r}; give it, or use intent chat "
                        f"when the message is not a {reading.intent.value}")
    if any(fact.record_type is None for fact in reading.facts[1:]):
        problems.append("facts: every fact after the first needs its record_type")
    named = [fact.baby for fact in reading.facts if fact.baby]
    known = {name for names in request.babies for name in names.split("/")}
    for baby in named:
        if baby not in known and baby not in request.text:
            problems.append("facts.baby: not a baby of this family and not in the message; "
                            "leave baby out unless one is named")
            break
    return problems
