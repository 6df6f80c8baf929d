"""The log filter hides family codes, never a trace id that happens to start like one."""
from bot.logs import Redacting


def test_a_trace_id_starting_with_eight_digits_is_kept_whole():
    line = "turn 12345678ab9c4d2e feeding recorded 12 ms"
    assert Redacting(()).redact(line) == line


def test_a_family_code_on_its_own_is_hidden():
    assert "K7QX2MPA" not in Redacting(()).redact("code K7QX2MPA sent")
