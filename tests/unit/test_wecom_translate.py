"""WeCom AI bot callbacks → IncomingMessage, and replies → WeCom bodies: translation only."""
from __future__ import annotations

from datetime import UTC, datetime

from bot.channels.wechat.wecom.cards import headline, push_body, reply_body, update_body
from bot.channels.wechat.wecom.translate import INERT_KEY, read_callback, without_mention
from bot.protocol import OutgoingButton, OutgoingReply
from domain.vocabulary import ChatKind, ReplyKind

NOW = datetime(2026, 5, 4, 12, 15, tzinfo=UTC)


def group(msgtype: str, content: dict) -> dict:
    return {"msgid": "m1", "aibotid": "b", "chatid": "g1", "chattype": "group", "from": {"userid": "mom"},
            "response_url": "https://example.invalid/r", "msgtype": msgtype, msgtype: content}


def test_a_group_text_loses_its_mention_and_is_addressed_to_the_bot():
    callback = read_callback(group("text", {"content": "@Fawn 刚刚喝了91ml配方奶"}), NOW, "Fawn")
    msg = callback.incoming
    assert msg.text == "刚刚喝了91ml配方奶" and msg.addressed_to_bot and msg.chat_kind is ChatKind.GROUP
    assert (msg.platform, msg.chat_id, msg.sender_id, msg.message_id) == ("wecom", "g1", "mom", "m1")
    assert callback.response_url == "https://example.invalid/r"


def test_without_a_configured_name_the_leading_mention_is_dropped():
    assert without_mention("@小助手\u2005喝了90", None) == "喝了90"
    assert without_mention("喝了90 @Fawn 谢谢", "Fawn") == "喝了90 谢谢"


def test_a_voice_message_is_its_transcript_and_a_single_chat_is_named_by_the_member():
    body = {"msgid": "v1", "chattype": "single", "from": {"userid": "dad"}, "msgtype": "voice",
            "voice": {"content": "喝了60毫升"}}
    msg = read_callback(body, NOW).incoming
    assert msg.text == "喝了60毫升" and msg.chat_id == "dad" and msg.chat_kind is ChatKind.PRIVATE


def test_a_mixed_message_keeps_its_words_and_a_picture_alone_is_not_a_turn():
    mixed = group("mixed", {"msg_item": [{"msgtype": "text", "text": {"content": "@Fawn 看看"}},
                                         {"msgtype": "image", "image": {"url": "u"}}]})
    assert read_callback(mixed, NOW, "Fawn").incoming.text == "看看"
    assert read_callback(group("image", {"url": "u"}), NOW).incoming is None


def test_a_card_click_is_a_press_of_its_key():
    body = {"msgid": "e1", "chattype": "group", "chatid": "g1", "from": {"userid": "mom"}, "msgtype": "event",
            "event": {"eventtype": "template_card_event",
                      "template_card_event": {"event_key": "t3.1.confirm", "task_id": "fawn-abc"}}}
    callback = read_callback(body, NOW)
    assert callback.kind == "click" and callback.task_id == "fawn-abc"
    assert callback.incoming.press.token == "t3.1.confirm" and callback.incoming.message_id == "card:e1"


def test_the_inert_button_and_other_events_are_not_turns():
    inert = {"msgid": "e2", "msgtype": "event", "from": {"userid": "mom"},
             "event": {"eventtype": "template_card_event", "template_card_event": {"event_key": INERT_KEY}}}
    enter = {"msgid": "e3", "msgtype": "event", "from": {"userid": "mom"}, "event": {"eventtype": "enter_chat"}}
    assert read_callback(inert, NOW).incoming is None and read_callback(enter, NOW).incoming is None


def test_a_reply_with_buttons_is_a_button_card_and_without_is_a_finished_stream():
    buttons = (OutgoingButton("undo", "↩ 撤销", "u5"),)
    card = reply_body(OutgoingReply(ReplyKind.RECORDED, "已记录：配方奶 91ml", buttons), task_id="t1", stream_id="s1")
    stream = reply_body(OutgoingReply(ReplyKind.CHAT, "好的"), task_id="t1", stream_id="s1")
    assert card["template_card"]["button_list"] == [{"text": "↩ 撤销", "style": 1, "key": "u5"}]
    assert card["template_card"]["card_type"] == "button_interaction" and card["template_card"]["task_id"] == "t1"
    assert stream == {"msgtype": "stream", "stream": {"id": "s1", "finish": True, "content": "好的"}}
    assert push_body(OutgoingReply(ReplyKind.CHAT, "好的"), task_id="t1")["msgtype"] == "markdown"


def test_an_outcome_without_buttons_replaces_the_card_with_an_inert_one():
    update = update_body(OutgoingReply(ReplyKind.RECORDED, "已记录睡眠"), task_id="fawn-abc", userids=["mom"])
    assert update["response_type"] == "update_template_card" and update["userids"] == ["mom"]
    assert [b["key"] for b in update["template_card"]["button_list"]] == [INERT_KEY]


def test_a_long_first_line_is_clipped_in_the_title_and_kept_whole_below():
    title, rest = headline("很" * 40)
    assert len(title) == 26 and title.endswith("…") and rest == "很" * 40
