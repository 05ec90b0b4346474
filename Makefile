# Two commands: `make tutorial` and `make test`. Both need only python3 >= 3.10 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8866
# Python may write bytecode here even where the shell says not to: pytest then keeps the test modules it
# rewrites (its assertion messages) and needs not rewrite them on every run (5 s of every make check).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: tutorial test check mutate catalog data lint typecheck bench clean static test-static

TEMPLATE := $(wildcard share/jupyter/voila/templates/thirtyone/* share/jupyter/voila/templates/thirtyone/static/*)

$(STAMP): binder/requirements.txt pyproject.toml $(TEMPLATE)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r binder/requirements.txt
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e .
	$(BIN)/python -m compileall -q thirtyone  # kernels read bytecode even where PYTHONDONTWRITEBYTECODE is set
	touch $(STAMP)

# The course's languages (thirtyone/i18n.py): each catalog compiled from its .po whenever the .po is newer.
PO := $(wildcard thirtyone/locale/*/LC_MESSAGES/thirtyone.po)
MO := $(PO:.po=.mo)
%.mo: %.po $(STAMP)
	$(BIN)/pybabel compile --statistics -D thirtyone -i $< -o $@ -l $(word 3,$(subst /, ,$<))

HOST ?= 127.0.0.1
CLASS ?=
CLASS_LANGUAGE ?=

# `make tutorial`'s helper: `check PORT` fails with a clear message if the port is taken (Voilà would
# otherwise move to another port and the URL would name someone else's server); `wait PORT PID` waits
# until the server answers on PORT, then prints the index's URL and, below it, the index's in each other
# language of the course (tools/make_notebooks.py LANGUAGES) (or gives up quietly once PID, the
# recipe's shell, has ended: Ctrl-C or a failed start). It asks for Voilà's static script, not the
# index itself: a GET of the index would take the index's preheated kernel, and Voilà serves the
# index from the moment it serves anything.
define TUTORIAL_SERVER
import os, socket, sys, time, urllib.request
mode, port = sys.argv[1], int(sys.argv[2])
host = os.environ["TUTORIAL_HOST"]
probe = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
if mode == "check":
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as tornado binds
        try:
            s.bind((host if host != "::" else "0.0.0.0", port))
        except OSError as e:
            sys.exit(f"make tutorial: cannot serve on {host}:{port} ({e.strerror}); try: make tutorial PORT={port + 1}")
    sys.exit(0)
pid, deadline = int(sys.argv[3]), time.monotonic() + 600
while True:
    try:
        os.kill(pid, 0)
    except OSError:
        sys.exit(0)
    try:
        with urllib.request.urlopen(f"http://{probe}:{port}/voila/static/voila.js", timeout=5):
            break
    except OSError:
        if time.monotonic() > deadline:
            sys.exit("make tutorial: the server did not answer within 10 minutes")
        time.sleep(0.25)
shown = socket.gethostname() if probe != host else host
sys.path.insert(0, os.path.join(os.pardir, "tools"))
from make_notebooks import LANGUAGES, pages
lines = [f"  thirtyone tutorial: http://{shown}:{port}/voila/render/index.ipynb   (Ctrl-C stops the server)"]
lines += [f"  {(language.name + ':').ljust(19)} http://{shown}:{port}/voila/render/{code}/index.ipynb"
          for code, language in LANGUAGES.items() if code != "en" and "index" in pages(code)]
print("\n" + "\n".join(lines) + "\n", flush=True)
endef
export TUTORIAL_SERVER

## tutorial: set up, then serve the notebooks in Voilà, and print the index's URL (English, then each
## other language's) once the server answers
## (Voilà reads notebooks/voila.py, which loads thirtyone/server.py: our template, no sources, no tracebacks,
## this machine only, preheated kernels, kernels without a browser shut down after 90 s). For a class:
## make tutorial CLASS=16 HOST=0.0.0.0   (a Spanish or German class: CLASS_LANGUAGE=es or de)
## (README, "For a class"). Voilà runs in the foreground, so Ctrl-C reaches it and it stops its kernels.
tutorial: $(STAMP) $(MO)
	@cd notebooks && export TUTORIAL_HOST=$(HOST) THIRTYONE_CLASS_SIZE=$(CLASS) THIRTYONE_CLASS_LANGUAGE=$(CLASS_LANGUAGE) && \
	../$(BIN)/python -c "$$TUTORIAL_SERVER" check $(PORT) && \
	{ ../$(BIN)/python -c "$$TUTORIAL_SERVER" wait $(PORT) $$$$ & } && \
	../$(BIN)/voila --port=$(PORT) --Voila.port_retries=0 --Voila.ip=$(HOST)

## test: set up, then run every check and test (lint, types, engine, widgets, notebooks, browser, the static site):
## first every test that needs no browser and no server, on every core (each file's tests in one process: a
## notebook's cells run in order), then those that drive a browser or a server, one at a time (they time what they
## see); each run names its slowest tests
test: $(STAMP) $(MO) lint typecheck
	$(BIN)/python -m pytest -m "not browser and not server" -n auto --dist loadfile --durations=10
	$(BIN)/python -m pytest -m "browser or server" --durations=20

## check: the edit-test loop: lint, types and every test not marked browser or slow, on every core (make test runs them all)
check: $(STAMP) $(MO) lint typecheck
	$(BIN)/python -m pytest tests -q -m "not browser and not slow" -n auto

## mutate: put named mistakes into every module one at a time and report the share the tests catch (on demand; make mutate ARGS="-j 2")
mutate: $(STAMP)
	$(BIN)/python tools/mutate.py $(ARGS)

## catalog: extract the messages the code shows into thirtyone/locale/messages.pot and update each language's .po
catalog: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg --no-location --sort-output --width=120 --project=thirtyone --copyright-holder="the thirtyone authors" -o thirtyone/locale/messages.pot .
	$(BIN)/pybabel update -D thirtyone -i thirtyone/locale/messages.pot -d thirtyone/locale --no-fuzzy-matching --ignore-obsolete --width=120

## data: compute every file shipped in thirtyone/data/ and write it (thirtyone/shipped.py lists them; make data ARGS=knock_tables.json for one)
data: $(STAMP) $(MO)
	$(BIN)/python -m thirtyone build-data $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check thirtyone tests benchmarks tools

typecheck: $(STAMP)
	$(BIN)/mypy

## static: the whole course (English, Spanish, German) as a static site in build/static/, run in the browser by
## Pyodide: no server (python3 -m http.server -d build/static to try it; README, "Publish the static course")
static: $(STAMP)
	$(BIN)/python tools/static/build.py

## test-static: build the static site and walk every page in Chromium (tests/static, marked static; make test runs them too)
test-static: $(STAMP)
	$(BIN)/python -m pytest tests/static -m static -p no:randomly

## bench: print the speed figures each issue names
bench: $(STAMP)
	@for f in benchmarks/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
