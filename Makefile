# Two commands: `make tutorial` and `make test`. Both need only python3 >= 3.10 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8866

.PHONY: tutorial test lint typecheck bench clean

TEMPLATE := $(wildcard share/jupyter/voila/templates/thirtyone/*)

$(STAMP): binder/requirements.txt pyproject.toml $(TEMPLATE)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r binder/requirements.txt
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e .
	touch $(STAMP)

## tutorial: set up, then serve the notebooks in Voilà on localhost, landing on the index
## (Voilà reads notebooks/voila.py: our template, no sources, no tracebacks, localhost, pre-executed kernels, idle kernels culled)
tutorial: $(STAMP)
	@echo
	@echo "  thirtyone tutorial: http://127.0.0.1:$(PORT)/voila/render/index.ipynb"
	@echo
	cd notebooks && ../$(BIN)/voila --port=$(PORT)

## test: set up, then run every check and test (lint, types, engine, widgets, notebooks, browser)
test: $(STAMP) lint typecheck
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check thirtyone tests benchmarks tools

typecheck: $(STAMP)
	$(BIN)/mypy

## bench: print the speed figures each issue names
bench: $(STAMP)
	@for f in benchmarks/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
