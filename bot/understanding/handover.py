"""Where the rules hand a message over to a model, and what a model's failure leaves the family with.

Both questions are answered here once, as named predicates. A reading the rules are not sure of is a partial
one (bot/understanding/understood.py): below full confidence, or a word, number or time it left unexplained, a
part it could not read, a value it only worked out, or a cue that the sentence may not report a fact.
"""
from __future__ import annotations

from bot.understanding.rules import CONFIDENT
from domain.extraction import Extraction


def asks_the_model(proposal: Extraction) -> bool:
    """The rules' reading is partial: below full confidence, or something of the message unexplained."""
    return proposal.confidence < CONFIDENT or bool(proposal.unaccounted or proposal.unread or proposal.estimated
                                                     or proposal.cues)


def asks_again_after_failure(proposal: Extraction) -> bool:
    """When the model failed and the rules' reading leads to the offline chat reply: ask again only where
    the rules read part of a fact (a record type, with doubts), never for what is chat to the rules too."""
    has_fact = proposal.record_type is not None or bool(proposal.also)
    return has_fact and asks_the_model(proposal)
