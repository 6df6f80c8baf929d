"""Models by configuration: each provider's endpoint, keys from the section or the provider's own
variable, fallbacks, `--model` names, the example file, and the companion's context budget. Building
a model sends nothing (model requests are off in the tests, and none is made)."""
from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from pydantic import ValidationError
from pydantic_ai.models.fallback import FallbackModel

from bot.companion.budget import context_block, estimated_tokens, within_budget
from bot.config import ChatConfig, FawnConfig, UnderstandingConfig, load_config
from bot.models.build import ModelSetupError, build_model, with_model
from bot.understanding.request import ContextLine

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("provider", "extra", "url", "system"), [
    ("openai", {}, "https://api.openai.com/v1/", "openai"),
    ("deepseek", {}, "https://api.deepseek.com", "deepseek"),
    ("qwen", {}, "https://dashscope.aliyuncs.com/compatible-mode/v1/", "alibaba"),
    ("qwen", {"region": "intl"}, "https://dashscope-intl.aliyuncs.com/compatible-mode/v1/", "alibaba"),
    ("ollama", {}, "http://127.0.0.1:11434/v1/", "ollama"),
    ("openai-compatible", {"base_url": "http://127.0.0.1:8000/v1"}, "http://127.0.0.1:8000/v1/", "openai"),
])
def test_each_provider_is_an_openai_chat_model_at_its_endpoint_with_one_attempt_per_request(
        provider: str, extra: dict, url: str, system: str) -> None:
    built = build_model(UnderstandingConfig(model="m-1", provider=provider, api_key="k", **extra))

    assert built.name == f"{provider}:m-1" and built.model.model_name == "m-1"
    assert built.model.system == system and str(built.model.base_url).rstrip("/") == url.rstrip("/")
    assert [c.max_retries for c in built.clients] == [0]
    assert built.limits.request_limit == 4 and built.limits.total_tokens_limit == 10000


def test_the_rules_and_none_build_no_model() -> None:
    assert build_model(UnderstandingConfig()) is None and build_model(ChatConfig()) is None


def test_fallback_models_are_tried_in_turn(monkeypatch) -> None:
    monkeypatch.setenv("DASHSCOPE_API_KEY", "from-the-environment")
    built = build_model(UnderstandingConfig(model="deepseek-chat", provider="deepseek", api_key="k",
                                            fallback=["qwen:qwen-turbo", "deepseek-reasoner"]))

    assert isinstance(built.model, FallbackModel)
    assert [(m.system, m.model_name) for m in built.model.models] == [
        ("deepseek", "deepseek-chat"), ("alibaba", "qwen-turbo"), ("deepseek", "deepseek-reasoner")]
    assert built.clients[1].api_key == "from-the-environment"       # another provider: its own key
    assert built.clients[2].api_key == "k"                         # the same provider: the section's key


def test_a_provider_without_any_key_is_a_clear_error(monkeypatch) -> None:
    monkeypatch.delenv("DEEPSEEK_API_KEY", raising=False)
    with pytest.raises(ModelSetupError, match="DEEPSEEK_API_KEY"):
        build_model(UnderstandingConfig(model="deepseek-chat", provider="deepseek"))


def test_a_local_server_needs_no_key(monkeypatch) -> None:
    monkeypatch.delenv("OLLAMA_API_KEY", raising=False)
    assert build_model(UnderstandingConfig(model="qwen2.5:7b", provider="ollama")) is not None


def test_model_names_on_the_command_line_keep_or_change_the_provider() -> None:
    base = UnderstandingConfig(model="gpt-4.1-mini", provider="openai", api_key="k", base_url="http://x/v1",
                               fallback=["deepseek:deepseek-chat"])

    same = with_model(base, "gpt-4.1")
    other = with_model(base, "qwen:qwen-plus")

    assert (same.provider, same.model, same.base_url, same.fallback) == ("openai", "gpt-4.1", "http://x/v1",
                                                                         ["deepseek:deepseek-chat"])
    assert (other.provider, other.model, other.base_url, other.api_key, other.fallback) == (
        "qwen", "qwen-plus", None, None, [])
    assert with_model(base, "qwen2.5:7b").model == "qwen2.5:7b"     # an Ollama tag is not a provider


def test_an_openai_compatible_model_without_a_base_url_or_with_no_budget_is_refused() -> None:
    with pytest.raises(ValidationError, match="base_url"):
        UnderstandingConfig(model="m", provider="openai-compatible")
    with pytest.raises(ValidationError, match="positive"):
        ChatConfig(model="m", max_requests=0)


def test_the_example_configuration_loads_offline_with_its_keys_from_the_environment(monkeypatch) -> None:
    monkeypatch.setenv("FAWN_CHAT__API_KEY", "chat-secret-key")
    config = load_config(ROOT / "config.example.toml")

    assert isinstance(config, FawnConfig) and not config.understanding.configured and not config.chat.configured
    assert config.telemetry.otlp_endpoint is None and config.telemetry.include_content is False
    assert config.log_format == "text"
    assert "chat-secret-key" in config.secrets()


def _line(minutes_ago: int, words: str) -> ContextLine:
    now = datetime(2026, 5, 4, 20, 0, tzinfo=ZoneInfo("Asia/Shanghai"))
    return ContextLine(now - timedelta(minutes=minutes_ago), f"{minutes_ago}m", "妈妈", "parent", None, words)


def test_the_companion_is_shown_the_newest_context_within_its_budget_and_told_what_was_left_out() -> None:
    lines = [_line(50 - i, f"message {i} " + "很长的一句话" * 10) for i in range(10)]
    cost = estimated_tokens(lines[-1].render())

    kept, left_out = within_budget(lines, cost * 3)
    block = context_block(lines, cost * 3)

    assert len(kept) == 3 and left_out == 7 and kept[-1].startswith(lines[-1].render()[:20])
    assert "message 9" in block and "message 6" not in block
    assert block.splitlines()[0] == "(7 earlier messages, 2026-05-04 19:10 to 19:16, not shown)"
    assert within_budget(lines, 10_000) == ([line.render() for line in lines], 0)


def test_a_chinese_character_counts_about_a_token_and_four_latin_ones_do() -> None:
    assert estimated_tokens("喝了多少奶") == 5 and estimated_tokens("abcdefgh") == 2 and estimated_tokens("90ml") == 3
