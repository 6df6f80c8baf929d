"""`fawn bench`: the benchmarks (docs/performance.md). NAMES is what `fawn --help` lists, without importing them."""

NAMES = ("turns", "webhook", "history", "summaries", "charts", "messages")
