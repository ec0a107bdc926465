# dicelab: two commands on a fresh machine with only Python 3.
#   make run    create .venv if needed, install the apps, serve notebooks/ with Voilà on :8866
#   make test   install the test extras, run ruff, mypy and the whole pytest suite (browser and solver
#               tests included: it installs Chromium and builds the solver tables first)
#   make check  the everyday loop: ruff, mypy and the tests not marked slow (no Chromium, no tables)
#   make printouts  every printout (rules, scorecard, score sheet) in every language, in printouts/
#   make class  JupyterHub for a class on http://localhost:8000: make class NAMES=class.txt (a login
#               per learner, the apps only, limits; docs/classroom.md)
#   make frontend   rebuild the JavaScript that draws a Voilà page (frontend/; needs Node.js and npm)
PYTHON ?= python3
# When make started, for the times that make check and make test print at their end
# (conftest.py).
STARTED := $(shell date +%s)
# Python keeps its bytecode (and pytest its rewritten test modules) in __pycache__, even where the
# environment says not to: each test process would compile the package and the tests again.
unexport PYTHONDONTWRITEBYTECODE
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8866

.PHONY: run test test-ready check lint typecheck format browser node axe tables frontend messages printouts bench fuzz clean class class-reset

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The template is installed as a copy, even editable (setup.py): a changed template reinstalls.
TEMPLATE := $(wildcard share/jupyter/voila/templates/dicelab/* share/jupyter/voila/templates/dicelab/static/frontend/*)

# --no-compile: a module is byte-compiled when first imported (PYTHONDONTWRITEBYTECODE is unset
# above), not every module of every package ahead: the test install 36 s -> 20 s, then about
# 6 s to compile what the tests import, once.
$(VENV)/.app: pyproject.toml setup.py $(TEMPLATE) | $(BIN)/python
	$(BIN)/python -m pip install --quiet --no-compile -e ".[app]"
	touch $@

$(VENV)/.test: pyproject.toml setup.py $(TEMPLATE) | $(BIN)/python
	$(BIN)/python -m pip install --quiet --no-compile -e ".[test]"
	touch $@

# make run CLASS=30 APPS="penta_play farkle_play": serve a class on the network, 30 warm kernels of
# each app in APPS (default penta_play) so that 30 pages opened at once start at once (README).
run: $(VENV)/.app
	JUPYTER_PATH="$(CURDIR)/share/jupyter" $(BIN)/python -m dicelab.voila_server notebooks/ --port=$(PORT) --no-browser \
	  $(if $(CLASS),--Voila.ip=0.0.0.0 --VoilaKernelManager.fill_delay=60 '--VoilaKernelManager.kernel_pools_config={"default":{"pool_size":0}$(foreach app,$(or $(APPS),penta_play),,"$(app).ipynb":{"pool_size":$(CLASS)})}')

# ---- make class: JupyterHub for a class (deploy/hub/, docs/classroom.md) -------------------
# make class NAMES=class.txt [TEACHER=teacher] [HUB_PORT=8000] [LAB=1] [HUB_DATA=hub-data]
#   NAMES: the class list, one login name a line; TEACHER: the hub's admin. JupyterHub, its
#   first-use logins and idle culler come from PyPI (the hub extra), its proxy from the npm
#   registry (deploy/hub/package.json). make class-reset NAME=ada: Ada sets a new password.
HUB_PORT ?= 8000
HUB_DATA ?= $(CURDIR)/hub-data
HUB_PROXY := deploy/hub/node_modules/.bin/configurable-http-proxy

$(VENV)/.hub: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --no-compile -e ".[hub]"
	touch $@

$(HUB_PROXY): deploy/hub/package.json deploy/hub/package-lock.json | node
	cd deploy/hub && npm ci --no-audit --no-fund --loglevel=error
	touch $@

class: $(VENV)/.hub $(HUB_PROXY)
	@test -n "$(NAMES)" || { echo "make class needs the class list: make class NAMES=class.txt (one name a line)"; exit 2; }
	NAMES="$(abspath $(NAMES))" TEACHER="$(or $(TEACHER),teacher)" HUB_PORT=$(HUB_PORT) \
	  HUB_DATA="$(HUB_DATA)" LAB="$(LAB)" exec $(BIN)/jupyterhub -f deploy/hub/jupyterhub_config.py

class-reset: $(VENV)/.hub
	$(BIN)/python -m dicelab.hub reset-password "$(NAME)" --data "$(HUB_DATA)"
# ---- end of make class ---------------------------------------------------------------------

lint: $(VENV)/.test
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .

# mypy over dicelab/ (settings in pyproject.toml: [tool.mypy]).
typecheck: $(VENV)/.test
	$(BIN)/mypy

format: $(VENV)/.test
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Browser tests drive Debian's Chromium (never a browser download of Playwright's own): its
# headless shell for the pages (the same engine, 40 % less CPU a page), the desktop browser
# for the benchmarks and the tests of their browser (tests/browser/conftest.py).
browser:
	@{ [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; } || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium chromium-headless-shell >/dev/null; \
	  else echo "chromium is missing: run 'sudo apt-get install -y chromium chromium-headless-shell' (browser tests will be skipped)"; fi; }

# tests/test_frontend.py rebuilds the committed front end to compare: Node.js and npm, from Debian.
# (after browser: two apt-get at once would wait on each other's lock, or fail)
node: | browser
	@command -v npm >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq nodejs npm >/dev/null; \
	  else echo "npm is missing: run 'sudo apt-get install -y nodejs npm' (the rebuild check will be skipped)"; fi; }

# axe-core, pinned in tests/browser/axe/package-lock.json, from the npm registry: the browser
# tests check every page's accessibility with it (tests/browser/test_accessibility.py).
axe: node
	@if command -v npm >/dev/null 2>&1; then cd tests/browser/axe && npm ci --no-audit --no-fund --silent; \
	else echo "npm is missing: the accessibility tests will be skipped"; fi

# The solver tables, as Binder's postBuild builds them (cached under ~/.cache/dicelab).
tables: $(VENV)/.app
	$(BIN)/python -m dicelab.penta.solver --build
	@# the moments (which need the value tables) and Farkle's win chances, side by side
	$(BIN)/python -m dicelab.penta.moments & moments=$$!; \
	$(BIN)/python -m dicelab.farkle.winchance --build --target 5000 --target 10000 --target 15000 \
	  || { wait $$moments; exit 1; }; \
	wait $$moments
	$(BIN)/python -m dicelab.lessons.winning_vs_scoring

# dicelab's front end for Voilà pages (frontend/), built into the template, where it is committed:
# only a change to frontend/ needs Node.js and npm (docs/serving.md).
frontend:
	cd frontend && npm ci --no-audit --no-fund && npm run build

# The message template translators start from, the page texts, and the lessons' Markdown in their
# notebooks (tests check each is up to date).
messages: $(VENV)/.app
	$(BIN)/python -m dicelab.i18n.extract
	$(BIN)/python -m dicelab.widgets.page_texts
	$(BIN)/python -m dicelab.lessons.readable
	$(BIN)/python -m dicelab.lessons.start_html

# Print-ready HTML files to open in a browser and print on A4 (docs/printouts.md).
printouts: $(VENV)/.app
	$(BIN)/python -m dicelab.printouts all --out printouts

# Its time since make started (install, tables and lint included) is printed by conftest.py
# just above pytest's last line (which CI reads), with the 20 slowest tests. Two processes
# (pytest-xdist): the browser tests on one, in order, with one Voilà server and Chromium; the
# other tests to whichever process is free (tests/conftest.py, BROWSER_GROUP).
# What the tests need is made side by side (-j3), each target's output printed whole when it is
# done: on a fresh machine the downloads (Chromium and Node.js from Debian, axe-core and the
# hub's proxy from npm) wait on the network while the tables and mypy use the processors.
test: $(VENV)/.test
	$(MAKE) --no-print-directory -j3 --output-sync=target test-ready
	DICELAB_QUICK= DICELAB_TIMED="make test" DICELAB_STARTED=$(STARTED) $(BIN)/python -m pytest -n 2 --dist loadgroup \
	  --durations=20

test-ready: browser node axe $(HUB_PROXY) lint typecheck tables

# The fast loop: every test but those marked slow (notebooks, browser, solvers, long searches),
# on two processes (pytest-xdist; worksteal: a process that runs out takes the other's tests),
# without nbval (no notebook to run; conftest.py), each property test on a quarter of its
# examples (DICELAB_QUICK=1, tests/helpers.py; make test runs them all); at most a minute on a
# 2-core machine (docs/architecture.md, "Tests"). It prints its time (conftest.py).
check: lint typecheck
	DICELAB_QUICK=1 DICELAB_TIMED="make check" DICELAB_STARTED=$(STARTED) $(BIN)/python -m pytest -m "not slow" \
	  -p no:nbval -n 2 --dist worksteal --durations=10

bench: $(VENV)/.test
	@for script in $(filter-out benchmarks/fuzz.py,$(wildcard benchmarks/*.py)); do \
	  echo "== $$script"; $(BIN)/python $$script || exit 1; done

# Random play against the engines' invariants (longer than the tests; not part of make test).
fuzz: $(VENV)/.test
	$(BIN)/python benchmarks/fuzz.py

clean:
	rm -rf $(VENV) build *.egg-info test-artifacts .mypy_cache printouts deploy/hub/node_modules \
	  tests/browser/axe/node_modules
