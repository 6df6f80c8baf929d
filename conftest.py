"""Test-wide rules. No test may reach a real language model: pydantic-ai refuses model requests
unless a test that talks to a loopback fake endpoint allows them for itself."""
from __future__ import annotations

from pydantic_ai import models

models.ALLOW_MODEL_REQUESTS = False
