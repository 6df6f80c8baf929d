"""Understanding: turns a message and its context into an `Extraction` (rules or an LLM)."""
