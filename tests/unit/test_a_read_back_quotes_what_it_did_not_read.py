"""A read-back of one fact quotes the part of the message it did not read (洗完澡喝了120母乳 八点就睡了 at 17:00:
“8点就睡了”), once — never a word of it again beside it, and never when the reply quotes it on a line of its own."""
from domain.replies.guarded import reason_text
from domain.vocabulary import Language


def test_a_part_not_read_is_quoted_once_with_the_words_not_used_outside_it() -> None:
    said = reason_text({"doubt": {"unaccounted": ["8点", "哈哈哈"], "unread": ["8点就睡了"]}}, Language.ZH)
    assert said is not None and "“8点就睡了”" in said and "“8点”" not in said and "哈哈哈" in said


def test_a_part_the_reply_quotes_on_its_own_line_is_not_quoted_again() -> None:
    said = reason_text({"unread": ["8点就睡了"], "doubt": {"unread": ["8点就睡了"]}}, Language.ZH)
    assert said is not None and "8点就睡了" not in said
