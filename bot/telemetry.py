"""OpenTelemetry for model requests: pydantic-ai's instrumentation of every agent (the extractor and
the companion), exported over OTLP/HTTP, only when [telemetry] otlp_endpoint is set.

Message content (prompts, answers, tool arguments and results: the family's words) is excluded unless
`include_content = true`. The SDK and the exporter are the optional `otel` extra
(`pip install 'fawn[otel]'`); logfire is never needed — any OTLP collector will do.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic_ai import Agent
from pydantic_ai.models.instrumented import InstrumentationSettings

from bot.config import TelemetryConfig


class TelemetrySetupError(RuntimeError):
    """An OTLP endpoint is configured but the `otel` extra is not installed."""


def instrument_models(config: TelemetryConfig, tracer_provider: Any | None = None) -> Callable[[], None] | None:
    """Instrument every agent; returns the shutdown that flushes the spans (None when telemetry is off).

    `tracer_provider`: an SDK TracerProvider of your own (tests pass one with an in-memory exporter);
    by default one exporting to `otlp_endpoint`."""
    if tracer_provider is None and not config.otlp_endpoint:
        return None
    provider = tracer_provider or _otlp_provider(config)
    Agent.instrument_all(InstrumentationSettings(tracer_provider=provider, include_content=config.include_content,
                                                 include_binary_content=False))
    return provider.shutdown


def uninstrument_models() -> None:
    Agent.instrument_all(False)


def _otlp_provider(config: TelemetryConfig) -> Any:
    try:   # the optional `otel` extra: imported only when an endpoint is configured
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor
    except ImportError as missing:
        raise TelemetrySetupError("[telemetry] otlp_endpoint needs the otel extra: pip install 'fawn[otel]'") \
            from missing
    provider = TracerProvider(resource=Resource.create({"service.name": config.service_name}))
    endpoint = config.otlp_endpoint.rstrip("/")
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=f"{endpoint}/v1/traces")))
    return provider
