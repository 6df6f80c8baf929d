# Both quick-start targets do their own set-up: they build .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: chat demo test scenarios bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

chat: $(STAMP)
	$(BIN)/fawn chat

demo: $(STAMP)
	$(BIN)/fawn chat --demo

test: $(STAMP)
	$(BIN)/python -m pytest

scenarios: $(STAMP)
	$(BIN)/fawn scenarios run scenarios

bench: $(STAMP)
	$(BIN)/fawn bench

clean:
	rm -rf $(VENV) .pytest_cache
