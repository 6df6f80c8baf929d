"""Incoming messages are made safe once, at the very start of a turn."""
from dataclasses import replace
from datetime import UTC, datetime

from bot.protocol import ButtonPress, IncomingMessage
from bot.turn.incoming import MAX_TEXT, normalised, safe_text, too_long, too_long_decision
from domain.replies.render import render
from domain.vocabulary import Language, ReplyKind

MSG = IncomingMessage("telegram", "c1", "u1", "妈妈", "m1", datetime(2026, 5, 4, tzinfo=UTC), "刚刚喝了90ml")


def test_nul_control_characters_and_lone_surrogates_are_removed_and_line_breaks_kept():
    assert safe_text("喝了\x00９０\ud800ml\x07\n配方奶") == "喝了90ml\n配方奶"


def test_full_width_digits_and_units_become_plain_ones():
    assert safe_text("喝了９０ｍｌ，体温３７．５℃") == "喝了90ml,体温37.5°C"


def test_names_ids_and_button_data_are_cleaned_too():
    dirty = replace(MSG, sender_name="奶\ud83d奶", sender_id="u\x001", message_id="m\udfff1",
                    press=ButtonPress("t1.1.con\ud800firm"))
    clean = normalised(dirty)
    assert (clean.sender_name, clean.sender_id, clean.message_id, clean.press.token) == \
        ("奶奶", "u1", "m1", "t1.1.confirm")
    "".join([clean.text, clean.sender_name, clean.press.token]).encode("utf-8")


def test_a_text_over_the_cap_is_too_long_and_gets_a_polite_refusal_in_both_languages():
    assert not too_long(normalised(replace(MSG, text="好" * MAX_TEXT)))
    assert too_long(normalised(replace(MSG, text="好" * (MAX_TEXT + 1))))
    reply = too_long_decision(heard=True).reply
    assert reply.kind is ReplyKind.REFUSED and too_long_decision(heard=True).effects == ()
    assert "2000" in render(reply, Language.ZH, MSG.sent_at) and "2,000" in render(reply, Language.EN, MSG.sent_at)


def test_a_text_over_the_cap_in_a_groups_chatter_is_neither_read_nor_answered():
    decision = too_long_decision(heard=False)
    assert decision.reply is None and decision.effects == ()
