# dicelab: two commands on a fresh machine with only Python 3.
#   make run    create .venv if needed, install the apps, serve notebooks/ with Voilà on :8866
#   make test   install the test extras, run ruff, mypy and the whole pytest suite (browser and solver
#               tests included: it installs Chromium and builds the solver tables first)
#   make check  the everyday loop: ruff, mypy and the tests not marked slow (no Chromium, no tables)
#   make printouts  every printout (rules, scorecard, score sheet) in every language, in printouts/
#   make frontend   rebuild the JavaScript that draws a Voilà page (frontend/; needs Node.js and npm)
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8866

.PHONY: run test check lint typecheck format browser node axe tables frontend messages printouts bench fuzz clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.app: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[app]"
	touch $@

$(VENV)/.test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@

# make run CLASS=30 APPS="penta_play farkle_play": serve a class on the network, 30 warm kernels of
# each app in APPS (default penta_play) so that 30 pages opened at once start at once (README).
run: $(VENV)/.app
	JUPYTER_PATH="$(CURDIR)/share/jupyter" $(BIN)/voila notebooks/ --port=$(PORT) --no-browser \
	  $(if $(CLASS),--Voila.ip=0.0.0.0 --VoilaKernelManager.fill_delay=60 '--VoilaKernelManager.kernel_pools_config={"default":{"pool_size":0}$(foreach app,$(or $(APPS),penta_play),,"$(app).ipynb":{"pool_size":$(CLASS)})}')

lint: $(VENV)/.test
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .

# mypy over dicelab/ (settings in pyproject.toml: [tool.mypy]).
typecheck: $(VENV)/.test
	$(BIN)/mypy

format: $(VENV)/.test
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Browser tests drive Debian's Chromium (never a browser download of Playwright's own).
browser:
	@command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null; \
	  else echo "chromium is missing: run 'sudo apt-get install -y chromium' (browser tests will be skipped)"; fi; }

# tests/test_frontend.py rebuilds the committed front end to compare: Node.js and npm, from Debian.
node:
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

# dicelab's front end for Voilà pages (frontend/), built into the template, where it is committed:
# only a change to frontend/ needs Node.js and npm (docs/serving.md).
frontend:
	cd frontend && npm ci --no-audit --no-fund && npm run build

# The message template translators start from (a test checks it is up to date).
messages: $(VENV)/.app
	$(BIN)/python -m dicelab.i18n.extract
	$(BIN)/python -m dicelab.widgets.page_texts

# Print-ready HTML files to open in a browser and print on A4 (docs/printouts.md).
printouts: $(VENV)/.app
	$(BIN)/python -m dicelab.printouts all --out printouts

test: $(VENV)/.test browser node axe lint typecheck tables
	$(BIN)/python -m pytest

# The fast loop: every test but those marked slow (notebooks, browser, solvers, long searches).
check: lint typecheck
	$(BIN)/python -m pytest -m "not slow" --durations=5

bench: $(VENV)/.test
	@for script in $(filter-out benchmarks/fuzz.py,$(wildcard benchmarks/*.py)); do \
	  echo "== $$script"; $(BIN)/python $$script || exit 1; done

# Random play against the engines' invariants (longer than the tests; not part of make test).
fuzz: $(VENV)/.test
	$(BIN)/python benchmarks/fuzz.py

clean:
	rm -rf $(VENV) build *.egg-info test-artifacts .mypy_cache printouts tests/browser/axe/node_modules
