"""OpenTelemetry for model requests (bot/telemetry.py): pydantic-ai's instrumentation of the extractor's
agent, spans read from an in-memory exporter; the family's words stay out of them unless asked for.
The model is a FunctionModel (tests/fakes/scripted_model.py): no request is made."""
from __future__ import annotations

import importlib.util
import json
from collections.abc import Iterator
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from bot.config import TelemetryConfig
from bot.telemetry import TelemetrySetupError, instrument_models, uninstrument_models
from bot.understanding.request import ExtractionRequest
from tests.fakes.scripted_model import ScriptedModel

WORDS = "外婆说宝宝喝了七十毫升"
NOW = datetime(2026, 5, 4, 20, 0, tzinfo=ZoneInfo("Asia/Shanghai"))


@pytest.fixture
def spans() -> Iterator[tuple[InMemorySpanExporter, TracerProvider]]:
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    yield exporter, provider
    uninstrument_models()


async def _extract_once() -> None:
    model = ScriptedModel()
    model.answer_with({"intent": "record", "record_type": "feeding", "slots": {"amount_ml": 70}})
    await model.extractor().extract(ExtractionRequest(WORDS, NOW, "Asia/Shanghai"))


def _everything(exporter: InMemorySpanExporter) -> str:
    return json.dumps([dict(s.attributes or {}) for s in exporter.get_finished_spans()], ensure_ascii=False,
                      default=str)


async def test_model_requests_are_traced_without_the_familys_words_by_default(spans) -> None:
    exporter, provider = spans
    flush = instrument_models(TelemetryConfig(), tracer_provider=provider)

    await _extract_once()
    flush()

    names = [s.name for s in exporter.get_finished_spans()]
    assert any("scripted" in n for n in names) and any("agent" in n or "invoke" in n for n in names)
    recorded = _everything(exporter)
    assert "gen_ai.usage.input_tokens" in recorded
    assert WORDS not in recorded and "七十" not in recorded


async def test_content_is_in_the_spans_only_when_the_operator_asks_for_it(spans) -> None:
    exporter, provider = spans
    instrument_models(TelemetryConfig(include_content=True), tracer_provider=provider)

    await _extract_once()

    assert WORDS in _everything(exporter)


def test_telemetry_is_off_without_an_endpoint() -> None:
    assert instrument_models(TelemetryConfig()) is None


@pytest.mark.skipif(importlib.util.find_spec("opentelemetry.exporter") is not None,
                    reason="the otel extra is installed here")
def test_an_endpoint_without_the_otel_extra_is_a_clear_error() -> None:
    with pytest.raises(TelemetrySetupError, match="fawn\\[otel\\]"):
        instrument_models(TelemetryConfig(otlp_endpoint="http://127.0.0.1:4318"))
