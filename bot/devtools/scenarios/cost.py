"""What a scenario run cost with a model: turns the model read, tokens in and out, requests, retries,
fallbacks, and the latency of understanding each turn — summed from the run's traces."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

MODEL_STEPS = ("extraction", "companion")


@dataclass(frozen=True)
class RunCost:
    turns: int = 0
    model_turns: int = 0            # turns the understanding model or the companion was asked
    requests: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    retries: int = 0
    fallbacks: int = 0
    latencies_ms: tuple[float, ...] = field(default=(), repr=False)   # understanding (+ companion), per turn

    @classmethod
    def of(cls, traces: Iterable[Sequence[dict[str, Any]]]) -> RunCost:
        turns = model_turns = requests = tokens_in = tokens_out = retries = fallbacks = 0
        latencies = []
        for steps in traces:
            model = [s for s in steps if s.get("step") in MODEL_STEPS]
            if not model:
                continue
            turns += 1
            model_turns += any(s.get("via_agent", s["step"] == "companion") for s in model)
            requests += sum(s.get("requests", 0) for s in model)
            tokens_in += sum(s.get("tokens_in", 0) for s in model)
            tokens_out += sum(s.get("tokens_out", 0) for s in model)
            retries += sum(s.get("retries", 0) for s in model)
            fallbacks += sum(bool(s.get("fallback")) for s in model)
            latencies.append(round(sum(s.get("latency_ms") or 0 for s in model), 2))
        return cls(turns, model_turns, requests, tokens_in, tokens_out, retries, fallbacks, tuple(latencies))


def combined(costs: Sequence[RunCost]) -> dict[str, Any]:
    """K runs of one scenario: totals, tokens per run, and the latency percentiles over every turn."""
    latencies = sorted(x for c in costs for x in c.latencies_ms)
    runs = max(len(costs), 1)
    return {"turns": sum(c.turns for c in costs), "model_turns": sum(c.model_turns for c in costs),
            "requests": sum(c.requests for c in costs), "retries": sum(c.retries for c in costs),
            "fallbacks": sum(c.fallbacks for c in costs),
            "tokens_in": sum(c.tokens_in for c in costs), "tokens_out": sum(c.tokens_out for c in costs),
            "tokens_in_per_run": round(sum(c.tokens_in for c in costs) / runs, 1),
            "tokens_out_per_run": round(sum(c.tokens_out for c in costs) / runs, 1),
            "latency_p50_ms": _percentile(latencies, 0.5), "latency_p95_ms": _percentile(latencies, 0.95),
            "latency_max_ms": latencies[-1] if latencies else None}


def _percentile(sorted_values: list[float], q: float) -> float | None:
    if not sorted_values:
        return None
    return sorted_values[min(len(sorted_values) - 1, round(q * (len(sorted_values) - 1)))]


def cost_line(cost: dict[str, Any]) -> str:
    return (f"model turns {cost['model_turns']}/{cost['turns']}, tokens per run {cost['tokens_in_per_run']:g} in "
            f"/ {cost['tokens_out_per_run']:g} out, retries {cost['retries']}, fallbacks {cost['fallbacks']}, "
            f"latency p50 {cost['latency_p50_ms']} ms, p95 {cost['latency_p95_ms']} ms")
