"""A configured language model, built when asked (never at import time).

Providers: OpenAI, DeepSeek, Qwen (Alibaba DashScope, the mainland or the international endpoint),
Ollama, and any OpenAI-compatible endpoint (`base_url`). Every one is spoken to through pydantic-ai's
`OpenAIChatModel` on an `openai` client we make ourselves: one attempt per request (the cascade, not
the SDK, decides what a failure leads to) with the configured deadline. Further models named in
`fallback` are tried in turn on API errors and timeouts (`FallbackModel`).
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from openai import AsyncOpenAI
from pydantic_ai import NativeOutput, PromptedOutput, ToolOutput
from pydantic_ai.models import Model
from pydantic_ai.models.fallback import FallbackModel
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.profiles.openai import OpenAIModelProfile
from pydantic_ai.providers import Provider
from pydantic_ai.providers.alibaba import AlibabaProvider
from pydantic_ai.providers.deepseek import DeepSeekProvider
from pydantic_ai.providers.ollama import OllamaProvider
from pydantic_ai.providers.openai import OpenAIProvider
from pydantic_ai.settings import ModelSettings
from pydantic_ai.usage import UsageLimits

from bot.config import ModelConfig

QWEN_URLS = {"mainland": "https://dashscope.aliyuncs.com/compatible-mode/v1",
             "intl": "https://dashscope-intl.aliyuncs.com/compatible-mode/v1"}
DEEPSEEK_URL = "https://api.deepseek.com"
OLLAMA_URL = "http://127.0.0.1:11434/v1"
LOCAL_URL = "http://127.0.0.1:8080/v1"      # scripts/local-model.sh serve: llama-server on this machine
LOCAL_TIMEOUT_S = 1800.0                     # a small model on a loaded 2-core CPU: minutes of prompt evaluation
PROVIDERS = ("openai", "deepseek", "qwen", "ollama", "openai-compatible")
NO_KEY = "no-key-needed"          # a local server (Ollama, vLLM) takes any key


class ModelSetupError(ValueError):
    """A model that cannot be built as configured (an unknown provider, a missing key)."""


@dataclass(frozen=True)
class Configured:
    """A built model with what one turn may spend on it."""

    model: Model
    name: str                     # "deepseek:deepseek-chat", as the trace names it
    limits: UsageLimits
    config: ModelConfig
    clients: tuple[AsyncOpenAI, ...] = ()

    async def close(self) -> None:
        for client in self.clients:
            await client.close()



def output_spec(mode: str, output_type: type, retries: int) -> object:
    """How the model answers: a tool call by default (DeepSeek and Qwen have no JSON-schema mode).
    "auto" is decided by a probe first (bot/models/probe.py); unprobed, it is a tool call."""
    if mode == "native":
        return NativeOutput(output_type)
    if mode == "prompted":
        return PromptedOutput(output_type)
    return ToolOutput(output_type, max_retries=retries)


def with_model(config: ModelConfig, spec: str | None) -> ModelConfig:
    """The configuration with another model named: "NAME" (same provider), "PROVIDER:NAME", or "local"
    (the llama-server of scripts/local-model.sh on 127.0.0.1:8080, with a CPU model's deadline)."""
    if not spec:
        return config
    if spec == "local":
        return config.model_copy(update={
            "model": "local", "provider": "openai-compatible", "base_url": LOCAL_URL, "fallback": [],
            "api_key": None, "output_mode": "auto", "timeout_s": max(config.timeout_s, LOCAL_TIMEOUT_S)})
    provider, _, name = spec.partition(":") if spec.split(":", 1)[0] in PROVIDERS else ("", "", spec)
    if not provider:
        return config.model_copy(update={"model": name})
    same = provider == config.provider
    return config.model_copy(update={"model": name, "provider": provider, "fallback": [],
                                     "api_key": config.api_key if same else None,
                                     "base_url": config.base_url if same else None})


def build_model(config: ModelConfig) -> Configured | None:
    """The configured model (with its fallbacks), or None for the offline rules."""
    if not config.configured:
        return None
    built = [_one(c) for c in (config, *(with_model(config, spec) for spec in config.fallback))]
    models = [m for m, _ in built]
    model: Model = FallbackModel(*models) if len(models) > 1 else models[0]
    limits = UsageLimits(request_limit=config.max_requests, total_tokens_limit=config.max_tokens)
    return Configured(model, f"{config.provider}:{config.model}", limits, config, tuple(c for _, c in built))


def _one(config: ModelConfig) -> tuple[OpenAIChatModel, AsyncOpenAI]:
    """Every request carries `max_tokens` (a model that rambles stops there) and the deadline."""
    settings = ModelSettings(request_timeout=config.timeout_s, max_retries=0, max_tokens=config.max_output_tokens)
    provider = _provider(config)
    # OpenAI takes `max_completion_tokens`; the others (DeepSeek, DashScope, Ollama, llama.cpp, vLLM) `max_tokens`
    profile = None if config.provider == "openai" else \
        OpenAIModelProfile(openai_chat_supports_max_completion_tokens=False)
    return OpenAIChatModel(config.model, provider=provider, settings=settings, profile=profile), provider.client


def _provider(config: ModelConfig) -> Provider[AsyncOpenAI]:
    key = config.api_key.get_secret_value() if config.api_key else None
    if config.provider == "deepseek":
        return DeepSeekProvider(openai_client=_client(config, config.base_url or DEEPSEEK_URL, key, "DEEPSEEK_API_KEY"))
    if config.provider == "qwen":
        url = config.base_url or QWEN_URLS[config.region]
        return AlibabaProvider(openai_client=_client(config, url, key, "DASHSCOPE_API_KEY", "ALIBABA_API_KEY"))
    if config.provider == "ollama":
        return OllamaProvider(openai_client=_client(config, config.base_url or OLLAMA_URL, key or NO_KEY))
    if config.provider == "openai-compatible":
        return OpenAIProvider(openai_client=_client(config, config.base_url, key or NO_KEY))
    if config.provider == "openai":
        key = key or (NO_KEY if config.base_url else None)
        return OpenAIProvider(openai_client=_client(config, config.base_url, key, "OPENAI_API_KEY"))
    raise ModelSetupError(f"unknown model provider {config.provider!r} (one of {', '.join(PROVIDERS)})")


def _client(config: ModelConfig, base_url: str | None, key: str | None, *env_names: str) -> AsyncOpenAI:
    """One attempt per request, with the configured deadline as the client's own (the SDK's default of
    600 s would otherwise cap a longer one); the key given, else the provider's own variable (read by the
    client's maker, not here: bot/config.py stays the only reader of FAWN_*)."""
    key = key or _provider_key(env_names)
    if not key:
        raise ModelSetupError(f"no API key: set {' or '.join(env_names)} or the section's api_key")
    return AsyncOpenAI(base_url=base_url, api_key=key, max_retries=0, timeout=config.timeout_s)


def _provider_key(env_names: tuple[str, ...]) -> str | None:
    return next((os.environ[n] for n in env_names if os.environ.get(n)), None)
