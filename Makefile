# Both quick-start targets do their own set-up: they build .venv on first use, from the lock file.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: chat demo test lint scenarios bench lock clean

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

test: lint
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .

scenarios: $(STAMP)
	$(BIN)/fawn scenarios run scenarios

bench: $(STAMP)
	$(BIN)/fawn bench turns
	$(BIN)/fawn bench summaries

# requirements.lock pins every package; refresh it after changing pyproject.toml's dependencies
lock:
	uv pip compile pyproject.toml --extra dev --python-version 3.11 -o requirements.lock

clean:
	rm -rf $(VENV) .pytest_cache
