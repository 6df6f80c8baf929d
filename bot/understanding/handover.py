"""Where the rules hand a message over to a model, and what a model's failure leaves the family with.

Both questions are answered here once, as named predicates, so the rules' notion of a reading they are
not sure of (today: confidence below full, or a number or time left unused) can change in one place.
"""
from __future__ import annotations

from bot.understanding.rules import CONFIDENT
from domain.extraction import Extraction


def asks_the_model(proposal: Extraction) -> bool:
    """The rules are not sure of their reading: below full confidence, or something of the message unused."""
    return proposal.confidence < CONFIDENT or bool(proposal.unaccounted)


def asks_again_after_failure(proposal: Extraction) -> bool:
    """When the model failed and the rules' reading leads to the offline chat reply: ask again only where
    the rules read part of a fact (a record type, with doubts), never for what is chat to the rules too."""
    has_fact = proposal.record_type is not None or bool(proposal.also)
    return has_fact and asks_the_model(proposal)
